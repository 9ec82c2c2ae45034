"""Faults on a real deployment: ``dask scheduler`` and ``dask worker`` processes (no nanny:
a worker killed stays dead), a worker or the scheduler killed with SIGKILL in the middle
of a proof. The kills happen at fixed points of the run (its first report with a task on
a worker, or the first proven fact), never after a delay."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from distributed import Client

from evalgame.errors import SchedulerLost
from evalgame.games.tiling.game import solve_tiling
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import ProofStatus, prove, read_summary
from evalgame.proofs.cluster import scheduler_lost
from evalgame.search.protocol import Player
from tests.proofs.deploy import START_SECONDS, deployment, kill

pytestmark = pytest.mark.slow

#: a time budget no run here comes near: a manager that waited for ever would stop at it
#: (a clear failure) instead of hanging the suite
BUDGET = 600.0

#: MIN first on 5×5: several questions and a few dozen tasks, a few CPU seconds
PROBLEM = TilingProblem(5, 5, Player.MIN, engine="python")


def _facts(store: Path) -> set[tuple[Any, ...]]:
    """Every fact of the store (read beside the manager writing it: none while the file is
    created, before its tables are)."""
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as connection:
        try:
            return set(connection.execute("SELECT key, lower, upper, invalid, gamma FROM facts"))
        except sqlite3.OperationalError as error:
            if "no such table" not in str(error):
                raise
            return set()


def test_a_worker_killed_mid_run_loses_nothing_and_counts_nothing_twice(tmp_path: Path) -> None:
    store = tmp_path / "store.sqlite"
    with deployment(tmp_path) as cluster, Client(cluster.address) as observer:
        processes = observer.run(os.getpid)
        by_pid = {process.pid: process for process in cluster.workers}
        before: set[tuple[Any, ...]] = set()

        def kill_a_busy_worker(status: ProofStatus) -> None:
            if before:
                return
            busy = [address for address, keys in observer.processing().items() if keys]
            if busy:  # a worker holds a task now: SIGKILL it, no clean-up
                before.update(_facts(store) or {("none yet",)})
                kill(by_pid[processes[busy[0]]])

        proof = prove(
            PROBLEM, scheduler=cluster.address, store=store, slice_seconds=60, timeout=BUDGET,
            on_progress=kill_a_busy_worker,
        )  # fmt: skip
        assert before, "no worker was killed"
        assert len(observer.nthreads()) == 1  # the run finished on the other one
    assert proof.value == solve_tiling(5, 5, Player.MIN, engine="python").value
    after = _facts(store)
    assert before - {("none yet",)} <= after  # no proven fact lost
    worker_facts = sum(share.facts for share in proof.tally.workers.values())
    # each task counted once: it proved a fact, was split, or was called off
    assert proof.tally.tasks == worker_facts + proof.tally.splits + proof.tally.called_off
    rows = read_summary(store).workers
    assert sum(share.facts for name, share in rows.items() if name != "manager") == worker_facts


def test_the_scheduler_killed_mid_run_stops_with_a_clear_error_and_resumes(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store.sqlite"
    with deployment(tmp_path) as cluster:

        def kill_the_scheduler(status: ProofStatus) -> None:
            if status.proven >= 1 and cluster.scheduler.poll() is None:
                cluster.kill_scheduler()

        with pytest.raises(SchedulerLost) as lost:
            prove(
                PROBLEM, scheduler=cluster.address, store=store, slice_seconds=60, timeout=BUDGET,
                on_progress=kill_the_scheduler,
            )  # fmt: skip
        assert lost.value.address == cluster.address
        assert str(store) in str(lost.value)
    kept = _facts(store)
    assert kept  # what was proven before is in the store
    (sitting,) = read_summary(store).sittings
    assert sitting.stopped == f"lost the Dask scheduler {cluster.address}"
    with deployment(tmp_path) as again:  # a new scheduler and workers: the run resumes
        proof = prove(
            PROBLEM, scheduler=again.address, store=store, slice_seconds=60, timeout=BUDGET
        )
    assert proof.value == solve_tiling(5, 5, Player.MIN, engine="python").value
    assert proof.tally.from_store >= 1
    assert kept <= _facts(store)


#: ``python -m evalgame`` as a terminal starts it, Ctrl-C raising KeyboardInterrupt: a
#: process started in the background of a non-interactive shell (a CI job's, make's)
#: inherits SIGINT ignored, and Python then leaves it ignored, so the signal sent below
#: would be lost and the proof run to its end
EVALGAME = [
    sys.executable, "-c",
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('evalgame', run_name='__main__')",
]  # fmt: skip


def _stopped_at_the_first_fact(
    command: list[str], store: Path, stop: Callable[[subprocess.Popen[str]], None]
) -> tuple[int, str]:
    """Run ``evalgame`` with ``command``, ``stop`` it once its store holds a fact (the proof
    is under way), and return its exit status and error output."""
    run = subprocess.Popen(
        [*EVALGAME, *command],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "COLUMNS": "1000"},  # each message on one line
    )  # fmt: skip
    try:
        deadline = time.monotonic() + START_SECONDS
        while not (store.exists() and _facts(store)) and run.poll() is None:
            assert time.monotonic() < deadline, "no fact proven"
            time.sleep(0.05)
        assert run.poll() is None, "the proof finished before it could be stopped"
        stop(run)
        _, stderr = run.communicate(timeout=START_SECONDS)  # stops, and soon
    finally:
        run.kill()
    assert "Traceback" not in stderr
    return run.returncode, stderr


def _command(address: str, store: Path) -> list[str]:
    """A 6×6 proof of short slices: its first facts come within seconds, and minutes of
    work remain (a proof whose first fact comes near its end could finish before a stop)."""
    return [
        "tiling", "6", "6", "--first", "min", "--engine", "python",
        "--scheduler", address, "--slice", "1", "--store", str(store),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("signum", "reason"),
    [
        (signal.SIGINT, "interrupted by Ctrl-C"),
        # what a batch system (SLURM, PBS) sends a job at its time limit, before SIGKILL
        (signal.SIGTERM, "stopped by SIGTERM"),
    ],
    ids=["ctrl-c", "sigterm"],
)
def test_the_command_line_stops_cleanly_on_a_signal(
    tmp_path: Path, signum: signal.Signals, reason: str
) -> None:
    with deployment(tmp_path) as cluster:
        stopped = tmp_path / "stopped.sqlite"
        status, stderr = _stopped_at_the_first_fact(
            _command(cluster.address, stopped),
            stopped,
            lambda run: run.send_signal(signum),
        )
    assert status == 4, stderr  # a search stopped: the bounds proven, the store kept
    assert f"{reason}; proven bounds on the value" in stderr
    assert read_summary(stopped).sittings[-1].stopped == reason


def test_the_command_line_stops_cleanly_on_a_lost_scheduler(tmp_path: Path) -> None:
    with deployment(tmp_path) as cluster:
        lost = tmp_path / "lost.sqlite"
        command = _command(cluster.address, lost)
        status, stderr = _stopped_at_the_first_fact(
            command, lost, lambda run: cluster.kill_scheduler()
        )
    assert status == 1, stderr
    assert f"lost the Dask scheduler {cluster.address}" in stderr
    assert f"resume with: evalgame {' '.join(command)}" in stderr


class _SlowToNotice:
    """A client whose scheduler is gone but who notices only ``after`` seconds later, as a
    Dask client can when the call that fails is not the one watching the scheduler."""

    def __init__(self, after: float) -> None:
        self.status = "running"
        self.scheduler = type("Rpc", (), {"address": "tcp://127.0.0.1:8786"})()
        threading.Timer(after, setattr, (self, "status", "connecting")).start()


def test_a_scheduler_lost_is_known_even_if_the_client_notices_late() -> None:
    assert scheduler_lost(_SlowToNotice(after=0.3)) == "tcp://127.0.0.1:8786"
