from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import networkx as nx
import pytest

from evalgame.errors import GraphError, LimitError
from evalgame.games.graph.graphs import (
    graph_from_edge_list,
    graph_from_json,
    load_graph,
    make_graph,
    read_graph,
)

REFERENCES = {
    "path:5": nx.path_graph(5),
    "cycle:6": nx.cycle_graph(6),
    "complete:4": nx.complete_graph(4),
    "complete:6": nx.complete_graph(6),
    "wheel:6": nx.wheel_graph(6),
    "star:5": nx.star_graph(4),
    "friendship:3": nx.windmill_graph(3, 3),
    "ladder:4": nx.ladder_graph(4),
    "grid:3x4": nx.grid_2d_graph(3, 4),
    "petersen": nx.petersen_graph(),
}


@pytest.mark.parametrize(("spec", "reference"), REFERENCES.items())
def test_named_families_are_the_networkx_graphs(spec: str, reference: nx.Graph) -> None:
    graph = load_graph(spec)
    assert graph.name == spec
    assert nx.is_isomorphic(graph.to_networkx(), reference)
    assert graph.pos is not None
    assert len(set(graph.pos)) == len(graph.vertices)
    assert all(isinstance(c, Fraction) for point in graph.pos for c in point)


@pytest.mark.parametrize(
    "spec",
    ["cycle:2", "wheel:3", "grid:0x3", "grid:axb", "grid:3", "path:x", "path:0", "petersen:3",
     "nosuch:3", "no-such-file.txt", "path:²", "grid:²x3"],
)  # fmt: skip
def test_bad_names_are_clear_errors(spec: str) -> None:
    with pytest.raises(GraphError):
        load_graph(spec)


@pytest.mark.parametrize("spec", ["path:100000", "grid:100x100", "complete:61"])
def test_sizes_are_bounded(spec: str) -> None:
    with pytest.raises(LimitError):
        load_graph(spec)


def test_edge_lists_read_names_comments_and_isolated_vertices() -> None:
    graph = graph_from_edge_list("# a triangle and a loner\n0 1\n1,2\n2 0  # back\nlone\n")
    assert graph.vertices == ("v0", "v1", "v2", "lone")
    assert graph.edges == ((0, 1), (1, 2), (0, 2))


def test_parallel_edges_get_numbered_names() -> None:
    graph = graph_from_edge_list("a b\nb a\n")
    assert [graph.edge_name(i) for i in range(2)] == ["a-b", "a-b#2"]
    assert not graph.simple
    assert graph.degree(0) == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [("a b c", "expected 'u v'"), ("a a", "loop"), ("a b!", "vertex names"), ("", "no vertices")],
)
def test_bad_edge_lists_are_refused(text: str, message: str) -> None:
    with pytest.raises(GraphError, match=message):
        graph_from_edge_list(text)


def test_json_coordinates_are_exact() -> None:
    graph = graph_from_json(
        '{"vertices": ["c"], "edges": [["a", "b"], [1, "a"]],'
        ' "pos": {"a": [0.1, "1/3"], "b": [2, -0.5], "c": [0, 0], "1": ["7/2", 1e-3]}}'
    )
    assert graph.vertices == ("c", "a", "b", "v1")
    assert graph.pos is not None
    assert graph.pos[1] == (Fraction(1, 10), Fraction(1, 3))
    assert graph.pos[3] == (Fraction(7, 2), Fraction(1, 1000))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "expected an object"),
        ("{not json", "not valid JSON"),
        ('{"edges": [["a"]]}', "pair"),
        ('{"edges": [["a", "b"]], "pos": {"a": [0, 0]}}', "no coordinates for b"),
        ('{"edges": [["a", "b"]], "pos": {"a": [0, 0], "b": [1, 0], "c": [0, 1]}}', "unknown"),
        ('{"edges": [["a", "b"]], "pos": {"a": [0, 0], "b": [1, "x"]}}', "exact coordinate"),
        ('{"edges": [["a", "b"]], "vertices": "ab"}', "must be a list"),
    ],
)
def test_bad_json_is_refused(text: str, message: str) -> None:
    with pytest.raises(GraphError, match=message):
        graph_from_json(text)


def test_files_are_read_by_suffix(tmp_path: Path) -> None:
    (tmp_path / "g.txt").write_text("0 1\n1 2\n")
    (tmp_path / "g.json").write_text(
        '{"edges": [[0, 1], [1, 2]], "pos": {"0": [0, 0], "1": [1, 0], "2": [1, 1]}}'
    )
    plain, placed = load_graph(str(tmp_path / "g.txt")), read_graph(tmp_path / "g.json")
    assert plain.edges == placed.edges
    assert plain.pos is None
    assert placed.pos is not None
    assert placed.name == "g.json"


def test_make_graph_checks_its_input() -> None:
    with pytest.raises(GraphError, match="same name"):
        make_graph("g", ["a", "a"], [])
    with pytest.raises(GraphError, match="unknown vertex"):
        make_graph("g", ["a"], [(0, 1)])
    with pytest.raises(GraphError, match="every vertex needs coordinates"):
        make_graph("g", ["a", "b"], [(0, 1)], [(Fraction(0), Fraction(0))])
