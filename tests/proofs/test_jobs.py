"""Job-level df-pn (:mod:`evalgame.proofs.jobs`): the answers of the Python solver on small
boards with holes, in this process and on two worker processes; a run stopped and started
again goes on from its store. Its faults on a real deployment (a worker, the command or
the scheduler killed) are tested in :mod:`tests.proofs.test_deployment`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from distributed import Client

from evalgame.errors import SearchInterrupted
from evalgame.games.matching import native
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.game import TilingGame
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import ProofStore, SerialPool, prove, read_summary
from evalgame.proofs.job import run_job
from evalgame.proofs.jobs import JobManager
from evalgame.proofs.manager import Task
from evalgame.proofs.problem import forget
from evalgame.search.protocol import Player

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

#: boards with holes: (rows, cols, blocked cells, df-pn nodes a job: a few, so that leaves
#: are grafted many times)
BOARDS = [(4, 4, ((0, 0),), 10), (4, 5, ((1, 1), (2, 3)), 10), (5, 5, ((2, 2), (0, 4)), 100)]


def problem_of(rows: int, cols: int, blocked: Any, first: Player) -> TilingProblem:
    return TilingProblem(rows, cols, first, table_mb=8, algorithm="dfpn", blocked=blocked)


def python_value(problem: TilingProblem) -> int:
    """The value by the Python reference solver."""
    game = TilingGame(problem.rows, problem.cols, problem.first, blocked=problem.blocked)
    return MatchingSolver(game.graph).value(game.initial().free, problem.first is Player.MAX)


@pytest.mark.parametrize(("rows", "cols", "blocked", "job_nodes"), BOARDS)
@pytest.mark.parametrize("first", [Player.MAX, Player.MIN])
def test_jobs_in_this_process_answer_as_the_python_solver(
    rows: int, cols: int, blocked: Any, job_nodes: int, first: Player
) -> None:
    problem = problem_of(rows, cols, blocked, first)
    value = python_value(problem)
    forget()
    whole = prove(problem, SerialPool(), job_nodes=job_nodes)
    assert whole.value == value
    assert whole.tally.splits > 0
    for gamma in (value, value + 1):
        forget()
        asked = prove(problem, SerialPool(), question=gamma, job_nodes=job_nodes)
        if gamma == value:
            assert asked.lower == value
        else:
            assert asked.upper == value


class Pool(SerialPool):
    """Runs each job at once on one of ``threads`` threads; stops the run (as Ctrl-C does)
    at the job numbered ``stop_at``."""

    def __init__(self, threads: int = 1, stop_at: int | None = None) -> None:
        self.threads, self.stop_at, self.jobs = threads, stop_at, 0

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        self.jobs += 1
        if self.jobs == self.stop_at:
            raise KeyboardInterrupt
        return super().submit(function, *args, **options)

    def nthreads(self) -> dict[str, int]:
        return {f"thread {n}": 1 for n in range(self.threads)}


def test_two_threads_take_two_different_leaves() -> None:
    problem = problem_of(5, 5, (), Player.MAX)
    forget()
    manager = JobManager(problem, SerialPool(), ProofStore.memory(problem.label))
    manager._gamma = 11
    root = manager._node(manager.game.initial(), (), None)
    manager._graft(root, run_job(problem, (), 11, False, 20, None))
    chosen = manager._most_proving(root)
    assert chosen is not None
    assert chosen[0][0] is root  # the path from the root
    first, _ = chosen[-1]
    assert first.parent is root
    first.task = Task(first, None, "", 11, False)  # its job runs: the next thread goes elsewhere
    manager._refresh(first)
    again = manager._most_proving(root)
    assert again is not None
    assert again[-1][0] is not first


def test_jobs_take_subtrees_one_thread_the_root() -> None:
    """A job takes the highest node of the most-proving path with no job below it: with one
    thread the root (one process's df-pn, in jobs), with two two different children of
    the root."""
    problem = problem_of(5, 5, (), Player.MAX)
    for threads, depths in ((1, [0]), (2, [1, 1])):
        forget()
        manager = JobManager(problem, Pool(threads), ProofStore.memory(problem.label))
        manager._gamma, manager._strict = 11, False
        root = manager._node(manager.game.initial(), (), None)
        manager._graft(root, run_job(problem, (), 11, False, 20, None))
        manager._slots()
        manager._dispatch(root)
        tops = [task.node for task in manager._running.values()]
        assert [top.depth for top in tops] == depths
        assert len({id(top) for top in tops}) == len(tops)


def test_a_stopped_run_resumes_from_its_store(tmp_path: Path) -> None:
    problem = problem_of(5, 5, (), Player.MIN)
    store = tmp_path / "5x5.sqlite"
    forget()
    with pytest.raises(SearchInterrupted):
        prove(problem, Pool(threads=2, stop_at=6), store=store, question=12, job_nodes=30)
    with ProofStore.open(store, problem.label) as saved:
        assert len(saved) > 0  # what was decided before the stop is kept
    forget()  # a new process: nothing in memory
    resumed = prove(problem, Pool(threads=2), store=store, question=12, job_nodes=30)
    assert resumed.upper == python_value(problem) == 11  # "≥ 12?" no
    assert resumed.tally.from_store > 0
    assert read_summary(store).sittings[-1].stopped == "finished"


@pytest.mark.parametrize(("rows", "cols", "blocked", "job_nodes"), BOARDS[1:])
def test_two_workers_answer_as_the_python_solver(
    client: Client, rows: int, cols: int, blocked: Any, job_nodes: int
) -> None:
    for first in (Player.MAX, Player.MIN):
        problem = problem_of(rows, cols, blocked, first)
        proof = prove(problem, client, job_nodes=job_nodes)
        assert proof.value == python_value(problem)
