"""Graphs for the graph games: named families, edge-list and JSON files, exact coordinates.

A :class:`Graph` is a finite undirected graph without loops; parallel edges are allowed
(the paper's parity variant may join odd vertices by an extra edge), though faces need a
simple graph. Vertices have names (``v0``, ``v1``... for the named families); coordinates,
when known, are exact :class:`~fractions.Fraction` pairs, so face areas are exact.

=====================  ====================================================================
``path:N``             the path on N vertices
``cycle:N``            the cycle on N vertices (N ≥ 3)
``complete:N``         the complete graph K_N
``wheel:N``            a hub joined to a cycle: N vertices in all, as networkx counts them
``star:N``             a centre joined to N − 1 leaves
``friendship:N``       N triangles sharing one vertex (the paper's F_N, 2N + 1 vertices)
``ladder:N``           two paths of N vertices joined rung by rung
``grid:RxC``           the R × C grid of vertices
``bipartite:MxN``      the complete bipartite graph K_{M,N} (drawn in the plane when M ≤ 2)
``petersen``           the Petersen graph (not planar)
``FILE``               an edge list (``u v`` per line) or a JSON file (see :func:`read_graph`)
=====================  ====================================================================

The named families come with a plane straight-line drawing when they are planar (regular
polygons rounded to exact multiples of 1/1000), so their faces are those of the usual picture.

>>> graph = load_graph("friendship:3")
>>> len(graph.vertices), len(graph.edges), graph.vertices[:3]
(7, 9, ('v0', 'v1', 'v2'))
>>> graph.edge_name(0)
'v0-v1'
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evalgame.errors import GraphError, LimitError

if TYPE_CHECKING:
    import networkx as nx

#: a vertex position, exact
Point = tuple[Fraction, Fraction]

#: graphs with more vertices or edges are refused
MAX_VERTICES = 400
MAX_EDGES = 1200
#: largest file read
MAX_FILE_BYTES = 1_000_000
NAME = re.compile(r"[A-Za-z0-9_.]+")


@dataclass(frozen=True)
class Graph:
    """A named graph: vertex names, edges as pairs of vertex indices, optional coordinates."""

    name: str
    vertices: tuple[str, ...]
    edges: tuple[tuple[int, int], ...]
    pos: tuple[Point, ...] | None = None

    def edge_name(self, index: int) -> str:
        """``u-v`` for edge ``index`` (``u-v#2`` for a second parallel edge)."""
        u, v = self.edges[index]
        base = f"{self.vertices[u]}-{self.vertices[v]}"
        copies = sum(1 for e in self.edges[:index] if set(e) == {u, v})
        return base if copies == 0 else f"{base}#{copies + 1}"

    def degree(self, vertex: int) -> int:
        """The number of edge ends at ``vertex``."""
        return sum((u == vertex) + (v == vertex) for u, v in self.edges)

    @property
    def simple(self) -> bool:
        """Whether no two edges join the same pair of vertices."""
        return len({frozenset(e) for e in self.edges}) == len(self.edges)

    def to_networkx(self) -> nx.Graph:
        """The simple graph on vertex indices 0..n−1 (parallel edges merged)."""
        import networkx as nx  # here, not at the top: the command line starts without it

        result = nx.Graph()
        result.add_nodes_from(range(len(self.vertices)))
        result.add_edges_from(self.edges)
        return result


def make_graph(
    name: str,
    vertices: Sequence[str],
    edges: Iterable[tuple[int, int]],
    pos: Sequence[Point] | None = None,
) -> Graph:
    """A checked :class:`Graph` (no loops, distinct names, within the size limits).

    >>> make_graph("g", ["a", "b"], [(0, 1)]).edge_name(0)
    'a-b'
    >>> make_graph("g", ["a"], [(0, 0)])
    Traceback (most recent call last):
    evalgame.errors.GraphError: g: the edge a-a is a loop; loops are not allowed
    """
    vertices = tuple(vertices)
    edge_list = tuple((min(u, v), max(u, v)) for u, v in edges)
    if len(vertices) > MAX_VERTICES:
        raise LimitError(
            "the number of vertices", len(vertices), MAX_VERTICES, "use a smaller graph"
        )
    if len(edge_list) > MAX_EDGES:
        raise LimitError("the number of edges", len(edge_list), MAX_EDGES, "use a smaller graph")
    if not vertices:
        raise GraphError(f"{name}: the graph has no vertices")
    if len(set(vertices)) != len(vertices):
        raise GraphError(f"{name}: two vertices have the same name")
    for u, v in edge_list:
        if not (0 <= u < len(vertices) and 0 <= v < len(vertices)):
            raise GraphError(f"{name}: an edge ends at an unknown vertex")
        if u == v:
            raise GraphError(
                f"{name}: the edge {vertices[u]}-{vertices[u]} is a loop; loops are not allowed"
            )
    if pos is not None:
        pos = tuple((Fraction(x), Fraction(y)) for x, y in pos)
        if len(pos) != len(vertices):
            raise GraphError(f"{name}: every vertex needs coordinates, or none")
    return Graph(name, vertices, edge_list, None if pos is None else tuple(pos))


# --------------------------------------------------------------------------- named families


def load_graph(spec: str) -> Graph:
    """The graph named by ``spec``: a family (see the module doc) or a file.

    >>> load_graph("grid:2x3").edges[:3]
    ((0, 1), (0, 3), (1, 2))
    >>> load_graph("cycle:2")
    Traceback (most recent call last):
    evalgame.errors.GraphError: cycle:N needs N ≥ 3, not 2
    """
    family, _, argument = spec.partition(":")
    builder = FAMILIES.get(family.lower())
    if builder is not None:
        return builder(argument, spec)
    path = Path(spec)
    if path.is_file():
        return read_graph(path)
    raise GraphError(
        f"unknown graph {spec!r}: give a file, or one of "
        + ", ".join(USAGE.get(name, f"{name}:N") for name in FAMILIES)
    )


def family_size(argument: str, spec: str, least: int, most: int = MAX_VERTICES) -> int:
    """The size N of ``family:N``, checked to be at least ``least``."""
    family = spec.partition(":")[0]
    if not _is_whole_number(argument):
        raise GraphError(f"{family}:N needs a whole number N, not {argument!r}")
    size = int(argument)
    if size < least:
        raise GraphError(f"{family}:N needs N ≥ {least}, not {size}")
    if size > most:
        raise LimitError(f"{family} size", size, most, "use a smaller graph")
    return size


def _round(value: float) -> Fraction:
    """``value`` rounded to an exact multiple of 1/1000."""
    return Fraction(round(value * 1000), 1000)


def polygon(count: int, radius: float = 1.0, start: float = math.pi / 2) -> list[Point]:
    """``count`` points of a regular polygon (counter-clockwise), rounded exactly.

    >>> [(str(x), str(y)) for x, y in polygon(6)][:3]
    [('0', '1'), ('-433/500', '1/2'), ('-433/500', '-1/2')]
    """
    angles = (start + 2 * math.pi * i / count for i in range(count))
    return [(_round(radius * math.cos(a)), _round(radius * math.sin(a))) for a in angles]


def names(count: int) -> list[str]:
    """``v0 … v(count−1)``."""
    return [f"v{i}" for i in range(count)]


def _path(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 1)
    pos = [(Fraction(i), Fraction(0)) for i in range(n)]
    return make_graph(f"path:{n}", names(n), [(i, i + 1) for i in range(n - 1)], pos)


def _cycle(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 3)
    return make_graph(f"cycle:{n}", names(n), [(i, (i + 1) % n) for i in range(n)], polygon(n))


def _complete(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 1, 60)
    edges = [(i, j) for i in range(n) for j in range(i + 1, n)]
    if n == 4:  # the plane drawing: a triangle around its centre
        pos = [(Fraction(0), Fraction(0)), *polygon(3)]
    else:
        pos = polygon(n) if n > 1 else [(Fraction(0), Fraction(0))]
    return make_graph(f"complete:{n}", names(n), edges, pos)


def _wheel(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 4)
    rim = n - 1
    edges = [(0, i) for i in range(1, n)] + [(i, i % rim + 1) for i in range(1, n)]
    return make_graph(f"wheel:{n}", names(n), edges, [(Fraction(0), Fraction(0)), *polygon(rim)])


def _star(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 2)
    edges = [(0, i) for i in range(1, n)]
    return make_graph(f"star:{n}", names(n), edges, [(Fraction(0), Fraction(0)), *polygon(n - 1)])


def _friendship(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 1, MAX_VERTICES // 2 - 1)
    pos: list[Point] = [(Fraction(0), Fraction(0))]
    edges: list[tuple[int, int]] = []
    spread = math.pi / (2 * n) if n > 1 else math.pi / 6
    for t in range(n):
        middle = math.pi / 2 + 2 * math.pi * t / n
        for angle in (middle - spread, middle + spread):
            pos.append((_round(math.cos(angle)), _round(math.sin(angle))))
        a, b = 2 * t + 1, 2 * t + 2
        edges += [(0, a), (a, b), (0, b)]
    return make_graph(f"friendship:{n}", names(2 * n + 1), edges, pos)


def _ladder(argument: str, spec: str) -> Graph:
    n = family_size(argument, spec, 1, MAX_VERTICES // 2)
    edges = [(i, i + 1) for i in range(n - 1)] + [(n + i, n + i + 1) for i in range(n - 1)]
    edges += [(i, n + i) for i in range(n)]
    pos = [(Fraction(i), Fraction(1)) for i in range(n)] + [
        (Fraction(i), Fraction(0)) for i in range(n)
    ]
    return make_graph(f"ladder:{n}", names(2 * n), edges, pos)


def _is_whole_number(text: str) -> bool:
    # str.isdigit alone accepts '²', which int() refuses
    return text.isascii() and text.isdigit()


def _dimensions(argument: str, usage: str) -> tuple[int, int]:
    """``R`` and ``C`` of an ``RxC`` argument, both positive."""
    rows, sep, cols = argument.lower().partition("x")
    if (
        not (sep and _is_whole_number(rows) and _is_whole_number(cols))
        or int(rows) < 1
        or int(cols) < 1
    ):
        raise GraphError(f"{usage} needs positive whole numbers, not {argument!r}")
    return int(rows), int(cols)


def _grid(argument: str, spec: str) -> Graph:
    r, c = _dimensions(argument, "grid:RxC")
    if r * c > MAX_VERTICES:
        raise LimitError("the number of grid vertices", r * c, MAX_VERTICES, "use a smaller grid")
    edges = [(i * c + j, i * c + j + 1) for i in range(r) for j in range(c - 1)]
    edges += [(i * c + j, (i + 1) * c + j) for i in range(r - 1) for j in range(c)]
    pos = [(Fraction(j), Fraction(-i)) for i in range(r) for j in range(c)]
    return make_graph(f"grid:{r}x{c}", names(r * c), sorted(edges), pos)


def _bipartite(argument: str, spec: str) -> Graph:
    """K_{M,N}: M vertices on one side, N on the other, every pair across joined.

    With M ≤ 2 the M side sits left and right of a column of the N side, a plane drawing;
    otherwise the graph is not planar and has no coordinates.

    >>> graph = load_graph("bipartite:2x3")
    >>> len(graph.vertices), len(graph.edges), graph.pos is not None
    (5, 6, True)
    """
    m, n = _dimensions(argument, "bipartite:MxN")
    if m + n > MAX_VERTICES:
        raise LimitError("the number of vertices", m + n, MAX_VERTICES, "use a smaller graph")
    edges = [(i, m + j) for i in range(m) for j in range(n)]
    pos: list[Point] | None = None
    if m <= 2:
        sides = [(Fraction(-1), Fraction(0)), (Fraction(1), Fraction(0))][:m]
        pos = sides + [(Fraction(0), Fraction(2 * j - (n - 1), 2)) for j in range(n)]
    return make_graph(f"bipartite:{m}x{n}", names(m + n), edges, pos)


def _petersen(argument: str, spec: str) -> Graph:
    if argument:
        raise GraphError("petersen takes no size")
    outer, inner = polygon(5), polygon(5, 0.5)
    edges = [(i, (i + 1) % 5) for i in range(5)] + [(i, i + 5) for i in range(5)]
    edges += [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return make_graph("petersen", names(10), edges, outer + inner)


FAMILIES: dict[str, Callable[[str, str], Graph]] = {
    "path": _path,
    "cycle": _cycle,
    "complete": _complete,
    "wheel": _wheel,
    "star": _star,
    "friendship": _friendship,
    "ladder": _ladder,
    "grid": _grid,
    "bipartite": _bipartite,
    "petersen": _petersen,
}
#: how to name the families that do not take one size N
USAGE = {"grid": "grid:RxC", "bipartite": "bipartite:MxN", "petersen": "petersen"}


# --------------------------------------------------------------------------- files


def read_graph(path: Path) -> Graph:
    """A graph from a file: JSON if it ends in ``.json``, else an edge list.

    An edge list has one edge ``u v`` per line (spaces or a comma between the ends);
    ``#`` starts a comment; a line with one name is an isolated vertex. A JSON file is
    ``{"vertices": [...], "edges": [[u, v], ...], "pos": {"u": [x, y], ...}}`` where
    ``vertices`` and ``pos`` are optional and coordinates are numbers or exact strings
    such as ``"1/3"`` (decimals are read exactly: 0.1 is 1/10).
    """
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise LimitError(
                "the file size (bytes)", path.stat().st_size, MAX_FILE_BYTES, "use a smaller file"
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise GraphError(f"cannot read {path}: {error}") from None
    if path.suffix.lower() == ".json":
        return graph_from_json(text, path.name)
    return graph_from_edge_list(text, path.name)


def graph_from_edge_list(text: str, name: str = "graph") -> Graph:
    """A graph from lines ``u v`` (names of vertices; digits become ``v0``, ``v1``...).

    >>> graph_from_edge_list("0 1\\n1,2  # a comment\\n\\n3").edges
    ((0, 1), (1, 2))
    """
    order: dict[str, int] = {}
    edges: list[tuple[int, int]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].replace(",", " ").split()
        if not words:
            continue
        if len(words) > 2:
            raise GraphError(f"{name}, line {number}: expected 'u v', got {raw.strip()!r}")
        ends = [order.setdefault(_vertex_name(w, name), len(order)) for w in words]
        if len(ends) == 2:
            edges.append((ends[0], ends[1]))
    return make_graph(name, list(order), edges)


def graph_from_json(text: str, name: str = "graph") -> Graph:
    """A graph from the JSON format of :func:`read_graph`.

    >>> graph = graph_from_json('{"edges": [["a", "b"]], "pos": {"a": [0, 0], "b": ["1/2", 0.1]}}')
    >>> graph.pos[1]
    (Fraction(1, 2), Fraction(1, 10))
    """
    try:
        data = json.loads(text, parse_float=Fraction, parse_int=Fraction)
    except (json.JSONDecodeError, ValueError) as error:
        raise GraphError(f"{name}: not valid JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("edges"), list):
        raise GraphError(f'{name}: expected an object with "edges": [[u, v], ...]')
    order: dict[str, int] = {}
    for vertex in _list(data.get("vertices", []), name, "vertices"):
        order.setdefault(_vertex_name(vertex, name), len(order))
    edges = []
    for edge in data["edges"]:
        if not isinstance(edge, list) or len(edge) != 2:
            raise GraphError(
                f"{name}: an edge must be a pair [u, v], not {json.dumps(edge, default=str)}"
            )
        u, v = (order.setdefault(_vertex_name(end, name), len(order)) for end in edge)
        edges.append((u, v))
    pos = None
    if "pos" in data:
        pos = _positions(data["pos"], order, name)
    return make_graph(name, list(order), edges, pos)


def _list(value: Any, name: str, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise GraphError(f'{name}: "{field}" must be a list')
    return value


def _vertex_name(value: Any, name: str) -> str:
    """A vertex name from a file: digits become ``v<digits>``."""
    if isinstance(value, Fraction) and value.denominator == 1 and value >= 0:
        value = str(value.numerator)
    if not isinstance(value, str) or not NAME.fullmatch(value):
        raise GraphError(f"{name}: vertex names are letters, digits, '_' and '.', not {value!r}")
    return f"v{value}" if value.isdigit() else value


def _positions(value: Any, order: Mapping[str, int], name: str) -> list[Point]:
    if not isinstance(value, dict):
        raise GraphError(f'{name}: "pos" must map vertex names to [x, y]')
    pos: dict[int, Point] = {}
    for key, point in value.items():
        vertex = _vertex_name(key, name)
        if vertex not in order:
            raise GraphError(f"{name}: coordinates for unknown vertex {vertex}")
        if not isinstance(point, list) or len(point) != 2:
            raise GraphError(f"{name}: coordinates of {vertex} must be [x, y]")
        pos[order[vertex]] = (_exact(point[0], name), _exact(point[1], name))
    if len(pos) != len(order):
        missing = [v for v, i in order.items() if i not in pos]
        raise GraphError(f"{name}: no coordinates for {', '.join(missing[:5])}")
    return [pos[i] for i in range(len(order))]


def _exact(value: Any, name: str) -> Fraction:
    """A coordinate: a number read exactly, or a string like ``"1/3"`` or ``"0.25"``."""
    if isinstance(value, Fraction):
        return value
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise GraphError(f"{name}: {value!r} is not an exact coordinate (a number or 'p/q')")
