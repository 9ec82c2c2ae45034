"""The tiling patterns: the 1×n and 2×n families against brute force, the committed data."""

from __future__ import annotations

import json
from pathlib import Path

from evalgame.analysis.closed_forms import FloorForm, fit_floor
from evalgame.analysis.tiling_patterns import (
    Board2,
    boards_from_json,
    markdown,
    path_values,
    starters_differ_by_one,
    strip_values,
)
from evalgame.analysis.tiling_results import ManagerProof
from tests.games.matching.naive_matching import game_value, grid_edges

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_path_values_match_brute_force() -> None:
    for n, (max_first, min_first) in enumerate(path_values(9)):
        edges = frozenset(grid_edges(1, n)) if n else frozenset()
        assert (max_first, min_first) == (game_value(edges, True), game_value(edges, False)), n


def test_strip_values_match_brute_force() -> None:
    for n, (max_first, min_first) in enumerate(strip_values(4), 1):
        edges = frozenset(grid_edges(2, n))
        assert (max_first, min_first) == (game_value(edges, True), game_value(edges, False)), n


def test_fit_floor_finds_the_simplest_form_or_none() -> None:
    assert fit_floor({n: 2 * n // 5 for n in range(30)}, 30) == FloorForm(2, 0, 5)
    assert fit_floor({1: 5, 2: 0}, 2) is None
    assert str(FloorForm(3, 3, 7)) == "⌊(3n + 3)/7⌋"
    assert str(FloorForm(1, 0, 1)) == "n"


def test_starters_check_on_values_and_bounds() -> None:
    assert starters_differ_by_one(Board2(1, 4, (2, 2), (1, 1), 1, 2)) is True
    assert starters_differ_by_one(Board2(9, 9, (5, 5), (3, 3), 1, 40)) is False
    assert starters_differ_by_one(Board2(9, 9, (20, 25), (18, 30), 15, 40)) is None
    assert starters_differ_by_one(Board2(9, 9, (30, 35), (18, 25), 15, 40)) is False


def test_committed_families_match_a_recomputation() -> None:
    data = json.loads((DOCS / "tiling_patterns.json").read_text())
    assert [tuple(pair) for pair in data["paths"][:12]] == path_values(11)
    assert [tuple(pair) for pair in data["strips"][:5]] == strip_values(5)


def test_markdown_reads_the_committed_boards() -> None:
    boards = boards_from_json(json.loads((DOCS / "tiling_results.json").read_text()))
    solved = {b.name: b for b in boards if b.solved}
    assert solved["4×4"].max_first == (7, 7)
    assert solved["4×4"].nu == 8
    text = markdown(boards, path_values(14), strip_values(4), 12, "figure.svg", 1.0)
    assert "| 1×n | MAX | ⌊(3n + 3)/7⌋ | n = 1..14 | none |" in text
    assert "| 4×4 | 7 | 7 | 6 | 8 | 7/8, 7/8 | 1, 1 | yes |" in text
    committed = (DOCS / "results.md").read_text()
    assert "| 1×n | MAX | ⌊(3n + 3)/7⌋ |" in committed


def test_kernel_proofs_narrow_the_bounds() -> None:
    data = json.loads((DOCS / "tiling_results.json").read_text())
    data["kernel_proofs"] = [
        {"rows": 7, "cols": 7, "first": "max", "proof": "value ≥ 21", "nodes": 1,
         "seconds": 1.0, "confirmation": "test"},
        {"rows": 7, "cols": 7, "first": "max", "proof": "value ≤ 21", "nodes": 1,
         "seconds": 1.0, "confirmation": "test"},
    ]  # fmt: skip
    seven = next(b for b in boards_from_json(data) if b.name == "7×7")
    assert seven.max_first == (21, 21)
    assert seven.min_first[0] < seven.min_first[1]


def test_a_board_is_read_once_even_when_its_bounds_met() -> None:
    """8×8's value (29 for both starters) came from the kernel's proofs, which narrowed the
    bounds the file also keeps: the board is its value, once."""
    boards = boards_from_json(json.loads((DOCS / "tiling_results.json").read_text()))
    names = [board.name for board in boards]
    assert len(names) == len(set(names))
    (eight,) = [board for board in boards if board.name == "8×8"]
    assert eight.solved
    assert eight.max_first == eight.min_first == (29, 29)


def test_manager_stores_narrow_the_bounds() -> None:
    data = json.loads((DOCS / "tiling_results.json").read_text())
    data["kernel_proofs"] = []
    data["kernel_values"].pop("8x8")  # the bounds, as before the kernel's proofs met
    stores = [
        ManagerProof(8, 8, "min", "8x8-min.sqlite", None, 29, 0, 0.0, ()),
        ManagerProof(8, 8, "max", "8x8-max.sqlite", 26, None, 0, 0.0, ()),
    ]
    eight = next(b for b in boards_from_json(data, stores) if b.name == "8×8")
    assert eight.min_first[1] == 29
    assert eight.max_first[0] == 26
    assert eight.max_first[1] > 29  # a bound of MIN first does not leak into MAX first
