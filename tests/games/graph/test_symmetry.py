from __future__ import annotations

from math import factorial, prod

import networkx as nx
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evalgame.games.graph.graphs import Graph, load_graph
from evalgame.games.graph.incidence import PAIRS, Incidence, incidence
from evalgame.games.graph.symmetry import Quotient, Symmetries, automorphisms
from tests.games.graph.naive_share import small_graphs


def is_automorphism(quotient: Quotient, on_a: tuple[int, ...], on_b: tuple[int, ...]) -> bool:
    """Whether the class permutations keep sizes and weights and map sets onto sets."""
    return all(
        quotient.a_sizes[on_a[c]] == size for c, size in enumerate(quotient.a_sizes)
    ) and all(
        quotient.b_sizes[on_b[y]] == quotient.b_sizes[y]
        and quotient.b_weights[on_b[y]] == quotient.b_weights[y]
        and {on_a[c] for c in classes} == set(quotient.b_sets[on_b[y]])
        for y, classes in enumerate(quotient.b_sets)
    )


def full_group_order(share: Incidence) -> int:
    """Automorphisms of the whole weighted incidence structure, counted by networkx."""
    n = len(share.a_names)
    graph = nx.Graph()
    graph.add_nodes_from(range(n), kind="A")
    for x, weight in enumerate(share.weights):
        if weight:
            graph.add_node(n + x, kind=("B", weight))
            graph.add_edges_from((a, n + x) for a in share.sets[x])
    matcher = nx.algorithms.isomorphism.GraphMatcher(
        graph, graph, node_match=lambda u, v: u["kind"] == v["kind"]
    )
    return sum(1 for _ in matcher.isomorphisms_iter())


@pytest.mark.parametrize(
    ("spec", "pair", "order"),
    [
        ("cycle:7", ("V", "E"), 14),
        ("path:6", ("V", "E"), 2),
        ("wheel:7", ("E", "V"), 12),
        ("friendship:3", ("V", "E"), 48),
        ("complete:4", ("V", "R"), 24),
        ("petersen", ("V", "E"), 120),
        ("grid:3x3", ("E", "R"), 8),  # the two edges at a corner are twins, not symmetries
        ("friendship:3", ("R", "E"), 6),  # the triangles' edges are twins
    ],
)
def test_group_orders_of_known_graphs(spec: str, pair: tuple[str, str], order: int) -> None:
    share = incidence(load_graph(spec), *pair)
    quotient = Quotient.of(share)
    group = Symmetries.find(share, 1000)
    assert len(group) == order
    assert group.on_a[0] == tuple(range(len(quotient.a_sizes)))  # the identity first
    assert len(set(zip(group.on_a, group.on_b, strict=True))) == order
    assert all(is_automorphism(quotient, a, b) for a, b in zip(group.on_a, group.on_b, strict=True))


def test_the_limit_is_respected() -> None:
    assert len(Symmetries.find(incidence(load_graph("complete:6"), "V", "E"), 10)) == 10


def test_weights_break_symmetry() -> None:
    share = incidence(load_graph("cycle:5"), "V", "E", {"v0-v1": 2})
    group = Symmetries.find(share, 100)
    assert len(group) == 2  # only the reflection through the heavy edge's middle


@settings(max_examples=30)
@given(small_graphs(max_vertices=5, max_edges=6), st.sampled_from(PAIRS))
def test_quotient_group_times_twin_swaps_is_the_whole_group(
    graph: Graph, pair: tuple[str, str]
) -> None:
    """|Aut| = |Aut(quotient)| · Π |class|! — networkx counts the left side independently."""
    share = incidence(graph, *pair)
    assume(len(share.a_names) + len(share.b_names) <= 14)
    quotient = Quotient.of(share)
    group = Symmetries.find(share, 10_000)
    swaps = prod(factorial(size) for size in quotient.a_sizes + quotient.b_sizes)
    assert len(group) * swaps == full_group_order(share)
    assert all(is_automorphism(quotient, a, b) for a, b in zip(group.on_a, group.on_b, strict=True))


def test_twin_classes() -> None:
    quotient = Quotient.of(incidence(load_graph("grid:2x3"), "E", "R"))
    assert quotient.a_sizes == (3, 3, 1)  # each square's outer edges, the middle edge
    assert Quotient.of(incidence(load_graph("cycle:4"), "V", "E", {"v0-v1": 0})).b_class[0] == -1


def test_automorphisms_of_a_coloured_graph() -> None:
    square = [[1, 3], [0, 2], [1, 3], [0, 2]]
    assert len(automorphisms(square, ["x", "y", "x", "y"], 100)) == 4
    assert automorphisms(square, ["x", "y", "y", "y"], 100) == [[0, 1, 2, 3], [0, 3, 2, 1]]
