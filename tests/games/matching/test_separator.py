"""The separator bound: never above the true value, the kernel's equal to the Python
reference's, and the kernel with the option ``separator`` exact.

The bound (docs/tiling_search.md, "The separator bound") cuts, so it is checked against
searches without it: the Python solver (the reference) on 200 boards with holes up to 25
free cells, both starters, at the start and after two random moves; the
kernel with the option against the Python solver and against the kernel without it,
values and null-window tests from a fresh table.
"""

from __future__ import annotations

import random

import pytest

from evalgame.games.matching import native
from evalgame.games.matching.native import DEFAULT_OPTIONS, OPTIONS, NativeSolver
from evalgame.games.matching.separator import best_line, separator_bound
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.matching.tame import TameRegions
from evalgame.games.tiling.board import Board
from tests.games.matching.naive_matching import kernel_agrees, random_boards
from tests.samples import THOROUGH, sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

WITH_BOUND = DEFAULT_OPTIONS | OPTIONS["separator"]
WITHOUT_BOUND = DEFAULT_OPTIONS & ~OPTIONS["separator"]
#: the Python solver's time grows fast with the free cells: boards up to 25 under ``make
#: test-thorough``, up to 22 otherwise
MOST_FREE = 25 if THOROUGH else 22


def after_random_moves(board: Board, rng: random.Random, moves: int) -> int:
    """The free cells after up to ``moves`` random moves from the start."""
    free = board.start
    for _ in range(moves):
        edges = board.edges_within(board.core(free))
        if not edges:
            break
        free &= ~rng.choice(edges)
    return free


@pytest.mark.slow
def test_against_the_python_solver_on_200_boards_with_holes() -> None:
    """200 boards up to 25 free cells, both starters: the kernel's bound equals the
    Python reference's and never exceeds the Python solver's value; the kernel with the
    bound finds that value; after two random moves the bounds agree and stay below the
    value the kernel without the bound finds."""
    rng = random.Random(11)
    bounds = tight = 0
    for board in random_boards(seed=31, count=sample(200), most_free=MOST_FREE):
        kernel = NativeSolver(board, table_mb=1)
        regions = TameRegions(board)
        later = after_random_moves(board, rng, 2)
        for max_to_move in (True, False):
            value = MatchingSolver(board).value(board.start, max_to_move)
            gamma = value + rng.choice((-1, 0, 1))
            kernel_agrees(board, value, max_to_move, gamma, WITH_BOUND)
            plain = NativeSolver(board, table_mb=1, options=WITHOUT_BOUND)
            for free, truth in (
                (board.start, value),
                (later, plain.value(later, max_to_move)),
            ):
                bound = separator_bound(board, regions, free, max_to_move)
                assert kernel.separator_bound(free, max_to_move) == bound, board.drawing()
                if bound is not None:
                    assert bound <= truth, board.drawing()
                    bounds += 1
                    tight += bound == truth
    # not vacuous: the bound exists on most of these positions and is often exact
    assert bounds > sample(400)
    assert tight > sample(100)


def test_the_kernel_with_the_bound_against_the_kernel_without_it() -> None:
    rng = random.Random(5)
    for board in random_boards(seed=37, count=sample(200), most_free=25):
        for max_to_move in (True, False):
            plain = NativeSolver(board, table_mb=1, options=WITHOUT_BOUND)
            value = plain.value(board.start, max_to_move)
            gamma = value + rng.choice((-1, 0, 1))
            kernel_agrees(board, value, max_to_move, gamma, WITH_BOUND)


def test_the_bound_decides_tests_on_6x6() -> None:
    """Not a timing: the bound must decide some tests, or it is not running."""
    board = Board(6, 6)
    solver = NativeSolver(board, options=WITH_BOUND)
    assert solver.value(board.full, True) == 16  # the published value
    assert solver.kernel_stats()["separator_cutoffs"] > 0


def test_a_line_is_cut_where_it_takes_the_fewest_cells() -> None:
    """A 3×7 region with a neck of one cell in column 3 (rows 0–2 of a 4×7 board)."""
    board = Board(4, 7)
    region = sum(1 << board.cell(r, c) for r in range(3) for c in range(7) if c != 3 or r == 1)
    assert best_line(board, region) == 1 << board.cell(1, 3)


def test_no_bound_off_a_grid() -> None:
    """Straight cuts need a board; on another graph the kernel gives none."""
    from evalgame.games.matching.bitgraph import BitGraph

    path = BitGraph(4, [(0, 1), (1, 2), (2, 3)])
    assert NativeSolver(path, table_mb=1).separator_bound(path.full, True) is None
