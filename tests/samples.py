"""How many random cases the ground-truth tests draw, and which long checks run.

``make test`` draws a quarter of each full sample, so that the whole suite stays within
ten minutes on two cores; ``make test-thorough`` (``EVALGAME_THOROUGH=1``) draws every
case and runs the long checks too (the paper's six-variable count, 8×8's theorem). Every
case drawn is checked the same way: the full size only finds rarer counterexamples.

>>> sample(200) == (200 if THOROUGH else 50)
True
"""

from __future__ import annotations

import os

import pytest

THOROUGH = os.environ.get("EVALGAME_THOROUGH", "") not in ("", "0")

#: a check of minutes rather than seconds: ``make test-thorough`` runs it
thorough_only = pytest.mark.skipif(
    not THOROUGH, reason="a long check: make test-thorough (EVALGAME_THOROUGH=1) runs it"
)


def sample(full: int) -> int:
    """``full`` under ``make test-thorough``, else a quarter of it (at least 1): a number of
    random cases, or a count those cases must reach for the test not to be vacuous."""
    return full if THOROUGH else max(1, full // 4)
