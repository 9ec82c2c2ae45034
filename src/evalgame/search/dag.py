"""Backward induction over the DAG of positions (seed 002): one depth-first search, Θ(V + E).

Positions with equal ``game.key`` are one vertex. Each vertex gets its value when it turns
black, after all its successors: the maximum (MAX) or minimum (MIN) over valid successors,
or the probability-weighted mean (CHANCE; invalid if an outcome of positive probability
is). The stack is explicit, so very deep games are fine; a cycle raises
:class:`~evalgame.errors.CycleError` with the positions on it.

>>> from evalgame.search.examples import NestedTree
>>> class Keyed(NestedTree):
...     def key(self, position):
...         return position
>>> result = backward_induction(Keyed([[3, 5], [2, 9]]))
>>> result.value, result.pv, result.stats.nodes, result.stats.edges
(3, (0, 0), 7, 6)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TypeVar

from evalgame.errors import GameError
from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.chance import expectation, probabilities
from evalgame.search.context import SearchContext
from evalgame.search.graph import postorder
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from evalgame.search.searcher import from_key_class, to_key_class

P = TypeVar("P")
M = TypeVar("M")


def backward_induction(
    game: Game[P, M],
    position: P | None = None,
    *,
    budget: Budget | None = None,
    values: dict[Hashable, Number | None] | None = None,
    pv_limit: int | None = None,
) -> SearchResult[M]:
    """The exact value of ``position`` (default: the start) over the graph of positions.

    ``stats.nodes`` counts vertices and ``stats.edges`` moves. The principal variation
    follows best moves down to a terminal, or to the first CHANCE position, for at most
    ``pv_limit`` moves. ``values`` keeps the solved vertices between calls on one game
    (a player asking for a move at every turn of a long game then solves it once).
    """
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    stats = context.stats
    if values is None:
        values = {}  # in the coordinates of each key class

    def key(position: P) -> Hashable:
        found = game.key(position)
        if found is None:
            raise GameError(f"{game.name} gives no transposition key for {position!r}")
        return found

    def successors(position: P) -> list[tuple[M, P]]:
        context.enter()
        moves = game.moves(position)
        stats.edges += len(moves)
        return [(move, game.play(position, move)) for move in moves]

    def value_of(position: P, vertex: Hashable) -> Number | None:
        return from_key_class(values[vertex], *game.affine(position))

    def solve(start: P) -> Number | None:
        """The value of ``start``, solving every vertex below it not solved yet."""
        for vertex, position, edges in postorder(start, key, successors, values):
            if not edges:
                stats.leaves += 1
                value = game.payoff(position)
            else:
                children = [value_of(child, k) for _, child, k in edges]
                player = game.to_move(position)
                if player is Player.CHANCE:
                    moves = [move for move, _, _ in edges]
                    value = expectation(probabilities(game, position, moves), children)
                else:
                    valid = [v for v in children if v is not None]
                    pick = max if player is Player.MAX else min
                    value = pick(valid) if valid else None
            values[vertex] = to_key_class(value, *game.affine(position))
        return value_of(start, key(start))

    with context.running():
        value = solve(root)
        pv: list[M] = []
        position = root
        while value is not None and game.moves(position) and len(pv) != pv_limit:
            if game.to_move(position) is Player.CHANCE:
                break
            for move in game.moves(position):
                child = game.play(position, move)
                # a vertex met through another position with the same key may have
                # children not solved yet
                if solve(child) == value:
                    pv.append(move)
                    position = child
                    break
            else:
                raise GameError(f"{game.name}: inconsistent transposition keys or affine maps")
    return SearchResult(
        value=None if value is None else normal(value),
        pv=tuple(pv),
        stats=stats,
        algorithm="backward induction (DAG)",
    )
