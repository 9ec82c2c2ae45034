"""The board's shift-based bitmask code against a naive board of (row, col) cells."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalgame.errors import GraphError, InputError
from evalgame.games.matching.bitgraph import BitGraph, bits
from evalgame.games.tiling.board import SHAPE_LIMIT, Board
from tests.games.matching.naive_matching import board_images, grid_edges, shape

sizes = st.tuples(st.integers(1, 6), st.integers(1, 6))


def cell_set(board: Board, mask: int) -> set[tuple[int, int]]:
    return set(board.cells(mask))


def mask_of(board: Board, cells: set[tuple[int, int]] | frozenset[tuple[int, int]]) -> int:
    return sum(1 << board.cell(r, c) for r, c in cells)


@given(sizes, st.integers(0, 2**36 - 1))
def test_shift_operations_equal_the_generic_graph_code(size: tuple[int, int], raw: int) -> None:
    rows, cols = size
    board = Board(rows, cols)
    generic = BitGraph(rows * cols, grid_edges(rows, cols))
    mask = raw & board.full
    assert board.edges == generic.edges
    assert board.neighbourhood(mask) == generic.neighbourhood(mask)
    assert board.neighbour_counts(mask) == generic.neighbour_counts(mask)
    assert sorted(board.edges_within(mask)) == sorted(generic.edges_within(mask))


@given(sizes, st.integers(0, 2**36 - 1))
def test_canonical_form_is_the_least_symmetric_image(size: tuple[int, int], raw: int) -> None:
    rows, cols = size
    board = Board(rows, cols)
    mask = raw & board.full
    images = board_images(rows, cols, cell_set(board, mask))
    assert board.canonical(mask) == min(mask_of(board, image) for image in images)
    assert {board.canonical(mask_of(board, image)) for image in images} == {board.canonical(mask)}


def test_symmetry_counts() -> None:
    assert len(Board(5, 5).symmetries) == 8
    assert len(Board(4, 6).symmetries) == 4
    assert len(Board(1, 1).symmetries) == 1
    assert len(Board(1, 5).symmetries) == 2  # a strip: its two flips coincide with turns


@given(st.integers(0, 2**42 - 1), st.integers(0, 2**42 - 1))
def test_shapes_identify_exactly_the_congruent_regions(first: int, second: int) -> None:
    board = Board(6, 7)
    regions = [
        component
        for raw in (first, second)
        for component in board.components(raw & board.full)
        if component.bit_count() <= SHAPE_LIMIT
    ]
    for a in regions:
        for b in regions:
            same = board.component_class(a) == board.component_class(b)
            assert same == (shape(cell_set(board, a)) == shape(cell_set(board, b)))


def test_a_region_and_its_rotation_on_an_oblong_board_share_a_shape() -> None:
    board = Board(3, 5)
    row = mask_of(board, {(0, 0), (0, 1), (0, 2)})
    column = mask_of(board, {(0, 4), (1, 4), (2, 4)})
    assert board.component_class(row) == board.component_class(column)


def test_large_regions_have_no_shape() -> None:
    board = Board(5, 5)
    assert board.component_class(board.full) is None


def test_cells_and_dominoes() -> None:
    board = Board(3, 4)
    assert board.cell(2, 3) == 11
    assert board.cells(0b100000000001) == [(0, 0), (2, 3)]
    edge = board.edge((1, 2), (1, 1))
    assert board.domino(edge) == ((1, 1), (1, 2))
    assert board.describe(edge) == "(1,1)–(1,2)"
    assert set(bits(edge)) == {5, 6}


@pytest.mark.parametrize(("rows", "cols"), [(0, 3), (3, 0), (-1, 2), (65, 1), (40, 40)])
def test_bad_sizes_are_refused(rows: int, cols: int) -> None:
    with pytest.raises(InputError):
        Board(rows, cols)


def test_cells_off_the_board_and_non_adjacent_dominoes_are_refused() -> None:
    board = Board(2, 2)
    with pytest.raises(InputError, match="off the"):
        board.cell(2, 0)
    with pytest.raises(GraphError, match="not adjacent"):
        board.edge((0, 0), (1, 1))
