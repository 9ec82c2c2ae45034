"""What a matching game still holds in a set of free vertices: the facts every solver uses.

A position of the matching game (the tiling game on a board) is the set ``free`` of
uncovered vertices and whose turn it is; the moves still to come depend only on the
subgraph that ``free`` induces. :meth:`RegionAnalyser.analyse` reduces it:

* vertices without a free neighbour can never be covered: they are dropped;
* a component is *equimatchable* when all its maximal matchings have the same size ``s``
  (a lone domino, a 2×2 square, a T-tetromino...). A move there leaves an equimatchable
  rest with ``s − 1``, so whatever anyone plays, it is a pile of ``s`` *passes*: tokens
  either player may take instead of a real move;
* passes count only by their parity (*tempo lemma*: value(R, k + 2 passes) =
  value(R, k passes) + 2). Whoever attains a value with ``k`` passes plays the same
  strategy with ``k + 2``, keeping two passes in reserve: when the opponent passes and
  only reserved passes are left, he answers with the other reserved pass, which gives back
  the same position with the same player to move. The two reserved passes are played
  sooner or later, so the game lasts exactly two moves longer, whoever applies this;
* the rest is keyed up to isomorphism: small components by an isomorphism invariant of the
  graph (a board region's shape), the others as a set of vertices reduced by the graph's
  symmetries.

Proven bounds on the number of moves still to come: at most a maximum matching ν of each
component, at least a minimum maximal matching, which is at least ⌈ν/2⌉ (both ends of a
maximal matching cover every edge, so 2·|maximal| ≥ vertex cover ≥ ν); small components
get both numbers exactly.

>>> from evalgame.games.tiling.board import Board
>>> region = RegionAnalyser(Board(1, 4)).analyse(0b1111)
>>> region.passes, region.lower, region.upper
(0, 1, 2)
>>> RegionAnalyser(Board(2, 2)).analyse(0b1111).passes
2
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from evalgame.games.matching.bitgraph import BitGraph

#: how positions are keyed: shapes and symmetries, symmetries only, or raw vertex sets
KeyMode = Literal["shapes", "symmetry", "raw"]

#: components up to this many vertices get exact bounds and an equimatchability test
EXACT_LIMIT = 10
#: the caches are emptied when they grow past this many entries
CACHE_LIMIT = 1_000_000


class ComponentInfo(NamedTuple):
    """Facts about one connected component of free vertices."""

    #: an isomorphism invariant, or ``None`` when the graph offers none
    shape: int | None
    #: proven bounds on the size of its maximal matchings
    lower: int
    upper: int
    #: all its maximal matchings have the same size (so ``lower == upper``)
    equimatchable: bool


class Region(NamedTuple):
    """A set of free vertices, reduced (see the module's introduction)."""

    #: vertices of the components that are not equimatchable
    core: int
    #: moves certain to be made in the equimatchable components
    passes: int
    #: the vertices of the equimatchable components (a pass is any edge in them)
    spare: int
    #: equal keys (with equal players to move) mean equal values of ``core`` + passes % 2
    key: tuple[int, ...]
    #: proven bounds on the number of moves still to come (passes included)
    lower: int
    upper: int


class RegionAnalyser:
    """Reduces sets of free vertices of ``graph``, with caches (one analyser per search).

    >>> from evalgame.games.tiling.board import Board
    >>> analyser = RegionAnalyser(Board(3, 3))
    >>> corner, opposite = analyser.analyse(0b000000011), analyser.analyse(0b110000000)
    >>> corner.key == opposite.key, corner.passes
    (True, 1)
    """

    def __init__(self, graph: BitGraph, keys: KeyMode = "shapes") -> None:
        self.graph = graph
        self.keys = keys
        self._components: dict[int, ComponentInfo] = {}
        self._regions: dict[int, Region] = {}
        self._minimal: dict[int, int] = {}

    def analyse(self, free: int) -> Region:
        """The reduced region of the free vertices ``free``."""
        region = self._regions.get(free)
        if region is None:
            if len(self._regions) > CACHE_LIMIT:
                self._regions.clear()
            region = self._regions[free] = self._analyse(free)
        return region

    def _analyse(self, free: int) -> Region:
        graph = self.graph
        core = graph.core(free)
        passes = spare = lower = upper = 0
        shapes: list[int] = []
        positional = 0
        known = self._components
        for component in graph.components(core):
            info = known.get(component) or self.component(component)
            if info.equimatchable:
                passes += info.lower
                spare |= component
                continue
            lower += info.lower
            upper += info.upper
            if info.shape is None or self.keys != "shapes":
                positional |= component
            else:
                shapes.append(info.shape)
        core &= ~spare
        if self.keys != "raw" and positional:
            positional = graph.canonical(positional)
        shapes.sort()
        key = (positional, passes & 1, *shapes)
        return Region(core, passes, spare, key, lower + passes, upper + passes)

    def component(self, component: int) -> ComponentInfo:
        """Bounds, shape and equimatchability of one connected component."""
        info = self._components.get(component)
        if info is None:
            if len(self._components) > CACHE_LIMIT:
                self._components.clear()
            info = self._components[component] = self._component(component)
        return info

    def _component(self, component: int) -> ComponentInfo:
        shape = self.graph.component_class(component)
        if component.bit_count() <= EXACT_LIMIT:
            lower = self.min_maximal(component)
            upper = self.graph.max_matching(component)
            return ComponentInfo(shape, lower, upper, lower == upper)
        upper = self.graph.max_matching(component)
        return ComponentInfo(shape, (upper + 1) // 2, upper, False)

    def min_maximal(self, free: int) -> int:
        """The size of a minimum maximal matching of the subgraph induced by ``free``.

        Exhaustive (with a cache): for small vertex sets only.

        >>> from evalgame.games.tiling.board import Board
        >>> RegionAnalyser(Board(1, 4)).min_maximal(0b1111)
        1
        """
        free = self.graph.core(free)
        known = self._minimal.get(free)
        if known is not None:
            return known
        edges = self.graph.edges_within(free)
        best = 0 if not edges else 1 + min(self.min_maximal(free & ~edge) for edge in edges)
        self._minimal[free] = best
        return best


def order_key(graph: BitGraph, rest: int, max_to_move: bool, high: int) -> tuple[int, int, int]:
    """Sort key (best first) of a move that leaves ``rest`` free and at most ``high`` to come.

    MAX first tries the moves that keep the most moves possible, then those that leave the
    fewest dead vertices (no free neighbour) and the fewest weak ones (a single free
    neighbour: MIN could kill them next); MIN prefers the opposite.

    >>> from evalgame.games.tiling.board import Board
    >>> board = Board(1, 4)
    >>> order_key(board, 0b1100, True, 1) < order_key(board, 0b1001, True, 0)
    True
    """
    ones, twos = graph.neighbour_counts(rest)
    dead = (rest & ~ones).bit_count()
    weak = (rest & ones & ~twos).bit_count()
    if max_to_move:
        return -high, dead, weak
    return high, -dead, -weak
