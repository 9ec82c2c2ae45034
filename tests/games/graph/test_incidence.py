from __future__ import annotations

from fractions import Fraction

import pytest

from evalgame.errors import GraphError, LimitError
from evalgame.games.graph.graphs import graph_from_edge_list, graph_from_json, load_graph
from evalgame.games.graph.incidence import PAIRS, formula, incidence


@pytest.mark.parametrize(
    ("pair", "sizes"),
    [
        (("V", "E"), [2] * 9),
        (("E", "V"), [6, 2, 2, 2, 2, 2, 2]),  # v0 is on every edge
        (("E", "R"), [9, 3, 3, 3]),  # the outer face has every edge on its boundary
        (("V", "R"), [7, 3, 3, 3]),
        (("R", "V"), [4, 2, 2, 2, 2, 2, 2]),  # v0 lies on every face
        (("R", "E"), [2] * 9),  # a triangle and the outer face
    ],
)
def test_friendship_graph_sets(pair: tuple[str, str], sizes: list[int]) -> None:
    share = incidence(load_graph("friendship:3"), *pair)
    assert [len(s) for s in share.sets] == sizes
    assert share.total == share.ceiling == len(sizes)


def test_sets_follow_the_definitions_on_a_path() -> None:
    path = load_graph("path:3")
    assert incidence(path, "E", "V").sets == ((0,), (0, 1), (1,))
    assert incidence(path, "R", "E").sets == ((0,), (0,))  # bridges lie on one face
    assert incidence(path, "E", "R").sets == ((0, 1),)
    assert incidence(path, "E", "V").ceiling == 1  # the leaves have |S(v)| = 1


def test_parallel_edges_count_in_vertex_sets() -> None:
    share = incidence(graph_from_edge_list("a b\na b\nb c"), "E", "V")
    assert share.b_names == ("a", "b", "c")
    assert share.sets == ((0, 1), (0, 1, 2), (2,))
    assert share.a_names == ("a-b", "a-b#2", "b-c")


def test_vertices_without_edges_cannot_be_shared_by_colouring_edges() -> None:
    graph = graph_from_edge_list("a b\nlone")
    with pytest.raises(GraphError, match="vertex lone has no edge"):
        incidence(graph, "E", "V")
    assert incidence(graph, "V", "E").sets == ((0, 1),)


def test_a_single_vertex_has_a_face_with_no_edges() -> None:
    with pytest.raises(GraphError, match="S\\(r0\\) would be empty"):
        incidence(load_graph("path:1"), "E", "R")


@pytest.mark.parametrize(
    ("a", "b", "message"), [("E", "E", "must differ"), ("X", "E", "V, E or R")]
)
def test_bad_pairs_are_refused(a: str, b: str, message: str) -> None:
    with pytest.raises(GraphError, match=message):
        incidence(load_graph("path:3"), a, b)


def test_pairs_are_case_insensitive() -> None:
    assert incidence(load_graph("path:3"), "v", "e").colour == "V"


def test_given_weights() -> None:
    share = incidence(load_graph("path:3"), "V", "E", {"v1-v2": Fraction(5, 2)})
    assert share.weights == (1, Fraction(5, 2))
    assert share.total == Fraction(7, 2)
    assert share.weighting == "given"
    with pytest.raises(GraphError, match="unknown elements v9"):
        incidence(load_graph("path:3"), "V", "E", {"v9": 1})
    with pytest.raises(GraphError, match="negative"):
        incidence(load_graph("path:3"), "V", "E", {"v0-v1": -1})


def test_area_weights() -> None:
    share = incidence(load_graph("grid:2x3"), "V", "R", "area")
    assert share.weights == (0, 1, 1)
    graph = graph_from_json(
        '{"edges": [["a","b"],["b","c"],["c","a"]],'
        ' "pos": {"a": [0,0], "b": [1,0], "c": [0,"1/3"]}}'
    )
    assert incidence(graph, "E", "R", "area").weights == (0, Fraction(1, 6))
    with pytest.raises(GraphError, match="sharing faces"):
        incidence(load_graph("grid:2x3"), "R", "V", "area")
    with pytest.raises(GraphError, match="unit, area"):
        incidence(load_graph("grid:2x3"), "R", "V", "heavy")


def test_sizes_are_bounded() -> None:
    with pytest.raises(LimitError):
        incidence(load_graph("grid:10x10"), "E", "V")


def test_formula_reads_like_the_paper() -> None:
    share = incidence(load_graph("friendship:3"), "V", "E")
    assert formula(share).startswith("F = f(v0,v1) + f(v1,v2) + f(v0,v2) + f(v0,v3)")
    assert formula(share).count("f(") == 9
    weighted = incidence(load_graph("grid:2x2"), "E", "R", "area")
    assert formula(weighted) == "F = f(v0-v1,v0-v2,v1-v3,v2-v3)"  # the outer face weighs 0


@pytest.mark.parametrize("pair", PAIRS)
def test_titles_name_the_game(pair: tuple[str, str]) -> None:
    assert incidence(load_graph("wheel:5"), *pair).title == f"game(wheel:5, {pair[0]}, {pair[1]})"
