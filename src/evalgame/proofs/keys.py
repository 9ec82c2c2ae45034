"""Stable names for subproblems: the same position gets the same name on every machine.

A game's transposition key is only promised to be hashable, and ``hash`` of a string
changes from one process to the next, so keys cannot be stored as they are. :func:`stable_key`
writes a key out canonically (sets sorted by their members' text) and hashes the text;
keys built of anything else than numbers, strings, enums, tuples, lists, sets and ``None``
have no stable name (:func:`stable_key` returns ``None``) and the subproblem is named by
its path of moves instead (:func:`path_key`).

>>> from fractions import Fraction
>>> stable_key((3, Fraction(1, 2), frozenset({"b", "a"}))) == stable_key(
...     (3, Fraction(1, 2), frozenset({"a", "b"})))
True
>>> stable_key(object()) is None
True
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

from evalgame.numbers import Number


def stable_key(key: Hashable | None) -> str | None:
    """A short hash of ``key``'s canonical text, the same in every process (``None``: no text)."""
    if key is None:
        return None
    text = _canonical(key)
    if text is None:
        return None
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def node_name(
    game: Any, position: Any, path: Sequence[object], portable: bool
) -> tuple[str, tuple[Number, Number]]:
    """The name under which the proof store keeps ``position`` (reached by the moves
    ``path``) of ``game``, and the map of its value, (scale, offset): the value is scale ·
    (value of the key's class) + offset. With ``portable`` keys (the game's transposition
    keys name the same position the same in every process) the key's stable name, so that
    transpositions share their facts; otherwise the path's.

    >>> from evalgame.search.examples import NestedTree
    >>> node_name(NestedTree([[3, 5], [2, 9]]), None, (1, 0), False)[0] == path_key((1, 0))
    True
    """
    if portable:
        name = stable_key(game.key(position))
        if name is not None:
            return name, game.affine(position)
    return path_key(path), (1, 0)


def path_key(moves: Sequence[object]) -> str:
    """The name of a subproblem reached from the root by ``moves`` (for games without keys).

    >>> path_key([1, "x"]) == path_key([1, "x"]) != path_key(["x", 1])
    True
    """
    return "path:" + hashlib.blake2b(repr(list(moves)).encode(), digest_size=16).hexdigest()


def _canonical(value: object) -> str | None:
    if value is None or isinstance(value, bool | int | str):
        return repr(value)
    if isinstance(value, Fraction):
        return f"F{value}"
    if isinstance(value, enum.Enum):
        return f"E{type(value).__name__}.{value.name}"
    if isinstance(value, tuple | list | frozenset | set):
        parts: list[str] = []
        for item in value:
            text = _canonical(item)
            if text is None:
                return None
            parts.append(text)
        if isinstance(value, frozenset | set):
            return "{" + ",".join(sorted(parts)) + "}"
        return "(" + ",".join(parts) + ")"
    return None
