from __future__ import annotations

from collections import Counter

import networkx as nx
import pytest
from hypothesis import given, settings

from evalgame.games.graph_incidence import Incidence, incidence
from evalgame.games.graph_symmetry import Symmetries, automorphisms
from evalgame.games.graphs import Graph, load_graph
from tests.games.naive_share import small_graphs


def is_automorphism(share: Incidence, on_a: tuple[int, ...], on_b: tuple[int, ...]) -> bool:
    sets = Counter((w, frozenset(s)) for w, s in zip(share.weights, share.sets, strict=True) if w)
    image = Counter(
        (share.weights[x], frozenset(on_a[a] for a in s))
        for x, s in enumerate(share.sets)
        if share.weights[x]
    )
    maps_each = all(
        frozenset(on_a[a] for a in share.sets[x]) == frozenset(share.sets[on_b[x]])
        for x in range(len(share.sets))
        if share.weights[x]
    )
    return sets == image and maps_each


@pytest.mark.parametrize(
    ("spec", "pair", "order"),
    [
        ("cycle:7", ("V", "E"), 14),
        ("path:6", ("V", "E"), 2),
        ("wheel:7", ("E", "V"), 12),
        ("friendship:3", ("V", "E"), 48),
        ("complete:4", ("V", "R"), 24),
        ("petersen", ("V", "E"), 120),
        ("grid:3x3", ("E", "R"), 128),  # 8 symmetries × a swap of the two edges at each corner
    ],
)
def test_group_orders_of_known_graphs(spec: str, pair: tuple[str, str], order: int) -> None:
    share = incidence(load_graph(spec), *pair)
    group = Symmetries.find(share, 1000)
    assert len(group) == order
    assert group.on_a[0] == tuple(range(len(share.a_names)))  # the identity first
    assert len(set(zip(group.on_a, group.on_b, strict=True))) == order
    assert all(is_automorphism(share, a, b) for a, b in zip(group.on_a, group.on_b, strict=True))


def test_the_limit_is_respected() -> None:
    assert len(Symmetries.find(incidence(load_graph("complete:6"), "V", "E"), 10)) == 10


def test_weights_break_symmetry() -> None:
    share = incidence(load_graph("cycle:5"), "V", "E", {"v0-v1": 2})
    group = Symmetries.find(share, 100)
    assert len(group) == 2  # only the reflection through the heavy edge's middle


@settings(max_examples=40, deadline=None)
@given(small_graphs(max_vertices=6, max_edges=8))
def test_vertex_automorphisms_match_networkx(graph: Graph) -> None:
    """For (V, E) on a graph without isolated vertices, automorphisms of the incidence
    structure are the graph's automorphisms, which networkx counts independently."""
    share = incidence(graph, "V", "E")
    network = graph.to_networkx()
    count = sum(
        1 for _ in nx.algorithms.isomorphism.GraphMatcher(network, network).isomorphisms_iter()
    )
    group = Symmetries.find(share, 10_000)
    assert len(group) == count
    assert all(is_automorphism(share, a, b) for a, b in zip(group.on_a, group.on_b, strict=True))


def test_automorphisms_of_a_coloured_graph() -> None:
    square = [[1, 3], [0, 2], [1, 3], [0, 2]]
    assert len(automorphisms(square, ["x", "y", "x", "y"], 100)) == 4
    assert automorphisms(square, ["x", "y", "y", "y"], 100) == [[0, 1, 2, 3], [0, 3, 2, 1]]
