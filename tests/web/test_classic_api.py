"""``POST /api/classic``: the engine plays perfectly, move values are exact (checked by a
naive solver), the dice are replayed from the moves, bad input says where."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from fastapi.testclient import TestClient

from evalgame.games.classic.catalog import parse_target
from evalgame.play.replay import replay
from evalgame.play.session import Session
from tests.games.naive import naive_value


def ask(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/classic", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("game", "moves"),
    [("tictactoe", ["1"]), ("takeaway:9", []), ("kayles:3+nim:2", []), ("pig:4:2:3", [])],
)
def test_move_values_are_exact(client: TestClient, game: str, moves: list[str]) -> None:
    state = ask(client, game=game, moves=moves, role="both", values=True)
    target = parse_target(game).game
    session = replay(Session(target), state["moves"])
    if state["to_move"] == "chance":
        assert all("probability" in entry for entry in state["legal"])
        return
    for entry in state["legal"]:
        after = target.play(session.position, session.parse_move(entry["move"]))
        assert Fraction(entry["value"]) == naive_value(target, after)
    assert Fraction(state["value"]) == naive_value(target, session.position)


def test_the_engine_never_loses_tic_tac_toe(client: TestClient) -> None:
    state = ask(client, game="tictactoe", role="min")  # the engine opens
    while not state["over"]:
        legal = [entry["move"] for entry in state["legal"]]
        state = ask(client, game="tictactoe", role="min", moves=[*state["moves"], legal[-1]])
    assert state["verdict"] in ("draw", "first player wins")


def test_the_dice_are_kept_among_the_moves(client: TestClient) -> None:
    state = ask(client, game="pig:10", role="max")
    assert state["players"][0] == "chance"
    again = ask(client, game="pig:10", role="max", moves=state["moves"])
    assert again["moves"] == state["moves"]


@pytest.mark.parametrize(
    ("body", "status", "field", "words"),
    [
        ({"game": "chess"}, 422, "game", "unknown game"),
        ({"game": "dag:/etc/passwd"}, 422, "game", "cannot be opened here"),
        ({"game": "connect4:5x5"}, 400, None, "at most 20 cells"),
        ({"game": "tictactoe", "moves": ["5", "5"]}, 400, None, "move 2"),
        ({"game": "tictactoe", "role": "x"}, 422, "role", "must be one of"),
    ],
)
def test_bad_input_says_where(
    client: TestClient, body: dict[str, Any], status: int, field: str | None, words: str
) -> None:
    answer = client.post("/api/classic", json=body)
    assert answer.status_code == status, answer.text
    assert answer.json().get("field") == field
    assert words in answer.json()["message"]


def test_cutoff_and_horizon_routes(client: TestClient) -> None:
    body = {"game": "tictactoe", "moves": ["1", "3"], "depth": 1, "evaluation": "lines"}
    found = client.post("/api/classic/cutoff", json=body).json()
    assert found["chosen"]["move"] == "5"
    assert found["best"]["exact"] == "1"
    horizon = client.post("/api/classic/horizon", json={**body, "moves": [], "depth": 2}).json()
    assert (horizon["moves"], horizon["chosen"]["move"]) == (["5", "2", "7"], "3")
    assert horizon["chosen"]["ends_in"] > horizon["depth"] == 2
    refused = client.post("/api/classic/cutoff", json={**body, "depth": 9})
    assert refused.status_code == 422
    assert refused.json()["field"] == "depth"
    refused = client.post("/api/classic/cutoff", json={**body, "evaluation": "windows"})
    assert refused.status_code == 400
    assert "unknown evaluation" in refused.json()["message"]
