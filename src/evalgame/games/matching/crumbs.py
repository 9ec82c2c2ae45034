"""Crumbs: the tame regions of a position reduced to a pass and a switch.

Theorem "crumbs" (docs/tiling_search.md, "Tame regions in any context: a pass and a
switch"): next to **any** position G, a sum S of tame regions with ``N = Σ a`` and ``h``
hot regions is worth a constant plus a domino D (a pass) or not, plus a path of four
vertices P (a switch) or not:

    V(G + S) = s + V(G + Dʳ + Pᵖ),  p = h mod 2,  d = N − ⌊h/2⌋ − 2p,  r = d mod 2,  s = d − r,

for both players to move. So a search may key its table by (G, r, p), store values less
``s``, and among the moves inside the crumbs try only one per reduced result ``(d, p)``.

:class:`Crumbs` splits a reduced :class:`~evalgame.games.matching.region.Region` into G
(regions not valued tame, or larger than the database's size limit) and its crumbs (the
tame ones, equimatchable ones included).

>>> from evalgame.games.tiling.board import Board
>>> from evalgame.games.matching.region import RegionAnalyser
>>> from evalgame.games.matching.tame import TameRegions
>>> board = Board(3, 7, [(1, 1), (0, 3), (1, 3), (2, 3)])   # the 3×3 ring, a 3×3 square
>>> crumbs = Crumbs(RegionAnalyser(board), TameRegions(board))
>>> region = crumbs.reduce(crumbs.analyser.analyse(board.start))
>>> region.passes, region.key[:2]          # the square: d = 4 dominoes, r = 0, p = 0
(4, (0, 0))
>>> reduced(4, 2), reduced(2, 1)           # two hot regions of a = 2: d = 3; one: a switch
((3, 0), (0, 1))
"""

from __future__ import annotations

from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.region import CACHE_LIMIT, Region, RegionAnalyser
from evalgame.games.matching.tame import TameRegions


def reduced(total: int, hot: int) -> tuple[int, int]:
    """``(d, p)`` of a sum of tame regions with ``N = total`` and ``h = hot``: it is
    equivalent to ``d`` dominoes plus ``p`` paths of four vertices."""
    p = hot & 1
    return total - hot // 2 - 2 * p, p


class Crumbs:
    """Splits positions into the part searched and the tame crumbs reduced to (r, p).

    Uses the analyser's keys for G and the tame-region database for the crumbs' values.
    """

    def __init__(self, analyser: RegionAnalyser, regions: TameRegions) -> None:
        self.analyser = analyser
        self.regions = regions
        self.graph: BitGraph = analyser.graph
        # crumb → [(move, Δ Σa, Δ h)] for each of its moves
        self._moves: dict[int, list[tuple[int, int, int]]] = {}

    def value(self, part: int) -> tuple[int, int] | None:
        """``(a, t)`` of a region when it is a crumb (valued and tame), else ``None``."""
        if part.bit_count() > self.regions.size_limit:
            return None
        value = self.regions.region(part)
        if value is None or not value.tame:
            return None
        return value.a, value.a - value.b

    def reduce(self, region: Region) -> Region:
        """The region with its crumbs reduced.

        ``core`` becomes G's vertices, ``spare`` the crumbs' (equimatchable ones
        included), ``passes`` the ``d`` of the theorem (so ``passes & ~1`` is the constant
        ``s``), and ``key`` is ``(r, p, *G's key)``. The bounds are the tighter of the
        region's and ``s`` plus those of G + Dʳ + Pᵖ.
        """
        graph = self.graph
        rest, crumbs = 0, region.spare
        total, hot = region.passes, 0
        for part in graph.components(region.core):
            value = self.value(part)
            if value is None:
                rest |= part
            else:
                crumbs |= part
                total += value[0]
                hot += value[1]
        d, p = reduced(total, hot)
        searched = self.analyser.analyse(rest)
        lower = max(region.lower, d + p + searched.lower)
        upper = min(region.upper, d + 2 * p + searched.upper)
        return Region(rest, d, crumbs, (d & 1, p, *searched.key), lower, upper)

    def moves(self, region: Region) -> list[int]:
        """One move inside the crumbs of a reduced ``region`` per reduced result.

        Every move of a crumb leaves tame crumbs (condition 2 of tameness), so its result
        is ``(d', p')`` from the changed ``N`` and ``h``; moves with equal results leave
        positions of equal value (the theorem), and one of them suffices.
        """
        graph = self.graph
        p = region.key[1]
        total, hot = region.passes + 2 * p, p  # an (N, h) with the result (d, p)
        found: dict[tuple[int, int], int] = {}
        for part in graph.components(region.spare):
            for move, more, hotter in self._part_moves(part):
                found.setdefault(reduced(total + more, hot + hotter), move)
        return list(found.values())

    def _part_moves(self, part: int) -> list[tuple[int, int, int]]:
        known = self._moves.get(part)
        if known is None:
            if len(self._moves) > CACHE_LIMIT:
                self._moves.clear()
            graph = self.graph
            own = self.value(part)
            if own is None:  # an equimatchable component above the size limit
                size = self.analyser.component(part).lower
                own = (size, 0)
            known = []
            for move in graph.edges_within(part):
                total = hot = 0
                for rest in graph.components(graph.core(part & ~move)):
                    value = self.value(rest)
                    if value is None:  # an equimatchable rest above the size limit
                        value = (self.analyser.component(rest).lower, 0)
                    total += value[0]
                    hot += value[1]
                known.append((move, total - own[0], hot - own[1]))
            self._moves[part] = known
        return known
