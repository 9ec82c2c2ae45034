"""The proof manager on a real local Dask cluster of two worker processes: the same answers
as the sequential solvers, a worker killed in the middle of a run, and a run whose manager
is killed, continued from its store with fewer nodes than a fresh run."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster
from hypothesis import HealthCheck, given, settings

from evalgame.errors import SearchInterrupted
from evalgame.expr.nodes import Node as ExpressionNode
from evalgame.expr.nodes import to_text
from evalgame.games.evaluate.proof import evaluate_problem
from evalgame.games.evaluate.solve import solve
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.proof import share_problem
from evalgame.games.graph.solve import solve_share
from evalgame.games.tiling.game import solve_tiling
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import ProofStatus, prove, read_summary
from evalgame.proofs.problem import forget
from evalgame.search.protocol import Player
from tests.strategies import domains, expression_trees

pytestmark = pytest.mark.slow

EVALGAME = [sys.executable, "-m", "evalgame"]


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as dask,
    ):
        yield dask


BOARDS = [(r, c) for r in range(1, 6) for c in range(r, 6)]


@pytest.mark.parametrize(("rows", "cols"), BOARDS)
def test_tiling_boards_match_the_sequential_solver(client: Client, rows: int, cols: int) -> None:
    for first in (Player.MAX, Player.MIN):
        # short slices on the larger boards, so that leaves are split and the splitting checked
        proof = prove(TilingProblem(rows, cols, first), client, slice_seconds=0.5)
        expected = solve_tiling(rows, cols, first, engine="python").value  # the reference
        assert proof.value == expected, (rows, cols, first)
        if rows * cols != 1:
            assert (proof.lower, proof.upper) == (proof.value, proof.value)


@settings(
    max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(expression=expression_trees(names=("a", "b", "c"), max_leaves=6), domain=domains(3))
def test_evaluate_expressions_match_the_sequential_solver(
    client: Client, expression: ExpressionNode, domain: tuple[Any, ...]
) -> None:
    text = to_text(expression)
    proof = prove(evaluate_problem(text, domain), client, split_depth=2)
    assert proof.value == solve(text, domain).value


@pytest.mark.parametrize(
    ("graph", "colour", "share", "k"),
    [("friendship:3", "R", "V", 2), ("cycle:6", "V", "E", 2), ("path:5", "E", "V", 3)],
)
def test_graph_games_match_the_sequential_solver(
    client: Client, graph: str, colour: str, share: str, k: int
) -> None:
    structure = incidence(load_graph(graph), colour, share)
    proof = prove(share_problem(structure, k), client, split_depth=3)
    assert proof.value == solve_share(structure, k).value


def test_a_timeout_keeps_the_store_and_a_second_run_finishes(
    client: Client, tmp_path: Path
) -> None:
    problem = TilingProblem(5, 5, Player.MIN, engine="python")
    store = tmp_path / "stopped.sqlite"
    client.run(forget)
    # 0.05 s: the whole run takes ~0.5 s on one core, and the expansion alone takes longer
    with pytest.raises(SearchInterrupted, match="time budget") as stop:
        prove(problem, client, store=store, timeout=0.05, slice_seconds=0.5)
    assert stop.value.lower is None or stop.value.lower <= 11
    assert read_summary(store).problem == problem.label  # the store is whole
    assert prove(problem, client, store=store, slice_seconds=0.5).value == 11


def _questions_done(store: Path) -> int:
    try:
        with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
            rows = db.execute("SELECT COUNT(*) FROM meta WHERE name LIKE 'question %'")
            return int(rows.fetchone()[0])
    except sqlite3.Error:  # not created yet
        return 0


def test_a_killed_manager_resumes_from_its_store_with_fewer_nodes(
    client: Client, tmp_path: Path
) -> None:
    problem = TilingProblem(5, 5, engine="python")  # slow enough to be killed mid-run
    client.run(forget)  # each run starts from workers with empty tables: counts compare fairly
    fresh = prove(problem, client, store=tmp_path / "fresh.sqlite", slice_seconds=0.5)
    client.run(forget)
    store = tmp_path / "resume.sqlite"
    manager = subprocess.Popen(
        [*EVALGAME, "tiling", "5", "5", "--scheduler", client.scheduler_info()["address"],
         "--store", str(store), "--slice", "0.5", "--engine", "python", "--json"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 300
    while _questions_done(store) < 2 and manager.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    assert manager.poll() is None, "the run ended before it could be killed: make it longer"
    manager.kill()  # SIGKILL, mid-run: no chance to clean up
    manager.wait()
    client.run(forget)
    resumed = prove(problem, client, store=store, slice_seconds=0.5)
    assert resumed.value == fresh.value == solve_tiling(5, 5).value
    assert resumed.tally.nodes < fresh.tally.nodes


# last in the module: the nanny restarts the killed worker in its own time
def test_a_worker_killed_mid_run_does_not_change_the_answer(client: Client) -> None:
    victim = next(iter(client.run(os.getpid).values()))
    killed: list[int] = []

    def kill_once_work_is_done(status: ProofStatus) -> None:
        if not killed and status.nodes > 0:  # some tasks are back, others still running
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    # the Python leaf solver: slower than the C kernel, so the run outlasts the kill
    problem = TilingProblem(5, 5, Player.MIN, engine="python")
    proof = prove(problem, client, slice_seconds=1.0, on_progress=kill_once_work_is_done)
    assert killed, "the run ended before the worker was killed: make it longer"
    assert proof.value == solve_tiling(5, 5, Player.MIN, engine="python").value
