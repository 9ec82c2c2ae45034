from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from evalgame.errors import GameError
from evalgame.games.classic.dice import Pig
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.play.agents import Agent, ChanceAgent, HumanAgent, OptimalAgent, RandomAgent
from evalgame.play.match import run
from evalgame.play.session import Session
from evalgame.play.verdict import Outcome
from evalgame.search.alphabeta import alphabeta
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable


def table_solver() -> Any:
    table = TranspositionTable()

    def solve(game: Game[Any, Any], position: Any) -> SearchResult[Any]:
        return alphabeta(game, position, table=table)

    return solve


def random_game(seed: int) -> list[int]:
    session = Session(TicTacToe())
    run(session, {Player.MAX: RandomAgent(seed), Player.MIN: RandomAgent(seed + 1)})
    return session.moves_played


def test_seeded_random_games_are_reproducible() -> None:
    assert random_game(3) == random_game(3)
    assert len({tuple(random_game(seed)) for seed in range(10)}) > 1


@pytest.mark.parametrize("seed", range(5))
def test_verdict_matches_the_final_board(seed: int) -> None:
    session = Session(TicTacToe())
    verdict = run(session, {Player.MAX: RandomAgent(seed), Player.MIN: RandomAgent(seed + 100)})
    assert verdict is not None
    payoff = session.payoff()
    assert payoff is not None
    assert verdict.winner == Outcome.of(payoff).winner


def test_optimal_against_optimal_draws() -> None:
    session = Session(TicTacToe())
    solver = table_solver()
    verdict = run(session, {Player.MAX: OptimalAgent(solver), Player.MIN: OptimalAgent(solver)})
    assert verdict is not None
    assert verdict.winner is None
    assert verdict.text == "draw"


@pytest.mark.parametrize("seed", range(6))
def test_optimal_never_loses_to_random(seed: int) -> None:
    solver = table_solver()
    for optimal in (Player.MAX, Player.MIN):
        session = Session(TicTacToe())
        agents: dict[Player, Agent] = {
            optimal: OptimalAgent(solver),
            optimal.opponent: RandomAgent(seed),
        }
        verdict = run(session, agents)
        assert verdict is not None
        assert verdict.winner in (None, optimal)


def test_pig_with_seeded_dice() -> None:
    def play(seed: int) -> tuple[list[str], object]:
        session = Session(Pig(target=10, faces=6, turns=6))
        agents = {
            Player.MAX: RandomAgent(seed),
            Player.MIN: RandomAgent(seed + 1),
            Player.CHANCE: ChanceAgent(seed + 2),
        }
        verdict = run(session, agents)
        assert verdict is not None
        payoff = session.payoff()
        assert payoff is not None
        assert verdict.winner == Outcome.of(payoff).winner
        return session.moves_played, session.position

    assert play(5) == play(5)


def test_missing_agent() -> None:
    with pytest.raises(GameError, match="no agent plays min"):
        run(Session(TicTacToe()), {Player.MAX: RandomAgent(0)})


class Script:
    """Feeds typed lines to a HumanAgent and records what it was told."""

    def __init__(self, lines: list[str]) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.told: list[str] = []

    def ask(self, prompt: str) -> str:
        return next(self.lines)

    def tell(self, message: str) -> None:
        self.told.append(message)


def test_human_bad_input_hint_undo_and_quit() -> None:
    script = Script(["u", "banana", "?", "1", "u", "5", "2", "q"])
    human = HumanAgent(script.ask, script.tell)
    session = Session(TicTacToe(), solver=table_solver())
    agents: dict[Player, Agent] = {Player.MAX: human, Player.MIN: OptimalAgent(table_solver())}
    moves: list[list[int]] = []
    verdict = run(session, agents, on_undo=lambda s: moves.append(s.moves_played))
    assert verdict is None  # the person quit
    assert script.told[0] == "there is no move to undo"
    assert "'banana' is not a legal move" in script.told[1]
    heading, *hint_lines = script.told[2].splitlines()
    assert heading.startswith("MAX to move — the value after each move")
    assert len(hint_lines) == 9
    assert "  5 → 0   ← best" in hint_lines  # every first move draws: all are best
    assert moves == [[]]  # the undo after "1" took back MAX's and MIN's moves
    assert session.moves_played[0] == 5  # the moves as typed
    assert session.moves_played[2] == 2
    assert len(session.moves_played) == 4
