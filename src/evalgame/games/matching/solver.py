"""A specialised exact solver for matching games (the tiling game on a board).

The game-agnostic engine solves :class:`~evalgame.games.matching.game.MatchingGame` too;
this solver is the same search written for this one game, which makes it fast enough for
6×6 boards. Values count the moves *still to be made* from a set of free vertices.

* MTD(f): a sequence of fail-soft null-window tests "value ≥ γ?", each proving a bound;
* a transposition table of proven ``(lower, upper)`` bounds keyed by the reduced region
  (:mod:`.region`: dead vertices dropped, equimatchable parts turned into passes,
  shapes and symmetries merged);
* static bounds: ν (a maximum matching) above; below, the best of the components' minimum
  maximal matchings and the *matching strategy* bound :func:`strategy_bound`;
* enhanced transposition cut-offs: before searching, every child's table entry and static
  bounds are consulted; children that cannot change the test are never entered;
* move order: MAX first tries moves that keep the most dominoes possible and leave the
  fewest cells with a single free neighbour, MIN the opposite;
* with ``tame``, positions whose regions are all small and tame are valued without search
  by the sum rule (:mod:`.tame`, proven in docs/tiling_search.md): 5–50× fewer nodes, but
  more time in Python (BENCHMARKS.md), so it is off by default;
* with ``crumbs`` (implies ``tame``), the tame regions next to the rest are reduced to a
  pass and a switch (:mod:`.crumbs`, proven in docs/tiling_search.md): the table is keyed
  by (rest, r, p) and only one move per reduced result is tried inside them.

>>> from evalgame.games.tiling.board import Board
>>> board = Board(3, 3)
>>> solver = MatchingSolver(board)
>>> solver.value(board.full, max_to_move=True), solver.value(board.full, max_to_move=False)
(4, 4)
"""

from __future__ import annotations

import functools

from evalgame.errors import ContradictionError
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.crumbs import Crumbs
from evalgame.games.matching.region import KeyMode, Region, RegionAnalyser, order_key
from evalgame.games.matching.tame import TameRegions
from evalgame.search.budget import Budget
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats

#: proven (lower, upper) bounds
Bounds = tuple[int, int]

#: entries per table (one per player); when full, only entries already there are updated
TABLE_LIMIT = 6_000_000


@functools.cache
def strategy_bound(nu: int, max_to_move: bool) -> int:
    """Moves MAX can guarantee when a maximum matching of the free graph has ``nu`` edges.

    MAX always plays an edge of a maximum matching, so ν falls by exactly 1 on his moves;
    on MIN's it falls by 1 or 2 (2 vertices fewer cost at most 2 edges, and the edge just
    played plus a matching of the rest is a matching). The game lasts while ν ≥ 1, so MAX
    is sure of the worst case of this count, about ⅔·ν.

    >>> [strategy_bound(nu, True) for nu in range(8)]
    [0, 1, 2, 2, 3, 4, 4, 5]
    >>> [strategy_bound(nu, False) for nu in range(8)]
    [0, 1, 1, 2, 3, 3, 4, 5]
    """
    lower_max, lower_min = [0], [0]
    for size in range(1, nu + 1):
        lower_max.append(1 + lower_min[size - 1])
        lower_min.append(1 + min(lower_max[size - 1], lower_max[max(size - 2, 0)]))
    return (lower_max if max_to_move else lower_min)[nu]


class MatchingSolver:
    """Null-window search on one graph; the table persists across calls.

    ``budget`` (optional) is ticked once per node and may raise
    :class:`~evalgame.errors.SearchInterrupted`; :meth:`value` records in it the bounds it
    proves on the root. ``tame`` values positions whose regions are all tame (and of at
    most :data:`~evalgame.games.matching.tame.SIZE_LIMIT` vertices) by the sum rule;
    ``crumbs`` also reduces the tame regions of every other position (:mod:`.crumbs`).
    """

    #: the name results carry
    algorithm = "matching MTD(f)"

    def __init__(
        self,
        graph: BitGraph,
        *,
        keys: KeyMode = "shapes",
        budget: Budget | None = None,
        tame: bool = False,
        crumbs: bool = False,
    ) -> None:
        self.graph = graph
        self.analyser = RegionAnalyser(graph, keys)
        self.budget = budget
        self.tame_regions = TameRegions(graph) if tame or crumbs else None
        self.crumbs = (
            Crumbs(self.analyser, self.tame_regions)
            if crumbs and self.tame_regions is not None
            else None
        )
        # one table per player to move: key → lower << 16 | upper (reduced values)
        self.tables: dict[bool, dict[tuple[int, ...], int]] = {True: {}, False: {}}
        self.stats = SearchStats()
        size = graph.n // 2 + 1
        self._strategy = {
            turn: [strategy_bound(nu, turn) for nu in range(size)] for turn in (True, False)
        }

    def bounds(self, free: int, max_to_move: bool) -> Bounds:
        """The best proven bounds known now on the moves still to come."""
        return self._bounds(self.analyse(free), max_to_move)

    def analyse(self, free: int) -> Region:
        """The reduced region of ``free`` (with its crumbs reduced under ``crumbs``)."""
        region = self.analyser.analyse(free)
        return region if self.crumbs is None else self.crumbs.reduce(region)

    def _bounds(self, region: Region, max_to_move: bool) -> Bounds:
        if self.tame_regions is not None:
            # the equimatchable components are tame and cold: part of the sum
            decided = self.tame_regions.decide(region.core | region.spare)
            if decided is not None:
                value = decided[0] if max_to_move else decided[1]
                return value, value
        lower = max(region.lower, self._strategy[max_to_move][region.upper])
        upper = region.upper
        entry = self.tables[max_to_move].get(region.key)
        if entry is not None:
            even = region.passes & ~1
            lower = max(lower, (entry >> 16) + even)
            upper = min(upper, (entry & 0xFFFF) + even)
        return lower, upper

    def learn(self, free: int, max_to_move: bool, lower: int, upper: int) -> None:
        """Add bounds proven elsewhere (another process's search) on the moves still to
        come from ``free`` to the table, intersected with what it knows; bounds that miss
        it (lower above the table's upper, or the contrary) are a
        :class:`~evalgame.errors.ContradictionError`."""
        region = self.analyse(free)
        known_lower, known_upper = self._bounds(region, max_to_move)
        if max(lower, known_lower) > min(upper, known_upper):
            raise bounds_contradiction(
                free, max_to_move, (lower, upper), (known_lower, known_upper)
            )
        lower, upper = max(lower, known_lower), min(upper, known_upper)
        even = region.passes & ~1
        table = self.tables[max_to_move]
        if len(table) < TABLE_LIMIT or region.key in table:
            table[region.key] = (lower - even) << 16 | (upper - even)

    def value(self, free: int, max_to_move: bool) -> int:
        """The number of moves still to come under optimal play, by MTD(f).

        The first guess is ν − 1: a maximum matching, less one domino MIN destroys.
        """
        lower, upper = self.bounds(free, max_to_move)
        if self.budget is not None:
            self.budget.prove(lower, upper)
        guess = upper - 1
        while lower < upper:
            gamma = min(max(guess, lower + 1), upper)
            self.stats.researches += 1
            guess = self.test(free, max_to_move, gamma)
            if guess >= gamma:
                lower = guess
            else:
                upper = guess
            if self.budget is not None:
                self.budget.prove(lower, upper)
        self.stats.table_size = len(self.tables[True]) + len(self.tables[False])
        return lower

    def test(self, free: int, max_to_move: bool, gamma: int, last: int = 0) -> int:
        """A fail-soft null-window test: ``r ≥ gamma`` proves value ≥ r, else value ≤ r
        (``last``, the edge that led to ``free``, orders the C kernel's replies; this
        solver does not use it)."""
        stats = self.stats
        stats.nodes += 1
        if self.budget is not None:
            self.budget.tick(stats)
        region = self.analyse(free)
        lower, upper = self._bounds(region, max_to_move)
        if lower >= gamma or upper < gamma:
            stats.bound_cutoffs += 1
            return lower if lower >= gamma else upper
        child_gamma = gamma - 1
        best = -1 if max_to_move else upper + 1
        candidates = []
        for move in self.moves(region):
            child = free & ~move
            low, high = self.bounds(child, not max_to_move)
            if max_to_move:
                if low >= child_gamma:
                    best = low + 1
                    stats.table_hits += 1
                    break
                if high < child_gamma:
                    best = max(best, high + 1)
                    continue
            else:
                if high < child_gamma:
                    best = high + 1
                    stats.table_hits += 1
                    break
                if low >= child_gamma:
                    best = min(best, low + 1)
                    continue
            candidates.append(
                (order_key(self.graph, region.core & ~move, max_to_move, high), child)
            )
        else:
            candidates.sort()
            for _, child in candidates:
                result = 1 + self.test(child, not max_to_move, child_gamma)
                if max_to_move and result > best:
                    best = result
                    if best >= gamma:
                        stats.beta_cutoffs += 1
                        break
                elif not max_to_move and result < best:
                    best = result
                    if best < gamma:
                        stats.alpha_cutoffs += 1
                        break
        return self._store(region, max_to_move, gamma, lower, upper, best)

    def _store(
        self, region: Region, max_to_move: bool, gamma: int, lower: int, upper: int, best: int
    ) -> int:
        """Record what a test proved (``best`` is a lower bound if ≥ γ, else an upper)."""
        if best >= gamma:
            lower = best
        else:
            upper = best
        even = region.passes & ~1
        table = self.tables[max_to_move]
        if len(table) < TABLE_LIMIT or region.key in table:
            table[region.key] = (lower - even) << 16 | (upper - even)
        return best

    def solve(self, max_to_move: bool = True, free: int | None = None) -> SearchResult[int]:
        """The moves still to come from the ``free`` vertices (default: all, the whole game)
        and a principal variation (edges in order of play).

        With a budget, running out of it (or Ctrl-C) raises
        :class:`~evalgame.errors.SearchInterrupted` carrying the bounds proven so far.
        """
        free = self.graph.full if free is None else free
        budget = self.budget if self.budget is not None else Budget()
        with budget.guard(self.stats):
            value = self.value(free, max_to_move)
            line = self.principal_variation(free, max_to_move, value)
        return SearchResult(value, tuple(line), self.stats, self.algorithm)

    def principal_variation(self, free: int, max_to_move: bool, value: int) -> list[int]:
        """Moves from ``free`` that attain ``value`` (the number of moves still to come).

        Each step keeps a child whose value is one less (checked by a null-window test);
        once only passes remain they are played out in any order.
        """
        line: list[int] = []
        while value > 0:
            region = self.analyse(free)
            if not region.core and self.crumbs is None:
                move = self.graph.edges_within(region.spare)[0]
            else:
                move = next(
                    move
                    for move in self.moves(region)
                    if self._attains(free & ~move, not max_to_move, value - 1)
                )
            line.append(move)
            free &= ~move
            max_to_move = not max_to_move
            value -= 1
        return line

    def _attains(self, free: int, max_to_move: bool, value: int) -> bool:
        """Whether a child on the principal line is worth exactly ``value``.

        A child of a MIN node (MAX to move) is worth at least ``value``, a child of a MAX
        node at most ``value``: one null-window test settles the other side.
        """
        if max_to_move:  # the parent is MIN: its children are worth ≥ value
            return self.test(free, max_to_move, value + 1) <= value
        return self.test(free, max_to_move, value) >= value

    def moves(self, region: Region) -> list[int]:
        """The moves of the reduced game: edges of the core, and a pass if one counts
        (under ``crumbs``: one move per reduced result inside the crumbs)."""
        moves = self.graph.edges_within(region.core)
        if self.crumbs is not None:
            moves.extend(self.crumbs.moves(region))
        elif region.passes & 1:
            moves.append(self.graph.edges_within(region.spare)[0])
        return moves


def bounds_contradiction(
    free: int,
    max_to_move: bool,
    learned: tuple[int, int],
    known: tuple[int, int],
    source: str = "",
) -> ContradictionError:
    """The error of bounds ``learned`` on the moves still to come from ``free`` that miss
    the bounds ``known`` to a solver (its static bounds and its table: its own searches
    and the bounds it learned before); ``source`` says where the learned ones came from.

    >>> error = bounds_contradiction(0b1111, True, (3, 4), (0, 2))
    >>> error.subject
    'the position of free vertices 0xf (4 free), MAX to move'
    >>> error.known[-21:], error.new
    ('0 ≤ moves to come ≤ 2', 'bounds learned say 3 ≤ moves to come ≤ 4')
    """
    mover = "MAX" if max_to_move else "MIN"
    return ContradictionError(
        f"the position of free vertices {free:#x} ({free.bit_count()} free), {mover} to move",
        "what the solver knew (its static bounds, its own searches and what it learned "
        f"before) says {known[0]} ≤ moves to come ≤ {known[1]}",
        f"{source or 'bounds learned'} say {learned[0]} ≤ moves to come ≤ {learned[1]}",
    )
