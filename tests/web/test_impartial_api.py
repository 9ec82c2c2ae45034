"""``POST /api/impartial``: the answers of the analysis, and refusals with their field."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient


def ask(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/impartial", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_nim_every_winning_move(client: TestClient) -> None:
    found = ask(client, game="nim", heaps=[3, 4, 5])
    assert (found["grundy"], found["winner"], found["play"]) == (2, "first", "normal")
    assert found["winning_moves"] == [[0, 1]]
    assert len(found["moves"]) == 3 + 4 + 5
    assert [h["grundy"] for h in found["heaps"]] == [3, 4, 5]


def test_misere_is_never_normal_play(client: TestClient) -> None:
    normal = ask(client, game="nim", heaps=[1, 1])
    misere = ask(client, game="nim", heaps=[1, 1], misere=True)
    assert (normal["winner"], misere["winner"]) == ("second", "first")
    assert (normal["grundy_decides"], misere["grundy_decides"]) == (True, False)
    assert misere["play"] == "misere"
    assert misere["winning_moves"] == [[0, 0], [1, 0]]


def test_a_sum_of_different_games_and_its_tables(client: TestClient) -> None:
    found = ask(client, games=["kayles", "nim", "grundy"], heaps=[3, 4, 7], table=10)
    assert found["grundy"] == 3 ^ 4 ^ 0
    assert found["tables"]["kayles"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2]
    assert found["tables"]["grundy"][:8] == [0, 0, 0, 1, 0, 2, 1, 0]
    assert found["game"] == "kayles 3 + nim 4 + grundy 7"
    assert [1, 3] in found["winning_moves"]  # nim 4 → 3 leaves 3 ⊕ 3 ⊕ 0 = 0
    dawson = ask(client, game="dawson", heaps=[9])
    assert (dawson["grundy"], dawson["winner"]) == (0, "second")


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"game": "chess", "heaps": [1]}, "game", "unknown game"),
        ({"games": ["nim", "chess"], "heaps": [1, 2]}, "games.1", "unknown game"),
        ({"game": "subtraction:1,x", "heaps": [1]}, "game", "whole number"),
        ({"heaps": [1, -1]}, "heaps.1", "at least 0"),
        ({"heaps": [1001]}, "heaps.0", "at most 1000"),
        ({"heaps": [1] * 13}, "heaps", "too many"),
        ({"games": ["nim"], "heaps": [1, 2]}, "", "one game per heap"),
        ({"game": "nim", "games": ["nim"], "heaps": [1]}, "", "either game"),
        ({"heaps": [1], "misere": "yes"}, "misere", "true or false"),
    ],
)
def test_bad_input_says_where(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    answer = client.post("/api/impartial", json=body)
    assert answer.status_code == 422, answer.text
    assert answer.json()["field"] == field
    assert words in answer.json()["message"]


def test_a_limit_names_itself(client: TestClient) -> None:
    body = {"games": ["kayles", "dawson"], "heaps": [30, 30], "misere": True}
    answer = client.post("/api/impartial", json=body)
    assert answer.status_code == 400
    assert "over the limit" in answer.json()["message"]
    assert "misère search limit" in answer.json()["message"]
    assert "normal play" in answer.json()["message"]


def test_misere_nim_is_decided_by_its_rule_at_any_size(client: TestClient) -> None:
    found = ask(client, game="nim", heaps=[100, 100, 100], misere=True)
    assert (found["decided_by"], found["winner"]) == ("misere-nim", "first")
    assert found["winning_moves"] == [[0, 0], [1, 0], [2, 0]]  # 100 → 0 leaves XOR 0
    assert ask(client, game="nim", heaps=[1000] * 12, misere=True)["winner"] == "second"
    assert ask(client, game="nim", heaps=[3], misere=False)["decided_by"] == "sprague-grundy"
    assert ask(client, game="kayles", heaps=[3], misere=True)["decided_by"] == "search"


def test_each_heap_shows_its_mex(client: TestClient) -> None:
    found = ask(client, games=["kayles", "nim"], heaps=[4, 2])
    kayles, nim = found["heaps"]
    # Kayles 4 leaves 3, 2, 1+1 (one pin); 2, 1+1... (two pins), values 3, 2, 0 / 2, 0
    assert (kayles["mex"], kayles["grundy"]) == (1, 1)
    assert 1 not in kayles["options"]
    assert 0 in kayles["options"]
    assert (nim["options"], nim["mex"]) == ([0, 1], 2)  # in the order of the moves: → 0, → 1
    on_nim = [m for m in found["moves"] if m["move"][0] == 1]
    assert [(m["heap_grundy"], m["grundy"]) for m in on_nim] == [(0, 1 ^ 0), (1, 1 ^ 1)]


def test_documented_in_openapi(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    route = paths["/api/impartial"]["post"]
    assert {"200", "400", "422", "503"} <= set(route["responses"])
