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
* A key whose value is one of a few words takes only the words of :data:`WORDS`, all
  ASCII, one spelling each (an algorithm by its name in the table of solvers,
  ``--algorithm``'s: ``mtdf``, ``alphabeta``); a string of any other key is an exact value
  (:data:`EXACT`) or free text — a name, a move, a drawing, a reason (:data:`TEXT`).
  :func:`unknown_words` finds what breaks these rules in an answer.

The schema of each command's answer is in ``docs/schemas/`` (``docs/json.md`` tells the
words, its table of words checked against :data:`WORDS`); the test suite checks every
command against its schema and these words.

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
import re
from typing import Any

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


#: the two sides, as every answer writes them
SIDES = ("max", "min")

#: every algorithm an answer names: the names of the tables of solvers (``--algorithm``),
#: and ``iterative-deepening``, the depth-limited search of a game too large to solve
ALGORITHMS = (
    "alphabeta",
    "backward-induction",
    "dfpn",
    "expectiminimax",
    "iterative-deepening",
    "minimax",
    "mtdf",
    "negascout",
    "paper",
    "residual",
    "solver",
    "vectorized",
)

#: the words of each key whose value is one of a few words (``None``: JSON's ``null``);
#: a mapping's values for ``owners`` and ``agents``, a list's items for ``statuses`` and
#: ``players``. The table "Words" of docs/json.md says the same, and the tests hold both
#: to it.
WORDS: dict[str, tuple[str | None, ...]] = {
    "first": SIDES,
    "to_move": SIDES,
    "owners": SIDES,
    "never_loses": (*SIDES, None),
    "winner": (*SIDES, "first", "second", "A", "B", None),
    "outcome": ("max_wins", "min_wins", "draw", "max_favoured", "min_favoured", "even", None),
    "algorithm": ALGORITHMS,
    "engine": ("native", "python"),
    "status": ("solved", "stopped"),
    "play": ("normal", "misere"),
    "decided_by": ("sprague-grundy", "misere-nim", "search"),
    "claim": ("at_least", "at_most"),
    "defined": ("always", "sometimes", "never"),
    "colour": ("V", "E", "R"),
    "share": ("V", "E", "R"),
    "rule": ("mono", "parity"),
    "weights": ("unit", "area", "given"),
    "agents": ("human", "optimal", "random", "depth"),
    "statuses": ("visited", "table", "alpha", "beta", "skipped"),
    "players": ("max", "min", "leaf"),
    "kind": ("cold", "hot", "wild", "large"),
}

#: the keys whose strings are exact values (:func:`exact_json`), or lists of them
EXACT = frozenset(
    {
        "value", "lower", "upper", "final", "total", "ceiling", "chain", "domain", "order",
        "value_order", "numbers", "max_first", "min_first", "max_wins", "min_wins", "draw",
        "undefined", "gamma", "bound", "answers",
    }
)  # fmt: skip

#: the keys whose values are free text (names, moves, drawings, reasons, times, files),
#: or records of a run's options (``options``), which no word list constrains
TEXT = frozenset(
    {
        "expression", "parsed", "rpn", "variables", "variable", "game", "graph", "family",
        "formula", "element", "meaning", "best_move", "pv", "moves", "line", "labels",
        "texts", "text", "verdict", "reason", "stopped", "questions", "asking", "problem",
        "created", "started", "saved", "code", "options", "store", "numbers_file", "file",
        "board", "position", "free", "drawing", "wild", "wild_roots", "hole_free",
        "unknown", "explanation", "path",
    }
)  # fmt: skip

#: an exact value as text
_EXACT = re.compile(r"-?[0-9]+(/[0-9]+)?")
#: the keys whose object maps names (elements, workers, players, games) to values
_NAMED = frozenset({"owners", "agents", "workers", "tables"})


def unknown_words(answer: Any, key: str = "") -> list[str]:
    """What breaks the words of JSON answers in ``answer``: a word not among its key's
    :data:`WORDS`, an exact value that is no exact number, or a string under a key that is
    none of :data:`WORDS`, :data:`EXACT` and :data:`TEXT` (a new word, undocumented), each
    as ``"path: problem"``.

    >>> unknown_words({"first": "max", "value": "16/3", "pv": ["5", "1"], "stats": {"nodes": 3}})
    []
    >>> unknown_words({"play": "misère", "winner": "MAX", "value": 18, "lower": "1.5"})
    ["play: 'misère' is not one of normal, misere", "winner: 'MAX' is not one of max, min, \
first, second, A, B, null", "lower: '1.5' is not an exact value"]
    >>> unknown_words({"runs": [{"engine": "C kernel", "tint": "hot"}]})
    ["runs/0/engine: 'C kernel' is not one of native, python", "runs/0/tint: 'hot' under a \
key that is not in the vocabulary"]
    """
    return list(_walk(answer, key, key))


def _walk(node: Any, key: str, path: str) -> Any:
    if key in TEXT:
        return
    if isinstance(node, dict):
        for name, value in node.items():
            inner = key if key in _NAMED else name  # a named entry: its key's words
            yield from _walk(value, inner, f"{path}/{name}" if path else str(name))
    elif isinstance(node, list):
        for index, item in enumerate(node):
            yield from _walk(item, key, f"{path}/{index}")
    elif key in WORDS:
        if node not in WORDS[key] and (node is None or isinstance(node, str)):
            words = ", ".join("null" if word is None else word for word in WORDS[key])
            yield f"{path}: {node!r} is not one of {words}"
    elif isinstance(node, str):
        if key in EXACT:
            if _EXACT.fullmatch(node) is None:
                yield f"{path}: {node!r} is not an exact value"
        else:
            yield f"{path}: {node!r} under a key that is not in the vocabulary"
