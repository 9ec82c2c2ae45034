"""How a long run is told when to stop and how it says it stopped: ``--until`` (durations
and UTC clock times), a budget's stop as an ordinary end (the bounds proven, exit status 4,
no "error:"), and the note that a board too large for the C kernel is searched in Python.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evalgame.proofs
from evalgame.cli import app
from evalgame.cli.progress import deadline
from evalgame.errors import InputError, SearchInterrupted
from evalgame.games.matching import native
from evalgame.proofs import Problem, ProofResult, SerialPool

runner = CliRunner()

#: 2030-01-01 21:15:00 UTC
NOW = datetime.datetime(2030, 1, 1, 21, 15, tzinfo=datetime.UTC).timestamp()


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("90m", 5400),
        ("2h30m", 9000),
        ("45s", 45),
        ("1.5h", 5400),
        ("1h0m30s", 3630),
        (" 10M ", 600),
        ("23:30", 2 * 3600 + 15 * 60),  # later today
        ("21:15", 24 * 3600),  # now: the next time the clock shows it, tomorrow
        ("08:00", 10 * 3600 + 45 * 60),  # tomorrow morning
        ("0:05", 2 * 3600 + 50 * 60),
    ],
)
def test_until_takes_durations_and_utc_clock_times(text: str, seconds: int) -> None:
    assert deadline(text, NOW) - NOW == seconds


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("25:00", "no such time of day (00:00 to 23:59)"),
        ("12:60", "no such time of day"),
        ("foo", "'foo' is not a time"),
        ("90", "(90s? 90m?)"),
        ("", "is not a time"),
        ("1h-5m", "is not a time"),
        ("0m", "a duration must be more than 0"),
    ],
)
def test_a_bad_until_is_refused_with_what_it_takes(text: str, said: str) -> None:
    with pytest.raises(InputError) as refused:
        deadline(text, NOW)
    assert said in str(refused.value)
    assert "90m, 2h30m, 45s, 1.5h" in str(refused.value)
    assert "HH:MM" in str(refused.value)


def test_a_stop_is_an_ordinary_end_with_the_bounds_proven() -> None:
    """A budget that runs out is no error: the reason and the bounds, exit status 4."""
    stopped = runner.invoke(app, ["tiling", "7", "7", "--timeout", "0.2"])
    assert stopped.exit_code == SearchInterrupted.exit_code == 4
    said = " ".join(stopped.stderr.split())
    assert "error" not in said
    assert said.startswith("stopped: time budget of 0.2 s exhausted")
    assert "proven bounds on the value: " in said
    assert stopped.stdout == ""
    nodes = runner.invoke(app, ["solve", "(a+b)/c + (d+e)/f", "--max-nodes", "50"])
    assert nodes.exit_code == 4
    assert " ".join(nodes.stderr.split()).startswith(
        "stopped: node budget of 50 exhausted (raise it with --max-nodes); proven bounds on "
        "the value: 4 ≤ value ≤ 36"
    )


def test_the_help_documents_the_exit_status_of_a_stop() -> None:
    shown = " ".join(runner.invoke(app, ["tiling", "--help"]).output.replace("│", "").split())
    assert "exit status 4" in shown
    listed = " ".join(runner.invoke(app, ["--help"]).output.replace("│", "").split())
    assert "4 stopped by its budget" in listed


def test_a_board_beyond_the_kernel_says_it_is_searched_in_python() -> None:
    """12×12 has 144 cells, more than the kernel's 128: a note on standard error, not in
    the JSON on standard output, which names the engine."""
    result = runner.invoke(app, ["tiling", "12", "12", "--timeout", "0.2", "--json"])
    assert result.exit_code == 4, result.output
    json.loads(result.stdout)  # the note is not in it
    note = " ".join(result.stderr.split())
    limit = native.MAX_VERTICES
    assert f"note: the 12×12 board has 144 cells, more than the C kernel's {limit}: searching " in (
        note
    )
    assert "the Python solver" in note
    small = runner.invoke(app, ["tiling", "3", "4", "--json"])
    assert "note:" not in small.stderr
    assert json.loads(small.stdout)["engine"] == ("native" if native.available() else "python")


def test_a_python_solve_names_its_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    python = ["tiling", "3", "4", "--engine", "python", "--json"]
    solved = json.loads(runner.invoke(app, python).stdout)
    assert (solved["algorithm"], solved["engine"]) == ("solver", "python")
    monkeypatch.setattr(native, "_kernel", None)  # as if it were not built
    result = runner.invoke(app, ["tiling", "3", "4", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["engine"] == "python"
    assert "note: the C kernel is not built" in " ".join(result.stderr.split())


def test_a_parallel_proof_beyond_the_kernel_says_it_is_searched_in_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The proof manager's workers fall back as one process does: the note comes before
    the proof starts (here in this process, and stopped at once)."""
    prove = evalgame.proofs.prove

    def serial(problem: Problem, **options: Any) -> ProofResult:
        return prove(problem, SerialPool(), **options)

    monkeypatch.setattr(evalgame.proofs, "prove", serial)
    store = tmp_path / "12x12.sqlite"
    stopped = runner.invoke(
        app, ["tiling", "12", "12", "--ask", "60", "--store", str(store), "--timeout", "1e-6"]
    )
    assert stopped.exit_code == 4, stopped.output
    said = " ".join(stopped.stderr.split())
    limit = native.MAX_VERTICES
    assert f"note: the 12×12 board has 144 cells, more than the C kernel's {limit}" in said
    assert said.index("note:") < said.index("stopped:")
