"""The checker's board: parsing, moves, regions, matchings and symmetries, each against a
plain computation on coordinates (or networkx)."""

from __future__ import annotations

import re

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.certify.board import Board, Grid, parse_board
from evalgame.errors import CertificateError
from tests.samples import sample


def graph(grid: Grid, free: int) -> nx.Graph:
    """The grid graph induced by ``free``, on cell indices."""
    cells = [i for i in range(grid.size) if free >> i & 1]
    g = nx.Graph()
    g.add_nodes_from(cells)
    for i in cells:
        r, c = divmod(i, grid.cols)
        if c + 1 < grid.cols and free >> (i + 1) & 1:
            g.add_edge(i, i + 1)
        if r + 1 < grid.rows and free >> (i + grid.cols) & 1:
            g.add_edge(i, i + grid.cols)
    return g


positions = st.tuples(st.integers(1, 6), st.integers(1, 6)).flatmap(
    lambda size: st.tuples(st.just(size), st.integers(0, (1 << (size[0] * size[1])) - 1))
)


@given(positions)
@settings(max_examples=sample(300), deadline=None)
def test_moves_regions_and_matching_agree_with_the_graph(
    position: tuple[tuple[int, int], int],
) -> None:
    (rows, cols), free = position
    grid = Grid(rows, cols)
    g = graph(grid, free)
    assert sorted(grid.cells_of(move) for move in grid.moves(free)) == sorted(
        tuple(sorted(edge)) for edge in g.edges
    )
    live = {i for i in g if g.degree(i)}
    assert grid.live(free) == sum(1 << i for i in live)
    regions = [set(part) for part in nx.connected_components(g.subgraph(live))]
    assert sorted(map(sorted, regions)) == sorted(
        sorted(i for i in range(grid.size) if region >> i & 1) for region in grid.regions(free)
    )
    assert grid.matching(free) == len(nx.max_weight_matching(g, maxcardinality=True))


@pytest.mark.parametrize(
    ("text", "count"),
    [("..../..../..../....", 8), ("..../....", 4), ("#.../..../..../...#", 4), ("#...#/.....", 2)],
)
def test_the_group_keeps_the_blocked_cells(text: str, count: int) -> None:
    board = parse_board(text)
    assert len(board.symmetries) == count
    for perm in board.symmetries:
        assert board.image(board.symmetries.index(perm), board.blocked) == board.blocked


@given(st.integers(0, (1 << 16) - 1))
def test_the_canonical_form_is_the_smallest_image(free: int) -> None:
    board = Board(4, 4)
    images = []
    for perm in board.symmetries:
        images.append(sum(1 << perm[i] for i in range(16) if free >> i & 1))
    canonical, symmetry = board.canonical(free)
    assert canonical == min(images) == images[symmetry]
    # the inverse of that symmetry maps the canonical form back onto free
    assert sum(1 << board.back(symmetry, i) for i in range(16) if canonical >> i & 1) == free


def test_shapes_are_keys_up_to_translation_and_symmetry() -> None:
    grid = Grid(4, 4)
    l_tromino = [0b11_0001, 0b11_0010, 0b1_0011, 0b10_0011]  # the four turns of an L
    assert len({grid.shape(shape << 5) for shape in l_tromino}) == 1
    assert grid.shape(0b111) != grid.shape(0b11_0001)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("..x", "'x' is not a cell (row 1, column 3)"),
        ("../.", "rows of different lengths"),
        ("..//..", "an empty row"),
        ("", "an empty row"),
    ],
)
def test_bad_boards(text: str, message: str) -> None:
    with pytest.raises(CertificateError, match=re.escape(message)):
        parse_board(text)


def test_drawing() -> None:
    board = parse_board("..../.#..")
    free = board.free & ~0b1_0000_0011 & ~0b1100_0000
    assert board.draw(free, [(0, 1), (6, 7)]) == "aa..\n.#bb"
