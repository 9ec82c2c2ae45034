"""The explorer's API: the tree of Figure 1, its picture, and refusals."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from evalgame.lab.tree import game_tree


def tree(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tree", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def test_figure_one(client: TestClient) -> None:
    data = tree(client, expression="(10-X)*Y", algorithm="alphabeta")
    columns = data["nodes"]
    assert data["value"] == "45"
    assert data["stats"]["alpha_cutoffs"] == 4
    assert len(columns["parent"]) == 431  # T(2)
    assert data["steps"] == 2 * data["stats"]["nodes"]
    alpha = [i for i, s in enumerate(columns["status"]) if data["statuses"][s] == "alpha"]
    assert [data["texts"][columns["text"][i]] for i in alpha] == [
        f"(10 - X) * {digit}" for digit in (6, 7, 8, 9)
    ]
    # the events replay a depth-first walk: each node is entered after its parent
    for node, parent in enumerate(columns["parent"]):
        if parent >= 0 and columns["enter"][node] >= 0:
            assert columns["enter"][parent] < columns["enter"][node] < columns["leave"][node]


def test_the_answer_is_the_analysis(client: TestClient) -> None:
    data = tree(client, expression="x/y", domain="0..3", algorithm="paper")
    assert data == game_tree("x / y", (0, 1, 2, 3), algorithm="paper").as_json()


def test_the_picture(client: TestClient) -> None:
    answer = client.get("/api/tree/picture", params={"expression": "(10-X)*Y"})
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "image/svg+xml"
    assert answer.text.count(">α<") == 4
    below = client.get(
        "/api/tree/picture", params={"expression": "(10-X)*Y", "at": "5", "algorithm": "paper"}
    )
    assert below.status_code == 200
    assert "below {5}" in below.text


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"expression": "a+b+c+d"}, 400, "number of variables is 4"),
        ({"expression": "a+b+c", "domain": "0..29"}, 400, "game tree's size"),
        ({"expression": "a+", "domain": "0..2"}, 400, "expected an operand"),
        ({"expression": "a", "algorithm": "negascout"}, 422, "algorithm"),
    ],
)
def test_refusals(client: TestClient, body: dict[str, Any], status: int, message: str) -> None:
    answer = client.post("/api/tree", json=body)
    assert answer.status_code == status
    assert message in answer.json()["message"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"expression": "a+b", "at": "5,c"}, "not a variable"),
        ({"expression": "a+b", "at": "5,a,5,a"}, "no move 'a'"),
        ({"expression": "a+b", "at": "0..3"}, "not a value of the domain"),
    ],
)
def test_picture_refusals(client: TestClient, params: dict[str, str], message: str) -> None:
    answer = client.get("/api/tree/picture", params=params)
    assert answer.status_code == 400
    assert message in answer.json()["message"]
    assert client.get("/api/tree/picture").status_code == 422
