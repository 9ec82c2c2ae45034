"""Iterative deepening: depth-limited alpha-beta to depth 1, 2, 3, … within a budget.

Each iteration scores the horizon with ``game.evaluate`` and leaves its best moves in a
transposition table, where the next, deeper iteration finds them first. When time runs
out the best move of the deepest completed iteration is returned; when an iteration never
reaches its horizon the search is complete and the value exact.

>>> from evalgame.search.examples import NestedTree
>>> class Estimated(NestedTree):
...     def evaluate(self, position):
...         return 0
>>> result = iterative_deepening(Estimated([[3, 5], [2, 9]]))
>>> result.value, result.exact, result.depth, result.stats.iterations
(3, True, 2, 2)
>>> result = iterative_deepening(Estimated([[3, 5], [2, 9]]), max_depth=1)
>>> result.value, result.exact, result.depth
(0, False, 1)
"""

from __future__ import annotations

from typing import TypeVar

from evalgame.errors import GameError, SearchInterrupted
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game
from evalgame.search.pv import complete
from evalgame.search.result import SearchResult
from evalgame.search.searcher import INF, Searcher
from evalgame.search.table import TranspositionTable

P = TypeVar("P")
M = TypeVar("M")


def iterative_deepening(
    game: Game[P, M],
    position: P | None = None,
    *,
    max_depth: int | None = None,
    budget: Budget | None = None,
    seconds: float | None = None,
) -> SearchResult[M]:
    """The result of the deepest iteration completed within the budget.

    ``seconds`` limits the time (also when a ``budget`` is given: the tighter limit wins).
    The result is ``exact`` when the last iteration reached every terminal; otherwise its
    value is heuristic and ``depth`` says how deep it looked. If not even depth 1 completes,
    :class:`~evalgame.errors.SearchInterrupted` is raised.
    """
    if max_depth is not None and max_depth < 1:
        raise GameError(f"the maximum depth must be at least 1, not {max_depth}")
    if budget is None:
        budget = Budget(seconds=seconds)
    elif seconds is not None:
        budget.seconds = seconds if budget.seconds is None else min(budget.seconds, seconds)
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    searcher = Searcher(context, TranspositionTable())
    best: SearchResult[M] | None = None
    depth = 0
    try:
        with context.running():
            while max_depth is None or depth < max_depth:
                depth += 1
                searcher.horizon_hits = 0
                value = searcher.search(root, -INF, INF, depth)
                pv = (
                    ()
                    if value is None
                    else complete(searcher, root, searcher.variation(), value, depth)
                )
                context.stats.iterations += 1
                best = searcher.result(value, pv, "iterative deepening", depth)
                if best.exact:
                    break
    except SearchInterrupted:
        if best is None:
            raise
    assert best is not None  # max_depth ≥ 1, so at least one iteration ran or we raised
    return best
