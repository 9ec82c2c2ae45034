from __future__ import annotations

import json
from fractions import Fraction

import pytest
from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()
KEYS = {"game", "value", "outcome", "best_move", "algorithm", "stats", "seconds", "exact"}


def run_json(*args: str) -> dict[str, object]:
    result = runner.invoke(app, ["classic", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    assert set(data) >= KEYS
    return data


@pytest.mark.parametrize("algorithm", ["alphabeta", "negascout", "mtdf", "minimax"])
def test_tictactoe_is_a_draw_with_every_algorithm(algorithm: str) -> None:
    data = run_json("tictactoe", "--algorithm", algorithm)
    assert data["algorithm"] == algorithm  # the name --algorithm takes, not a description
    assert data["value"] == "0"
    assert data["outcome"] == "draw"
    assert data["exact"] is True
    stats = data["stats"]
    assert isinstance(stats, dict)
    assert stats["nodes"] > 0


def test_takeaway_12_is_a_second_player_win() -> None:
    data = run_json("takeaway:12")
    assert data["value"] == "-1"
    assert data["outcome"] == "min_wins"
    assert data["best_move"] is not None
    assert run_json("takeaway:13")["outcome"] == "max_wins"
    assert run_json("takeaway:13")["best_move"] == "13>12"  # leave a multiple of 4


@pytest.mark.parametrize("board", ["3x3", "3x4", "4x3"])
def test_small_connect_four_boards_agree_across_algorithms(board: str) -> None:
    values = {run_json(f"connect4:{board}", "-a", a)["value"] for a in ("alphabeta", "mtdf")}
    assert len(values) == 1


def test_pig_is_exact_with_expectiminimax() -> None:
    data = run_json("pig:3:2:2")
    assert data["value"] == "0"  # worked by hand in tests/games/classic/test_dice.py
    data = run_json("pig:2:2:2")
    assert Fraction(str(data["value"])) == Fraction(1, 4)
    assert data["outcome"] == "max_favoured"
    assert data["algorithm"] == "expectiminimax"


def test_a_game_with_dice_says_what_its_value_measures() -> None:
    """pig:2:2:2 by hand: MAX throws a 2 (1/2) and wins; else MIN throws a 2 (1/4) and
    wins; else the two turns are over at 0–0, a draw (1/4). The value is 1/2 − 1/4, and
    the answer says it is that difference; a game without dice needs no such words."""
    data = run_json("pig:2:2:2")
    assert Fraction(str(data["value"])) == Fraction(1, 2) - Fraction(1, 4)
    meaning = "P(first player wins) − P(second player wins) under perfect play"
    assert str(data["meaning"]).startswith(meaning)
    assert "after 2 turns" in str(data["meaning"])
    assert "meaning" not in run_json("tictactoe")
    text = " ".join(runner.invoke(app, ["classic", "pig:10"]).output.split())
    assert f"≈ 0.4141) the value is {meaning}" in text


def test_human_output() -> None:
    text = runner.invoke(app, ["classic", "tictactoe"]).output
    assert "tictactoe: draw (value 0)" in text
    assert "best move: 5" in text
    assert "nodes" in text


def test_large_board_with_a_timeout_gives_the_best_move_found() -> None:
    data = run_json("connect4:6x7", "--timeout", "0.5")
    assert data["exact"] is False
    assert (data["outcome"], data["algorithm"]) == (None, "iterative-deepening")
    assert data["best_move"] in [str(c) for c in range(1, 8)]
    assert isinstance(data["depth"], int)


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["connect4:6x7"], 3, "cannot be solved exactly; pass --timeout"),
        (["pig:100"], 3, "over the limit"),
        (["chess"], 2, "unknown game"),
        (["connect4:4by4"], 2, "ROWSxCOLS"),
        (["connect4:0x4"], 2, "rows and columns"),
        (["tictactoe", "-a", "quantum"], 2, "unknown algorithm"),
        (["pig:10", "-a", "alphabeta"], 2, "chance nodes"),
        (["takeaway:x"], 2, "whole number"),
        (["subtraction:1,2"], 2, "subtraction:1,2,3:12"),
        (["nim:1,2:sideways"], 2, "nim:3,4,5"),
        (["dag:"], 2, "dag:FILE"),
    ],
)
def test_bad_input(args: list[str], code: int, message: str) -> None:
    result = runner.invoke(app, ["classic", *args])
    assert result.exit_code == code, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_a_game_that_starts_with_dice_says_so() -> None:
    result = runner.invoke(app, ["classic", "pig:2:2:2"])
    assert result.exit_code == 0, result.output
    assert "starts with a throw of the dice" in result.output
    assert "best move" not in result.output
