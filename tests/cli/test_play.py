from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evalgame.cli.play as play_module
from evalgame.cli import app

runner = CliRunner()


def play_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["play", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    searches = {"searches"} if "depth" in args else set()
    assert set(data) == {"game", "moves", "final", "winner", "verdict"} | searches
    return data  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("target", "winner"),
    [
        ("tictactoe", None),
        ("takeaway:12", "min"),
        ("takeaway:13", "max"),
        ("nim:3,4,5", "max"),
        ("nim:1,2,3", "min"),
        ("nim:1,1,1:misere", "min"),
        ("subtraction:1,3,4:7", "min"),
        ("kayles:6", "max"),
        ("grundy:7", "min"),
        ("connect4:4x4", None),
    ],
)
def test_optimal_players_reach_the_solved_outcome(target: str, winner: str | None) -> None:
    data = play_json(target, "--max", "optimal", "--min", "optimal")
    assert data["winner"] == winner
    assert data["moves"]


@pytest.mark.parametrize("seed", range(3))
def test_optimal_beats_or_draws_random(seed: int) -> None:
    for target in ("tictactoe", "nim:3,4,5", "kayles:7"):
        data = play_json(target, "--max", "optimal", "--min", "random", "--seed", str(seed))
        assert data["winner"] in ("max", None)


def test_seeded_games_are_reproducible() -> None:
    args = ("pig:10", "--max", "random", "--min", "random", "--seed", "42")
    first = play_json(*args)
    assert first == play_json(*args)
    assert any(move.startswith("rolls") for move in first["moves"])
    assert first["final"] in ("1", "0", "-1")


def test_depth_player_on_a_large_board() -> None:
    data = play_json(
        "connect4:6x7", "--max", "depth", "--min", "random", "--seconds", "0.05", "--seed", "1"
    )
    assert data["winner"] in ("max", "min", None)


def test_a_depth_player_says_how_deep_it_searched_and_what_it_found() -> None:
    """Tic-tac-toe is searched to its end at once: each of MAX's moves comes with the exact
    value of the position it chose from, the draw that optimal play keeps; on 6×7 a search
    stops short and its value is an estimate."""
    data = play_json("tictactoe", "--max", "depth", "--min", "optimal", "--seconds", "30")
    assert data["searches"] == [
        {"ply": ply, "depth": 9 - ply, "value": "0", "exact": True}
        for ply in range(0, len(data["moves"]), 2)
    ]
    human = runner.invoke(
        app, ["play", "tictactoe", "--max", "depth", "--min", "optimal", "--seconds", "30"]
    )
    assert "MAX (depth) plays 5 — searched to the end (depth 9), value 0 (exact)" in human.output
    args = ["connect4:6x7", "--max", "random", "--min", "depth", "--seconds", "0.05"]
    data = play_json(*args, "--seed", "1")
    assert [entry["ply"] for entry in data["searches"]] == list(range(1, len(data["moves"]), 2))
    assert not data["searches"][0]["exact"]
    human = runner.invoke(app, ["play", *args, "--seed", "1"])
    assert "MIN (depth) plays" in human.output
    assert "(heuristic, to MAX)" in human.output or "no search finished" in human.output


def test_dag_file(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text(
        json.dumps(
            {
                "start": "s",
                "positions": {
                    "s": {"player": "max", "moves": ["a", "b"]},
                    "a": {"value": -1},
                    "b": {"player": "min", "moves": ["c", "d"]},
                    "c": {"value": 2},
                    "d": {"value": 1},
                },
            }
        )
    )
    data = play_json(f"dag:{path}", "--max", "optimal", "--min", "optimal")
    assert data["moves"] == ["b", "d"]
    assert data["final"] == "1"
    assert data["winner"] == "max"


def test_human_hotseat_with_hint_bad_input_and_undo() -> None:
    lines = ["?", "banana", "5", "1", "u", "2", "1", "3", "9"]
    result = runner.invoke(
        app,
        ["play", "tictactoe", "--max", "human", "--min", "human"],
        input="\n".join(lines) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "5 → 0 (draw)   ← best" in out  # the hint: every first move draws
    assert out.count("→ 0 (draw)   ← best") == 9
    assert "'banana' is not a legal move here" in out
    assert "move taken back" in out
    assert "first player wins after 5 moves" in out


def test_human_against_the_engine_can_quit() -> None:
    result = runner.invoke(app, ["play", "tictactoe"], input="5\nq\n")
    assert result.exit_code == 0
    assert "MIN (optimal) plays" in result.output
    assert "game abandoned" in result.output
    ended = runner.invoke(app, ["play", "nim:3,4"], input="")
    assert "game abandoned" in ended.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tictactoe", "--json"], "--json needs two computer players"),
        (["tictactoe", "--max", "genius"], "unknown player"),
        (["connect4", "--max", "optimal", "--min", "random"], "too large to play optimally"),
        (["nim:3,4", "--max", "depth", "--min", "random"], "no evaluation function"),
        (["tictactoe", "--seconds", "0"], "--seconds must be positive"),
        (["kayles:x", "--max", "random", "--min", "random"], "whole number"),
        (["pig:20", "--max", "depth", "--min", "random"], "has dice"),
        (["nim:3,4", "-a", "magic"], "unknown algorithm"),
        (["nim:3,4", "--seconds", "nan"], "must be a number of seconds"),
    ],
)
def test_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_expressions_go_to_the_e_valuate_player(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, dict[str, Any]]] = []

    def fake(expression: str, **options: Any) -> None:
        calls.append((expression, options))

    monkeypatch.setattr(play_module, "play_expression", fake)
    result = runner.invoke(app, ["play", "x*(y-z)", "--max", "random", "--seed", "3", "--json"])
    assert result.exit_code == 0
    assert calls == [
        (
            "x*(y-z)",
            {
                "max_agent": "random",
                "min_agent": "optimal",
                "seed": 3,
                "seconds": 1.0,
                "json_output": True,
                "domain": "0..9",
                "first": "max",
                "switch": False,
            },
        )
    ]


def test_deep_games_name_the_solver_that_copes() -> None:
    deep = runner.invoke(app, ["play", "takeaway:1000", "--max", "optimal", "--min", "optimal"])
    assert deep.exit_code == 2
    assert "-a backward-induction" in deep.output
    data = play_json("takeaway:1000", "--max", "optimal", "--min", "optimal", "-a",
                     "backward-induction")  # fmt: skip
    assert data["winner"] == "min"  # 1000 is a multiple of 4: the second player wins


def test_a_misspelled_game_gets_a_note() -> None:
    result = runner.invoke(app, ["play", "tictacto", "--max", "random", "--min", "random"])
    assert result.exit_code == 0
    assert "did you mean tictactoe?" in " ".join(result.output.split())
