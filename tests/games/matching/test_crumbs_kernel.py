"""Crumbs in the C kernel (option ``crumbs``): tame regions beside the rest reduced to a
pass and a switch, against brute force, the Python solvers and the kernel without it.

The theorem is proven in docs/tiling_search.md ("Tame regions in any context: a pass and a
switch"); what is tested here is that the kernel applies it as proven: the reduction of
every position (its bounds and table keys), the one crumb move searched per node, and
positions of crumbs alone decided. A small ``tame_cells`` makes the kernel search large
regions beside small crumbs, the case the reduction is for.
"""

from __future__ import annotations

import random

import pytest

from evalgame.games.matching import native
from evalgame.games.matching.native import DEFAULT_OPTIONS, OPTIONS, NativeSolver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from tests.games.matching.naive_matching import game_value, grid_edges, induced, random_boards
from tests.samples import sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

WITH_CRUMBS = DEFAULT_OPTIONS | OPTIONS["crumbs"]
WITHOUT_CRUMBS = DEFAULT_OPTIONS | OPTIONS["tame"]


def kernel(board: Board, cells: int, options: int = WITH_CRUMBS) -> NativeSolver:
    return NativeSolver(board, table_mb=1, options=options, tame_mb=4, tame_cells=cells)


def brute_force(board: Board, free: int, max_to_move: bool) -> int:
    vertices = [v for v in range(board.n) if free >> v & 1]
    return game_value(induced(grid_edges(board.rows, board.cols), vertices), max_to_move)


def check_test(board: Board, free: int, max_to_move: bool, value: int, cells: int) -> None:
    """Null-window tests of a fresh kernel at several γ: verdict and fail-soft bound."""
    for gamma in (value - 2, value - 1, value, value + 1, value + 2):
        result = kernel(board, cells).test(free, max_to_move, gamma)
        assert (result >= gamma) == (value >= gamma), board.drawing()
        assert value >= result if result >= gamma else value <= result


def test_the_option_implies_tame() -> None:
    board = Board(3, 7, [(1, 1), (0, 3), (1, 3), (2, 3)])  # the ring beside a 3×3 square
    options = (DEFAULT_OPTIONS & ~OPTIONS["tame"]) | OPTIONS["crumbs"]
    solver = NativeSolver(board, table_mb=1, options=options)
    for max_to_move in (True, False):
        value = brute_force(board, board.start, max_to_move)
        assert solver.value(board.start, max_to_move) == value
    stats = solver.kernel_stats()
    assert stats["crumbs"] > 0
    assert stats["tame_decided"] > 0


@pytest.mark.slow
def test_against_brute_force_on_200_boards_with_holes() -> None:
    """Both starters, crumbs of at most 4, 6 or 8 cells: the value, null-window tests at
    five γ, and the kernel without the option."""
    rng = random.Random(5)
    reduced = 0
    for board in random_boards(seed=43, count=sample(200), most_free=14):
        cells = rng.choice((4, 6, 8))
        for max_to_move in (True, False):
            value = brute_force(board, board.start, max_to_move)
            solver = kernel(board, cells)
            assert solver.value(board.start, max_to_move) == value, board.drawing()
            assert kernel(board, cells, WITHOUT_CRUMBS).value(board.start, max_to_move) == value
            check_test(board, board.start, max_to_move, value, cells)
            reduced += solver.kernel_stats()["crumbs"] > 0
    assert reduced > sample(100)


@pytest.mark.slow
def test_against_the_python_solvers_on_200_larger_boards() -> None:
    """Up to 20 free cells: the Python solver plain and with crumbs (its crumb size limit
    the kernel's), both starters, and null-window tests."""
    rng = random.Random(6)
    for board in random_boards(seed=47, count=sample(200), most_free=20):
        cells = rng.choice((4, 6, 10))
        reference = MatchingSolver(board, crumbs=True)
        assert reference.tame_regions is not None
        reference.tame_regions.size_limit = cells
        for max_to_move in (True, False):
            value = MatchingSolver(board).value(board.start, max_to_move)
            assert reference.value(board.start, max_to_move) == value
            assert kernel(board, cells).value(board.start, max_to_move) == value, board.drawing()
            check_test(board, board.start, max_to_move, value, cells)


def test_every_position_of_random_games() -> None:
    """Along random games, each position: the value and the bounds (the reduction's
    static bounds and the table's) against the Python solver, with one kernel whose table
    carries over from position to position."""
    rng = random.Random(8)
    checked = 0
    for board in random_boards(seed=53, count=25, most_free=22):
        solver = kernel(board, rng.choice((4, 6, 8)))
        python = MatchingSolver(board)
        free = board.start
        while board.core(free):
            for max_to_move in (True, False):
                value = python.value(free, max_to_move)
                lower, upper = solver.bounds(free, max_to_move)
                assert lower <= value <= upper, board.drawing()
                assert solver.value(free, max_to_move) == value, board.drawing()
                checked += 1
            free &= ~rng.choice(board.edges_within(board.core(free)))
        assert solver.kernel_stats()["crumbs"] > 0
    assert checked > 300


def test_positions_of_crumbs_alone_are_decided() -> None:
    """Tame regions only: the bounds are the value, d + 2p or d + p."""
    board = Board(3, 11, [(r, c) for r in range(3) for c in (3, 7)])  # three 3×3 squares
    rng = random.Random(9)
    for _ in range(30):
        free = board.start & ~rng.choice(board.edges_within(board.start))
        free &= ~rng.choice(board.edges_within(board.core(free)))
        solver = kernel(board, 9)
        for max_to_move in (True, False):
            value = MatchingSolver(board).value(free, max_to_move)
            assert solver.bounds(free, max_to_move) == (value, value)


def test_entries_of_positions_with_a_switch_are_shared() -> None:
    """Keys (rest, r, p): entries exported by one kernel are absorbed by another."""
    board = Board(4, 7, [(1, 1), (0, 3), (1, 3), (2, 3), (3, 3)])  # the ring beside 3×4
    one, other = kernel(board, 6), kernel(board, 6)
    one.share(1)
    value = one.value(board.start, True)
    other.absorb(one.export())
    assert other.bounds(board.start, True) == (value, value)
    assert value == MatchingSolver(board).value(board.start, True)
