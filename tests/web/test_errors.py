"""Refused requests: one JSON shape, 4xx statuses, never a 500, whatever the body."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.samples import sample

ENDPOINTS = [
    "/api/evaluate/check",
    "/api/evaluate/validate",
    "/api/evaluate/play",
    "/api/evaluate/hint",
    "/api/evaluate/solve",
    "/api/tree",
    "/api/tiling/play",
    "/api/graph/play",
]


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize(
    "body",
    [
        b"{bad",
        b"",
        b"[]",
        b"null",
        b'"text"',
        b"\xff\xfe",
        b'{"expression": 5}',
        b'{"expression": "x", "rows": 3, "seconds": NaN}',
        b'{"expression": "x", "rows": 3, "seconds": Infinity}',
    ],
)
def test_malformed_bodies(client: TestClient, path: str, body: bytes) -> None:
    answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    data = answer.json()
    assert data["error"] == "invalid request"
    assert data["message"]


def test_the_message_names_the_field(client: TestClient) -> None:
    answer = client.post("/api/tiling/play", json={"rows": 3, "cols": 3, "moves": [[[0, 0]]]})
    assert answer.status_code == 422
    assert answer.json()["field"] == "moves.0"
    answer = client.post("/api/evaluate/play", json={"expression": "x", "colour": "red"})
    assert answer.status_code == 422
    assert "colour" in answer.json()["message"]


@pytest.mark.parametrize(
    ("path", "body", "message"),
    [
        ("/api/evaluate/check", {"expression": ""}, "Enter an expression."),
        ("/api/evaluate/check", {"expression": "x", "domain": ""}, "Enter a domain"),
        ("/api/tiling/play", {"rows": 0, "cols": 3}, "The number of rows must be at least 1."),
        ("/api/tiling/play", {"rows": 3, "cols": 9}, "The number of columns must be at most 8."),
        ("/api/tiling/play", {"rows": 3, "cols": 3.5}, "must be a whole number"),
        ("/api/graph/play", {"colours": 0}, "The number of colours must be at least 1."),
        ("/api/evaluate/play", {"expression": "x", "moves": [""]}, "Move 1 is empty."),
        ("/api/evaluate/play", {"expression": "x", "seconds": 0}, "time (in seconds) must be more"),
        ("/api/tree", {"expression": "x", "algorithm": "mtdf"}, "The algorithm must be one of"),
    ],
)
def test_validation_messages_are_plain_language(
    client: TestClient, path: str, body: dict[str, Any], message: str
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code == 422
    text = answer.json()["message"]
    assert message in text
    # none of the validator's own wording reaches the page
    assert "Input should" not in text
    assert "String should" not in text


def test_a_malformed_expression_gives_its_position(client: TestClient) -> None:
    answer = client.post("/api/evaluate/check", json={"expression": "X*(Y-Z))"})
    assert answer.status_code == 400
    assert answer.json() == {
        "error": "ExpressionError",
        "message": "unmatched ')'",
        "field": "expression",
        "position": 7,
        "expression": "X*(Y-Z))",
    }


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
fields = st.sampled_from(
    ["expression", "domain", "role", "moves", "seconds", "algorithm", "rows", "cols",
     "graph", "colour", "share", "colours", "rule"]
)  # fmt: skip


@settings(max_examples=sample(60), suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(ENDPOINTS), body=st.dictionaries(fields, json_values, max_size=5))
def test_random_bodies_never_fail_the_server(
    client: TestClient, path: str, body: dict[str, Any]
) -> None:
    answer = client.post(path, json=body)
    assert answer.status_code < 500, (body, answer.text)
    if answer.status_code >= 400:
        assert answer.json()["message"]


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("GET", "/api/no-such-thing", None, 404),
        ("DELETE", "/api/evaluate/check", None, 405),
        ("POST", "/api/evaluate/check", b"[" * 60_000, 400),
        ("POST", "/api/evaluate/check", b"[" * 100_000, 413),  # over the 64 KB cap
    ],
)
def test_http_errors_have_the_same_shape(
    client: TestClient, method: str, path: str, body: bytes | None, status: int
) -> None:
    headers = {"Content-Type": "application/json"}
    answer = client.request(method, path, content=body, headers=headers)
    assert answer.status_code == status
    assert set(answer.json()) == {"error", "message"}


def test_huge_numbers_are_answered_or_refused_at_once(client: TestClient) -> None:
    solved = client.post("/api/evaluate/solve", json={"expression": "9^4096*9^4096"})
    assert solved.status_code == 200
    assert len(solved.json()["value"]) == 7818  # 8192·log10(9) = 7817.3: past str()'s 4300
    tiny = ",".join(f"1/{10**30 + k}" for k in (1, 3, 7))
    for path in ("/api/evaluate/play", "/api/evaluate/solve", "/api/tree"):
        answer = client.post(path, json={"expression": "X^4096+Y-Z", "domain": tiny})
        assert answer.status_code == 400, answer.text
        assert "size in bits" in answer.json()["message"]


# ------------------------------------------------------------------ the page's language

#: what only the command line or Python could act on
ELSEWHERE = ("evalgame ", "command line", "FILE", "from Python", "LIMITS[", "--")


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/classic", {"game": "dag:game.json"}),
        ("/api/classic", {"game": "nosuchgame"}),
        ("/api/classic", {"game": "connect4:6x7"}),
        ("/api/classic", {"game": "nim:99999"}),
        ("/api/classic", {"game": "pig:1000"}),
        ("/api/evaluate/play", {"expression": "a+b+c+d+e+f+g+h+i"}),
        ("/api/evaluate/check", {"expression": "x", "domain": "0..9,9"}),
        ("/api/dag", {"game": "[" + "1," * 6000 + "1]"}),
        ("/api/tree", {"expression": "a+b+c+d"}),
    ],
)
def test_refusals_speak_the_page_language(
    client: TestClient, path: str, body: dict[str, Any]
) -> None:
    answer = client.post(path, json=body)
    assert 400 <= answer.status_code < 500
    message = answer.json()["message"]
    assert not [words for words in ELSEWHERE if words in message], message


def test_a_range_inside_a_list_is_named_as_such(client: TestClient) -> None:
    answer = client.post("/api/evaluate/check", json={"expression": "x", "domain": "0..9,9"})
    assert answer.status_code == 400
    assert answer.json()["field"] == "domain"
    assert "'0..9' is a range inside a list" in answer.json()["message"]
    assert "exact number" not in answer.json()["message"]


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"expression": "X*(Y-Z))"}, "expression", "')'"),
        ({"expression": ""}, "expression", "Enter an expression."),
        ({"expression": "x" * 500}, "expression", "too long"),
        ({"expression": "x", "domain": "0..9,9"}, "domain", "range inside a list"),
        ({"expression": "x", "domain": "1..5000"}, "domain", "over the limit of 1000"),
    ],
)
def test_the_live_check_refuses_with_a_200(
    client: TestClient, body: dict[str, Any], field: str, words: str
) -> None:
    """The check made while a field is typed answers 200 (no failed request in the
    browser's console); /check answers the same input 4xx."""
    answer = client.post("/api/evaluate/validate", json=body)
    assert answer.status_code == 200
    found = answer.json()
    assert found["ok"] is False
    assert found["field"] == field
    assert words in found["message"]
    assert 400 <= client.post("/api/evaluate/check", json=body).status_code < 500


def test_the_live_check_accepts_with_the_check_answer(client: TestClient) -> None:
    body = {"expression": "X*(Y-Z)", "domain": "0..2"}
    answer = client.post("/api/evaluate/validate", json=body).json()
    assert answer == {"ok": True, **client.post("/api/evaluate/check", json=body).json()}
    assert client.post("/api/evaluate/validate", json={"expression": 3}).status_code == 422
