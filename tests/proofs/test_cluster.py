"""The proof manager on a real local Dask cluster of two worker processes: the same answers
as the sequential solvers, a worker killed in the middle of a run, and a run whose manager
is killed, continued from its store with fewer nodes than a fresh run. The faults happen
at fixed points of the run (a task kills its worker, the manager kills itself on its
second question), never after a delay: the tests do not depend on the machine's speed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import dask
import pytest
from distributed import Client
from hypothesis import HealthCheck, given, settings

from evalgame.errors import ClusterError, SearchInterrupted
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
from evalgame.proofs import leaf, prove, read_summary
from evalgame.proofs.leaf import Inbox, split_event, watch
from evalgame.proofs.problem import forget
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.stats import SearchStats
from tests.proofs.conftest import local_cluster
from tests.proofs.faults import FatalTask
from tests.strategies import domains, expression_trees

pytestmark = pytest.mark.slow


BOARDS = [(r, c) for r in range(1, 6) for c in range(r, 6)]


def test_a_task_asked_to_be_split_stops_only_past_its_split_seconds(client: Client) -> None:
    from distributed import Event

    name = "evalgame-stop-test-split"
    Event(split_event(name), client=client).set()
    started, stats, budget = time.process_time(), SearchStats(), Budget()
    watch(started, None, name, split_seconds=3600.0)(stats, budget)  # not yet: goes on
    with pytest.raises(SearchInterrupted, match="split"):
        watch(started, None, name, split_seconds=0.0)(stats, budget)
    Event(name, client=client).set()  # called off: at once, whatever the time
    with pytest.raises(SearchInterrupted, match="called off"):
        watch(started, None, name, split_seconds=3600.0)(stats, budget)


def test_an_inbox_holds_what_is_sent_in_order_and_drops_what_a_full_one_cannot_take(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leaf, "INBOX_SIZE", 2)
    inbox = Inbox("evalgame-swap-test-inbox")
    assert inbox.get(batch=True) == []
    for data in (b"one", b"two", b"three"):  # the third waits a moment, then is dropped
        inbox.put(data)
    assert inbox.get(batch=True) == [b"one", b"two"]
    inbox.put(b"four")
    assert inbox.get(batch=True) == [b"four"]


@pytest.mark.parametrize(("rows", "cols"), BOARDS)
def test_tiling_boards_match_the_sequential_solver(client: Client, rows: int, cols: int) -> None:
    for first in (Player.MAX, Player.MIN):
        # short slices on the larger boards, so that leaves are split and the splitting checked
        proof = prove(TilingProblem(rows, cols, first), client, slice_seconds=0.5)
        expected = solve_tiling(rows, cols, first, engine="python").value  # the reference
        assert proof.value == expected, (rows, cols, first)
        if rows * cols != 1:
            assert (proof.lower, proof.upper) == (proof.value, proof.value)


def test_table_entries_scattered_to_every_worker_give_the_same_answers(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    from evalgame.proofs import manager

    monkeypatch.setattr(manager, "INLINE_BYTES", 0)  # every task's entries are scattered
    scattered: list[Any] = []
    scatter: Callable[..., Any] = client.scatter

    def counted(*args: Any, **options: Any) -> Any:
        scattered.append(args[0])
        return scatter(*args, **options)

    monkeypatch.setattr(client, "scatter", counted)
    for rows, cols in ((4, 5), (5, 5)):
        for first in (Player.MAX, Player.MIN):
            client.run(forget)
            proof = prove(TilingProblem(rows, cols, first), client, slice_seconds=0.5)
            assert proof.value == solve_tiling(rows, cols, first, engine="python").value
    assert scattered  # the path under test was taken


@settings(max_examples=6, suppress_health_check=[HealthCheck.function_scoped_fixture])
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
    # a deadline already past when the run starts: it stops at its first look at the clock,
    # after the first results are in, however fast the machine
    with pytest.raises(SearchInterrupted, match="time budget") as stop:
        prove(problem, client, store=store, timeout=1e-9, slice_seconds=0.5)
    assert stop.value.lower is None or stop.value.lower <= 11
    assert read_summary(store).problem == problem.label  # the store is whole
    assert prove(problem, client, store=store, slice_seconds=0.5).value == 11
    stopped, finished = read_summary(store).sittings  # one row for each run
    assert stopped.stopped is not None
    assert stopped.stopped.startswith("time budget")
    assert finished.stopped == "finished"
    assert (finished.lower, finished.upper, finished.workers) == (11, 11, 2)


#: the manager of a run that kills itself (SIGKILL, no clean-up) at its first report on
#: its last question (argv[3], or its argv[4]-th): the others are proven and in the store
MANAGER = """
import os, signal, sys
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import prove
from evalgame.search.protocol import Player

asked = []

def die_in_the_last_question(status):
    if status.question not in asked:
        asked.append(status.question)
    if status.question == sys.argv[3] or len(asked) >= int(sys.argv[4]):
        os.kill(os.getpid(), signal.SIGKILL)

prove(TilingProblem(5, 5, Player.MIN, engine="python"), scheduler=sys.argv[1],
      store=sys.argv[2], slice_seconds=60, on_progress=die_in_the_last_question)
"""


def test_a_killed_manager_resumes_from_its_store_with_fewer_nodes(
    client: Client, tmp_path: Path
) -> None:
    # MIN first: the value (11) is below the static upper bound (12), so the proof needs a
    # question for each side; slices of 60 s: no split, whatever the speed
    problem = TilingProblem(5, 5, Player.MIN, engine="python")
    client.run(forget)  # each run starts from workers with empty tables: counts compare fairly
    fresh = prove(problem, client, store=tmp_path / "fresh.sqlite", slice_seconds=60)
    assert len(fresh.questions) >= 2
    client.run(forget)
    store = tmp_path / "resume.sqlite"
    address = client.scheduler_info()["address"]
    last, count = fresh.questions[-1], str(len(fresh.questions))
    manager = subprocess.run(
        [sys.executable, "-c", MANAGER, address, str(store), last, count],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert manager.returncode == -signal.SIGKILL, manager.stderr  # killed mid-run
    client.run(forget)
    resumed = prove(problem, client, store=store, slice_seconds=60)
    assert resumed.value == fresh.value == solve_tiling(5, 5, Player.MIN).value
    assert len(resumed.questions) < len(fresh.questions)  # the earlier ones are not asked
    assert resumed.tally.nodes < fresh.tally.nodes


# last in the module: the nanny restarts the killed worker in its own time
def test_a_worker_killed_mid_run_does_not_change_the_answer(client: Client, tmp_path: Path) -> None:
    # the first task kills the worker process running it: the scheduler hands it out again
    marker = tmp_path / "killed"
    problem = FatalTask(5, 5, Player.MIN, engine="python", marker=str(marker))
    before = set(client.run(os.getpid).values())
    proof = prove(problem, client, slice_seconds=60)
    assert marker.exists(), "no task ran"
    assert proof.value == solve_tiling(5, 5, Player.MIN, engine="python").value
    client.wait_for_workers(2, timeout=120)
    assert set(client.run(os.getpid).values()) != before  # one worker is a new process


def test_a_lone_worker_killed_is_waited_for(tmp_path: Path) -> None:
    # one worker (as in a long run with --workers 1): while its nanny restarts it the
    # cluster has none, and the manager waits for it instead of giving up
    marker = tmp_path / "killed"
    problem = FatalTask(4, 4, engine="python", marker=str(marker))
    with local_cluster(workers=1) as lone:
        proof = prove(problem, lone, slice_seconds=60)
    assert marker.exists()
    assert proof.value == solve_tiling(4, 4, engine="python").value


def test_a_task_that_kills_every_worker_stops_the_run_with_a_clear_error() -> None:
    # no retry by the scheduler: each death gives the leaf up at once, and after two the
    # manager stops instead of handing the crashing task out for ever
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        local_cluster() as doomed,
        pytest.raises(ClusterError, match="killed its worker every time"),
    ):
        prove(FatalTask(3, 3, engine="python"), doomed, split_depth=0)
