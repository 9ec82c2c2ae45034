"""``POST /api/dag``: the lab's walk, exact numbers from JSON, and every refusal a 400 or 422."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag import walk_game

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game.json"
TEXTBOOK_TREE = "[[3,12,8],[2,4,6],[14,5,2]]"


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
        ("[" * 11 + "1" + "]" * 11 + " " * 40_000, "over the limit of 40000"),
        ("[" + "1," * 5_050 + "1]", "over the limit of 5000"),
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


@pytest.mark.parametrize("algorithm", ["star1", "star2"])
def test_star_answers_as_the_others_with_the_same_value(client: TestClient, algorithm: str) -> None:
    text = f'{{"algorithm": "{algorithm}", "game": ' + EXAMPLE.read_text() + "}"
    answer = client.post("/api/dag", content=text, headers={"content-type": "application/json"})
    assert answer.status_code == 200
    body = answer.json()
    assert body["value"] == "25/6"  # the dice example's, as expectiminimax finds it
    assert body["bounds"] == ["-1", "6"]
    assert body["visited"][0] == "door"
    assert body["steps"][0] == {
        "step": "enter", "node": 0, "position": "door", "alpha": "-inf", "beta": "+inf",
    }  # fmt: skip
    assert body["counts"][algorithm] <= body["counts"]["expectiminimax"]


def test_a_random_chance_tree_is_made_from_its_seed_and_star_prunes_it(
    client: TestClient,
) -> None:
    spec = {"branching": 3, "depth": 4, "low": -9, "high": 9, "chance": True, "seed": 7}
    first = client.post("/api/dag", json={"random": spec, "algorithm": "star2"}).json()
    again = client.post("/api/dag", json={"random": spec, "algorithm": "expectiminimax"}).json()
    assert first["game"] == again["game"]  # the same seed, the same tree
    assert first["value"] == again["value"]
    assert first["counts"]["star2"] < again["counts"]["expectiminimax"] == 121
    assert any(s["step"] == "cut" and s["kind"].startswith("star") for s in first["steps"])


def test_a_3_to_the_7_tree_is_searched(client: TestClient) -> None:
    spec = {"branching": 3, "depth": 7, "low": 0, "high": 9, "seed": 1}
    body = client.post("/api/dag", json={"random": spec, "algorithm": "alphabeta"}).json()
    assert body["counts"]["tree"] == len(body["tree"]) == 3280
    assert body["counts"]["alphabeta_best"] < body["counts"]["alphabeta"]


@pytest.mark.parametrize(
    ("request_body", "status", "words"),
    [
        ({"game": "[1]", "random": {"seed": 1}}, 422, "either 'game' or 'random'"),
        ({}, 422, "either 'game' or 'random'"),
        ({"random": {"branching": 9, "depth": 9}}, 400, "over the limit of 5000"),
        ({"random": {"low": 5, "high": 1}}, 400, "above the highest"),
        ({"game": TEXTBOOK_TREE, "algorithm": "star1", "bounds": ["0", "9"]}, 400, "every leaf"),
        ({"game": TEXTBOOK_TREE, "algorithm": "star1", "bounds": ["x", "9"]}, 400, "exact"),
        ({"game": TEXTBOOK_TREE, "algorithm": "star1", "bounds": [9, 0]}, 400, "empty"),
        ({"game": TEXTBOOK_TREE, "algorithm": "star1", "bounds": [2.5, 14]}, 400, "every leaf"),
        ({"game": TEXTBOOK_TREE, "algorithm": "alphabeta", "depth": 1}, 400, "estimate"),
        ({"game": TEXTBOOK_TREE, "algorithm": "star2", "depth": 1}, 400, "depth cut-off"),
        ({"game": TEXTBOOK_TREE, "depth": 0}, 422, "at least 1"),
    ],
)
def test_bad_options_are_refused_with_a_reason(
    client: TestClient, request_body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post("/api/dag", json=request_body)
    assert answer.status_code == status
    assert words in answer.json()["message"]


def test_any_order_table_and_cut_off_on_a_user_tree(client: TestClient) -> None:
    for order, count in (("given", 11), ("best", 9), ("worst", 13)):
        body = client.post(
            "/api/dag", json={"game": TEXTBOOK_TREE, "order": order, "table": True}
        ).json()
        assert body["value"] == "3"
        assert body["stats"]["nodes"] == count
    body = client.post(
        "/api/dag",
        json={"game": TEXTBOOK_TREE, "depth": 1, "evaluation": "mean", "algorithm": "minimax"},
    ).json()
    assert body["horizon"]["estimate"] == "23/3"  # the mean of 3, 12, 8 wins at depth 1
    assert body["horizon"]["chosen"] == "1"
    assert body["horizon"]["effect"] is False  # and 1 is the best move


def test_decimal_bounds_are_exact(client: TestClient) -> None:
    body = client.post(
        "/api/dag", json={"game": TEXTBOOK_TREE, "algorithm": "star2", "bounds": [0.1, 14.5]}
    ).json()
    assert body["bounds"] == ["1/10", "29/2"]
    assert body["value"] == "3"
