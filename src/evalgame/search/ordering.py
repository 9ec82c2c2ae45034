"""Move ordering: the game's own order, with a remembered best move tried first.

Alpha-beta prunes most when the best move comes first. The game's
:meth:`~evalgame.search.protocol.Game.order` hook gives a static order; a transposition
table (or an earlier, shallower iteration) may know a better first move.

>>> from evalgame.search.examples import NestedTree
>>> game = NestedTree([1, 2, 3])
>>> ordered_moves(game, game.initial(), game.moves(game.initial()), first=2)
[2, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from evalgame.search.protocol import Game

P = TypeVar("P")
M = TypeVar("M")


def ordered_moves(
    game: Game[P, M], position: P, moves: Sequence[M], first: object = None
) -> Sequence[M]:
    """``moves`` in ``game``'s order, with ``first`` moved to the front if it is legal."""
    return promote(game.order(position, moves), first)


def promote(ordered: Sequence[M], first: object) -> Sequence[M]:
    """``ordered`` with ``first`` moved to the front, if it is there at all.

    >>> promote([4, 0, 2], 2), promote([4, 0, 2], 7), promote([4, 0, 2], None)
    ([2, 4, 0], [4, 0, 2], [4, 0, 2])
    """
    if first is None or not ordered or ordered[0] == first:
        return ordered
    try:
        index = ordered.index(first)
    except ValueError:  # not legal here (another position with the same key)
        return ordered
    return [ordered[index], *ordered[:index], *ordered[index + 1 :]]
