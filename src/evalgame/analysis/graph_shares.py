"""Exact chains minimax(F,[k]) for k = 1..|A| over families of graphs, with the graphs'
parameters: the data behind the §7 questions on graph games (``scripts/graph_shares.py``).

Each :class:`ShareRecord` holds one game(G, A, B) with unit weights: the whole chain
(alpha-beta with a transposition table, one search per k until the ceiling), |A|, |B|,
the sizes of the sets S(x), and the parameters of G (vertices, edges, faces, degrees,
girth).

>>> record = share_record("cycle:5", ("V", "E"), seconds=10)
>>> record.chain, record.b, record.girth
(['0', '2', '4', '5', '5'], 5, 5)
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx

from evalgame.analysis.colour_threshold import chain
from evalgame.errors import GraphError, LimitError, SearchInterrupted
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import PAIRS, incidence
from evalgame.numbers import format_number
from evalgame.search.budget import Budget

#: the families and their sizes: the five of the k* tables, and five more
FAMILIES: dict[str, list[str]] = {
    "path": [f"path:{n}" for n in range(2, 17)],
    "cycle": [f"cycle:{n}" for n in range(3, 17)],
    "complete": [f"complete:{n}" for n in range(2, 17)],
    "wheel": [f"wheel:{n}" for n in range(4, 17)],
    "friendship": [f"friendship:{n}" for n in range(1, 9)],
    "star": [f"star:{n}" for n in range(2, 17)],
    "ladder": [f"ladder:{n}" for n in range(2, 9)],
    "grid": [f"grid:3x{n}" for n in range(2, 6)],
    "bipartite 2×N": [f"bipartite:2x{n}" for n in range(1, 9)],
    "bipartite 3×N": [f"bipartite:3x{n}" for n in range(3, 6)],
}
#: the families that are new in this section (the others have k* tables above)
NEW = ("star", "ladder", "grid", "bipartite 2×N", "bipartite 3×N")


@dataclass
class ShareRecord:
    """One game(G, A, B): its chain (None when a search ran out of time) and parameters."""

    family: str
    spec: str
    pair: str
    a: int
    b: int
    #: |S(x)| for every x ∈ B
    set_sizes: list[int]
    vertices: int
    edges: int
    faces: int | None
    min_degree: int
    max_degree: int
    #: the length of a shortest cycle; None for a forest
    girth: int | None
    chain: list[str] | None
    seconds: float

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return asdict(self)

    @property
    def values(self) -> list[Fraction]:
        """The chain as exact numbers."""
        return [Fraction(v) for v in self.chain or []]

    @property
    def ceiling(self) -> int:
        """The x ∈ B with |S(x)| ≥ 2: what MAX gets with |A| colours."""
        return sum(size >= 2 for size in self.set_sizes)


def share_record(
    spec: str, pair: tuple[str, str], *, seconds: float, family: str = ""
) -> ShareRecord:
    """The chain of game(``spec``, A, B) within ``seconds`` per chain, and the parameters.

    Raises :class:`GraphError` or :class:`LimitError` when the game does not exist (faces
    of a non-planar graph) or is too large for the solver.
    """
    graph = load_graph(spec)
    share = incidence(graph, *pair)
    simple = graph.to_networkx()
    degrees = [d for _, d in simple.degree()]
    faces = len(share.plane.faces) if share.plane is not None else _faces(graph)
    started = time.process_time()
    values: list[str] | None
    try:
        found = chain(share, budget=Budget(seconds=seconds))
        values = [format_number(v) for v in found.values]
    except SearchInterrupted:
        values = None
    return ShareRecord(
        family or spec.partition(":")[0],
        spec,
        "".join(pair),
        len(share.a_names),
        len(share.b_names),
        [len(s) for s in share.sets],
        len(graph.vertices),
        len(graph.edges),
        faces,
        min(degrees),
        max(degrees),
        _girth(simple),
        values,
        time.process_time() - started,
    )


def _faces(graph: Any) -> int | None:
    """Faces by Euler's formula when the graph is connected and planar, else None."""
    simple = graph.to_networkx()
    if not nx.is_connected(simple) or not nx.check_planarity(simple)[0]:
        return None
    return int(simple.number_of_edges() - simple.number_of_nodes() + 2)


def _girth(graph: nx.Graph) -> int | None:
    """The length of a shortest cycle (None when there is none)."""
    best: int | None = None
    for root in graph.nodes:  # a breadth-first search from each vertex finds every shortest cycle
        depth, parent = {root: 0}, {root: None}
        queue = [root]
        for u in queue:
            for v in graph.neighbors(u):
                if v not in depth:
                    depth[v], parent[v] = depth[u] + 1, u
                    queue.append(v)
                elif parent[u] != v:
                    length = depth[u] + depth[v] + 1
                    best = length if best is None else min(best, length)
    return best


def records(
    families: dict[str, list[str]], pairs: list[tuple[str, str]], *, max_colored: int,
    seconds: float, known: dict[str, dict[str, Any]] | None = None,
) -> Iterator[tuple[str, ShareRecord]]:  # fmt: skip
    """Every game of ``families`` × ``pairs`` with at most ``max_colored`` elements in A,
    smallest first, as (key, record); a family's pair stops at its first timeout.

    Games in ``known`` (keyed ``spec:AB``) are not computed again.
    """
    known = known or {}
    for family, specs in families.items():
        for pair in pairs:
            for spec in specs:
                key = f"{spec}:{''.join(pair)}"
                if key in known:
                    record = ShareRecord(**known[key])
                else:
                    try:
                        size = len(incidence(load_graph(spec), *pair).a_names)
                    except (GraphError, LimitError):
                        continue
                    if size > max_colored:
                        break
                    record = share_record(spec, pair, seconds=seconds, family=family)
                yield key, record
                if record.chain is None:
                    break


def load_or_compute(
    path: Path, *, max_colored: int, seconds: float, compute: bool = True,
    log: Callable[[str], None] = print,
) -> list[ShareRecord]:  # fmt: skip
    """The records kept in the JSON file ``path``, with the missing ones of
    :data:`FAMILIES` computed (unless ``compute`` is false) and saved after each game."""
    data: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    if not compute:
        return [ShareRecord(**value) for value in data.values()]
    found = []
    for key, record in records(FAMILIES, list(PAIRS), max_colored=max_colored,
                               seconds=seconds, known=data):  # fmt: skip
        if key not in data:
            data[key] = record.as_dict()
            path.write_text(json.dumps(data, indent=0, ensure_ascii=False) + "\n")
            log(f"{key}: |A|={record.a} chain={record.chain} {record.seconds:.1f} s")
        found.append(record)
    return found
