"""The graph game's API: the paper's F₃ values, an optimal engine, and refusals."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.share import GraphShare, SharePosition
from tests.games.naive import naive_value


def play(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/graph/play", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def optimal_game(client: TestClient, **body: Any) -> dict[str, Any]:
    """The person copies the engine's choice from the other side: both play optimally."""
    state = play(client, **body)
    other = "min" if body.get("role", "max") == "max" else "max"
    while not state["over"]:
        reply = play(client, **{**body, "role": other, "moves": state["moves"]})
        state = play(client, **{**body, "moves": reply["moves"]})
    return state


@pytest.mark.parametrize(
    ("pair", "value"),
    [("V,E", 4), ("E,V", 2), ("E,R", 2), ("V,R", 3), ("R,V", 5), ("R,E", 6)],
)
def test_friendship_graph_values_of_the_paper(client: TestClient, pair: str, value: int) -> None:
    colour, share = pair.split(",")
    state = optimal_game(client, graph="friendship:3", colour=colour, share=share)
    result = state["result"]
    assert result["value"] == result["final"] == str(value)
    assert result["winner"] is None


def replay(game: GraphShare, moves: list[int]) -> SharePosition:
    position = game.initial()
    for move in moves:
        position = game.play(position, move)
    return position


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    spec=st.sampled_from(["path:4", "cycle:4", "star:4"]),
    pair=st.sampled_from([("V", "E"), ("E", "V")]),
    role=st.sampled_from(["max", "min"]),
    data=st.data(),
)
def test_the_engine_plays_optimally(
    client: TestClient, spec: str, pair: tuple[str, str], role: str, data: st.DataObject
) -> None:
    game = GraphShare(incidence(load_graph(spec), *pair), 2)
    body = {"graph": spec, "colour": pair[0], "share": pair[1], "role": role}
    state = play(client, **body)
    while True:
        for index in state["engine"]:
            before = naive_value(game, replay(game, state["moves"][:index]))
            after = naive_value(game, replay(game, state["moves"][: index + 1]))
            assert after == before
        position = replay(game, state["moves"])
        won = sum(
            int(w) for w, owner in zip(state["weights"], state["owners"], strict=True)
            if owner == "max"
        )  # fmt: skip
        assert str(won) == state["won"] == str(position.won)
        if state["over"]:
            break
        move = data.draw(st.sampled_from(state["options"]))
        state = play(client, **body, moves=[*state["moves"], move])
    assert state["result"]["value"] == str(naive_value(game, game.initial()))


@settings(max_examples=10, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    spec=st.sampled_from(["path:4", "cycle:4", "star:4"]),
    pair=st.sampled_from([("V", "E"), ("E", "V")]),
    data=st.data(),
)
def test_the_hint_against_brute_force(
    client: TestClient, spec: str, pair: tuple[str, str], data: st.DataObject
) -> None:
    """Every legal move with MAX's final share after it, the best ones marked, and an
    optimal line that keeps the value to the end: each checked by a naive full search."""
    game = GraphShare(incidence(load_graph(spec), *pair), 2)
    body = {"graph": spec, "colour": pair[0], "share": pair[1]}
    state = play(client, **body, role="min")  # the engine (MAX) opens
    while not state["over"]:
        answer = client.post("/api/graph/hint", json={**body, "moves": state["moves"]})
        assert answer.status_code == 200, answer.text
        hint = answer.json()
        position = replay(game, state["moves"])
        value = naive_value(game, position)
        assert hint["exact"]
        assert hint["value"] == str(value)
        assert [move["move"] for move in hint["moves"]] == list(game.moves(position))
        for move in hint["moves"]:
            after = naive_value(game, game.play(position, move["move"]))
            assert move["value"] == str(after)
            assert move["best"] == (after == value)
        for text in hint["pv"]:  # the line, move by move, keeps the value
            (move,) = [m for m in game.moves(position) if game.describe_move(position, m) == text]
            position = game.play(position, move)
            assert naive_value(game, position) == value
        assert game.is_terminal(position)
        assert position.won == value
        move = data.draw(st.sampled_from(state["options"]))
        state = play(client, **body, role="min", moves=[*state["moves"], move])
    assert state["result"]["optimal"]
    position = game.initial()
    for text in state["result"]["optimal"]:
        (move,) = [m for m in game.moves(position) if game.describe_move(position, m) == text]
        position = game.play(position, move)
    assert str(position.won) == state["result"]["value"] == str(naive_value(game, game.initial()))


def test_no_hint_once_the_game_is_over(client: TestClient) -> None:
    answer = client.post("/api/graph/hint", json={"graph": "path:5", "colours": 1})
    assert answer.status_code == 400
    assert "nothing to hint" in answer.json()["message"]


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"graph": "path:5", "colour": "R", "share": "E"}, "only one face to colour (r0)"),
        ({"graph": "star:5", "colour": "R", "share": "V"}, "no vertex can ever see two colours"),
        ({"graph": "path:5", "colours": 1}, "With one colour no edge can see two colours"),
    ],
)
def test_a_game_over_before_it_starts_says_why(
    client: TestClient, body: dict[str, Any], why: str
) -> None:
    state = play(client, **body)
    assert state["over"]
    assert state["moves"] == []
    assert why in state["why_over"]
    # and it is right: nothing of B is open, MAX's share is 0
    assert state["won"] == "0"
    assert all(owner in ("min", "none") for owner in state["owners"])


def test_a_game_that_starts_says_nothing_of_the_kind(client: TestClient) -> None:
    assert play(client, graph="path:5")["why_over"] is None


def test_the_drawing_data(client: TestClient) -> None:
    state = play(client, graph="wheel:5", colour="R", share="V")
    graph = state["graph"]
    assert len(graph["vertices"]) == len(graph["pos"]) == 5
    assert [face["outer"] for face in graph["faces"]] == [True, False, False, False, False]
    assert state["a"] == [face["name"] for face in graph["faces"]]
    assert state["b"] == graph["vertices"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"graph": "/etc/passwd"}, "unknown graph"),
        ({"graph": "../pyproject.toml"}, "unknown graph"),
        ({"graph": "cycle:2"}, "N ≥ 3"),
        ({"graph": "petersen", "colour": "E", "share": "R"}, "not planar"),
        ({"graph": "grid:5x5", "colour": "E", "share": "V"}, "number of elements to colour"),
        ({"colour": "V", "share": "V"}, "must differ"),
        ({"rule": "parity", "colours": 3}, "exactly 2 colours"),
        ({"moves": [3]}, "move 1"),
        ({"moves": [1, 99]}, "move 2"),
        ({"moves": [1, 0, 1, 0]}, "move 4"),
    ],
)
def test_refusals(client: TestClient, body: dict[str, Any], message: str) -> None:
    answer = client.post("/api/graph/play", json=body)
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"colours": 0},
        {"colours": 9},
        {"colour": "X"},
        {"rule": "odd"},
        {"moves": [-1]},
        {"moves": ["1"]},
        {"graph": "x" * 41},
    ],
)
def test_invalid_requests(client: TestClient, body: dict[str, Any]) -> None:
    assert client.post("/api/graph/play", json=body).status_code == 422
