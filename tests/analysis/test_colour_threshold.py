from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evalgame.analysis.colour_threshold import chain, reaches, threshold
from evalgame.games.graph.graphs import Graph, load_graph
from evalgame.games.graph.incidence import PAIRS, incidence
from tests.games.graph.naive_share import naive_share, small_graphs


@settings(max_examples=30)
@given(small_graphs(max_vertices=5, max_edges=6), st.sampled_from(PAIRS))
def test_chain_is_monotone_with_the_papers_endpoints(graph: Graph, pair: tuple[str, str]) -> None:
    share = incidence(graph, *pair)
    size = len(share.a_names)
    assume(size <= 6)
    found = chain(share)
    assert len(found.values) == size
    assert found.values == sorted(found.values)
    assert found.values[-1] == share.ceiling  # k = |A|: a new colour at every turn
    if all(len(s) > 1 for s in share.sets):
        assert found.values[0] == 0  # k = 1: everything monochromatic
        assert share.ceiling == share.total
    for k in range(1, min(size, 3) + 1):  # the searched values against brute force
        assert found.values[k - 1] == naive_share(share.sets, share.weights, size, k)
    assert threshold(share).k == found.threshold
    assert found.threshold == min(k for k, v in enumerate(found.values, 1) if v == share.ceiling)


def test_friendship_graph_chains() -> None:
    f3 = load_graph("friendship:3")
    assert chain(incidence(f3, "V", "E")).values == [0, 4, 5, 8, 8, 8, 9]
    assert chain(incidence(f3, "R", "V")).values == [0, 5, 5, 7]


@pytest.mark.parametrize("n", range(3, 10))
def test_threshold_by_bisection_is_the_first_k_of_the_chain(n: int) -> None:
    share = incidence(load_graph(f"cycle:{n}"), "V", "E")
    found = threshold(share)
    assert found.k == chain(share).threshold
    assert reaches(share, found.k)
    assert found.k == 2 or not reaches(share, found.k - 1)
    assert found.reaches_total


def test_ceiling_below_the_total_when_some_set_is_a_singleton() -> None:
    share = incidence(load_graph("path:4"), "E", "V")  # the two leaves have |S(v)| = 1
    assert (share.ceiling, share.total) == (2, 4)
    found = threshold(share)
    assert not found.reaches_total
    assert chain(share).values[found.k - 1] == 2


def test_no_tests_when_the_ceiling_is_zero() -> None:
    share = incidence(load_graph("path:3"), "R", "V")  # one face: every S(v) is {r0}
    found = threshold(share)
    assert (found.k, found.tests) == (1, [])


def test_chain_stops_searching_at_the_ceiling() -> None:
    found = chain(incidence(load_graph("cycle:6"), "V", "E"))
    assert found.searched == found.threshold == 5
    assert chain(incidence(load_graph("cycle:6"), "V", "E"), top=2).values == [0, 2]
