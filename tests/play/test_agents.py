from __future__ import annotations

import json

import pytest

from evalgame.errors import GameError
from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.play.agents import ChanceAgent, DepthLimitedAgent, OptimalAgent, RandomAgent
from evalgame.play.session import Session
from evalgame.play.solvers import exact_solver, solve


def test_depth_limited_agent_takes_a_win_on_a_large_board() -> None:
    game = ConnectFour(6, 7)
    session = Session(game)
    for column in (1, 2, 1, 2, 1, 2):  # X threatens four in column 1
        session.play(column)
    # two plies, however long they take (a time limit alone made the answer depend on the
    # machine's speed: with depth 1 unfinished the agent plays the first legal move)
    agent = DepthLimitedAgent(seconds=600, max_depth=2)
    assert agent.choose(session) == 1
    session.play(7)  # X wasted the win; now O wins in column 2
    assert agent.choose(session) == 2


def test_depth_limited_agent_needs_time() -> None:
    with pytest.raises(GameError, match="positive time"):
        DepthLimitedAgent(seconds=0)


def test_optimal_agent_needs_a_move() -> None:
    session = Session(TicTacToe(), position=(0o007, 0o030))  # X has already won
    with pytest.raises(GameError, match="no move"):
        OptimalAgent(exact_solver()).choose(session)


def test_chance_outcomes_follow_their_probabilities() -> None:
    game = DagGame.from_json(
        json.dumps(
            {
                "start": "s",
                "positions": {
                    "s": {"player": "chance", "moves": ["a", "b"], "probabilities": ["1/4", "3/4"]},
                    "a": {"value": 0},
                    "b": {"value": 1},
                },
            }
        )
    )
    session = Session(game)
    dice = ChanceAgent(seed=9)
    draws = [dice.choose(session) for _ in range(4000)]
    assert 800 < draws.count("a") < 1200  # expected 1000 (±6 standard deviations)
    assert RandomAgent(seed=9).choose(session) in ("a", "b")


def test_solver_registry() -> None:
    with pytest.raises(GameError, match="unknown algorithm 'x'"):
        solve(TicTacToe(), None, "x")
    solver = exact_solver("negascout")
    assert solver(TicTacToe(), None).value == 0
    assert solver(TicTacToe(), (1 | 2, 8 | 16)).value == 1  # X to move wins at cell 3
