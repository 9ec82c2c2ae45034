"""Plain minimax (backward induction over the game tree): no table, no pruning.

Every node of the tree is visited once, so ``stats.nodes`` is the size of the tree. MAX and
MIN range over valid children only; a node without a valid child is invalid (``None``).
This is the reference every other solver is checked against.

>>> from evalgame.search.examples import NestedTree
>>> result = minimax(NestedTree([[3, 5], [2, 9], [None, 1]]))
>>> result.value, result.pv, result.stats.nodes
(3, (0, 0), 10)
"""

from __future__ import annotations

from typing import TypeVar

from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext, refuse_chance
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult

P = TypeVar("P")
M = TypeVar("M")


def minimax(
    game: Game[P, M], position: P | None = None, *, budget: Budget | None = None
) -> SearchResult[M]:
    """The exact value and a principal variation of ``position`` (default: the start)."""
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    stats = context.stats

    def solve(position: P) -> tuple[Number | None, tuple[M, ...]]:
        context.enter()
        moves = game.moves(position)
        if not moves:
            stats.leaves += 1
            return game.payoff(position), ()
        player = game.to_move(position)
        if player is Player.CHANCE:
            raise refuse_chance(game)
        best: Number | None = None
        line: tuple[M, ...] = ()
        for move in moves:
            value, pv = solve(game.play(position, move))
            if value is None:
                continue
            if best is None or (value > best if player is Player.MAX else value < best):
                best, line = value, (move, *pv)
        return best, line

    with context.running():
        value, pv = solve(root)
    return SearchResult(
        value=None if value is None else normal(value), pv=pv, stats=stats, algorithm="minimax"
    )
