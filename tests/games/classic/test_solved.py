"""The shipped games solved by the engine's algorithms agree with independent references."""

from __future__ import annotations

from typing import Any

import pytest

from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.dice import Pig
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.play.solvers import solve
from evalgame.search.chance import expectiminimax
from evalgame.search.iterative import iterative_deepening
from evalgame.search.protocol import Game
from tests.games.classic.test_connect4 import grid_value
from tests.games.naive import naive_value
from tests.samples import thorough_only

ALGORITHMS = ["alphabeta", "negascout", "mtdf"]


@pytest.mark.parametrize("algorithm", [*ALGORITHMS, "minimax"])
def test_tictactoe_is_a_draw(algorithm: str) -> None:
    result = solve(TicTacToe(), None, algorithm)
    assert result.value == 0
    assert len(result.pv) == 9  # a drawn game fills the board


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (3, 4), (4, 3), (2, 5)])
def test_small_connect_four_boards(rows: int, cols: int) -> None:
    game = ConnectFour(rows, cols)
    expected = grid_value(rows, cols)
    for algorithm in ALGORITHMS:
        assert solve(game, None, algorithm).value == expected


@thorough_only  # 12 s; the positions in play below check every algorithm on 4×4 too
def test_connect_four_4x4_by_three_algorithms() -> None:
    game = ConnectFour(4, 4)
    assert {solve(game, None, a).value for a in ALGORITHMS} == {grid_value(4, 4)}


def test_positions_in_play_agree_with_naive_search() -> None:
    game: Game[Any, Any] = ConnectFour(4, 4)
    position = game.initial()
    for column in (2, 3, 2, 3, 1, 4, 4):
        position = game.play(position, column)
    expected = naive_value(game, position)
    for algorithm in [*ALGORITHMS, "minimax"]:
        assert solve(game, position, algorithm).value == expected


def test_iterative_deepening_solves_small_boards_exactly() -> None:
    result = iterative_deepening(ConnectFour(3, 4))
    assert result.exact
    assert result.value == grid_value(3, 4)


@pytest.mark.parametrize(("target", "faces", "turns"), [(2, 2, 2), (3, 2, 2), (5, 3, 3), (6, 2, 4)])
def test_pig_by_expectiminimax_matches_naive(target: int, faces: int, turns: int) -> None:
    game = Pig(target, faces, turns)
    assert expectiminimax(game).value == naive_value(game, game.initial())
    assert solve(game, None, "expectiminimax").value == naive_value(game, game.initial())
