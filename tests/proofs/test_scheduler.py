"""A real Dask scheduler and two workers started as separate processes on 127.0.0.1, used
through ``--scheduler``: the same answers as one process."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.games.evaluate.solve import solve
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.solve import solve_share
from evalgame.games.tiling.game import solve_tiling
from evalgame.search.protocol import Player
from tests.proofs.deploy import deployment
from tests.samples import THOROUGH, thorough_only

#: one deployment for the module: its tests run on one test process (make test's
#: ``--dist loadgroup``), which starts it once
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("scheduler")]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with deployment(tmp_path_factory.mktemp("cluster")) as cluster:
        yield cluster.address


def _evalgame(*arguments: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "evalgame", *arguments, "--json"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout)
    return answer


def test_tiling_through_the_scheduler(scheduler: str, tmp_path: Path) -> None:
    for first in ("max", "min") if THOROUGH else ("min",):
        answer = _evalgame(
            "tiling", "4", "5", "--first", first, "--scheduler", scheduler,
            "--store", str(tmp_path / f"{first}.sqlite"), "--slice", "0.5",
        )  # fmt: skip
        player = Player.MAX if first == "max" else Player.MIN
        assert answer["value"] == str(solve_tiling(4, 5, player).value)
        assert answer["stats"]["workers"] == 2  # type: ignore[index]


@thorough_only  # make test: the tiling game's path; test_cluster.py's games on a LocalCluster
def test_evaluate_through_the_scheduler(scheduler: str, tmp_path: Path) -> None:
    expression = "x/y + 2*y/z - z/x"
    answer = _evalgame(
        "solve", expression, "--scheduler", scheduler, "--store", str(tmp_path / "e.sqlite")
    )
    assert answer["value"] == "16/3" == str(solve(expression).value)


@thorough_only  # as the one above
def test_a_graph_game_through_the_scheduler(scheduler: str, tmp_path: Path) -> None:
    answer = _evalgame(
        "graph", "cycle:6", "--color", "V", "--share", "E", "--colors", "3",
        "--scheduler", scheduler, "--store", str(tmp_path / "g.sqlite"),
    )  # fmt: skip
    structure = incidence(load_graph("cycle:6"), "V", "E")
    assert answer["value"] == str(solve_share(structure, 3).value)


def test_local_workers_from_the_command_line_and_the_store_summary(tmp_path: Path) -> None:
    store = tmp_path / "4x4.sqlite"
    answer = _evalgame("tiling", "4", "4", "--workers", "2", "--store", str(store))
    assert answer["value"] == str(solve_tiling(4, 4, engine="python").value)
    summary = _evalgame("proofs", str(store))
    assert summary["problem"] == "tiling 4×4, MAX first"
    assert summary["lower"] == summary["upper"] == answer["value"]
    assert isinstance(summary["proven"], int)
    assert summary["proven"] >= 1


def test_a_stopped_proof_prints_one_json_object(scheduler: str, tmp_path: Path) -> None:
    # a time budget (1 µs) spent before the proof starts: it stops at its first look at
    # the clock, however fast the machine
    done = subprocess.run(
        [sys.executable, "-m", "evalgame", "tiling", "6", "6", "--engine", "python",
         "--scheduler", scheduler, "--store", str(tmp_path / "s.sqlite"), "--timeout", "1e-6",
         "--json"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 4, done.stderr
    answer = json.loads(done.stdout)
    assert (answer["rows"], answer["cols"], answer["status"]) == (6, 6, "stopped")
    assert "time budget" in answer["reason"]


def test_an_unreachable_scheduler_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("evalgame.proofs.cluster.CONNECT_SECONDS", 0.5)  # not the 10 s
    done = CliRunner().invoke(
        app, ["tiling", "3", "3", "--scheduler", f"tcp://127.0.0.1:{_free_port()}",
              "--store", str(tmp_path / "s.sqlite")],
    )  # fmt: skip
    assert done.exit_code != 0, done.output
    assert "cannot reach the Dask scheduler" in " ".join(done.stderr.split())
    assert isinstance(done.exception, SystemExit)  # a clear error, not a traceback


def test_the_bound_ladder_through_the_scheduler(scheduler: str, tmp_path: Path) -> None:
    # slices of 1 µs: every question is stopped at its first report and asked again
    answer = _evalgame(
        "tiling", "4", "5", "--first", "min", "--scheduler", scheduler,
        "--store", str(tmp_path / "ladder.sqlite"), "--ladder", "1e-6",
    )  # fmt: skip
    assert answer["value"] == str(solve_tiling(4, 5, Player.MIN, engine="python").value)
    refused = subprocess.run(
        [sys.executable, "-m", "evalgame", "tiling", "3", "3", "--scheduler", scheduler,
         "--store", str(tmp_path / "x.sqlite"), "--ladder", "0"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert refused.returncode != 0
    assert "--ladder must be a number of seconds > 0" in refused.stderr


def test_one_question_through_the_scheduler_and_the_store(scheduler: str, tmp_path: Path) -> None:
    value = solve_tiling(4, 5, Player.MIN, engine="python").value
    store = str(tmp_path / "ask.sqlite")
    command = ["tiling", "4", "5", "--first", "min", "--scheduler", scheduler, "--store", store]
    asked = [_evalgame(*command, "--ask", str(gamma)) for gamma in (value, value + 1)]
    # "≥ v?" proves value ≥ v (a lower bound cannot pass the value), then "≥ v + 1?" fails
    assert asked[0]["lower"] == str(value)
    assert asked[0]["value"] is None or asked[0]["value"] == str(value)
    assert (asked[1]["lower"], asked[1]["upper"], asked[1]["value"]) == (str(value),) * 3
    shown = subprocess.run(
        [sys.executable, "-m", "evalgame", "tiling", "4", "5", "--first", "min", "--scheduler",
         scheduler, "--store", store, "--ask", str(value - 1)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert shown.returncode == 0, shown.stderr
    assert "read whole from the store" in shown.stdout  # already decided: no task
    refused = subprocess.run(
        [sys.executable, "-m", "evalgame", "tiling", "3", "3", "--scheduler", scheduler,
         "--store", str(tmp_path / "y.sqlite"), "--ask", "abc"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert refused.returncode == 2
    assert "--ask takes the γ" in refused.stderr
