"""Projecting a store's recorded work on N workers: the tasks a run records, the list
scheduling against the bounds every schedule obeys, and older stores read untouched."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import SerialPool, prove
from evalgame.proofs.projection import Job, makespan, project, recorded_work
from evalgame.proofs.store import read_only
from evalgame.search.protocol import Player

DOCS = Path(__file__).resolve().parents[2] / "docs" / "proofs"


@st.composite
def job_graphs(draw: st.DrawFn) -> list[Job]:
    """Jobs whose parents come before them, as the manager hands them out."""
    count = draw(st.integers(1, 12))
    jobs = []
    for index in range(count):
        parent = draw(st.none() | st.integers(0, index - 1)) if index else None
        jobs.append(Job(draw(st.integers(0, 20)) / 4, parent))
    return jobs


def _chain(jobs: list[Job]) -> float:
    ends: list[float] = []
    for job in jobs:
        ends.append(job.cost + (0.0 if job.parent is None else ends[job.parent]))
    return max(ends)


@given(jobs=job_graphs(), workers=st.integers(1, 6))
def test_list_scheduling_keeps_within_grahams_bounds(jobs: list[Job], workers: int) -> None:
    # any schedule takes at least the work shared out and the longest chain; a greedy one
    # at most the work shared out plus the chain (Graham 1966)
    work, chain = sum(job.cost for job in jobs), _chain(jobs)
    span = makespan(jobs, workers)
    assert max(work / workers, chain) <= span + 1e-9
    assert span <= work / workers + (1 - 1 / workers) * chain + 1e-9
    assert makespan(jobs, 1) == work  # one worker: all the work, one job after another
    assert makespan(jobs, len(jobs)) == chain  # a worker each: every job starts when ready


def test_a_run_records_every_task_with_its_parent(tmp_path: Path) -> None:
    # slices of 1 µs from the root: a task stops at its first look at the clock, however
    # fast the machine, and its leaf is split; the children name the task split
    path = tmp_path / "s.sqlite"
    problem = TilingProblem(4, 4, Player.MIN, engine="python")
    proof = prove(problem, SerialPool(), store=path, slice_seconds=1e-6, split_depth=0)
    with read_only(path) as store:
        tasks = store.tasks()
        assert tasks is not None
        (sitting,) = store.sittings()
        (projection,) = project(store, [1])
    assert len(tasks) == proof.tally.tasks
    assert sum(task.nodes for task in tasks) == proof.tally.nodes
    assert sum(task.outcome == "split" for task in tasks) == proof.tally.splits > 0
    numbers = {task.number: task for task in tasks}
    children = [task for task in tasks if task.parent is not None]
    assert children
    assert all(numbers[task.parent].outcome == "split" for task in children)  # type: ignore[index]
    assert all(task.parent < task.number for task in children)  # type: ignore[operator]
    assert {task.sitting for task in tasks} == {sitting.started}
    assert abs(projection.wall - sum(task.cpu for task in tasks)) < 1e-6


def test_an_older_store_is_projected_from_its_facts_and_read_untouched(tmp_path: Path) -> None:
    copy = tmp_path / "8x8-min.sqlite"
    shutil.copy(DOCS / "8x8-min.sqlite", copy)
    before = copy.read_bytes()
    with read_only(copy) as store:
        assert store.tasks() is None
        questions, spread = recorded_work(store)
        summary = store.summary()
        low, high = project(store, [1, 64])
    assert copy.read_bytes() == before
    recorded = sum(job.cost for jobs in questions for job in jobs)
    workers = sum(share.cpu for name, share in summary.workers.items() if name != "manager")
    assert abs(recorded - workers) < 1e-6  # every worker's fact is a job
    assert abs(low.wall - sum(s.cpu for s in summary.sittings)) < 1e-6  # the sittings' work
    assert spread > 0  # split and called-off slices left no row
    assert low.wall / 64 <= high.wall < low.wall


def test_the_proofs_command_projects(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    prove(TilingProblem(4, 4, engine="python"), SerialPool(), store=path, slice_seconds=1e-6)
    runner = CliRunner()
    shown = runner.invoke(app, ["proofs", str(path), "--project", "2", "--project", "16"])
    assert shown.exit_code == 0, shown.output
    assert "projection" in shown.output
    answer = json.loads(
        runner.invoke(app, ["proofs", str(path), "--project", "4", "--json"]).output
    )
    (four,) = answer["projection"]
    assert four["workers"] == 4
    assert four["critical_path_seconds"] <= four["wall_seconds"] <= four["one_worker_seconds"]
    refused = runner.invoke(app, ["proofs", str(path), "--project", "0"])
    assert refused.exit_code == 2
    assert "--project takes a number of workers" in refused.output
    with sqlite3.connect(path) as db:  # the table only adds to the format: no new version
        assert db.execute("SELECT value FROM meta WHERE name = 'version'").fetchone() == ("1",)
    db.close()
