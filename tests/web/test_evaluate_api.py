"""The e-Valuate API against independent references: a naive minimax and the paper."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evalgame.expr.domain import parse_domain
from evalgame.games.evaluate.game import EValuate, Position
from tests.games.naive import naive_value


def play(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/evaluate/play", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def position_after(game: EValuate, moves: list[str]) -> Position:
    position = game.initial()
    for text in moves:
        move: Any = text if position[1] is not None else parse_domain(text)[0]
        position = game.play(position, move)
    return position


def test_check_describes_the_expression(client: TestClient) -> None:
    answer = client.post("/api/evaluate/check", json={"expression": "x/y + 2*y/z - z/x"})
    assert answer.status_code == 200
    data = answer.json()
    assert data["variables"] == ["x", "y", "z"]
    assert data["tree_size"] == "12941"  # T(3) of the paper
    assert data["playable"] is True
    assert data["explorable"] is True
    many = client.post("/api/evaluate/check", json={"expression": "a+b+c+d+e+f+g+h+i"}).json()
    assert many["playable"] is False
    assert many["explorable"] is False


@pytest.mark.parametrize("domain", ["3..1", "0..5000"])
def test_check_refuses_a_bad_domain_under_its_field(client: TestClient, domain: str) -> None:
    answer = client.post("/api/evaluate/check", json={"expression": "x", "domain": domain})
    assert answer.status_code == 400
    assert answer.json()["field"] == "domain"


@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    expression=st.sampled_from(["X*(Y-Z)", "(10-X)*Y", "a/b - c", "x - y*y"]),
    domain=st.sampled_from(["0..3", "-1..2", "1,2,5"]),
    role=st.sampled_from(["max", "min"]),
    data=st.data(),
)
def test_random_games_against_the_engine(
    client: TestClient, expression: str, domain: str, role: str, data: st.DataObject
) -> None:
    """The person plays any playable move; every engine move keeps the naive minimax value
    (it is optimal), and the verdict compares val(E) with the naive minimax(E)."""
    game = EValuate(expression, parse_domain(domain))
    minimax = naive_value(game, game.initial())
    state = play(client, expression=expression, domain=domain, role=role)
    while True:
        moves = state["moves"]
        for index in state["engine"]:
            before = position_after(game, moves[:index])
            after = position_after(game, moves[: index + 1])
            assert naive_value(game, after) == naive_value(game, before)
        if state["over"]:
            break
        assert state["to_move"] == role
        playable = [option["move"] for option in state["options"] if option["playable"]]
        position = position_after(game, moves)
        for option in state["options"]:
            move: Any = option["move"]
            move = move if position[1] is not None else parse_domain(move)[0]
            child_value = naive_value(game, game.play(position, move))
            assert option["playable"] == (child_value is not None)
        state = play(
            client, expression=expression, domain=domain, role=role,
            moves=[*moves, data.draw(st.sampled_from(playable))],
        )  # fmt: skip
    result = state["result"]
    final = game.payoff(position_after(game, state["moves"]))
    assert result["final"] == str(final)
    assert result["value"] == str(minimax)
    assert result["winner"] == (
        "max" if final > minimax else "min" if final < minimax else None  # type: ignore[operator]
    )
    line = [m for round_ in result["optimal"] for m in (round_["value"], round_["variable"])]
    assert game.payoff(position_after(game, line)) == minimax


def test_playing_the_best_hint_every_time_draws(client: TestClient) -> None:
    """Playing the hint's best move every time as MAX draws: val(E) = minimax(E) = 18."""
    moves: list[str] = []
    state = play(client, expression="X*(Y-Z)", moves=moves)
    while not state["over"]:
        options = client.post(
            "/api/evaluate/hint", json={"expression": "X*(Y-Z)", "moves": state["moves"]}
        ).json()["options"]
        best = next(option["move"] for option in options if option["best"])
        state = play(client, expression="X*(Y-Z)", moves=[*state["moves"], best])
    assert state["result"]["final"] == state["result"]["value"] == "18"
    assert state["result"]["winner"] is None
    assert state["result"]["verdict"] == "a draw: val(E) = minimax(E) = 18"


def test_hints_are_the_values_after_each_move(client: TestClient) -> None:
    game = EValuate("x/y + 2*y/z - z/x", parse_domain("0..3"))
    answer = client.post(
        "/api/evaluate/hint",
        json={"expression": "x/y + 2*y/z - z/x", "domain": "0..3", "moves": ["2"]},
    )
    assert answer.status_code == 200
    position = game.play(game.initial(), 2)
    expected = {name: naive_value(game, game.play(position, name)) for name in "xyz"}
    options = answer.json()["options"]
    assert {o["move"]: o["value"] for o in options} == {
        name: None if value is None else str(value) for name, value in expected.items()
    }
    best = min(v for v in expected.values() if v is not None)  # MIN places
    assert {o["move"] for o in options if o["best"]} == {
        name for name, value in expected.items() if value == best
    }


def test_as_min_the_engine_proposes_first(client: TestClient) -> None:
    state = play(client, expression="(10-X)*Y", role="min")
    assert state["players"] == ["max"]
    assert state["engine"] == [0]
    assert state["moves"] == ["5"]  # the paper: MAX proposes 5 (minimax 45 = 5·9)
    assert state["to_move"] == "min"
    assert [o["move"] for o in state["options"]] == ["X", "Y"]


def test_fractions_stay_exact(client: TestClient) -> None:
    state = play(client, expression="a/b", domain="1/2, 3", moves=["3", "b", "0.5"])
    assert state["moves"][:3] == ["3", "b", "1/2"]  # as the game writes them
    assert state["over"]
    assert state["result"]["final"] == str(Fraction(1, 6))
    assert state["text"] == "(1/2) / 3"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"moves": ["Q"]}, "move 1: 'Q' is not a value of the domain"),
        ({"moves": ["12"]}, "move 1: '12' is not a value of the domain"),
        ({"moves": ["5", "W"]}, "move 2: 'W' is not a free variable"),
        ({"moves": ["5", "5"]}, "move 2: '5' is not a free variable"),
        ({"moves": ["5", "Y", "5", "Y"]}, "move 4: 'Y' is not a free variable"),
        ({"moves": ["1", "X", "1", "Y", "1", "Z", "1"]}, "move 7: the game is over"),
        ({"expression": "1/(x-x)"}, "has no valid completion"),
        ({"expression": "1/x", "domain": "0..1", "moves": ["0"]}, "without a valid result"),
        ({"expression": "a+b+c+d+e+f+g+h+i"}, "number of variables is 9"),
        ({"domain": "0..40"}, "domain size is 41"),
        ({"domain": "0..1000000"}, "domain size"),
        ({"domain": "1,1"}, "twice"),
    ],
)
def test_refused_games(client: TestClient, body: dict[str, Any], message: str) -> None:
    answer = client.post("/api/evaluate/play", json={"expression": "X*(Y-Z)", **body})
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"expression": "x" * 161},
        {"expression": ""},
        {"expression": "x", "moves": ["1"] * 17},
        {"expression": "x", "moves": [1]},
        {"expression": "x", "moves": "1"},
        {"expression": "x", "role": "MAX"},
        {"expression": "x", "seconds": 0},
        {"expression": "x", "seconds": 11},
        {"expression": "x", "seconds": "1"},
        {"expression": "x", "domain": "1" * 201},
        {"expression": "x", "player": "max"},
    ],
)
def test_invalid_requests(client: TestClient, body: dict[str, Any]) -> None:
    answer = client.post("/api/evaluate/play", json=body)
    assert answer.status_code == 422, answer.text


def test_solve_every_algorithm_agrees_with_the_paper(client: TestClient) -> None:
    for algorithm in ("residual", "mtdf", "negascout", "vectorized", "paper", "alphabeta"):
        answer = client.post(
            "/api/evaluate/solve", json={"expression": "x/y + 2*y/z - z/x", "algorithm": algorithm}
        )
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["status"] == "solved"
        assert data["value"] == "16/3"


def test_a_solve_out_of_time_gives_proven_bounds(client: TestClient) -> None:
    """(a+b)/c + (d+e)/f has minimax 38/5 (the paper); a tiny budget stops the search."""
    answer = client.post(
        "/api/evaluate/solve",
        json={"expression": "(a+b)/c + (d+e)/f", "algorithm": "alphabeta", "seconds": 0.05},
    )
    assert answer.status_code == 200
    data = answer.json()
    assert data["status"] == "stopped"
    assert "time budget" in data["reason"]
    value = Fraction(38, 5)
    assert data["lower"] is None or Fraction(data["lower"]) <= value
    assert data["upper"] is None or value <= Fraction(data["upper"])


def test_a_play_out_of_time_is_a_clear_422(client: TestClient) -> None:
    answer = client.post(
        "/api/evaluate/play",
        json={"expression": "a/b-c/d+e/f-g/h", "seconds": 0.05},
    )
    assert answer.status_code == 422
    data = answer.json()
    assert data["error"] == "SearchInterrupted"
    assert "time budget" in data["message"]
    assert "--timeout" not in data["message"]  # the page has no command-line options


def test_solve_refuses_a_huge_vectorized_space(client: TestClient) -> None:
    answer = client.post(
        "/api/evaluate/solve",
        json={"expression": "a+b+c+d+e+f+g+h", "algorithm": "vectorized"},
    )
    assert answer.status_code == 400
    assert "vectorized" in answer.json()["message"]


def test_solve_refuses_an_unknown_algorithm(client: TestClient) -> None:
    answer = client.post("/api/evaluate/solve", json={"expression": "x", "algorithm": "magic"})
    assert answer.status_code == 422
