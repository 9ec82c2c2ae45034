"""The stateless replay: moves in, session out — the same as playing step by step."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import IllegalMoveError, LimitError, SearchInterrupted
from evalgame.expr.domain import parse_domain
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.oracle import Oracle
from evalgame.play.evaluate import game_state, read_move, session
from evalgame.play.replay import Limit, answer, replay
from evalgame.play.session import Session
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from tests.games.naive import naive_value


@settings(max_examples=40)
@given(data=st.data())
def test_replay_equals_step_by_step_play(data: st.DataObject) -> None:
    stepped: Session[Any, Any] = Session(TicTacToe())
    texts = []
    for _ in range(data.draw(st.integers(0, 9))):
        if stepped.is_over:
            break
        move = data.draw(st.sampled_from(stepped.legal_moves()))
        texts.append(stepped.describe(move))
        stepped.play(move)
    replayed = replay(Session(TicTacToe()), texts)
    assert replayed.history == stepped.history
    assert replayed.position == stepped.position


def test_an_illegal_move_is_refused_with_its_number() -> None:
    with pytest.raises(IllegalMoveError, match=r"^move 3: '1' is not a legal move"):
        replay(Session(TicTacToe()), ["5", "1", "1"])


def test_the_engine_answers_until_the_person_is_to_move() -> None:
    played: Session[Any, Any] = Session(TicTacToe())
    assert answer(played, Player.MAX, lambda s: s.legal_moves()[0]) == []
    assert answer(played, Player.MIN, lambda s: s.legal_moves()[0]) == [0]
    assert played.to_move is Player.MIN
    while not played.is_over:
        answer(played, Player.CHANCE, lambda s: s.legal_moves()[0])  # nobody's person
    assert played.is_over


@settings(max_examples=15)
@given(
    expression=st.sampled_from(["X*(Y-Z)", "a/b - c", "(10-X)*Y"]),
    domain=st.sampled_from(["0..3", "-1..2"]),
    role=st.sampled_from(["max", "min"]),
    data=st.data(),
)
def test_one_call_with_every_move_equals_a_call_per_move(
    expression: str, domain: str, role: str, data: st.DataObject
) -> None:
    """Stateless: the game after all the moves at once is the game reached move by move,
    and every engine move keeps the naive value (it is optimal)."""
    game = EValuate(expression, parse_domain(domain))
    state = game_state(expression, domain, role, [])
    while not state["over"]:
        playable = [option["move"] for option in state["options"] if option["playable"]]
        state = game_state(
            expression, domain, role, [*state["moves"], data.draw(st.sampled_from(playable))]
        )
    assert game_state(expression, domain, role, state["moves"]) == {
        **state, "engine": []
    }  # fmt: skip
    played = replay(session(Oracle(game)), state["moves"], read_move)
    for index in state["engine"]:
        before, move = played.history[index]
        assert naive_value(game, game.play(before, move)) == naive_value(game, before)


def test_values_are_read_exactly() -> None:
    played = session(Oracle(EValuate("a/b", (Fraction(1, 2), 3))))
    assert read_move(played, "0.5") == read_move(played, "2/4") == Fraction(1, 2)
    with pytest.raises(IllegalMoveError, match="'4' is not a value of the domain"):
        read_move(played, "4")


def test_limits_refuse_a_game_too_large() -> None:
    with pytest.raises(LimitError, match="the number of variables is 3, over the limit of 2"):
        game_state("a+b+c", "0..1", "max", [], variables=Limit(2, "use fewer"))
    with pytest.raises(LimitError, match="the domain size is 4, over the limit of 3"):
        game_state("a+b", "0..3", "max", [], values=Limit(3, "use fewer"))


def test_an_oracle_out_of_budget_stops_and_remembers_nothing_wrong() -> None:
    game = EValuate("X*(Y-Z)", parse_domain("0..3"))
    oracle, start = Oracle(game), game.initial()
    with pytest.raises(SearchInterrupted):
        oracle.move_values(start, Budget(nodes=1, check_every=1))
    expected = {move: naive_value(game, game.play(start, move)) for move in game.moves(start)}
    assert oracle.move_values(start, Budget(nodes=10**6)) == expected
    assert oracle.best_move(start) == max(game.moves(start), key=lambda m: expected[m] or 0)
