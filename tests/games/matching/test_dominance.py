"""Dominated moves in the C kernel: the values stay exact on random boards with holes.

The rule (docs/tiling_search.md) cuts moves, so it is checked against searches without
it: the Python solver (the reference) up to 20 free cells, and the kernel with the rule
off beyond, up to 25; both starters, and null-window tests from a fresh table as well as
values.
"""

from __future__ import annotations

import random

import pytest

from evalgame.games.matching import native
from evalgame.games.matching.native import DEFAULT_OPTIONS, OPTIONS, NativeSolver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from tests.games.matching.naive_matching import kernel_agrees, random_boards
from tests.samples import sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

WITH_RULE = DEFAULT_OPTIONS | OPTIONS["dominance"]
WITHOUT_RULE = DEFAULT_OPTIONS & ~OPTIONS["dominance"]


@pytest.mark.slow
def test_against_the_python_solver_on_200_boards_with_holes() -> None:
    rng = random.Random(4)
    for board in random_boards(seed=23, count=sample(200), most_free=20):
        for max_to_move in (True, False):
            value = MatchingSolver(board).value(board.start, max_to_move)
            gamma = value + rng.choice((-1, 0, 1))
            kernel_agrees(board, value, max_to_move, gamma, WITH_RULE)


def test_against_the_kernel_without_the_rule_on_200_larger_boards() -> None:
    rng = random.Random(5)
    for board in random_boards(seed=7, count=sample(200), most_free=25):
        for max_to_move in (True, False):
            plain = NativeSolver(board, table_mb=1, options=WITHOUT_RULE)
            value = plain.value(board.start, max_to_move)
            gamma = value + rng.choice((-1, 0, 1))
            kernel_agrees(board, value, max_to_move, gamma, WITH_RULE)


def test_the_rule_cuts_moves_on_a_board_with_a_pendant_cell() -> None:
    """Not a timing: the rule must change the search somewhere, or it is not running."""
    board = Board(4, 5, [(0, 1), (0, 3), (3, 1)])
    nodes = []
    for options in (WITHOUT_RULE, WITH_RULE):
        solver = NativeSolver(board, table_mb=1, options=options)
        solver.value(board.start, True)
        nodes.append(solver.kernel_stats()["nodes"])
    assert nodes[0] != nodes[1]
