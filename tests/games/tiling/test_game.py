"""The tiling game: values against brute force, lines of play, drawings, bad input."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings

from evalgame.errors import InputError
from evalgame.games.matching.solvers import SOLVERS
from evalgame.games.tiling.game import (
    TilingGame,
    board_segments,
    board_text,
    solve_tiling,
)
from evalgame.search.protocol import Player
from tests.games.matching.naive_matching import boards, game_value, grid_edges


@settings(max_examples=30)
@given(boards)
def test_values_equal_brute_force_for_both_first_players(size: tuple[int, int]) -> None:
    rows, cols = size
    for first in (Player.MAX, Player.MIN):
        expected = game_value(frozenset(grid_edges(rows, cols)), first is Player.MAX)
        assert solve_tiling(rows, cols, first).value == expected


@pytest.mark.parametrize("algorithm", SOLVERS)
def test_every_algorithm_agrees(algorithm: str) -> None:
    rows, cols = (2, 3) if algorithm == "minimax" else (3, 4)
    for first in (Player.MAX, Player.MIN):
        expected = game_value(frozenset(grid_edges(rows, cols)), first is Player.MAX)
        started = time.monotonic()
        solution = solve_tiling(rows, cols, first, algorithm=algorithm)
        elapsed = time.monotonic() - started
        assert solution.value == expected
        assert 0 <= solution.seconds <= elapsed  # the solve's own duration, not a clock reading
        game = TilingGame(rows, cols, first)  # the line is legal and ends the game at the value
        position = game.initial()
        for domino in solution.dominoes:
            move = game.board.edge(*domino)
            assert move in game.moves(position)
            position = game.play(position, move)
        assert game.is_terminal(position)
        assert len(solution.dominoes) == expected


@pytest.mark.parametrize("algorithm", ["solver", "mtdf", "alphabeta"])
def test_line_of_play_is_a_maximal_partial_tiling(algorithm: str) -> None:
    solution = solve_tiling(3, 4, Player.MIN, algorithm=algorithm)
    assert len(solution.dominoes) == solution.value
    covered = [cell for domino in solution.dominoes for cell in domino]
    assert len(covered) == len(set(covered))
    empty = {(r, c) for r in range(3) for c in range(4)} - set(covered)
    assert not any((r, c + 1) in empty or (r + 1, c) in empty for r, c in empty)


def test_one_by_one_and_strips() -> None:
    assert solve_tiling(1, 1).value == 0
    assert solve_tiling(1, 1).dominoes == ()
    assert solve_tiling(1, 4, Player.MAX).value == 2
    assert solve_tiling(1, 4, Player.MIN).value == 1  # MIN takes the middle


@pytest.mark.parametrize(("rows", "cols"), [(0, 5), (5, 0), (-2, 3), (100, 100)])
def test_bad_sizes_are_input_errors(rows: int, cols: int) -> None:
    with pytest.raises(InputError):
        solve_tiling(rows, cols)


def test_unknown_algorithm() -> None:
    with pytest.raises(InputError, match="unknown algorithm"):
        solve_tiling(2, 2, algorithm="magic")


def test_board_text_numbers_dominoes_in_order_of_play() -> None:
    text = board_text(3, 3, [((0, 0), (0, 1)), ((1, 2), (2, 2)), ((2, 0), (2, 1))])
    assert text.splitlines() == ["1─1 ·", "", "· · 2", "    │", "3─3 2"]


def test_board_segments_tag_each_domino() -> None:
    lines = board_segments(2, 2, [((0, 0), (1, 0))])
    tags = {index for line in lines for _, index in line if index is not None}
    assert tags == {0}


def test_wide_numbers_stay_aligned() -> None:
    dominoes = [((r, c), (r, c + 1)) for r in range(4) for c in (0, 2, 4)]
    lines = board_text(4, 6, dominoes).splitlines()
    assert len({len(line) for line in lines[::2]}) == 1
    assert lines[-1].startswith("10─10")


@pytest.mark.parametrize(
    ("dominoes", "message"),
    [
        ([((0, 0), (0, 1)), ((0, 1), (1, 1))], "two dominoes"),
        ([((0, 0), (1, 1))], "not adjacent"),
        ([((0, 0), (0, 5))], "off the"),
    ],
)
def test_bad_drawings_are_refused(
    dominoes: list[tuple[tuple[int, int], tuple[int, int]]], message: str
) -> None:
    with pytest.raises(InputError, match=message):
        board_text(2, 2, dominoes)
