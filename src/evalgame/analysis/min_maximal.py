"""Minimum maximal matchings (minimum maximal partial tilings) by integer programming.

A maximal partial tiling of a board is a maximal matching of its grid graph, and a smallest
one is a minimum maximal matching (equivalently a minimum edge dominating set). With a 0/1
variable ``x_e`` per edge the problem is the integer program

    minimise Σ x_e  subject to  Σ_{e ∋ v} x_e ≤ 1 for every vertex v        (a matching)
                                x_uv + Σ_{e ∋ u, e ≠ uv} x_e + Σ_{e ∋ v, e ≠ uv} x_e ≥ 1
                                for every edge uv                           (maximal)

solved by HiGHS through :func:`scipy.optimize.milp` with a zero optimality gap. The
solution returned is checked exactly (it is a matching and it is maximal); its optimality
rests on HiGHS's dual bound, which is reported and must round up to the value found.
This confirms the paper's Theorem 1: every maximal partial tiling of the 8×8 board has at
least 22 dominoes, and 22 are enough.

>>> minimum_maximal_tiling(3, 3).value
3
>>> from evalgame.games.matching.bitgraph import BitGraph
>>> minimum_maximal_matching(BitGraph(5, [(0, 1), (1, 2), (2, 3), (3, 4)])).value
2
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from evalgame.errors import EvalgameError, LimitError, SearchInterrupted
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.tiling.board import Board, Domino

#: edges beyond this are refused (HiGHS would take too long anyway)
MAX_EDGES = 5000


@dataclass(frozen=True)
class MinimumMaximal:
    """A minimum maximal matching: its size, its edges, and the proof's numbers."""

    #: the number of edges (dominoes)
    value: int
    #: the edges, as two-bit vertex masks
    edges: tuple[int, ...]
    #: HiGHS's proven lower bound on the optimum (a float; it rounds up to ``value``)
    dual_bound: float
    #: wall-clock seconds spent
    seconds: float


@dataclass(frozen=True)
class MinimumMaximalTiling:
    """A minimum maximal partial tiling of a ``rows × cols`` board."""

    rows: int
    cols: int
    value: int
    dominoes: tuple[Domino, ...]
    dual_bound: float
    seconds: float


def minimum_maximal_matching(graph: BitGraph, *, seconds: float | None = None) -> MinimumMaximal:
    """A minimum maximal matching of ``graph``, proven optimal by HiGHS.

    ``seconds`` limits the solver's time; running out raises
    :class:`~evalgame.errors.SearchInterrupted` with the bounds proven so far.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp
    from scipy.sparse import lil_matrix

    started = time.monotonic()
    edges = graph.edges
    if len(edges) > MAX_EDGES:
        raise LimitError("the number of edges", len(edges), MAX_EDGES, "use a smaller graph")
    if not edges:
        return MinimumMaximal(0, (), 0.0, time.monotonic() - started)
    incident: list[list[int]] = [[] for _ in range(graph.n)]
    for index, (u, v) in enumerate(edges):
        incident[u].append(index)
        incident[v].append(index)
    matching = lil_matrix((graph.n, len(edges)))
    for v, around in enumerate(incident):
        for index in around:
            matching[v, index] = 1
    dominating = lil_matrix((len(edges), len(edges)))
    for row, (u, v) in enumerate(edges):
        for index in {*incident[u], *incident[v]}:
            dominating[row, index] = 1
    options: dict[str, object] = {"mip_rel_gap": 0.0, "disp": False}
    if seconds is not None:
        options["time_limit"] = seconds
    result = milp(
        c=np.ones(len(edges)),
        constraints=[
            LinearConstraint(matching.tocsr(), -np.inf, 1),
            LinearConstraint(dominating.tocsr(), 1, np.inf),
        ],
        integrality=np.ones(len(edges)),
        bounds=Bounds(0, 1),
        options=options,
    )
    dual = float(getattr(result, "mip_dual_bound", math.nan))
    if result.status != 0 or result.x is None:
        lower = Fraction(math.ceil(dual - 1e-6)) if math.isfinite(dual) else None
        upper = Fraction(round(result.fun)) if result.x is not None else None
        raise SearchInterrupted(f"HiGHS stopped: {result.message}", lower, upper)
    chosen = tuple(
        1 << edges[i][0] | 1 << edges[i][1] for i in range(len(edges)) if result.x[i] > 0.5
    )
    _check_maximal_matching(graph, chosen)
    value = len(chosen)
    if math.ceil(dual - 1e-6) != value:
        raise EvalgameError(f"HiGHS's dual bound {dual} does not prove optimality of {value}")
    return MinimumMaximal(value, chosen, dual, time.monotonic() - started)


def minimum_maximal_tiling(
    rows: int, cols: int, *, seconds: float | None = None
) -> MinimumMaximalTiling:
    """A minimum maximal partial tiling of the ``rows × cols`` board (see the module doc).

    >>> tiling = minimum_maximal_tiling(1, 5)
    >>> tiling.value, len(tiling.dominoes)
    (2, 2)
    """
    board = Board(rows, cols)
    found = minimum_maximal_matching(board, seconds=seconds)
    dominoes = tuple(sorted(board.domino(edge) for edge in found.edges))
    return MinimumMaximalTiling(rows, cols, found.value, dominoes, found.dual_bound, found.seconds)


def _check_maximal_matching(graph: BitGraph, edges: tuple[int, ...]) -> None:
    """Verify exactly that ``edges`` is a maximal matching of ``graph``."""
    covered = 0
    for edge in edges:
        if covered & edge or edge.bit_count() != 2:
            raise EvalgameError("HiGHS returned edges that overlap")
        covered |= edge
    free = graph.full & ~covered
    if graph.edges_within(free):
        raise EvalgameError("HiGHS returned a matching that is not maximal")
