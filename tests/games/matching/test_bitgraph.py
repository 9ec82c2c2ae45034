"""Bitmask graphs against plain set computations and networkx."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalgame.errors import GraphError
from evalgame.games.matching.bitgraph import BitGraph, Permutation, bits
from tests.games.matching.naive_matching import NaiveEdge, graphs, induced, max_matching


def naive_neighbours(edges: list[NaiveEdge], vertex: int) -> set[int]:
    return {v for e in edges for u, v in (e, e[::-1]) if u == vertex}


def as_set(mask: int) -> set[int]:
    return set(bits(mask))


@given(graphs(), st.integers(0, 2**7 - 1))
def test_set_operations_match_the_definitions(graph: tuple[int, list[NaiveEdge]], raw: int) -> None:
    n, edges = graph
    g = BitGraph(n, edges)
    mask = raw & g.full
    free = as_set(mask)
    around = {v: naive_neighbours(edges, v) for v in range(n)}
    assert as_set(g.neighbourhood(mask)) == {v for v in range(n) if around[v] & free}
    assert as_set(g.core(mask)) == {v for v in free if around[v] & free}
    ones, twos = g.neighbour_counts(mask)
    assert as_set(ones) == {v for v in range(n) if len(around[v] & free) >= 1}
    assert as_set(twos) == {v for v in range(n) if len(around[v] & free) >= 2}
    assert {tuple(bits(e)) for e in g.edges_within(mask)} == set(induced(edges, free))


@given(graphs(), st.integers(0, 2**7 - 1))
def test_components_are_networkx_components(graph: tuple[int, list[NaiveEdge]], raw: int) -> None:
    n, edges = graph
    g = BitGraph(n, edges)
    mask = raw & g.full
    reference = nx.Graph()
    reference.add_nodes_from(range(n))
    reference.add_edges_from(edges)
    expected = {frozenset(c) for c in nx.connected_components(reference.subgraph(bits(mask)))}
    found = g.components(mask)
    assert {frozenset(bits(c)) for c in found} == expected
    assert len(found) == len(expected)


@given(graphs(max_vertices=8), st.integers(0, 2**8 - 1))
def test_maximum_matching_is_exhaustive_maximum(
    graph: tuple[int, list[NaiveEdge]], raw: int
) -> None:
    n, edges = graph
    g = BitGraph(n, edges)
    mask = raw & g.full
    assert g.max_matching(mask) == max_matching(induced(edges, bits(mask)))


@given(st.integers(2, 14), st.integers(0, 2**14 - 1), st.randoms(use_true_random=False))
def test_bipartite_matching_agrees_with_networkx(n: int, raw: int, rnd: object) -> None:
    left = n // 2
    reference = nx.bipartite.random_graph(left, n - left, 0.4, seed=raw)
    g = BitGraph(n, reference.edges())
    assert g.bipartite
    mask = raw & g.full
    expected = len(nx.max_weight_matching(reference.subgraph(bits(mask)), maxcardinality=True))
    assert g.max_matching(mask) == expected


def test_odd_cycles_are_not_bipartite() -> None:
    assert not BitGraph(5, [(i, (i + 1) % 5) for i in range(5)]).bipartite
    assert BitGraph(6, [(i, (i + 1) % 6) for i in range(6)]).bipartite


def test_permutations_move_every_bit() -> None:
    images = [3, 9, 0, 1, 4, 8, 2, 7, 5, 6]
    permutation = Permutation(images)
    for v in range(10):
        assert permutation(1 << v) == 1 << images[v]
    assert permutation(0b1111111111) == 0b1111111111


def test_canonical_forms_are_shared_by_symmetric_sets() -> None:
    cycle = BitGraph(4, [(0, 1), (1, 2), (2, 3), (3, 0)], automorphisms=[[1, 2, 3, 0]])
    assert {cycle.canonical(1 << v) for v in range(4)} == {1}
    assert cycle.canonical(0b0101) != cycle.canonical(0b0011)


@pytest.mark.parametrize(
    ("n", "edges", "automorphisms", "message"),
    [
        (3, [(0, 3)], [], "outside"),
        (3, [(1, 1)], [], "loop"),
        (-1, [], [], "between"),
        (3, [(0, 1)], [[0, 0, 1]], "not a permutation"),
        (3, [(0, 1)], [[2, 1, 0]], "not an automorphism"),
    ],
)
def test_bad_graphs_are_refused(
    n: int, edges: list[NaiveEdge], automorphisms: list[list[int]], message: str
) -> None:
    with pytest.raises(GraphError, match=message):
        BitGraph(n, edges, automorphisms=automorphisms)


def test_describe_uses_labels() -> None:
    g = BitGraph(2, [(0, 1)], labels=["a", "b"])
    assert g.describe(0b11) == "a–b"
