"""``evalgame paper --plot``: the chart is drawn from the runs the command computes."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()


def test_plot_with_the_table(tmp_path: Path) -> None:
    out = tmp_path / "counts.png"
    args = ["paper", "--algorithms", "alphabeta", "--max-nodes", "3000", "--plot", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "node counts drawn into" in result.output
    assert out.read_bytes().startswith(b"\x89PNG")


def test_plot_with_json(tmp_path: Path) -> None:
    out = tmp_path / "counts.svg"
    args = [
        "paper",
        "--algorithms",
        "residual",
        "--max-nodes",
        "3000",
        "--json",
        "--plot",
        str(out),
    ]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["runs"]  # stdout stays one JSON object
    assert out.read_text().startswith("<?xml")


def test_a_bad_file_name_is_refused_before_solving(tmp_path: Path) -> None:
    result = runner.invoke(app, ["paper", "--plot", str(tmp_path / "counts.txt")])
    assert result.exit_code == 2
    assert "must end in .svg or .png" in result.output
