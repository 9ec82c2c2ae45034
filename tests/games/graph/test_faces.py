from __future__ import annotations

from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings

from evalgame.errors import GraphError
from evalgame.games.graph.faces import face_areas, plane_faces, signed_area
from evalgame.games.graph.graphs import Graph, graph_from_json, load_graph, make_graph
from tests.games.graph.naive_share import small_graphs


def networkx_faces(graph: Graph) -> set[frozenset[int]]:
    """Vertex sets of the faces of networkx's own planar embedding."""
    _, embedding = nx.check_planarity(graph.to_networkx())
    seen: set[tuple[int, int]] = set()
    faces = set()
    for u, v in embedding.edges():
        if (u, v) not in seen:
            faces.add(frozenset(embedding.traverse_face(u, v, mark_half_edges=seen)))
    return faces


@pytest.mark.parametrize("n", [4, 5, 6, 9])
def test_wheel_faces_are_the_triangles_and_the_rim(n: int) -> None:
    plane = plane_faces(load_graph(f"wheel:{n}"))
    outer, *inner = plane.faces
    assert outer.outer
    assert outer.vertices == frozenset(range(1, n))
    assert len(inner) == n - 1
    assert all(len(face.vertices) == 3 and 0 in face.vertices for face in inner)
    # a 3-connected planar graph has one embedding (Whitney): networkx finds the same faces
    assert {face.vertices for face in plane.faces} == networkx_faces(plane.graph)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (3, 4), (4, 3)])
def test_grid_faces_are_unit_squares(rows: int, cols: int) -> None:
    plane = plane_faces(load_graph(f"grid:{rows}x{cols}"))
    assert len(plane.faces) == (rows - 1) * (cols - 1) + 1
    assert all(len(face.edges) == 4 for face in plane.faces[1:])
    assert len(plane.faces[0].edges) == 2 * (rows - 1) + 2 * (cols - 1)
    assert face_areas(plane) == (0,) + (1,) * ((rows - 1) * (cols - 1))


def test_friendship_graph_has_three_triangles_and_an_outer_face() -> None:
    plane = plane_faces(load_graph("friendship:3"))
    assert [len(face.edges) for face in plane.faces] == [9, 3, 3, 3]
    assert [face.name for face in plane.faces] == ["r0", "r1", "r2", "r3"]


def test_a_tree_has_one_face_with_every_edge_twice_on_its_walk() -> None:
    plane = plane_faces(load_graph("star:5"))
    (face,) = plane.faces
    assert face.outer
    assert face.edges == frozenset(range(4))
    assert len(face.walk) == 8


def test_area_weights_are_exact_shoelace_areas() -> None:
    graph = graph_from_json(
        '{"edges": [["a","b"],["b","c"],["c","a"],["c","d"],["d","a"]],'
        ' "pos": {"a": [0, 0], "b": ["1/3", 0], "c": [0.5, 0.5], "d": [0, 1]}}'
    )
    plane = plane_faces(graph)
    areas = sorted(face_areas(plane))
    assert areas == [0, Fraction(1, 12), Fraction(1, 4)]
    assert sum(areas) == -plane.faces[0].signed_area  # the inner faces tile the drawing


def test_areas_need_given_coordinates() -> None:
    graph = make_graph("tri", ["a", "b", "c"], [(0, 1), (1, 2), (0, 2)])
    plane = plane_faces(graph)
    assert not plane.given
    assert len(plane.faces) == 2
    with pytest.raises(GraphError, match="no coordinates"):
        face_areas(plane)


@settings(max_examples=40)
@given(small_graphs(max_vertices=7, max_edges=8))
def test_faces_satisfy_euler_and_cover_every_edge_twice(graph: Graph) -> None:
    plane = plane_faces(graph)
    assert len(graph.vertices) - len(graph.edges) + len(plane.faces) == 2
    sides = sum(len(face.walk) for face in plane.faces)
    assert sides == 2 * len(graph.edges)
    assert sum(face.outer for face in plane.faces) == 1


@pytest.mark.parametrize(
    ("pos", "edges", "message"),
    [
        ([(0, 0), (1, 0), (1, 1), (0, 1)], [(0, 1), (0, 2), (1, 3)], "cross"),
        ([(0, 0), (2, 0), (1, 0)], [(0, 1), (1, 2)], "lies on the edge"),
        ([(0, 0), (0, 0)], [(0, 1)], "same point"),
    ],
)
def test_drawings_that_are_not_plane_are_refused(
    pos: list[tuple[int, int]], edges: list[tuple[int, int]], message: str
) -> None:
    points = [(Fraction(x), Fraction(y)) for x, y in pos]
    graph = make_graph("bad", [f"v{i}" for i in range(len(pos))], edges, points)
    with pytest.raises(GraphError, match=message):
        plane_faces(graph)


@pytest.mark.parametrize(
    ("graph", "message"),
    [
        (load_graph("complete:5"), "not planar"),
        (load_graph("petersen"), "not planar"),
        (make_graph("two", ["a", "b", "c", "d"], [(0, 1), (2, 3)]), "connected"),
        (make_graph("multi", ["a", "b"], [(0, 1), (0, 1)]), "parallel"),
    ],
)
def test_graphs_without_faces_are_refused(graph: Graph, message: str) -> None:
    with pytest.raises(GraphError, match=message):
        plane_faces(graph)


def test_signed_area_orientation() -> None:
    square = [(Fraction(x), Fraction(y)) for x, y in [(0, 0), (2, 0), (2, 2), (0, 2)]]
    assert signed_area(square) == 4
    assert signed_area(square[::-1]) == -4
