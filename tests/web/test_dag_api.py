"""``POST /api/dag``: the lab's walk, exact numbers from JSON, and every refusal a 400 or 422."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag import walk_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game.json"


def refused(client: TestClient, body: dict[str, Any], status: int = 400) -> dict[str, Any]:
    answer = client.post("/api/dag", json=body)
    assert answer.status_code == status, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_the_answer_is_the_analysis(client: TestClient) -> None:
    text = EXAMPLE.read_text()
    answer = client.post(
        "/api/dag",
        content='{"algorithm": "expectiminimax", "game": ' + text + "}",
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 200, answer.text
    assert answer.json() == walk_game(DagGame.from_file(EXAMPLE), "expectiminimax")


def test_the_textbook_tree(client: TestClient) -> None:
    data = client.post("/api/dag", json={"game": "[[3,12,8],[2,4,6],[14,5,2]]"}).json()
    assert data["value"] == "3"
    assert data["values"]["2"] == "2"
    assert data["visited"][:3] == ["root", "1", "1.1"]
    assert [s["pruned"] for s in data["steps"] if s["step"] == "cut"] == [[7, 8]]


def test_decimals_in_json_stay_exact(client: TestClient) -> None:
    answer = client.post(
        "/api/dag",
        content='{"algorithm": "dfs", "game": {"start": "a", "positions": '
        '{"a": {"value": 0.1000000000000000000001}}}}',
        headers={"content-type": "application/json"},
    )
    assert answer.json()["value"] == "1000000000000000000001/10000000000000000000000"


def test_a_cycle_is_refused_with_its_positions(client: TestClient) -> None:
    game = {
        "start": "a",
        "positions": {
            "a": {"player": "max", "moves": ["b"]},
            "b": {"player": "min", "moves": ["c", "a"]},
            "c": {"value": 0},
        },
    }
    body = refused(client, {"game": game})
    assert body["error"] == "CycleError"
    assert body["field"] == "game"
    assert sorted(body["cycle"]) == ["a", "b"]


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ({"start": "a", "positions": {"a": {"player": "max", "moves": ["z"]}}}, "unknown position"),
        ({"start": "a", "positions": {"a": {"value": "1/0"}}}, "position 'a'"),
        ({"start": "a", "positions": {"a": {"player": "max"}}}, "position 'a'"),
        ({}, "'start'"),
        ("[1, [2, 3]", "expected ',' or ']'"),
        ("[" * 11 + "1" + "]" * 11 + " " * 10_000, "over the limit of 10000"),
        ("[" + "1," * 450 + "1]", "over the limit of 400"),
    ],
)
def test_bad_games_are_refused_with_their_place(client: TestClient, game: Any, words: str) -> None:
    body = refused(client, {"game": game})
    assert words in body["message"]
    assert body["field"] == "game"


def test_a_malformed_tree_gives_the_bad_character(client: TestClient) -> None:
    body = refused(client, {"game": "[[3, 12], [2,, 4]]"})
    assert body["position"] == 13


def test_alphabeta_refuses_chance_and_requests_are_checked(client: TestClient) -> None:
    text = '{"algorithm": "alphabeta", "game": ' + EXAMPLE.read_text() + "}"
    answer = client.post("/api/dag", content=text, headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert "expectiminimax" in answer.json()["message"]
    assert refused(client, {"game": "[1]", "algorithm": "bfs"}, 422)["field"] == "algorithm"
    assert refused(client, {"game": 5}, 422)["field"].startswith("game")


def test_the_schema_documents_the_route(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    route = schema["paths"]["/api/dag"]["post"]
    assert {"400", "422", "503"} <= set(route["responses"])
    assert "cycle" in schema["components"]["schemas"]["ErrorBody"]["properties"]


def test_retrograde_labels_a_game_that_can_repeat(client: TestClient) -> None:
    game = {
        "start": "a",
        "positions": {
            "a": {"player": "max", "moves": ["b", "x"]},
            "b": {"player": "min", "moves": ["a", "y"]},
            "x": {"value": -1},
            "y": {"value": 2},
        },
    }
    refused(client, {"game": game, "algorithm": "dfs"})  # a cycle: no value
    answer = client.post("/api/dag", json={"game": game, "algorithm": "retrograde"}).json()
    # MAX goes to b; MIN goes back to a rather than lose: a draw by endless play
    assert answer["outcome"] == "draw"
    assert answer["outcomes"] == {"a": "draw", "b": "draw", "x": "loss", "y": "win"}
    assert [step["position"] for step in answer["steps"]] == ["y", "x", "a", "b"]
