"""NegaScout / Principal Variation Search, in explicit MAX/MIN form with exact null windows.

The first valid child of a node is searched with the full window; each later child is
first *tested* — "is it better than the best so far?" ("child > α?" at MAX, "child < β?"
at MIN, exact null windows) — and searched again with the full window only when the test
says yes. With good move order most tests fail and are cheap. ``stats.researches`` counts
the re-searches. Pruned subtrees are not counted, since re-searched subtrees would count
twice.

>>> from evalgame.search.examples import NestedTree
>>> result = negascout(NestedTree([[3, 5], [2, 9], [4, 8]]))
>>> result.value, result.pv, result.stats.researches
(4, (2, 0), 1)
"""

from __future__ import annotations

from typing import TypeVar

from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game
from evalgame.search.pv import complete
from evalgame.search.result import SearchResult
from evalgame.search.searcher import INF, Searcher
from evalgame.search.table import TranspositionTable

P = TypeVar("P")
M = TypeVar("M")


def negascout(
    game: Game[P, M],
    position: P | None = None,
    *,
    table: TranspositionTable | None = None,
    use_bounds: bool = True,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """The exact value and a principal variation of ``position`` (default: the start)."""
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    searcher = Searcher(context, table, use_bounds=use_bounds)
    pv: tuple[M, ...] = ()
    with context.running():
        value = searcher.search(root, -INF, INF, scout=True)
        if value is not None:
            pv = complete(searcher, root, searcher.variation(), value, None)
    return searcher.result(value, pv, "NegaScout")
