"""Alpha-beta pruning (fail-soft, deep cut-offs) and the exact null-window test.

:func:`alphabeta` searches with a window, a transposition table, the game's static bounds
and move order, and optionally a depth horizon with the game's evaluation function.
:func:`null_window_test` answers "value ≥ γ?" or "value > γ?" exactly for rational values; see
:mod:`evalgame.search.searcher` for the argument.

>>> from evalgame.search.examples import NestedTree
>>> game = NestedTree([[3, 5], [2, 9], [None, 1]])
>>> result = alphabeta(game)
>>> result.value, result.pv, result.stats.alpha_cutoffs
(3, (0, 0), 1)
>>> null_window_test(game, game.initial(), 3, strict=False)   # value ≥ 3: yes, at least 3
3
"""

from __future__ import annotations

from typing import TypeVar

from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game
from evalgame.search.pv import complete
from evalgame.search.result import SearchResult
from evalgame.search.searcher import INF, Searcher
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable
from evalgame.search.window import Bound

P = TypeVar("P")
M = TypeVar("M")


def alphabeta(
    game: Game[P, M],
    position: P | None = None,
    *,
    alpha: Bound = -INF,
    beta: Bound = INF,
    table: TranspositionTable | None = None,
    use_bounds: bool = True,
    depth: int | None = None,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """Fail-soft alpha-beta from ``position`` (default: the start).

    With the full window the value is exact; with a narrower one it is a fail-soft bound
    (and ``pv`` is empty when the value falls outside the window). ``depth`` limits the
    search to that many plies, scoring the horizon with ``game.evaluate``; the result is
    then ``exact`` only if the horizon was never reached. Static bounds are used only in
    unlimited searches (they bound the true value, not the heuristic one), and pruned
    subtree sizes are counted only there.
    """
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    searcher = Searcher(context, table, use_bounds=use_bounds)
    pv: tuple[M, ...] = ()
    with context.running():
        if depth is None:
            context.measure_sizes(root)
        value = searcher.search(root, alpha, beta, depth)
        if value is not None and alpha < value < beta:
            context.sizes = False  # nodes the PV walk skips were not pruned from the search
            pv = complete(searcher, root, searcher.variation(), value, depth)
    return searcher.result(value, pv, "alpha-beta", depth)


def null_window_test(
    game: Game[P, M],
    position: P | None,
    gamma: Number,
    *,
    strict: bool,
    table: TranspositionTable | None = None,
    budget: Budget | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> Number | None:
    """Fail-soft answer to "value > γ?" (``strict``) or "value ≥ γ?"; ``None`` if invalid.

    The result ``v`` satisfies: if ``v > γ`` (resp. ``v ≥ γ``) the answer is yes and the
    value is at least ``v``; otherwise the answer is no and the value is at most ``v``.
    """
    root = game.initial() if position is None else position
    context = SearchContext(game, budget, stats)
    with context.running():
        return Searcher(context, table).test(root, gamma, strict=strict, depth=depth)
