"""Graphs as adjacency bitmasks: the board of every matching game.

Vertices are ``0 … n−1``; a set of vertices is an ``int`` whose bit ``v`` is set when ``v``
belongs to it, and an edge is the two-bit mask of its ends. Everything a matching game needs
is a few big-integer operations: the neighbourhood of a set, the vertices of a set that still
have a neighbour in it, connected components, the edges inside a set, a maximum matching,
and a canonical form of a set under the graph's symmetries.

>>> path = BitGraph(4, [(0, 1), (1, 2), (2, 3)])
>>> bin(path.neighbourhood(0b0001))
'0b10'
>>> [bin(c) for c in path.components(0b1011)]
['0b11', '0b1000']
>>> path.max_matching(path.full)
2
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from evalgame.errors import GraphError, LimitError

#: an edge given by its two ends
Edge = tuple[int, int]

#: graphs larger than this are refused (the games on them could never be solved anyway)
MAX_VERTICES = 1024
#: symmetry groups larger than this are refused (canonical forms would cost too much)
MAX_SYMMETRIES = 1000


def bits(mask: int) -> Iterator[int]:
    """The elements of the set ``mask``, in increasing order.

    >>> list(bits(0b10110))
    [1, 2, 4]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Permutation:
    """A permutation of the vertices, applied to a whole bitmask through byte tables.

    >>> swap = Permutation([1, 0, 2])
    >>> bin(swap(0b001)), bin(swap(0b110))
    ('0b10', '0b101')
    """

    def __init__(self, images: Sequence[int]) -> None:
        n = len(images)
        if sorted(images) != list(range(n)):
            raise GraphError(f"not a permutation of 0…{n - 1}: {list(images)}")
        self.images = tuple(images)
        self._tables: list[list[int]] = []
        for start in range(0, n, 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                bit = start + low.bit_length() - 1
                table[byte] = table[byte ^ low] | (1 << images[bit] if bit < n else 0)
            self._tables.append(table)

    def __call__(self, mask: int) -> int:
        image = 0
        for table in self._tables:
            if not mask:
                break
            image |= table[mask & 255]
            mask >>= 8
        return image


class BitGraph:
    """A finite simple undirected graph on the vertices ``0 … n−1``.

    ``automorphisms`` are vertex permutations mapping the graph onto itself; the group they
    generate defines :meth:`canonical`.

    >>> triangle = BitGraph(3, [(0, 1), (1, 2), (0, 2)])
    >>> triangle.bipartite, triangle.max_matching(0b111)
    (False, 1)
    >>> BitGraph(2, [(0, 0)])
    Traceback (most recent call last):
    ...
    evalgame.errors.GraphError: loop at vertex 0: a domino needs two different vertices
    """

    def __init__(
        self,
        n: int,
        edges: Iterable[Edge],
        *,
        automorphisms: Iterable[Sequence[int]] = (),
        labels: Sequence[str] | None = None,
    ) -> None:
        if n < 0 or n > MAX_VERTICES:
            raise GraphError(f"a graph needs between 0 and {MAX_VERTICES} vertices, not {n}")
        adjacency = [0] * n
        edge_set: set[Edge] = set()
        for u, v in edges:
            if not (0 <= u < n and 0 <= v < n):
                raise GraphError(f"edge ({u}, {v}) has an end outside 0…{n - 1}")
            if u == v:
                raise GraphError(f"loop at vertex {u}: a domino needs two different vertices")
            adjacency[u] |= 1 << v
            adjacency[v] |= 1 << u
            edge_set.add((min(u, v), max(u, v)))
        self.n = n
        self.full = (1 << n) - 1
        self.adjacency = tuple(adjacency)
        self.edges = tuple(sorted(edge_set))
        self.labels = tuple(labels) if labels is not None else tuple(map(str, range(n)))
        self.colour_class = _two_colouring(self.adjacency)
        self.symmetries = [Permutation(images) for images in self._group(automorphisms)]

    @property
    def bipartite(self) -> bool:
        """Whether the graph has no odd cycle."""
        return self.colour_class is not None

    def _group(self, generators: Iterable[Sequence[int]]) -> list[tuple[int, ...]]:
        """The automorphism group the ``generators`` generate (the identity first)."""
        identity = tuple(range(self.n))
        steps = []
        for images in generators:
            permutation = Permutation(images)  # checks that it is a permutation
            if len(permutation.images) != self.n:
                raise GraphError(f"{list(images)} does not permute the {self.n} vertices")
            for u, v in self.edges:
                if not self.adjacency[permutation.images[u]] >> permutation.images[v] & 1:
                    raise GraphError(f"{list(images)} is not an automorphism")
            steps.append(permutation.images)
        group = {identity: None}
        frontier = [identity]
        while frontier:
            element = frontier.pop()
            for step in steps:
                image = tuple(step[v] for v in element)
                if image not in group:
                    if len(group) >= MAX_SYMMETRIES:
                        raise LimitError(
                            "the symmetry group", len(group) + 1, MAX_SYMMETRIES, "give fewer"
                        )
                    group[image] = None
                    frontier.append(image)
        return list(group)

    def neighbourhood(self, mask: int) -> int:
        """The vertices with at least one neighbour in ``mask``."""
        result = 0
        adjacency = self.adjacency
        while mask:
            low = mask & -mask
            result |= adjacency[low.bit_length() - 1]
            mask ^= low
        return result

    def neighbour_counts(self, mask: int) -> tuple[int, int]:
        """The vertices with at least one, and with at least two, neighbours in ``mask``.

        >>> [bin(m) for m in BitGraph(3, [(0, 1), (1, 2)]).neighbour_counts(0b101)]
        ['0b10', '0b10']
        """
        ones = twos = 0
        adjacency = self.adjacency
        while mask:
            low = mask & -mask
            around = adjacency[low.bit_length() - 1]
            twos |= ones & around
            ones |= around
            mask ^= low
        return ones, twos

    def core(self, mask: int) -> int:
        """The vertices of ``mask`` with a neighbour in ``mask`` (drops isolated ones).

        >>> BitGraph(3, [(0, 1)]).core(0b111)
        3
        """
        return mask & self.neighbourhood(mask)

    def components(self, mask: int) -> list[int]:
        """The connected components of the subgraph induced by ``mask``, lowest vertex first."""
        found = []
        while mask:
            component = frontier = mask & -mask
            while frontier:
                frontier = self.neighbourhood(frontier) & mask & ~component
                component |= frontier
            found.append(component)
            mask &= ~component
        return found

    def edges_within(self, mask: int) -> list[int]:
        """The edges with both ends in ``mask``, as two-bit masks.

        >>> [bin(e) for e in BitGraph(3, [(0, 1), (1, 2)]).edges_within(0b011)]
        ['0b11']
        """
        found = []
        adjacency = self.adjacency
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            later = adjacency[low.bit_length() - 1] & rest
            while later:
                other = later & -later
                found.append(low | other)
                later ^= other
        return found

    def max_matching(self, mask: int) -> int:
        """The size of a maximum matching of the subgraph induced by ``mask``."""
        if self.colour_class is not None:
            return _bipartite_matching(self.adjacency, mask & self.colour_class, mask)
        return _general_matching(self, mask)

    def canonical(self, mask: int) -> int:
        """The smallest image of ``mask`` under the graph's symmetries.

        >>> BitGraph(3, [(0, 1), (1, 2)], automorphisms=[[2, 1, 0]]).canonical(0b100)
        1
        """
        best = mask
        for symmetry in self.symmetries:
            image = symmetry(mask)
            if image < best:
                best = image
        return best

    def shape(self, component: int) -> int | None:
        """A key shared by congruent components whatever their size, or ``None`` when the
        graph knows no congruences (always, here: a board's regions have shapes).

        The key depends on the component's vertices up to the graph's congruences only, so
        a key of one graph may only be compared with keys of graphs of the same kind.
        """
        return None

    def component_class(self, component: int) -> int | None:
        """A key shared by isomorphic components, or ``None`` when unknown (always, here).

        Subclasses that recognise congruent components (a board's polyominoes) return an
        isomorphism invariant, so that a search can share the values of their positions.
        """
        return None

    def describe(self, edge: int) -> str:
        """A two-bit edge mask as ``u–v`` with the vertices' labels."""
        u, v = bits(edge)
        return f"{self.labels[u]}–{self.labels[v]}"


def _two_colouring(adjacency: Sequence[int]) -> int | None:
    """A set containing exactly one end of every edge, or ``None`` for an odd cycle."""
    colour: dict[int, int] = {}
    for start in range(len(adjacency)):
        if start in colour:
            continue
        colour[start] = 0
        stack = [start]
        while stack:
            u = stack.pop()
            for v in bits(adjacency[u]):
                if v not in colour:
                    colour[v] = 1 - colour[u]
                    stack.append(v)
                elif colour[v] == colour[u]:
                    return None
    return sum(1 << v for v, c in colour.items() if c == 0)


def _bipartite_matching(adjacency: Sequence[int], left: int, mask: int) -> int:
    """Kuhn's augmenting paths from the vertices of ``left`` (explicit stack, no recursion).

    A greedy matching comes first; vertices a failed search visited stay visited until the
    next augmentation (they cannot lie on an augmenting path before it).
    """
    partner: dict[int, int] = {}
    taken = 0
    unmatched = []
    for u in bits(left):
        options = adjacency[u] & mask & ~taken
        if options:
            v = (options & -options).bit_length() - 1
            partner[u], partner[v] = v, u
            taken |= 1 << v
        else:
            unmatched.append(u)
    seen = 0
    for root in unmatched:
        parent: dict[int, int] = {}
        stack = [(root, adjacency[root] & mask)]
        end = -1
        while stack:
            u, options = stack[-1]
            options &= ~seen
            if not options:
                stack.pop()
                continue
            low = options & -options
            v = low.bit_length() - 1
            stack[-1] = (u, options ^ low)
            seen |= low
            parent[v] = u
            if not taken & low:
                end = v
                break
            stack.append((partner[v], adjacency[partner[v]] & mask))
        if end >= 0:
            seen = 0
            taken |= 1 << end
        while end >= 0:
            u = parent[end]
            previous = partner.get(u, -1)
            partner[end] = u
            partner[u] = end
            end = previous
    return taken.bit_count()


def _general_matching(graph: BitGraph, mask: int) -> int:
    """Edmonds' blossom algorithm through networkx, on the induced subgraph."""
    import networkx as nx

    induced = nx.Graph()
    induced.add_nodes_from(bits(mask))
    induced.add_edges_from((u, v) for u, v in graph.edges if mask >> u & 1 and mask >> v & 1)
    return len(nx.max_weight_matching(induced, maxcardinality=True))
