"""Faces of a plane graph, the outer face included, with exact areas.

The faces come from the graph's own straight-line drawing when it has coordinates (checked
exactly to be plane: no two edges cross or overlap, no vertex lies on an edge), and
otherwise from the planar embedding networkx computes (with its integer straight-line
drawing). Each face is a closed walk with the face on its left: inner faces run
counter-clockwise, the outer face clockwise. A bridge lies on one face only, and appears
twice in its walk.

Areas are exact (the shoelace formula on Fractions); only a drawing the user gave has
meaningful areas, so :func:`face_areas` refuses a drawing networkx chose.

>>> from evalgame.games.graph.graphs import load_graph
>>> plane = plane_faces(load_graph("wheel:5"))
>>> [face.name for face in plane.faces], plane.faces[0].walk
(['r0', 'r1', 'r2', 'r3', 'r4'], (1, 4, 3, 2))
>>> sorted(plane.faces[1].vertices), face_areas(plane)[1:]
([0, 1, 2], (Fraction(1, 2), Fraction(1, 2), Fraction(1, 2), Fraction(1, 2)))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cmp_to_key
from typing import Any

from evalgame.errors import GraphError
from evalgame.games.graph.graphs import Graph, Point


@dataclass(frozen=True)
class Face:
    """One face: its boundary walk (vertex indices), edges and vertices on its boundary."""

    name: str
    walk: tuple[int, ...]
    edges: frozenset[int]
    vertices: frozenset[int]
    outer: bool
    #: signed area of the walk: the face's area for inner faces, minus the drawing's for the outer
    signed_area: Fraction


@dataclass(frozen=True)
class PlaneGraph:
    """A graph with its faces (outer face first) and the drawing they were read from."""

    graph: Graph
    faces: tuple[Face, ...]
    pos: tuple[Point, ...]
    #: whether ``pos`` is the graph's own drawing (else networkx's, and areas mean nothing)
    given: bool


def plane_faces(graph: Graph) -> PlaneGraph:
    """The faces of ``graph`` (connected, simple, planar), the outer face first as ``r0``.

    >>> from evalgame.games.graph.graphs import load_graph
    >>> plane_faces(load_graph("complete:5"))
    Traceback (most recent call last):
    evalgame.errors.GraphError: complete:5 is not planar, so it has no faces
    """
    if not graph.simple:
        raise GraphError(f"{graph.name}: faces need a graph without parallel edges")
    import networkx as nx  # here, not at the top: the command line starts without it

    network = graph.to_networkx()
    if not nx.is_connected(network):
        raise GraphError(f"{graph.name}: faces need a connected graph")
    planar, embedding = nx.check_planarity(network)
    if not planar:
        raise GraphError(f"{graph.name} is not planar, so it has no faces")
    if graph.pos is not None:
        check_plane_drawing(graph, graph.pos)
        pos, given = graph.pos, True
    else:
        if len(graph.vertices) < 3:
            drawing = {v: (v, 0) for v in range(len(graph.vertices))}
        else:
            drawing = nx.combinatorial_embedding_to_pos(embedding)
        pos = tuple((Fraction(drawing[v][0]), Fraction(drawing[v][1])) for v in network)
        given = False
    walks = _face_walks(graph, pos)
    if len(graph.vertices) - len(graph.edges) + len(walks) != 2:  # Euler's formula
        raise GraphError(f"{graph.name}: the drawing is not plane")
    return PlaneGraph(graph, _name_faces(graph, walks, pos), pos, given)


def face_areas(plane: PlaneGraph) -> tuple[Fraction, ...]:
    """The area of every face, in the order of ``plane.faces``; the outer face weighs 0.

    >>> from evalgame.games.graph.graphs import load_graph
    >>> face_areas(plane_faces(load_graph("grid:2x3")))
    (Fraction(0, 1), Fraction(1, 1), Fraction(1, 1))
    """
    if not plane.given:
        raise GraphError(
            f"{plane.graph.name} has no coordinates, so its faces have no areas "
            '(give a JSON file with "pos")'
        )
    return tuple(Fraction(0) if face.outer else face.signed_area for face in plane.faces)


def signed_area(points: list[Point]) -> Fraction:
    """The signed area of the closed polygon ``points`` (shoelace formula; > 0 if ccw).

    >>> origin, right, up = [(Fraction(x), Fraction(y)) for x, y in ((0, 0), (2, 0), (0, 1))]
    >>> signed_area([origin, right, up]), signed_area([origin, up, right])
    (Fraction(1, 1), Fraction(-1, 1))
    """
    total = Fraction(0)
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return total / 2


def check_plane_drawing(graph: Graph, pos: tuple[Point, ...]) -> None:
    """Refuse a drawing with two vertices at one point, a vertex on an edge, or a crossing.

    >>> from evalgame.games.graph.graphs import make_graph
    >>> square = [(0, 0), (1, 0), (1, 1), (0, 1)]
    >>> crossed = make_graph("x", "abcd", [(0, 2), (1, 3)], square)
    >>> check_plane_drawing(crossed, crossed.pos)
    Traceback (most recent call last):
    evalgame.errors.GraphError: x: in the drawing, the edges a-c and b-d cross
    """
    if len(set(pos)) != len(pos):
        raise GraphError(f"{graph.name}: two vertices are drawn at the same point")
    edges = graph.edges
    for i, (a, b) in enumerate(edges):
        for w in range(len(pos)):
            if w not in (a, b) and _on_segment(pos[a], pos[b], pos[w]):
                raise GraphError(
                    f"{graph.name}: in the drawing, vertex {graph.vertices[w]} lies on the "
                    f"edge {graph.edge_name(i)}"
                )
        for j in range(i + 1, len(edges)):
            c, d = edges[j]
            if _segments_meet(pos[a], pos[b], pos[c], pos[d], {a, b} & {c, d}):
                raise GraphError(
                    f"{graph.name}: in the drawing, the edges {graph.edge_name(i)} and "
                    f"{graph.edge_name(j)} cross"
                )


def _cross(o: Point, a: Point, b: Point) -> Fraction:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    """Whether ``p`` lies on the closed segment ``ab``."""
    return (
        _cross(a, b, p) == 0
        and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])
    )


def _segments_meet(a: Point, b: Point, c: Point, d: Point, shared: set[int]) -> bool:
    """Whether segments ab and cd meet anywhere but at a shared endpoint."""
    if shared:  # they share an endpoint: they overlap only if collinear and pointing alike
        p = a if a in (c, d) else b
        q = b if p == a else a
        r = d if p == c else c
        u, v = (q[0] - p[0], q[1] - p[1]), (r[0] - p[0], r[1] - p[1])
        return u[0] * v[1] - u[1] * v[0] == 0 and u[0] * v[0] + u[1] * v[1] > 0
    d1, d2 = _cross(a, b, c), _cross(a, b, d)
    d3, d4 = _cross(c, d, a), _cross(c, d, b)
    if ((d1 > 0) != (d2 > 0)) and d1 != 0 and d2 != 0 and ((d3 > 0) != (d4 > 0)) and d3 and d4:
        return True
    return any(
        (
            d1 == 0 and _on_segment(a, b, c),
            d2 == 0 and _on_segment(a, b, d),
            d3 == 0 and _on_segment(c, d, a),
            d4 == 0 and _on_segment(c, d, b),
        )
    )


def _rotation(graph: Graph, pos: tuple[Point, ...]) -> list[list[int]]:
    """The neighbours of every vertex in counter-clockwise order, exactly."""
    neighbours: list[list[int]] = [[] for _ in graph.vertices]
    for u, v in graph.edges:
        neighbours[u].append(v)
        neighbours[v].append(u)

    def by_angle(v: int) -> Callable[[int], Any]:
        origin = pos[v]

        def half(w: int) -> int:
            dx, dy = pos[w][0] - origin[0], pos[w][1] - origin[1]
            return 0 if dy > 0 or (dy == 0 and dx > 0) else 1

        def order(a: int, b: int) -> int:
            if half(a) != half(b):
                return half(a) - half(b)
            turn = _cross(origin, pos[a], pos[b])
            return -1 if turn > 0 else 1 if turn < 0 else 0

        return cmp_to_key(order)

    return [sorted(ns, key=by_angle(v)) for v, ns in enumerate(neighbours)]


def _face_walks(graph: Graph, pos: tuple[Point, ...]) -> list[list[int]]:
    """Closed walks around the faces, each with its face on the left."""
    rotation = _rotation(graph, pos)
    index = [{w: i for i, w in enumerate(ns)} for ns in rotation]
    seen: set[tuple[int, int]] = set()
    walks = []
    for u, v in sorted({(u, v) for e in graph.edges for u, v in (e, e[::-1])}):
        if (u, v) in seen:
            continue
        walk = []
        while (u, v) not in seen:
            seen.add((u, v))
            walk.append(u)
            around = rotation[v]
            u, v = v, around[(index[v][u] - 1) % len(around)]  # next clockwise after u
        walks.append(walk)
    if not walks:  # a single vertex: one face, with nothing on its boundary
        walks.append([0])
    return walks


def _name_faces(graph: Graph, walks: list[list[int]], pos: tuple[Point, ...]) -> tuple[Face, ...]:
    """Faces in order: the outer face (least signed area) as ``r0``, then the inner faces."""
    areas = [signed_area([pos[v] for v in walk]) for walk in walks]
    outer = min(range(len(walks)), key=areas.__getitem__)
    ids = {frozenset(e): i for i, e in enumerate(graph.edges)}
    order = [outer] + [i for i in range(len(walks)) if i != outer]
    faces = []
    for number, i in enumerate(order):
        walk = walks[i]
        steps = zip(walk, walk[1:] + walk[:1], strict=True) if len(walk) > 1 else iter(())
        edges = frozenset(ids[frozenset(step)] for step in steps)
        faces.append(Face(f"r{number}", tuple(walk), edges, frozenset(walk), i == outer, areas[i]))
    return tuple(faces)
