"""The paper's monotone chain minimax(F,[1]) ≤ … ≤ minimax(F,[|A|]) and the threshold k*.

Under the mono rule more colours never hurt MAX (he may ignore the extra ones), and with
|A| colours he proposes a new colour every turn and gets every x with |S(x)| ≥ 2: the
*ceiling* (|B| when every |S(x)| > 1, as the paper assumes). So the chain rises from
minimax(F,[1]) = 0 to the ceiling, and

    k* = min{k : minimax(F,[k]) = ceiling}

is found by binary search with one exact null-window test "minimax(F,[k]) ≥ ceiling?" per
step. When some |S(x)| = 1 the ceiling is below |B| and the paper's min{k : minimax = |B|}
does not exist; :attr:`Threshold.reaches_total` says which case holds.

>>> from evalgame.games.graph.graphs import load_graph
>>> from evalgame.games.graph.incidence import incidence
>>> share = incidence(load_graph("friendship:3"), "V", "E")
>>> chain(share).values
[0, 4, 5, 8, 8, 8, 9]
>>> threshold(share).k
7
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from evalgame.games.graph.incidence import Incidence
from evalgame.games.graph.share import GraphShare
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta, null_window_test
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable


@dataclass
class Chain:
    """minimax(F,[k]) for k = 1..|A|; ``searched`` of them by search, the rest equal the
    ceiling by monotonicity (the search stops at the first k that reaches it)."""

    share: Incidence
    values: list[Number]
    searched: int
    seconds: float
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def threshold(self) -> int:
        """k*: the least k whose value is the ceiling."""
        return next(k for k, v in enumerate(self.values, 1) if v == self.share.ceiling)


@dataclass
class Threshold:
    """k* = min{k : minimax(F,[k]) = ceiling} and the tests that found it."""

    share: Incidence
    k: int
    tests: list[tuple[int, bool]]
    seconds: float
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def reaches_total(self) -> bool:
        """Whether the ceiling is all of B's weight (the paper's k* then exists and is k)."""
        return self.share.ceiling == self.share.total


def chain(share: Incidence, *, top: int | None = None, budget: Budget | None = None) -> Chain:
    """The chain minimax(F,[k]) for k = 1..``top`` (default |A|), mono rule.

    Each value is searched (alpha-beta with a table) until one reaches the ceiling; every
    later value is the ceiling too.
    """
    size = max(len(share.a_names), 1)
    top = size if top is None else max(1, min(top, size))
    started = time.perf_counter()
    stats = SearchStats()
    values: list[Number] = []
    for k in range(1, top + 1):
        if values and values[-1] == share.ceiling:
            values.append(share.ceiling)
            continue
        result = alphabeta(GraphShare(share, k), table=TranspositionTable(), budget=budget)
        stats.add(result.stats)
        assert result.value is not None  # graph games have no invalid leaves
        values.append(result.value)
    searched = next((k for k, v in enumerate(values, 1) if v == share.ceiling), len(values))
    return Chain(share, values, searched, time.perf_counter() - started, stats)


def reaches(
    share: Incidence, k: int, *, budget: Budget | None = None, stats: SearchStats | None = None
) -> bool:
    """Whether minimax(F,[k]) reaches the ceiling (one exact null-window test).

    >>> from evalgame.games.graph.graphs import load_graph
    >>> from evalgame.games.graph.incidence import incidence
    >>> share = incidence(load_graph("cycle:5"), "V", "E")
    >>> reaches(share, 2), reaches(share, 4)
    (False, True)
    """
    game = GraphShare(share, k)
    ceiling = share.ceiling
    result = null_window_test(
        game, None, ceiling, strict=False, table=TranspositionTable(), budget=budget, stats=stats
    )
    return result is not None and result >= ceiling


def threshold(share: Incidence, *, budget: Budget | None = None) -> Threshold:
    """k* by binary search over 1..|A| (mono rule; see the module doc)."""
    started = time.perf_counter()
    stats = SearchStats()
    tests: list[tuple[int, bool]] = []
    size = max(len(share.a_names), 1)
    if share.ceiling == 0:
        return Threshold(share, 1, tests, time.perf_counter() - started, stats)
    low, high = 1, size  # the value at low is below the ceiling, at high it is the ceiling
    while high - low > 1:
        middle = (low + high) // 2
        answer = reaches(share, middle, budget=budget, stats=stats)
        tests.append((middle, answer))
        if answer:
            high = middle
        else:
            low = middle
    return Threshold(share, high, tests, time.perf_counter() - started, stats)
