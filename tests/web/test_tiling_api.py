"""The tiling game's API: the engine against the naive game value, and refusals."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evalgame.games.matching import native
from evalgame.games.tiling.game import solve_tiling
from evalgame.play import tiling
from tests.games.matching.naive_matching import game_value

Cell = tuple[int, int]


def play(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tiling/play", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def free_dominoes(rows: int, cols: int, taken: set[Cell]) -> frozenset[tuple[int, int]]:
    """The dominoes that still fit, as edges between cell numbers (naive)."""
    free = {(r, c) for r in range(rows) for c in range(cols)} - taken
    edges = set()
    for r, c in free:
        for other in ((r, c + 1), (r + 1, c)):
            if other in free:
                edges.add((r * cols + c, other[0] * cols + other[1]))
    return frozenset(edges)


@settings(max_examples=12, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    size=st.sampled_from([(2, 3), (3, 3), (2, 4), (1, 5)]),
    role=st.sampled_from(["max", "min"]),
    data=st.data(),
)
def test_the_engine_plays_optimally(
    client: TestClient, size: tuple[int, int], role: str, data: st.DataObject
) -> None:
    rows, cols = size
    state = play(client, rows=rows, cols=cols, role=role)
    while True:
        dominoes = [tuple(map(tuple, d)) for d in state["dominoes"]]
        for index in state["engine"]:
            taken = {cell for d in dominoes[:index] for cell in d}
            after = taken | set(dominoes[index])
            max_moved = state["players"][index] == "max"
            before_value = game_value(free_dominoes(rows, cols, taken), max_moved)
            after_value = game_value(free_dominoes(rows, cols, after), not max_moved)
            assert 1 + after_value == before_value  # the engine's move is optimal
            assert state["report"]["exact"]
        if state["over"]:
            break
        taken = {cell for d in dominoes for cell in d}
        edges = sorted(free_dominoes(rows, cols, taken))
        u, v = data.draw(st.sampled_from(edges))
        move = [[u // cols, u % cols], [v // cols, v % cols]]
        state = play(client, rows=rows, cols=cols, role=role, moves=[*state["dominoes"], move])
    result = state["result"]
    value = game_value(free_dominoes(rows, cols, set()), True)
    assert result["value"] == str(value) == str(solve_tiling(rows, cols).value)
    assert result["final"] == str(len(state["dominoes"]))
    final = int(result["final"])
    expected = "max" if final > value else "min" if final < value else None
    assert result["winner"] == expected
    # the comparison alone, for a page that names the winner its own way
    assert result["reason"] in result["verdict"]
    assert not result["reason"].lower().startswith(("max wins", "min wins", "a draw"))


@pytest.mark.parametrize(
    ("size", "moves"),
    [((2, 3), []), ((3, 3), [[[1, 1], [1, 2]]]), ((2, 4), [[[0, 0], [1, 0]]]), ((1, 5), [])],
)
def test_a_hint_gives_the_best_dominoes_and_every_value(
    client: TestClient, size: tuple[int, int], moves: list[Any]
) -> None:
    rows, cols = size
    answer = client.post("/api/tiling/hint", json={"rows": rows, "cols": cols, "moves": moves})
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    taken = {tuple(cell) for domino in moves for cell in domino}
    max_to_move = len(moves) % 2 == 0
    value = game_value(free_dominoes(rows, cols, taken), max_to_move)
    best = set()
    finals = {}
    for u, v in free_dominoes(rows, cols, taken):  # every domino, judged by the naive solver
        cells = {(u // cols, u % cols), (v // cols, v % cols)}
        after = 1 + game_value(free_dominoes(rows, cols, taken | cells), not max_to_move)
        finals[frozenset(cells)] = str(len(moves) + after)
        if after == value:
            best.add(frozenset(cells))
    assert hint["exact"] is True
    assert hint["value"] == str(len(moves) + value)
    assert {frozenset(map(tuple, domino)) for domino in hint["best"]} == best
    shown = {frozenset(map(tuple, move["domino"])): move["value"] for move in hint["moves"]}
    assert shown == finals  # the final count after every legal domino
    ranked = [int(move["value"]) for move in hint["moves"]]
    assert ranked == sorted(ranked, reverse=max_to_move)  # best first


def test_min_role_the_engine_opens(client: TestClient) -> None:
    state = play(client, rows=2, cols=2, role="min")
    assert state["players"] == ["max"]
    assert state["to_move"] == "min"
    assert state["count"] == 1


def test_a_large_board_is_answered_within_the_budget(client: TestClient) -> None:
    state = play(client, rows=8, cols=8, moves=[[[0, 0], [0, 1]]], seconds=0.3)
    assert len(state["dominoes"]) == 2
    report = state["report"]
    assert report["exact"] is False  # 8×8 is far beyond 0.3 s
    assert (
        22 <= int(report["lower"]) <= int(report["upper"]) <= 32
    )  # Theorem 1 and the board's area


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ([[[0, 0], [1, 1]]], "not adjacent"),
        ([[[0, 0], [0, 1]], [[0, 1], [0, 2]]], "is taken"),
        ([[[0, 0], [0, 5]]], "off the 3×3 board"),
        ([[[0, 0], [0, 0]]], "not adjacent"),
    ],
)
def test_illegal_dominoes(client: TestClient, moves: list[Any], message: str) -> None:
    answer = client.post("/api/tiling/play", json={"rows": 3, "cols": 3, "moves": moves})
    assert answer.status_code == 400, answer.text
    assert message in answer.json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        {"rows": 9, "cols": 3},
        {"rows": 0, "cols": 3},
        {"rows": 3},
        {"rows": 3, "cols": 3, "moves": [[[0, 0], [0, 8]]]},
        {"rows": 3, "cols": 3, "moves": [[[0, 0], [0, 1], [0, 2]]]},
        {"rows": 3, "cols": 3, "moves": [[[0, -1], [0, 0]]]},
        {"rows": 3, "cols": 3, "moves": [[[0, 0], [0, 1]]] * 33},
        {"rows": 3.5, "cols": 3},
        {"rows": 3, "cols": 3, "seconds": 60},
    ],
)
def test_invalid_requests(client: TestClient, body: dict[str, Any]) -> None:
    assert client.post("/api/tiling/play", json=body).status_code == 422


@pytest.fixture
def boards() -> Iterator[None]:
    """The boards' solvers made afresh for the test and dropped after it."""
    tiling._TABLES.clear()
    yield
    tiling._TABLES.clear()


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built here")
def test_the_page_plays_with_the_kernel_when_it_is_built(boards: None) -> None:
    assert isinstance(tiling.table(6, 6).solver, native.NativeSolver)


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built here")
def test_a_worker_keeps_as_many_kernel_tables_as_its_bytes_allow(boards: None) -> None:
    for cols in range(2, 8):
        tiling.tiling_hint(2, cols, [])
    kept = tiling.MAX_CACHED_BYTES // (tiling.KERNEL_TABLE_MB << 20)
    assert list(tiling._TABLES.keys()) == [(2, cols) for cols in range(8 - kept, 8)]


def test_the_kernel_and_the_python_solver_answer_alike(
    boards: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [[], [[[0, 0], [0, 1]]], [[[1, 1], [2, 1]], [[0, 3], [1, 3]]]]

    def answers() -> list[Any]:
        tiling._TABLES.clear()
        hints = [tiling.tiling_hint(3, 4, moves) for moves in lines]
        games = [
            tiling.tiling_state(3, 4, role, moves) for role in ("max", "min") for moves in lines
        ]
        return [*hints, *games]

    auto = answers()
    assert isinstance(tiling.table(3, 4).solver, native.NativeSolver) is native.available()
    monkeypatch.setattr(tiling, "ENGINE", "python")
    python = answers()
    assert not isinstance(tiling.table(3, 4).solver, native.NativeSolver)
    assert auto == python
