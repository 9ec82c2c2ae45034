"""The words of every JSON answer, in one place: ``--json`` of every command and the web API.

* An exact value is a string — ``"19"``, ``"16/3"`` — whatever its size
  (:func:`exact_json`); ``null`` where there is none.
* A side is lower-case — ``"max"``, ``"min"`` (:func:`side_json`); a draw has a ``null``
  winner.
* One key for one idea: ``value`` (the value under optimal play), ``lower`` and ``upper``
  (bounds proven on it, :func:`bounds_json`), ``first`` (the side that moves first), ``pv``
  (a principal variation), ``stats`` (the search's counters, ``stats.nodes`` among them),
  ``seconds`` (wall-clock time, :func:`seconds_json`) and ``cpu_seconds``.
* Counts — nodes, rows, dominoes placed, Grundy numbers, colours — are JSON integers.

The schema of each command's answer is in ``docs/schemas/`` (``docs/json.md`` tells the
words); the test suite checks every command against its schema.

>>> from fractions import Fraction
>>> exact_json(Fraction(16, 3)), exact_json(19), exact_json(None)
('16/3', '19', None)
>>> bounds_json(2, None)
{'lower': '2', 'upper': None}
>>> seconds_json(0.0159941234)
0.015994
"""

from __future__ import annotations

import enum

from evalgame.numbers import Number, format_number

#: decimal places of every time in seconds (a microsecond)
SECONDS_PLACES = 6


def exact_json(value: Number | None) -> str | None:
    """An exact value as JSON gives it: its text, ``None`` (``null``) when there is none."""
    return None if value is None else format_number(value)


def bounds_json(lower: Number | None, upper: Number | None) -> dict[str, str | None]:
    """Proven bounds on a value: ``{"lower": …, "upper": …}`` (``null``: unbounded)."""
    return {"lower": exact_json(lower), "upper": exact_json(upper)}


def side_json(side: enum.Enum | str | None) -> str | None:
    """A side (``Player.MAX``, or its name ``"MAX"``) as JSON gives it, lower-case:
    ``"max"``; ``None`` (a draw's winner, nobody to move) stays ``null``.

    >>> class Side(enum.Enum):
    ...     MAX = "max"
    >>> side_json(Side.MAX), side_json("MIN"), side_json(None)
    ('max', 'min', None)
    """
    if side is None:
        return None
    return str(side.value if isinstance(side, enum.Enum) else side).lower()


def seconds_json(seconds: float) -> float:
    """A time in seconds as JSON gives it: to the microsecond."""
    return round(seconds, SECONDS_PLACES)
