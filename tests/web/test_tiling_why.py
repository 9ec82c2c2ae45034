"""``POST /api/tiling/why``: the regions and the sum rule of a tiling position, against an
exhaustive search that knows no rule (tests/games/matching/naive_matching.py) and against
the project's own tameness classification."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from evalgame.games.matching.tame import TameRegions
from evalgame.games.tiling.board import Board
from tests.games.matching.naive_matching import game_value, grid_edges, induced

Cell = tuple[int, int]
#: boards small enough for the exhaustive search, and random positions on each
BOARDS = [(2, 3), (2, 5), (3, 3), (3, 4), (4, 4), (2, 7)]
POSITIONS = 12


def why(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/tiling/why", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


def to_come(rows: int, cols: int, free: set[Cell], max_to_move: bool) -> int:
    """Moves still to come with ``free`` squares free, by exhaustive search."""
    numbers = {r * cols + c for r, c in free}
    return game_value(induced(grid_edges(rows, cols), numbers), max_to_move)


def random_position(rows: int, cols: int, rng: random.Random) -> list[list[list[int]]]:
    """A few random dominoes, each on two free neighbours."""
    free = {(r, c) for r in range(rows) for c in range(cols)}
    placed: list[list[list[int]]] = []
    for _ in range(rng.randint(0, rows * cols // 4)):
        options = [
            ((r, c), (r + dr, c + dc))
            for r, c in free
            for dr, dc in ((0, 1), (1, 0))
            if (r + dr, c + dc) in free
        ]
        if not options:
            break
        first, second = rng.choice(sorted(options))
        free -= {first, second}
        placed.append([list(first), list(second)])
    return placed


def mask(board: Board, cells: list[list[int]]) -> int:
    found = 0
    for r, c in cells:
        found |= 1 << board.cell(r, c)
    return found


@pytest.mark.parametrize(("rows", "cols"), BOARDS)
def test_why_agrees_with_exhaustive_search_and_the_tameness_classification(
    client: TestClient, rows: int, cols: int
) -> None:
    rng = random.Random(rows * 100 + cols)
    board = Board(rows, cols)
    classification = TameRegions(board)  # the project's own, a fresh database
    decided = 0
    for _ in range(POSITIONS):
        moves = random_position(rows, cols, rng)
        to_move = rng.choice(["max", "min"])
        found = why(client, rows=rows, cols=cols, moves=moves, to_move=to_move)
        taken = {(r, c) for domino in moves for r, c in domino}
        free = {(r, c) for r in range(rows) for c in range(cols)} - taken
        assert found["placed"] == len(moves)
        assert found["to_move"] == to_move
        # the regions and the dead squares partition the free squares
        cells = [tuple(cell) for region in found["regions"] for cell in region["cells"]]
        dead = [tuple(cell) for cell in found["dead"]]
        assert sorted(cells + dead) == sorted(free)
        for region in found["regions"]:
            part = mask(board, region["cells"])
            value = classification.region(part)
            if len(region["cells"]) > classification.size_limit:
                assert region["kind"] == "large"
            elif value is None or not value.tame:
                assert region["kind"] == "wild"
            else:
                assert region["kind"] == ("cold" if value.a == value.b else "hot")
            if region["a"] is not None:  # each region alone, by exhaustive search
                alone = {tuple(cell) for cell in region["cells"]}
                assert region["a"] == to_come(rows, cols, alone, True)
                assert region["b"] == to_come(rows, cols, alone, False)
        tame = all(region["kind"] in ("cold", "hot") for region in found["regions"])
        assert (found["value"] is not None) == tame
        if found["value"] is not None:
            decided += 1
            rule = found["sum_rule"]
            truth = len(moves) + to_come(rows, cols, free, to_move == "max")
            assert found["value"] == rule["value"] == str(truth)
            hot = sum(region["kind"] == "hot" for region in found["regions"])
            assert rule["h"] == hot
            assert rule["N"] == sum(region["a"] for region in found["regions"])
        # every legal domino, and its value by the rule whenever the rule decides it
        legal = {
            ((r, c), (r + dr, c + dc))
            for r, c in free
            for dr, dc in ((0, 1), (1, 0))
            if (r + dr, c + dc) in free
        }
        assert {tuple(map(tuple, move["domino"])) for move in found["moves"]} == legal
        for move in found["moves"]:
            if move["value"] is None:
                continue
            left = free - {tuple(cell) for cell in move["domino"]}
            after = len(moves) + 1 + to_come(rows, cols, left, to_move != "max")
            assert move["value"] == str(after)
    assert decided  # the rule decided some positions of every board


def test_the_sum_rule_of_two_hot_regions(client: TestClient) -> None:
    """3×4 with its middle row covered: two I tetrominoes, hot (a = 2, b = 1): N = 4,
    h = 2, so 3 moves come whoever starts (docs/tiling_search.md's example)."""
    middle = [[[1, 0], [1, 1]], [[1, 2], [1, 3]]]
    found = why(client, rows=3, cols=4, moves=middle)
    assert [region["kind"] for region in found["regions"]] == ["hot", "hot"]
    assert [(region["a"], region["b"]) for region in found["regions"]] == [(2, 1), (2, 1)]
    rule = found["sum_rule"]
    assert (rule["N"], rule["h"], rule["moves_to_come"], found["value"]) == (4, 2, 3, "5")
    assert found["to_move"] == "max"
    as_min = why(client, rows=3, cols=4, moves=middle, to_move="min")
    assert as_min["sum_rule"]["moves_to_come"] == 3  # N − ⌊h/2⌋ = N − ⌈h/2⌉ = 3
    # an end domino of a row leaves a domino (cold) beside the other row (hot): N' = 3,
    # h' = 1, MIN to move: 3 − 1 = 2 more, 2 + 1 + 2 = 5; a middle one leaves 1 + 1
    values = {tuple(map(tuple, m["domino"])): m["value"] for m in found["moves"]}
    assert values[((0, 0), (0, 1))] == "5"
    assert values[((0, 1), (0, 2))] == "4"


def test_a_large_region_is_not_valued(client: TestClient) -> None:
    found = why(client, rows=5, cols=5)
    assert [region["kind"] for region in found["regions"]] == ["large"]
    assert (found["regions"][0]["a"], found["value"], found["sum_rule"]) == (None, None, None)
    # a domino that cuts nothing leaves a large region: no value; the move list is whole
    assert len(found["moves"]) == 40
    assert all(move["value"] is None for move in found["moves"])


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"rows": 9, "cols": 2}, 422, "at most 8"),
        ({"rows": 2, "cols": 2, "to_move": "x"}, 422, "to_move"),
        ({"rows": 2, "cols": 2, "moves": [[[0, 0], [1, 1]]]}, 400, "not adjacent"),
        ({"rows": 2, "cols": 2, "moves": [[[0, 0], [0, 1]], [[0, 0], [1, 0]]]}, 400, "taken"),
        ({"rows": 2, "cols": 2, "moves": [[[0, 0], [0, 7]]]}, 400, "off the 2×2 board"),
        ({"rows": 2, "cols": 2, "moves": "x"}, 422, "moves"),
    ],
)
def test_bad_positions_are_refused_in_words(
    client: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    answer = client.post("/api/tiling/why", json=body)
    assert answer.status_code == status, answer.text
    assert words in answer.text


@pytest.mark.parametrize(("rows", "cols"), [(5, 6), (6, 6)])
def test_why_agrees_with_the_engine_on_larger_boards(
    client: TestClient, rows: int, cols: int
) -> None:
    """Past the exhaustive search's reach: whenever the sum rule decides a position, its
    value is the engine's (the hint's exact value, the solver's search)."""
    rng = random.Random(rows * cols)
    decided = 0
    for _ in range(8):
        moves = random_position(rows, cols, rng)
        while len(moves) < rows * cols // 5:  # deep enough for the regions to be small
            moves = random_position(rows, cols, rng)
        found = why(client, rows=rows, cols=cols, moves=moves)
        if found["value"] is None or not found["moves"]:
            continue
        hint = client.post(
            "/api/tiling/hint", json={"rows": rows, "cols": cols, "moves": moves, "seconds": 10}
        ).json()
        assert hint["exact"], hint
        assert found["value"] == hint["value"]
        by_domino = {str(move["domino"]): move["value"] for move in hint["moves"]}
        for move in found["moves"]:
            assert move["value"] == by_domino[str(move["domino"])]
        decided += 1
    assert decided
