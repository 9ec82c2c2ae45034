"""``evalgame tiling``: JSON shapes, human output, pictures and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evalgame.proofs
from evalgame.cli import app
from evalgame.cli import tiling as tiling_cli
from evalgame.errors import SearchInterrupted
from evalgame.games.matching import native
from evalgame.proofs import SerialPool
from evalgame.search.protocol import Player
from tests.games.matching.naive_matching import game_value, grid_edges, induced, min_maximal

runner = CliRunner()


def run_json(*args: str) -> dict[str, Any]:
    result = runner.invoke(app, ["tiling", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)  # notes (the Python solver's) go to standard error
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(("rows", "cols", "first"), [(3, 4, "max"), (1, 4, "min"), (4, 3, "MIN")])
def test_json_value_and_line_of_play(rows: int, cols: int, first: str) -> None:
    data = run_json(str(rows), str(cols), "--first", first)
    assert set(data) >= {"rows", "cols", "first", "value", "pv", "stats", "seconds"}
    max_first = first.lower() == "max"
    assert (data["rows"], data["cols"], data["first"]) == (rows, cols, first.lower())
    assert data["value"] == str(game_value(frozenset(grid_edges(rows, cols)), max_first))
    assert len(data["pv"]) == int(data["value"])
    cells = [tuple(cell) for domino in data["pv"] for cell in domino]
    assert len(cells) == len(set(cells))
    assert all(0 <= r < rows and 0 <= c < cols for r, c in cells)
    assert data["stats"]["nodes"] > 0


def test_engine_algorithm_gives_the_same_value() -> None:
    assert run_json("3", "3", "--algorithm", "negascout")["value"] == run_json("3", "3")["value"]


def test_human_output_draws_the_final_board() -> None:
    result = runner.invoke(app, ["tiling", "2", "3"])
    assert result.exit_code == 0, result.output
    assert "3 dominoes under optimal play" in result.output
    assert "1─1" in result.output or "│" in result.output


def test_min_maximal_json_and_picture(tmp_path: Path) -> None:
    picture = tmp_path / "min.png"
    data = run_json("3", "4", "--min-maximal", "--out", str(picture))
    assert data["value"] == str(min_maximal(frozenset(grid_edges(3, 4))))
    assert len(data["tiling"]) == int(data["value"])
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_min_maximal_human_output() -> None:
    result = runner.invoke(app, ["tiling", "4", "4", "--min-maximal"])
    assert result.exit_code == 0, result.output
    assert "at least 6 dominoes" in result.output


def test_game_picture_as_svg(tmp_path: Path) -> None:
    picture = tmp_path / "game.svg"
    result = runner.invoke(app, ["tiling", "3", "3", "--out", str(picture)])
    assert result.exit_code == 0, result.output
    assert "<svg" in picture.read_text()


def test_table_json_and_text() -> None:
    data = run_json("--table", "2", "4")
    rows = {(entry["rows"], entry["cols"]): entry for entry in data["table"]}
    assert set(rows) == {(r, c) for r in (1, 2) for c in (1, 2, 3, 4)}
    assert rows[1, 4]["max_first"] == "2"
    assert rows[1, 4]["min_first"] == "1"
    text = runner.invoke(app, ["tiling", "--table", "3", "3"])
    assert text.exit_code == 0, text.output
    assert "4/4" in text.output  # the 3×3 board


def test_timeout_reports_proven_bounds() -> None:
    result = runner.invoke(app, ["tiling", "7", "7", "--timeout", "0.5", "--json"])
    assert result.exit_code == 4, result.output
    data = json.loads(result.output)
    assert data["value"] is None
    assert data["status"] == "stopped"  # the same object as the web API's
    assert int(data["lower"]) <= int(data["upper"])
    assert 17 <= int(data["upper"]) <= 24  # never beyond a maximum matching of 49 cells
    human = runner.invoke(app, ["tiling", "7", "7", "--timeout", "0.2"])
    assert human.exit_code == 4
    assert "proven bounds" in human.output


def test_boards_beyond_reach_need_a_timeout_as_the_help_says() -> None:
    result = runner.invoke(app, ["tiling", "7", "7"])
    assert result.exit_code == 3
    assert "--timeout" in result.output
    help_text = " ".join(runner.invoke(app, ["tiling", "--help"]).output.replace("│", "").split())
    assert "over 36 cells need it given explicitly" in help_text


def test_a_stopped_table_still_shows_the_transposes_of_solved_boards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from evalgame.games.tiling.game import solve_tiling as solve

    def stop_at_5x6(rows: int, cols: int, first: Player, **options: Any) -> Any:
        if (rows, cols) == (5, 6):  # as if Ctrl-C came while solving 5×6
            raise SearchInterrupted("interrupted by Ctrl-C")
        return solve(rows, cols, first, **options)

    monkeypatch.setattr(tiling_cli, "solve_tiling", stop_at_5x6)
    result = runner.invoke(app, ["tiling", "--table", "6", "6", "--json"])
    assert result.exit_code == 4, result.output
    data = json.loads(result.output)
    assert data["status"] == "stopped"
    known = {(entry["rows"], entry["cols"]) for entry in data["table"]}
    assert known == {(r, c) for r in range(1, 7) for c in range(1, 7)} - {(5, 6), (6, 5), (6, 6)}


def test_tame_census_text_json_and_stop() -> None:
    result = runner.invoke(app, ["tiling", "--tame", "9"])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "every polyomino of ≤ 9 cells is tame except 1 wild and 0 unknown" in said
    assert "wild: .../.#./..." in said
    data = run_json("--tame", "9")
    assert [size["polyominoes"] for size in data["sizes"]] == [1, 2, 5, 12, 35, 108, 369, 1285]
    assert all(
        size["cold"] + size["hot"] + size["wild"] + size["unknown"] == size["polyominoes"]
        for size in data["sizes"]
    )
    assert (data["checked"], data["wild"], data["unknown"]) == (9, [".../.#./..."], [])
    stopped = runner.invoke(app, ["tiling", "--tame", "13", "--timeout", "0.2", "--json"])
    assert stopped.exit_code == 4, stopped.output
    data = json.loads(stopped.output)
    assert data["status"] == "stopped"
    assert data["checked"] < 14
    assert (
        "time budget of 0.2 s"
        in runner.invoke(app, ["tiling", "--tame", "14", "--timeout", "0.2"]).output
    )


def test_tame_census_beyond_its_limit_names_it() -> None:
    result = runner.invoke(app, ["tiling", "--tame", "15"])
    assert result.exit_code == 3
    assert "--tame is 15, over the limit of 14" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["0", "5"], "at least one row"),
        (["--", "-3", "2"], "at least one row"),
        (["99", "99"], "too large"),
        (["3"], "give the board size"),
        (["3", "3", "--first", "chance"], "--first must be max or min"),
        (["3", "3", "--algorithm", "magic"], "unknown algorithm"),
        (["3", "3", "-a", "dfpn", "--engine", "python"], "proof-number search runs in the C"),
        (["3", "3", "--out", "board.pdf"], ".svg or .png"),
        (["--table", "0", "3"], "at least one row"),
        (["--board", "../.x"], "'x' is not a cell (. free, # blocked) at row 2, column 2"),
        (["--board", "../..."], "a row of 3 cells where row 1 has 2 at row 2, column 3"),
        (["--board", "..", "2", "2"], "no ROWS COLS"),
        (["--board", "..", "--workers", "1"], "solved in one process"),
        (["--table", "2", "2", "--board", ".."], "no ROWS COLS, --board"),
        (["--tame", "1"], "at least 2 cells"),
        (["3", "3", "--tame", "5"], "--tame N counts polyominoes: no ROWS COLS"),
        (["3", "3", "--keep", "9"], "--keep sizes the checkpoints of a proof by"),
        (["3", "3", "--keep", "9", "--ask", "4"], "--keep sizes the checkpoints"),
        (["3", "3", "-a", "dfpn", "--ask", "4", "--keep", "-1"], "≥ 0, not -1"),
    ],
)
def test_bad_input_is_a_clear_error(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tiling", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_engines_give_the_same_value(engine: str) -> None:
    data = run_json("4", "4", "--first", "min", "--engine", engine, "--table-mb", "1")
    assert data["value"] == str(game_value(frozenset(grid_edges(4, 4)), False))
    assert data["algorithm"] == "solver"  # the name --algorithm takes; engine: where it ran
    assert (data["engine"] == "native") == (engine == "auto" and native.available())


@pytest.mark.parametrize("engine", ["python", "auto", "native"])
@pytest.mark.parametrize("first", ["max", "min"])
def test_any_board_by_every_engine(engine: str, first: str) -> None:
    if engine == "native" and not native.available():
        pytest.skip("the C kernel is not built")
    data = run_json("--board", "#.../..../...#", "--first", first, "--engine", engine)
    assert (data["rows"], data["cols"], data["board"]) == (3, 4, "#.../..../...#")
    free = [c for c in range(12) if c not in (0, 11)]
    assert data["value"] == str(game_value(induced(grid_edges(3, 4), free), first == "max"))
    cells = {tuple(cell) for domino in data["pv"] for cell in domino}
    assert not cells & {(0, 0), (2, 3)}


def test_any_board_from_a_file_drawn_with_its_holes(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("#..\n...\n", encoding="utf-8")
    result = runner.invoke(app, ["tiling", "--board", str(path), "--out", str(tmp_path / "b.svg")])
    assert result.exit_code == 0, result.output
    assert "the board #../..." in result.output
    assert "\n# " in result.output  # the blocked cell drawn
    assert (tmp_path / "b.svg").stat().st_size > 0


def test_a_bad_board_shows_a_caret_under_the_bad_cell() -> None:
    result = runner.invoke(app, ["tiling", "--board", "..../..?."])
    assert result.exit_code == 2
    assert result.output.splitlines()[1:3] == ["  ..?.", "    ^"]


def test_a_board_beyond_the_kernel_names_its_limit() -> None:
    board = "/".join(["#" * 15 + ".."] * 8)  # 136 cells, past the 128 of _kernel128
    result = runner.invoke(
        app, ["tiling", "--board", board, "--engine", "native", "--timeout", "9"]
    )
    if not native.available():
        return
    assert result.exit_code == 3
    message = " ".join(result.output.split())
    assert f"is 136, over the limit of {native.MAX_VERTICES}" in message
    assert "--engine python" in message
    assert run_json("--board", board, "--timeout", "60")["value"] == "8"


def test_bad_engine_and_table_size_are_clear_errors() -> None:
    assert "unknown engine" in runner.invoke(app, ["tiling", "3", "3", "--engine", "x"]).output
    result = runner.invoke(app, ["tiling", "3", "3", "--table-mb", "0"])
    assert result.exit_code == 2
    assert "at least 1 MB" in result.output


def test_engines_command_names_the_engine() -> None:
    result = runner.invoke(app, ["engines"])
    assert result.exit_code == 0
    assert ("C kernel" in result.output) == native.available()


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built")
@pytest.mark.parametrize("first", ["max", "min"])
def test_proof_number_search_gives_the_value_and_a_line(first: str) -> None:
    data = run_json("--board", "#.../..../...#", "--first", first, "--algorithm", "dfpn")
    free = [c for c in range(12) if c not in (0, 11)]
    assert data["value"] == str(game_value(induced(grid_edges(3, 4), free), first == "max"))
    assert (data["algorithm"], data["engine"]) == ("dfpn", "native")
    assert len(data["pv"]) == int(data["value"])


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built")
def test_one_question_by_proof_number_search(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--ask G --algorithm dfpn``: the proof's leaves are answered by df-pn (counted), in
    this process (no cluster: the answers and the store are the same)."""
    prove, asked = evalgame.proofs.prove, []
    monkeypatch.setattr(
        evalgame.proofs, "prove", lambda problem, **options: prove(problem, SerialPool(), **options)
    )
    by_dfpn = native.NativeSolver.prove_within  # a job's one call of the kernel's df-pn

    def counted(self: native.NativeSolver, *args: Any, **kwargs: Any) -> Any:
        asked.append(args)
        return by_dfpn(self, *args, **kwargs)

    monkeypatch.setattr(native.NativeSolver, "prove_within", counted)
    value = int(game_value(frozenset(grid_edges(4, 5)), False))
    store = str(tmp_path / "ask.sqlite")
    command = ["4", "5", "--first", "min", "-a", "dfpn", "--store", store, "--keep", "1000"]
    assert run_json(*command, "--ask", str(value))["lower"] == str(value)
    assert run_json(*command, "--ask", str(value + 1))["upper"] == str(value)
    assert asked
