"""Start-up: ``evalgame solve`` loads none of the heavy libraries the other commands use.

A module-set assertion, not a timed one: the start-up time itself is measured with
hyperfine and recorded in BENCHMARKS.md.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from evalgame.cli import listing, register

#: libraries only some commands need (pictures, graphs, the web app, numeric tables)
HEAVY = (
    "numpy", "scipy", "networkx", "matplotlib", "fastapi", "starlette", "uvicorn", "dask",
    "distributed",
)  # fmt: skip

RUN_AND_LIST_MODULES = """
import sys
from evalgame.cli import main
try:
    main(sys.argv[1:])
except SystemExit as end:
    assert not end.code, end.code
print(" ".join(sorted(sys.modules)))  # the last line of the output
"""


def modules_loaded_by(*args: str) -> list[str]:
    """Every module loaded by ``evalgame ARGS``, run in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", RUN_AND_LIST_MODULES, *args],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.splitlines()[-1].split()


def loaded_by(*args: str) -> set[str]:
    """The top-level packages loaded by ``evalgame ARGS``."""
    return {name.split(".")[0] for name in modules_loaded_by(*args)}


@pytest.mark.parametrize(
    "args",
    [
        ("solve", "X*(Y-Z)"),
        ("solve", "(a+b)/c + (d+e)/f", "--json"),
        ("info", "X*(Y-Z)"),
        ("--help",),
    ],
)
def test_solve_and_info_start_without_heavy_libraries(args: tuple[str, ...]) -> None:
    heavy = loaded_by(*args) & set(HEAVY)
    assert not heavy, f"evalgame {' '.join(args)} imported {sorted(heavy)}"


def test_the_check_sees_a_heavy_import() -> None:
    """The commands that need them do load them: the check above can fail."""
    assert "numpy" in loaded_by("fair", "X*Y")


def test_solve_imports_no_other_command() -> None:
    commands = {m for m in modules_loaded_by("solve", "X*(Y-Z)") if m.startswith("evalgame.cli.")}
    assert commands <= {
        "evalgame.cli.shared",
        "evalgame.cli.evaluate",
        "evalgame.cli.progress",
        "evalgame.cli.proofs",  # the --workers/--store options of solve
    }, commands


def test_help_imports_no_command() -> None:
    commands = {m for m in modules_loaded_by("--help") if m.startswith("evalgame.cli.")}
    assert commands == {"evalgame.cli.shared"}, commands


@pytest.mark.parametrize("args", [["--help"], [], ["sovle", "X"]])
def test_the_listing_shows_what_the_whole_application_shows(args: list[str]) -> None:
    """``evalgame --help`` from the docstrings in the source, without importing the
    commands, is the help of the application with every command registered."""
    listed = CliRunner().invoke(listing(), args)
    whole = CliRunner().invoke(register(), args)
    assert (listed.output, listed.exit_code) == (whole.output, whole.exit_code)
    assert "solve" in listed.output or "No such command" in listed.output
