"""Faults on a real deployment: ``dask scheduler`` and ``dask worker`` processes (no nanny:
a worker killed stays dead), a worker, the ``evalgame`` command or the scheduler killed
with SIGKILL in the middle of a proof, by the proof manager's tasks and by job-level
df-pn's jobs. The kills happen at fixed points of the run (its first report with a task on
a worker, the first proven fact, a job's first search once the store holds a fact, half
the facts of a run from scratch), never after a delay."""

from __future__ import annotations

import json
import os
import signal
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
from evalgame.games.matching import native
from evalgame.games.tiling.game import solve_tiling
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import ProofStatus, jobs, prove, read_summary
from evalgame.proofs.cluster import scheduler_lost
from evalgame.proofs.problem import forget
from evalgame.search.protocol import Player
from tests.proofs.deploy import START_SECONDS, deployment, kill
from tests.proofs.faults import KillingJob, checkpoint_every_job, killed_job, stored_facts
from tests.samples import thorough_only

pytestmark = pytest.mark.slow

#: a time budget no run here comes near: a manager that waited for ever would stop at it
#: (a clear failure) instead of hanging the suite
BUDGET = 600.0

#: MIN first on 5×5: several questions and a few dozen tasks, a few CPU seconds
PROBLEM = TilingProblem(5, 5, Player.MIN, engine="python")


@thorough_only  # make test: the df-pn jobs' test kills a worker of real processes too, and
# test_cluster.py one of the alpha-beta path's on a LocalCluster
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
                before.update(stored_facts(store) or {("none yet",)})
                kill(by_pid[processes[busy[0]]])

        proof = prove(
            PROBLEM, scheduler=cluster.address, store=store, slice_seconds=60, timeout=BUDGET,
            on_progress=kill_a_busy_worker,
        )  # fmt: skip
        assert before, "no worker was killed"
        assert len(observer.nthreads()) == 1  # the run finished on the other one
    assert proof.value == solve_tiling(5, 5, Player.MIN, engine="python").value
    after = stored_facts(store)
    assert before - {("none yet",)} <= after  # no proven fact lost
    worker_facts = sum(share.facts for share in proof.tally.workers.values())
    # each task counted once: it proved a fact, was split, or was called off
    assert proof.tally.tasks == worker_facts + proof.tally.splits + proof.tally.called_off
    rows = read_summary(store).workers
    assert sum(share.facts for name, share in rows.items() if name != "manager") == worker_facts


@thorough_only  # make test: the df-pn jobs' test loses its scheduler on real processes too
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
    kept = stored_facts(store)
    assert kept  # what was proven before is in the store
    (sitting,) = read_summary(store).sittings
    assert sitting.stopped == f"lost the Dask scheduler {cluster.address}"
    with deployment(tmp_path) as again:  # a new scheduler and workers: the run resumes
        proof = prove(
            PROBLEM, scheduler=again.address, store=store, slice_seconds=60, timeout=BUDGET
        )
    assert proof.value == solve_tiling(5, 5, Player.MIN, engine="python").value
    assert proof.tally.from_store >= 1
    assert kept <= stored_facts(store)


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
    command: list[str],
    store: Path,
    stop: Callable[[subprocess.Popen[str]], None],
    *,
    facts: int = 1,
    evalgame: list[str] = EVALGAME,
) -> tuple[int, str]:
    """Run ``evalgame`` with ``command``, ``stop`` it once its store holds a fact (or
    ``facts`` of them: the proof is under way), and return its exit status and error
    output."""
    run = subprocess.Popen(
        [*evalgame, *command],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "COLUMNS": "1000"},  # each message on one line
    )  # fmt: skip
    try:
        deadline = time.monotonic() + START_SECONDS
        while len(stored_facts(store)) < facts and run.poll() is None:
            assert time.monotonic() < deadline, f"no {facts} facts proven"
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
        pytest.param(signal.SIGTERM, "stopped by SIGTERM", marks=thorough_only),
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


class _SlowToNotice:
    """A client whose scheduler is gone but who notices only ``after`` seconds later, as a
    Dask client can when the call that fails is not the one watching the scheduler."""

    def __init__(self, after: float) -> None:
        self.status = "running"
        self.scheduler = type("Rpc", (), {"address": "tcp://127.0.0.1:8786"})()
        threading.Timer(after, setattr, (self, "status", "connecting")).start()


def test_a_scheduler_lost_is_known_even_if_the_client_notices_late() -> None:
    assert scheduler_lost(_SlowToNotice(after=0.3)) == "tcp://127.0.0.1:8786"


#: df-pn's jobs here: of a few hundred nodes, so that a 5×5 proof takes tens of jobs with
#: facts decided in between (the command's own, 50,000 nodes, answers 5×5 in one job)
JOB_NODES = 200

#: :data:`EVALGAME` with jobs of :data:`JOB_NODES` nodes (the command has no option for it)
EVALGAME_JOBS = [
    *EVALGAME[:-1],
    "import importlib; importlib.import_module('evalgame.proofs.prove').prove.__kwdefaults__"
    f"['job_nodes'] = {JOB_NODES}; {EVALGAME[-1]}",
]  # fmt: skip


def _dfpn_command(address: str, store: Path) -> list[str]:
    """Job-level df-pn on 5×5, MIN first, "value ≥ 11?" (yes: the value is 11)."""
    return [
        "tiling", "5", "5", "--first", "min", "--algorithm", "dfpn", "--ask", "11",
        "--scheduler", address, "--store", str(store),
    ]  # fmt: skip


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built")
def test_dfpn_jobs_survive_a_killed_worker_a_killed_command_and_a_lost_scheduler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # one deployment for the three faults, in this order: the first leaves one worker
    with deployment(tmp_path) as cluster, Client(cluster.address) as observer:
        # a worker killed in the middle of a job, once the store holds a fact: the job runs
        # again on the other worker, and the answer and the facts are kept. Every job's
        # table entries are broadcast to the workers, as large ones are: a broadcast under
        # way when the worker dies fails (it failed 3 runs in 5 on 5×6 before it was
        # caught), and a job whose result died with its worker needs its entries again
        monkeypatch.setattr(jobs, "INLINE_JOB_BYTES", 0)
        marks = tmp_path / "marks"
        marks.mkdir()
        store = tmp_path / "worker.sqlite"
        holes = KillingJob(
            5, 5, Player.MAX, algorithm="dfpn", blocked=((2, 2), (0, 4)), marks=str(marks),
            store=str(store),
        )  # fmt: skip
        proof = prove(
            holes, scheduler=cluster.address, store=store, job_nodes=JOB_NODES // 2,
            timeout=BUDGET,
        )  # fmt: skip
        killed = killed_job(marks)
        assert killed is not None, "no worker was killed"
        before, again = killed
        assert again, "the killed job did not run again"
        assert len(observer.nthreads()) == 1  # the run finished on the other worker
        assert proof.value == solve_tiling(5, 5, blocked=holes.blocked, engine="python").value
        assert before <= stored_facts(store)  # no fact decided before the kill is lost
        monkeypatch.undo()

        # the command killed (SIGKILL) halfway: run again, it resumes from the store and
        # finishes, even on workers that lost their tables
        problem = TilingProblem(5, 5, Player.MIN, algorithm="dfpn")  # the command's
        observer.run(checkpoint_every_job)
        observer.run(forget)  # cold tables: a count from scratch
        fresh = prove(
            problem, scheduler=cluster.address, store=tmp_path / "fresh.sqlite", question=11,
            job_nodes=JOB_NODES, timeout=BUDGET,
        )  # fmt: skip
        half = len(stored_facts(tmp_path / "fresh.sqlite")) // 2
        observer.run(forget)
        store = tmp_path / "command.sqlite"
        command = _dfpn_command(cluster.address, store)
        status, _ = _stopped_at_the_first_fact(
            command, store, lambda run: run.kill(), facts=half, evalgame=EVALGAME_JOBS
        )
        assert status == -signal.SIGKILL
        kept = stored_facts(store)
        observer.run(forget)  # what the workers learned is lost: all comes from the store
        rerun = subprocess.run(
            [*EVALGAME_JOBS, *command, "--json"], capture_output=True, text=True,
            timeout=BUDGET,
        )  # fmt: skip
        assert rerun.returncode == 0, rerun.stderr
        resumed = json.loads(rerun.stdout)
        assert (resumed["lower"], fresh.lower) == ("11", 11)  # exact numbers as text
        # cold workers: the nodes saved are the store's (its facts, the jobs' checkpoint)
        assert resumed["stats"]["nodes"] < fresh.tally.nodes
        assert kept <= stored_facts(store)
        assert read_summary(store).sittings[-1].stopped == "finished"

        # the scheduler lost: a clear error naming the command that resumes
        observer.run(forget)
        lost = tmp_path / "lost.sqlite"
        command = _dfpn_command(cluster.address, lost)
        status, stderr = _stopped_at_the_first_fact(
            command, lost, lambda run: cluster.kill_scheduler(), evalgame=EVALGAME_JOBS
        )
    assert status == 1, stderr
    assert f"lost the Dask scheduler {cluster.address}" in stderr
    assert f"resume with: evalgame {' '.join(command)}" in stderr
