"""A naive reference for the graph games: e-Valuate on F = Σ w(x)·f_x played on whole
colourings, straight from the paper's definition (no residual state, no symmetry, no
bounds), and small random graphs for hypothesis."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from hypothesis import strategies as st

from evalgame.games.graph.graphs import Graph, make_graph
from evalgame.numbers import Number


def share_of(
    sets: Sequence[Sequence[int]], weights: Sequence[Number], colours: Sequence[int], rule: str
) -> Number:
    """F on a complete colouring: the weight of the x ∈ B that are MAX's."""
    total: Number = 0
    for members, weight in zip(sets, weights, strict=True):
        seen = [colours[a] for a in members]
        mine = seen.count(1) % 2 == 1 if rule == "parity" else len(set(seen)) > 1
        if mine:
            total += weight
    return total


def naive_share(
    sets: Sequence[Sequence[int]],
    weights: Sequence[Number],
    size: int,
    k: int,
    rule: str = "mono",
    start: tuple[int, ...] | None = None,
    proposal: int = 0,
) -> Number:
    """minimax(F, [k]) from the colouring ``start`` (0: uncoloured; default: nothing
    coloured), MAX to propose — or MIN to place ``proposal`` if it is not 0."""
    sets = tuple(tuple(s) for s in sets)
    weights = tuple(weights)

    @cache
    def value(colours: tuple[int, ...], waiting: int) -> Number:
        free = [a for a in range(size) if colours[a] == 0]
        if not free:
            return share_of(sets, weights, colours, rule)
        if waiting == 0:
            return max(value(colours, c) for c in range(1, k + 1))
        return min(value((*colours[:a], waiting, *colours[a + 1 :]), 0) for a in free)

    return value(start if start is not None else (0,) * size, proposal)


@st.composite
def small_graphs(draw: st.DrawFn, max_vertices: int = 6, max_edges: int = 8) -> Graph:
    """A random connected simple graph on 2..``max_vertices`` vertices with at most
    ``max_edges`` edges (planar: with at most 8 edges it cannot contain K5 or K3,3)."""
    n = draw(st.integers(2, max_vertices))
    tree = {(draw(st.integers(0, v - 1)), v) for v in range(1, n)}
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n) if (u, v) not in tree]
    room = max(0, max_edges - len(tree))
    extra = draw(st.lists(st.sampled_from(pairs), max_size=room, unique=True)) if pairs else []
    return make_graph("random", [f"v{i}" for i in range(n)], sorted(tree | set(extra)))
