"""Principal variations: a line of play from a position that attains its value.

:func:`walk` descends from a position whose value ``v`` is known, choosing at each node a
child whose value is ``v`` too. One exact test per candidate proves it: at a MAX node every
child is ≤ v, so "child ≥ v?" decides equality; at a MIN node "child > v?" does. With a
transposition table these tests are cheap, which is how MTD(f) and table-answered lines
get their variations.

>>> from evalgame.search.examples import NestedTree
>>> principal_variation(NestedTree([[3, 5], [2, 9]]), None, 3)
(0, 0)
"""

from __future__ import annotations

from typing import TypeVar

from evalgame.errors import GameError
from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext, refuse_chance
from evalgame.search.ordering import ordered_moves
from evalgame.search.protocol import Game, Player
from evalgame.search.searcher import Searcher
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable

P = TypeVar("P")
M = TypeVar("M")


def principal_variation(
    game: Game[P, M],
    position: P | None,
    value: Number,
    *,
    table: TranspositionTable | None = None,
    budget: Budget | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> tuple[M, ...]:
    """A line from ``position`` (default: the start) attaining its known ``value``."""
    root = game.initial() if position is None else position
    context = SearchContext(game, budget, stats)
    with context.running():
        return walk(Searcher(context, table), root, value, depth)


def walk(searcher: Searcher[P, M], position: P, value: Number, depth: int | None) -> tuple[M, ...]:
    """The moves from ``position`` (of value ``value``) down to a terminal or the horizon."""
    game = searcher.game
    line: list[M] = []
    while depth != 0:
        moves = game.moves(position)
        if not moves:
            break
        player = game.to_move(position)
        if player is Player.CHANCE:
            raise refuse_chance(game)
        child_depth = None if depth is None else depth - 1
        for move in ordered_moves(game, position, moves, searcher.best_move(position)):
            child = game.play(position, move)
            if player is Player.MAX:
                result = searcher.test(child, value, strict=False, depth=child_depth)
                attains = result is not None and result >= value
            else:
                result = searcher.test(child, value, strict=True, depth=child_depth)
                attains = result is not None and result <= value
            if attains:
                break
        else:
            raise GameError(
                f"no move of {game.name} attains the value {value}; are the game's key, "
                "affine and bounds hooks consistent?"
            )
        line.append(move)
        position, depth = child, child_depth
    return tuple(line)


def complete(
    searcher: Searcher[P, M],
    root: P,
    line: tuple[M, ...],
    value: Number,
    depth: int | None,
) -> tuple[M, ...]:
    """``line``, a correct but possibly partial variation of ``root``, walked to its end."""
    game = searcher.game
    position, remaining = root, depth
    for move in line:
        position = game.play(position, move)
        remaining = None if remaining is None else remaining - 1
    return line + walk(searcher, position, value, remaining)


def attains(game: Game[P, M], position: P, line: tuple[M, ...], value: Number) -> bool:
    """Whether ``line`` is legal from ``position`` and ends at a terminal worth ``value``.

    >>> from evalgame.search.examples import NestedTree
    >>> game = NestedTree([[3, 5], [2, 9]])
    >>> attains(game, game.initial(), (0, 0), 3), attains(game, game.initial(), (1,), 2)
    (True, False)
    """
    for move in line:
        if move not in game.moves(position):
            return False
        position = game.play(position, move)
    return not game.moves(position) and game.payoff(position) == value
