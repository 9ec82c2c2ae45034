"""``evalgame tree``: the terminal outline, pictures, JSON and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.cli import app

runner = CliRunner()


def test_terminal_outline_of_figure_one() -> None:
    result = runner.invoke(app, ["tree", "(10-X)*Y", "--depth", "2"])
    assert result.exit_code == 0, result.output
    assert "minimax(E) = 45" in result.output
    assert "4 α cut-offs pruned 84 nodes" in result.output
    assert result.output.count("α-pruned") == 4
    # a pruned node shows no value: alpha-beta never computes it (its true value is 60)
    assert "{6→Y} MAX α-pruned (never computed)" in result.output
    assert "60" not in result.output
    # a node left by a cut-off shows the bound the search returned
    assert "{6} MIN value ≤ 36" in result.output
    assert "{5→Y} MAX value ≥ 50" in result.output


def test_paper_order_and_subtree() -> None:
    result = runner.invoke(app, ["tree", "X*(Y-Z)", "-a", "paper", "--at", "6, Y", "--depth", "1"])
    assert result.exit_code == 0, result.output
    assert "values tried in the order" in result.output
    assert "{6→Y} MAX value 18" in result.output
    assert "{6→Y, 3}" in result.output


@pytest.mark.parametrize("name", ["tree.svg", "tree.png"])
def test_pictures(tmp_path: Path, name: str) -> None:
    out = tmp_path / name
    result = runner.invoke(app, ["tree", "(10-X)*Y", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    if name.endswith(".png"):
        assert data.startswith(b"\x89PNG")
    else:
        text = data.decode()
        assert text.count(">α<") == 4  # the four α cut-offs of the paper's walk-through
        assert text.count(">β<") == 1


def test_a_wide_tree_is_drawn_as_deep_as_fits(tmp_path: Path) -> None:
    out = tmp_path / "tree.svg"
    result = runner.invoke(app, ["tree", "a*b", "--domain", "0..39", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert text.count('<g id="patch_') < 700  # not the 40 × 80 strips of the full tree


def test_json_is_the_whole_tree() -> None:
    result = runner.invoke(app, ["tree", "a-b", "--domain", "0..2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["value"] == "1"
    assert len(data["nodes"]["parent"]) == 1 + 3 + 3 * 2 * 7  # T(2) over 3 values


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["a+b+c+d"], 3, "number of variables is 4"),
        (["a+"], 2, "expected an operand"),
        (["a+b", "--at", "5,c"], 2, "not a variable"),
        (["a+b", "--at", "12"], 2, "not a value of the domain"),
        (["a+b", "--at", "5,a,5,a"], 2, "no move 'a'"),
        (["a+b", "--out", "tree.txt"], 2, "must end in .svg or .png"),
        (["a+b", "-a", "negascout"], 2, "unknown algorithm"),
        (["a+b", "--depth", "-1", "--out", "t.svg"], 2, "not in the range x>=0"),
        (["a+b", "--domain", "3..1"], 2, "empty domain"),
        (["a", "--domain", "0..999", "--depth", "1", "--out", "t.svg"], 3, "boxes and cells"),
        (["a^100*b", "--domain", "1/7,2"], 3, "size in bits of the tree's numbers"),
    ],
)
def test_bad_input(
    args: list[str], code: int, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["tree", *args])
    assert result.exit_code == code, result.output
    assert message in result.output
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())  # nothing drawn
