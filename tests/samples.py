"""How many random cases the ground-truth tests draw, and which long checks run.

``make test`` draws an eighth of each full sample, so that the whole suite stays within
ten minutes on two cores (a quarter took 11–13 minutes in fresh clones); ``make
test-thorough`` (``EVALGAME_THOROUGH=1``) draws every
case and runs the long checks too (the paper's six-variable count, 8×8's theorem). Every
case drawn is checked the same way: the full size only finds rarer counterexamples. The
browser tests likewise see every screen in every colour scheme under ``make
test-thorough``, and each screen and each scheme once under ``make test``.

>>> sample(200) == (200 if THOROUGH else 25)
True
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from itertools import cycle
from typing import Any

import pytest

THOROUGH = os.environ.get("EVALGAME_THOROUGH", "") not in ("", "0")

#: a check of minutes rather than seconds: ``make test-thorough`` runs it
thorough_only = pytest.mark.skipif(
    not THOROUGH, reason="a long check: make test-thorough (EVALGAME_THOROUGH=1) runs it"
)


def sample(full: int) -> int:
    """``full`` under ``make test-thorough``, else an eighth of it (at least 1): a number of
    random cases, or a count those cases must reach for the test not to be vacuous."""
    return full if THOROUGH else max(1, full // 8)


SCHEMES = ("light", "dark")


def screens_and_schemes(screens: Sequence[tuple[tuple[int, ...], str]]) -> list[Any]:
    """Browser-test parameters: each screen's values (its width, perhaps its height) and a
    colour scheme, with an id ``name-scheme``. Every pair under ``make test-thorough``;
    else the screens in turn with light and dark, so that each appears once."""
    pairs = (
        [(screen, scheme) for screen in screens for scheme in SCHEMES]
        if THOROUGH
        else list(zip(screens, cycle(SCHEMES), strict=False))
    )
    return [
        pytest.param(*values, scheme, id=f"{name}-{scheme}") for (values, name), scheme in pairs
    ]
