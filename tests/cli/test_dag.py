from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()


def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


GAME = {
    "start": "s",
    "positions": {
        "s": {"player": "max", "moves": ["a", "b"]},
        "a": {"player": "min", "moves": ["c", "d"]},
        "b": {"player": "min", "moves": ["d", "e"]},
        "c": {"value": 3},
        "d": {"value": "7/2"},
        "e": {"value": "0.5"},
    },
}


def test_json_output(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dag", write(tmp_path, GAME), "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data == {
        "value": "3",
        "best_move": "a",
        "positions": 6,
        "edges": 6,
        "pv": ["a", "c"],
    }


def test_human_output(tmp_path: Path) -> None:
    result = runner.invoke(app, ["dag", write(tmp_path, GAME)])
    assert result.exit_code == 0
    assert "value of s: 3" in result.output
    assert "best move: a" in result.output


def test_a_leaf_start_and_chance(tmp_path: Path) -> None:
    leaf = {"start": "s", "positions": {"s": {"value": "-2/4"}}}
    data = json.loads(runner.invoke(app, ["dag", write(tmp_path, leaf), "--json"]).output)
    assert data["value"] == "-1/2"
    assert data["best_move"] is None
    dice = {
        "start": "s",
        "positions": {
            "s": {"player": "chance", "moves": ["a", "b"], "probabilities": ["1/3", "2/3"]},
            "a": {"value": 1},
            "b": {"value": 4},
        },
    }
    data = json.loads(runner.invoke(app, ["dag", write(tmp_path, dice), "--json"]).output)
    assert data["value"] == "3"


@pytest.mark.slow
def test_long_chain_does_not_recurse(tmp_path: Path) -> None:
    n = 20_000  # twenty times the recursion limit
    positions: dict[str, object] = {
        f"p{i}": {"player": "max" if i % 2 else "min", "moves": [f"p{i + 1}"]} for i in range(n)
    }
    positions[f"p{n}"] = {"value": 7}
    result = runner.invoke(
        app, ["dag", write(tmp_path, {"start": "p0", "positions": positions}), "--json"]
    )
    assert result.exit_code == 0
    assert json.loads(result.output)["value"] == "7"


def test_errors_are_messages_with_exit_code_2(tmp_path: Path) -> None:
    cases = {
        "cycle": {
            "start": "s",
            "positions": {
                "s": {"player": "max", "moves": ["a"]},
                "a": {"player": "min", "moves": ["s"]},
            },
        },
        "unknown": {"start": "s", "positions": {"s": {"player": "max", "moves": ["zz"]}}},
        "missing": {"start": "s", "positions": {"s": {"player": "max"}}},
        "type": {"start": "s", "positions": {"s": {"value": [1]}}},
        "json": "{not json",
    }
    expected = {
        "cycle": "cycle",
        "unknown": "'zz'",
        "missing": "'s'",
        "type": "'s'",
        "json": "not valid JSON",
    }
    for name, data in cases.items():
        result = runner.invoke(app, ["dag", write(tmp_path, data)])
        assert result.exit_code == 2, name
        assert expected[name] in result.output, name
        assert "Traceback" not in result.output
    # random players do not solve the game, and a cycle must not trap them either
    path = f"dag:{write(tmp_path, cases['cycle'])}"
    result = runner.invoke(app, ["play", path, "--max", "random", "--min", "random", "--json"])
    assert result.exit_code == 2
    assert "cycle: s → a → s" in result.output
    missing = runner.invoke(app, ["dag", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2
    assert "cannot read" in missing.output


def test_a_tree_as_nested_lists() -> None:
    result = runner.invoke(app, ["dag", "[[3,12,8],[2,4,6],[14,5,2]]", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["value"] == "3"
    assert data["pv"] == ["1", "1.1"]
    assert data["positions"] == 13
    bad = runner.invoke(app, ["dag", "[[3,12],[2,,4]]"])
    assert bad.exit_code == 2
    assert "expected a number or '[' at position 12" in bad.output
    assert "^" in bad.output  # a caret under the bad character
