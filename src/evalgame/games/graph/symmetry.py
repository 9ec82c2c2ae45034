"""Twins and automorphisms of a graph game's incidence structure.

*Twins* are elements of A that lie in exactly the same sets S(x) of positive weight, and
elements of B with the same set S(x) and weight. Twins can be exchanged at any time, so
positions are described per *class* of twins (:class:`Quotient`): for A the number of its
busy elements, for B the one state its members share.

An automorphism of the quotient is a pair of permutations (of the A-classes and of the
B-classes) that keeps class sizes and weights and maps every S(x) onto S(π(x)). It maps
positions to positions of equal value, so a transposition key may be the least image of a
position over *any* set of automorphisms (equal keys still mean equal values; the whole
group merely merges the most), and MIN's moves a and π(a) are equivalent whenever π fixes
the position.

The automorphisms are found on the quotient's bipartite incidence graph by
individualisation and colour refinement (:func:`automorphisms`), at most ``limit`` of them:
enough for cycles, wheels, friendship graphs and grids, not all of a complete graph's n!.

>>> from evalgame.games.graph.graphs import load_graph
>>> from evalgame.games.graph.incidence import incidence
>>> group = Symmetries.of(incidence(load_graph("cycle:5"), "V", "E"))
>>> len(group)   # the dihedral group of the pentagon
10
>>> state = ("v0", "v1", "v2", "v3", "v4", "e01", "e12", "e23", "e34", "e04")
>>> group.images(state)[1]   # the reflection through v0 moves vertices and edges alike
('v0', 'v4', 'v3', 'v2', 'v1', 'e04', 'e34', 'e23', 'e12', 'e01')
>>> quotient = Quotient.of(incidence(load_graph("friendship:3"), "R", "E"))
>>> quotient.b_class   # the three edges of a triangle lie on the same two faces
(0, 0, 0, 1, 1, 1, 2, 2, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

from evalgame.games.graph.incidence import Incidence

#: most automorphisms used (each costs a little on every transposition key)
DEFAULT_LIMIT = 64


@dataclass(frozen=True)
class Quotient:
    """The classes of twins: ``a_class[a]`` for every element of A, ``b_class[x]`` for every
    element of B (−1 for the weightless ones, which never matter), the classes' sizes, and
    for every B-class the A-classes of its S(x) and its members' weight."""

    a_class: tuple[int, ...]
    b_class: tuple[int, ...]
    a_sizes: tuple[int, ...]
    b_sizes: tuple[int, ...]
    b_sets: tuple[tuple[int, ...], ...]
    b_weights: tuple[Any, ...]

    @classmethod
    def of(cls, share: Incidence) -> Quotient:
        """The twin classes of ``share`` (numbered in order of first member)."""
        relevant = [x for x, w in enumerate(share.weights) if w > 0]
        touching: list[list[int]] = [[] for _ in share.a_names]
        for x in relevant:
            for a in share.sets[x]:
                touching[a].append(x)
        a_numbers: dict[tuple[int, ...], int] = {}
        a_class = tuple(a_numbers.setdefault(tuple(t), len(a_numbers)) for t in touching)
        b_numbers: dict[tuple[Any, ...], int] = {}
        b_class = []
        for x, weight in enumerate(share.weights):
            if weight > 0:
                key = (tuple(sorted({a_class[a] for a in share.sets[x]})), share.sets[x], weight)
                b_class.append(b_numbers.setdefault(key, len(b_numbers)))
            else:
                b_class.append(-1)
        keys = list(b_numbers)
        return cls(
            a_class,
            tuple(b_class),
            tuple(a_class.count(c) for c in range(len(a_numbers))),
            tuple(b_class.count(c) for c in range(len(b_numbers))),
            tuple(key[0] for key in keys),
            tuple(key[2] for key in keys),
        )


@dataclass(frozen=True)
class Symmetries:
    """Automorphisms of the quotient (the identity first) as permutations ``on_a`` of the
    A-classes and ``on_b`` of the B-classes. The ``gather`` functions turn a tuple indexed
    by A-classes then B-classes into the tuple of its image."""

    on_a: tuple[tuple[int, ...], ...]
    on_b: tuple[tuple[int, ...], ...]
    gather: tuple[Callable[[Sequence[Any]], tuple[Any, ...]], ...]

    @classmethod
    def of(cls, share: Incidence, limit: int = DEFAULT_LIMIT) -> Symmetries:
        """At most ``limit`` automorphisms of the quotient of ``share`` (cached)."""
        return _symmetries(share, limit)

    @classmethod
    def find(cls, share: Incidence, limit: int) -> Symmetries:
        """Search for at most ``limit`` automorphisms (uncached :meth:`of`)."""
        quotient = Quotient.of(share)
        n = len(quotient.a_sizes)
        nodes = n + len(quotient.b_sizes)
        neighbours: list[list[int]] = [[] for _ in range(nodes)]
        for y, classes in enumerate(quotient.b_sets):
            for c in classes:
                neighbours[c].append(n + y)
                neighbours[n + y].append(c)
        kinds = [f"A {size}" for size in quotient.a_sizes] + [
            f"B {size} {weight}"
            for size, weight in zip(quotient.b_sizes, quotient.b_weights, strict=True)
        ]
        found = [
            (tuple(mapping[:n]), tuple(image - n for image in mapping[n:]))
            for mapping in automorphisms(neighbours, kinds, limit)
        ]
        return cls.from_permutations(found)

    @classmethod
    def from_permutations(
        cls, found: Sequence[tuple[tuple[int, ...], tuple[int, ...]]]
    ) -> Symmetries:
        """The symmetries given as (permutation of A-classes, of B-classes) pairs."""
        gathers = []
        for on_a, on_b in found:
            n = len(on_a)
            inverse = [0] * (n + len(on_b))
            for a, image in enumerate(on_a):
                inverse[image] = a
            for x, image in enumerate(on_b):
                inverse[n + image] = n + x
            gathers.append(_gatherer(inverse))
        return cls(
            tuple(on_a for on_a, _ in found), tuple(on_b for _, on_b in found), tuple(gathers)
        )

    def __len__(self) -> int:
        return len(self.on_a)

    def images(self, state: Sequence[Any]) -> list[tuple[Any, ...]]:
        """``state`` (a tuple over the A-classes, then the B-classes) under every automorphism."""
        return [gather(state) for gather in self.gather]


def automorphisms(
    neighbours: Sequence[Sequence[int]], kinds: Sequence[str], limit: int
) -> list[list[int]]:
    """Up to ``limit`` automorphisms of a coloured graph (the identity first).

    ``neighbours[v]`` lists the neighbours of node v, ``kinds[v]`` its colour; an
    automorphism is returned as the list of images of the nodes. The search individualises
    one node at a time on the left and each candidate image on the right, refining both
    colourings in step (a branch dies as soon as they differ), until every node has its own
    colour; a leaf is kept if it maps edges onto edges.

    >>> cycle = [[1, 3], [0, 2], [1, 3], [0, 2]]
    >>> len(automorphisms(cycle, ["x"] * 4, 100)), automorphisms(cycle, ["x"] * 4, 2)
    (8, [[0, 1, 2, 3], [0, 3, 2, 1]])
    """
    start = _refine(neighbours, [[kind] for kind in kinds], [[kind] for kind in kinds])
    found: list[list[int]] = []
    edges = {(v, w) for v, ws in enumerate(neighbours) for w in ws}
    stack = [] if start is None else [start]
    while stack and len(found) < limit:
        left, right = stack.pop()
        cells: dict[int, list[int]] = {}
        for v, colour in enumerate(left):
            cells.setdefault(colour, []).append(v)
        open_cells = [cell for cell in cells.values() if len(cell) > 1]
        if not open_cells:
            image = {colour: w for w, colour in enumerate(right)}
            mapping = [image[colour] for colour in left]
            if all((mapping[v], mapping[w]) in edges for v, w in edges):
                found.append(mapping)
            continue
        v = min(open_cells, key=len)[0]
        targets = [w for w, colour in enumerate(right) if colour == left[v]]
        for w in reversed(targets):  # the identity's branch first
            tagged_left = [[c] for c in left]
            tagged_right = [[c] for c in right]
            tagged_left[v].append(-1)
            tagged_right[w].append(-1)
            branch = _refine(neighbours, tagged_left, tagged_right)
            if branch is not None:
                stack.append(branch)
    return found


def _refine(
    neighbours: Sequence[Sequence[int]], left: list[list[Any]], right: list[list[Any]]
) -> tuple[list[int], list[int]] | None:
    """Refine two colourings in step; ``None`` as soon as their colour classes differ."""
    count = 0
    while True:
        numbering = {signature: i for i, signature in enumerate(sorted(set(map(repr, left))))}
        if sorted(map(repr, left)) != sorted(map(repr, right)):
            return None
        new_left = [numbering[repr(colour)] for colour in left]
        new_right = [numbering[repr(colour)] for colour in right]
        if len(numbering) == count:
            return new_left, new_right
        count = len(numbering)
        left = [[c, sorted(new_left[u] for u in neighbours[v])] for v, c in enumerate(new_left)]
        right = [[c, sorted(new_right[u] for u in neighbours[v])] for v, c in enumerate(new_right)]


@lru_cache(maxsize=64)
def _symmetries(share: Incidence, limit: int) -> Symmetries:
    return Symmetries.find(share, limit)


def _gatherer(inverse: list[int]) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
    """A function mapping a tuple ``t`` to ``(t[inverse[0]], t[inverse[1]], …)``."""
    if len(inverse) == 1:
        only = inverse[0]
        return lambda t: (t[only],)
    return itemgetter(*inverse)
