from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()
PAPER_F3 = {"VE": "4", "EV": "2", "ER": "2", "VR": "3", "RV": "5", "RE": "6"}


def run_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["graph", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("pair", "value"), PAPER_F3.items())
def test_friendship_graph_values(pair: str, value: str) -> None:
    data = run_json("friendship:3", "--color", pair[0], "--share", pair[1], "--colors", "2")
    assert data["value"] == value
    assert {"value", "total", "pv", "stats", "formula", "owners"} <= set(data)
    assert all(set(step) == {"colour", "element"} for step in data["pv"])


def test_json_matches_the_issue_example() -> None:
    data = run_json("friendship:3", "--color", "V", "--share", "E", "--colors", "2")
    assert (data["value"], data["total"]) == ("4", "9")


def test_human_output(tmp_path: Path) -> None:
    out = tmp_path / "f3.png"
    result = runner.invoke(
        app, ["graph", "friendship:3", "-A", "E", "-B", "R", "-k", "2", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "MAX's share  2 of 4" in result.output
    assert "F = f(" in result.output
    assert "r0 (outer)" in result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_area_weights_and_given_weights(tmp_path: Path) -> None:
    graph = tmp_path / "kite.json"
    graph.write_text(
        '{"edges": [["a","b"],["b","c"],["c","a"],["c","d"],["d","a"]],'
        ' "pos": {"a": [0, 0], "b": ["1/3", 0], "c": [0.5, 0.5], "d": [0, 1]}}'
    )
    data = run_json(str(graph), "-A", "V", "-B", "R", "--weights", "area", "-k", "3")
    assert data["total"] == "1/3"
    assert data["weights"] == "area"
    data = run_json("path:3", "--weights", "v0-v1=1/2", "-k", "3")
    assert (data["value"], data["total"]) == ("3/2", "3/2")


def test_parity_rule() -> None:
    data = run_json("path:5", "-A", "E", "-B", "V", "--rule", "parity")
    assert data["rule"] == "parity"
    assert data["value"] == "2"  # the two odd-degree leaves; the paper's remark


def test_chain_table_for_one_graph() -> None:
    data = run_json("friendship:3", "-A", "V", "-B", "E", "--table")
    assert data["chain"] == ["0", "4", "5", "8", "8", "8", "9"]
    assert data["k_star"] == 7
    assert data["reaches_total"] is True
    text = runner.invoke(app, ["graph", "friendship:3", "--table"]).output
    assert "minimax(F,[k])" in text
    assert "k* = 7" in text


def test_family_table() -> None:
    data = run_json("cycle:3..7", "-A", "V", "-B", "E", "--table")
    assert [row["k_star"] for row in data["rows"]] == [3, 3, 4, 5, 5]
    assert data["rows"][0]["graph"] == "cycle:3"
    text = runner.invoke(app, ["graph", "wheel:4..5", "-A", "V", "-B", "R", "--table"]).output
    assert "wheel:5" in text


def test_timeout_reports_bounds() -> None:
    result = runner.invoke(app, ["graph", "cycle:24", "-k", "4", "--timeout", "0.001", "--json"])
    assert result.exit_code == 4
    data = json.loads(result.output)
    assert data["value"] is None
    assert data["status"] == "stopped"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["friendship:3", "-A", "E", "-B", "E"], "must differ"),
        (["complete:5", "-A", "E", "-B", "R"], "not planar"),
        (["path:3", "--rule", "parity", "-k", "3"], "exactly 2"),
        (["path:3", "-k", "0"], "not in the range x>=1"),
        (["nosuch:3"], "unknown graph"),
        (["path:3", "--weights", "heavy"], "--weights"),
        (["path:3", "--weights", "v0-v1=x"], "--weights"),
        (["cycle:3..5"], "needs --table"),
        (["cycle:5..3", "--table"], "N ≤ M"),
        (["nosuch:3..5", "--table"], "unknown family"),
        (["path:3", "--table", "--out", "x.svg"], "does not go with --table"),
        (["path:3", "--out", "x.jpg"], "svg or .png"),
        (["path:3", "--table", "--rule", "parity"], "mono rule"),
        (["path:3", "-a", "magic"], "unknown algorithm"),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["graph", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_graph_files(tmp_path: Path) -> None:
    edges = tmp_path / "edges.txt"
    edges.write_text("0 1\n1 2\n2 0\n")
    data = run_json(str(edges), "-A", "E", "-B", "R")
    assert data["graph"] == "edges.txt"
    assert data["total"] == "2"
