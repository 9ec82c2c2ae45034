from __future__ import annotations

from typing import Any

import pytest

from evalgame.errors import GameError, IllegalMoveError
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.games.evaluate.game import EValuate
from evalgame.play.session import Session, payoff_verdict, solvable_moves
from evalgame.play.verdict import Outcome, Verdict
from evalgame.search.alphabeta import alphabeta
from evalgame.search.examples import NestedTree
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from tests.games.naive import naive_value


def solve(game: Game[Any, Any], position: Any) -> SearchResult[Any]:
    return alphabeta(game, position)


def test_outcome_from_sign() -> None:
    assert Outcome.of(3) is Outcome.FIRST
    assert Outcome.of(0) is Outcome.DRAW
    assert Outcome.of(-1).winner is Player.MIN
    assert Outcome.DRAW.winner is None


def test_play_undo_and_history() -> None:
    session = Session(TicTacToe())
    session.play(5)
    session.play(session.parse_move(" 1 "))
    assert session.moves_played == [5, 1]  # the moves as typed: one numbering
    assert session.to_move is Player.MAX
    assert session.undo() == 1
    assert session.moves_played == [5]
    assert session.game.to_move(session.position) is Player.MIN
    session.undo()
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        session.undo()
    assert session.position == session.start


def test_illegal_moves_say_why() -> None:
    session = Session(TicTacToe())
    session.play(5)
    with pytest.raises(IllegalMoveError, match="not a legal move here; choose one of 1, 2, 3, 4"):
        session.play(5)
    with pytest.raises(IllegalMoveError, match="'5' is not a legal move"):
        session.parse_move("5")
    with pytest.raises(IllegalMoveError, match="'x' is not a legal move"):
        session.parse_move("x")


def test_case_matters_only_between_moves_that_differ_by_case() -> None:
    session = Session(EValuate("x - X + y"))
    session.play(session.parse_move("5"))
    assert session.parse_move("x") == "x"
    assert session.parse_move("X") == "X"
    assert session.parse_move(" Y ") == "y"


def test_verdicts_of_finished_games() -> None:
    session = Session(TicTacToe())
    for cell in (1, 4, 2, 5):
        session.play(cell)
    with pytest.raises(GameError, match="not over"):
        session.verdict()
    session.play(3)
    assert session.is_over
    assert session.payoff() == 1
    assert session.verdict() == Verdict(Player.MAX, "first player wins")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        session.play(5)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        session.parse_move("6")


def test_hints_are_exact_values_of_each_move() -> None:
    game = TicTacToe()
    session = Session(game, solver=solve)
    session.play(1)
    hints = dict(session.hint())
    assert set(hints) == set(session.legal_moves())
    for move, value in hints.items():
        assert value == naive_value(game, game.play(session.position, move))
    assert hints[5] == 0  # the centre is the only reply that does not lose
    assert all(value == 1 for move, value in hints.items() if move != 5)


def test_hint_needs_a_solver() -> None:
    with pytest.raises(GameError, match="no solver"):
        Session(TicTacToe()).hint()


def test_playable_filter_hides_moves_into_invalid_subtrees() -> None:
    game = NestedTree([[None, None], [3, None], [[None], 2]])
    session = Session(game, solver=solve, playable=solvable_moves(solve))
    assert session.legal_moves() == [1, 2]
    with pytest.raises(IllegalMoveError, match="without a valid result"):
        session.play(0)
    session.play(1)
    assert session.legal_moves() == [0]
    session.play(0)
    assert session.is_over
    assert session.payoff() == 3


def test_custom_verdict_rule() -> None:
    def everyone_wins(session: Session[Any, Any]) -> Verdict:
        return Verdict(None, f"everyone wins after {len(session.history)} moves")

    session = Session(NestedTree([1, 2]), verdict=everyone_wins)
    session.play(1)
    assert session.verdict().text == "everyone wins after 1 moves"
    assert payoff_verdict(session) == Verdict(Player.MAX, "first player wins")
