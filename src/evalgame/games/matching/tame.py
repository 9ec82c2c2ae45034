"""Tame regions: the values of a matching game's regions, and of their sums by a formula.

A *region* is a connected component (≥ 2 vertices) of the free vertices; a position is
the sum (disjoint union) of its regions. Write ``a`` and ``b`` for the moves still to come
in a region alone with MAX, and with MIN, to move. A region is *tame* when ``t = a − b``
is 0 (*cold*) or 1 (*hot*), the regions its moves leave are tame, and two conditions on
its moves hold (docs/tiling_search.md, "Tame regions and the sum rule", where they are
proven to give the **sum rule**): a sum of tame regions with ``N = Σ a`` and ``h`` hot
regions has ``N − ⌊h/2⌋`` moves to come with MAX to move and ``N − ⌈h/2⌉`` with MIN.

:class:`TameRegions` finds ``a``, ``b`` and tameness by a dynamic programme, without
search: a region's options are sums of smaller regions, valued by the sum rule when they
are tame. A region whose checks fail is *wild* (the 3×3 ring, a cycle of 8 cells around a
blocked one, has a = 3 and b = 4); its own values are still exact, but no sum containing it
may use the rule, and a region with an option that is such a sum cannot be valued here.

>>> from evalgame.games.tiling.board import Board
>>> board = Board(3, 3)
>>> regions = TameRegions(board)
>>> regions.region(0b000_000_111)       # the I tromino: cold
RegionValue(a=1, b=1, tame=True)
>>> regions.region(0b111_100_000)       # the L tetromino: hot
RegionValue(a=2, b=1, tame=True)
>>> regions.region(board.full & ~0b000_010_000)    # the 3×3 ring: wild
RegionValue(a=3, b=4, tame=False)
>>> regions.decide(0b111_000_111)       # two I trominoes, MAX or MIN to move
(2, 2)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from evalgame.errors import LimitError
from evalgame.games.matching.bitgraph import BitGraph

#: :meth:`TameRegions.decide` values positions whose regions have at most this many vertices
SIZE_LIMIT = 16
#: regions the database holds before it refuses more (a few hundred bytes each)
ENTRIES = 1_000_000


class RegionValue(NamedTuple):
    """A region's moves still to come with MAX (``a``) and MIN (``b``) to move, and
    whether it is tame (the sum rule holds for every sum of tame regions)."""

    a: int
    b: int
    tame: bool


def sum_rule(values: list[RegionValue]) -> tuple[int, int]:
    """The moves still to come in a sum of tame regions, MAX and MIN to move:
    ``(N − ⌊h/2⌋, N − ⌈h/2⌉)`` with ``N = Σ a`` and ``h`` the number of hot regions.

    >>> hot = RegionValue(2, 1, True)
    >>> sum_rule([hot, hot]), sum_rule([hot, RegionValue(1, 1, True)]), sum_rule([])
    ((3, 3), (3, 2), (0, 0))
    """
    total = sum(value.a for value in values)
    hot = sum(value.a - value.b for value in values)
    return total - hot // 2, total - (hot + 1) // 2


class TameRegions:
    """A database of region values on ``graph``, filled on demand (smallest first).

    Regions are keyed by :meth:`BitGraph.shape` on a board (its cells up to translation and
    the 8 symmetries of the square lattice: the same on every board) and by their vertex
    set on other graphs. At most ``entries`` regions are held: one more is a
    :class:`~evalgame.errors.LimitError` saying how to raise the limit.
    :meth:`decide` values positions whose regions have at most ``size_limit`` vertices.
    """

    def __init__(
        self, graph: BitGraph, *, size_limit: int = SIZE_LIMIT, entries: int = ENTRIES
    ) -> None:
        self.graph = graph
        self.size_limit = size_limit
        self.entries = entries
        # key → value; None: some option is a sum with a wild region, not valued here
        self._values: dict[Hashable, RegionValue | None] = {}

    def __len__(self) -> int:
        return len(self._values)

    def key(self, region: int) -> Hashable:
        """The database's key of a region: its shape, or on a graph without shapes its
        vertex set."""
        shape = self.graph.shape(region)
        return ("vertices", region) if shape is None else shape

    def region(self, region: int) -> RegionValue | None:
        """The values of one region (a connected set of ≥ 2 vertices), ``None`` when one
        of its moves leaves a sum that contains a wild region (not valued here).

        The regions its moves leave are valued first (recursively, each one once).
        """
        key = self.key(region)
        try:
            return self._values[key]
        except KeyError:
            pass
        value = self._derive(region)
        if len(self._values) >= self.entries:
            raise LimitError(
                "the number of regions in the tame-region database",
                len(self._values) + 1,
                self.entries,
                "raise it with TameRegions(graph, entries=...) (a few hundred bytes each)",
            )
        self._values[key] = value
        return value

    def options(self, region: int) -> list[list[RegionValue | None]]:
        """For each move of ``region``, the values of the regions it leaves."""
        graph = self.graph
        return [
            [self.region(part) for part in graph.components(graph.core(region & ~move))]
            for move in graph.edges_within(region)
        ]

    def _derive(self, region: int) -> RegionValue | None:
        """The dynamic programme's step: values from the options, then the checks."""
        a, b = 0, self.graph.n
        tame = True
        options: list[tuple[int, int]] = []  # (Σ a, h) of each option that is a tame sum
        for parts in self.options(region):
            if all(part is not None and part.tame for part in parts):
                known = [part for part in parts if part is not None]
                after_max, after_min = sum_rule(known)
                options.append((sum(part.a for part in known), sum(p.a - p.b for p in known)))
            elif len(parts) == 1 and parts[0] is not None:
                # a lone wild region: its values are exact, but the checks fail (condition 2)
                after_max, after_min = parts[0].a, parts[0].b
                tame = False
            else:
                return None
            a = max(a, 1 + after_min)
            b = min(b, 1 + after_max)
        if not options and tame:  # no move at all: the empty sum
            return RegionValue(0, 0, True)
        return RegionValue(a, b, tame and _checks(a, a - b, options))

    def decide(self, free: int) -> tuple[int, int] | None:
        """The moves still to come from ``free`` with MAX and with MIN to move, by the sum
        rule, when every region of ``free`` has at most ``size_limit`` vertices and is tame
        (a lone region: when its values are known, tame or not); else ``None``.

        Vertices without a free neighbour are dropped first.

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(2, 6)
        >>> TameRegions(board).decide(0b001111_001111)   # a 2×4 rectangle
        (4, 4)
        >>> TameRegions(board, size_limit=6).decide(board.full) is None
        True
        """
        graph = self.graph
        parts = graph.components(graph.core(free))
        values = []
        for part in parts:
            if part.bit_count() > self.size_limit:
                return None
            value = self.region(part)
            if value is None or (not value.tame and len(parts) > 1):
                return None
            values.append(value)
        if len(values) == 1:
            return values[0].a, values[0].b
        return sum_rule(values)


def _checks(a: int, t: int, options: list[tuple[int, int]]) -> bool:
    """Conditions 1, 3 and 4 of tameness, for a region whose options are all tame sums
    ``(Σ a, h)``: with ``g = 1 + Σ a − a`` and ``e = h − t`` for each move,
    ``⌊e/2⌋ ≤ g ≤ ⌈e/2⌉``, and a hot region has a move with ``g = ⌈e/2⌉`` and one with
    ``g = ⌊e/2⌋``.

    >>> _checks(2, 1, [(1, 0), (0, 0)])    # the I tetromino: an end move, a middle one
    True
    >>> _checks(3, -1, [(3, 1)])           # t = −1 is never tame
    False
    """
    if t not in (0, 1):
        return False
    upper_met = lower_met = False
    for total, hot in options:
        g, e = 1 + total - a, hot - t
        low, high = e // 2, (e + 1) // 2
        if not low <= g <= high:
            return False
        upper_met = upper_met or g == high
        lower_met = lower_met or g == low
    return t == 0 or (upper_met and lower_met)
