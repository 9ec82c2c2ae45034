"""Past this machine, with the work that more workers cause: job-level df-pn on N simulated
workers.

:func:`simulate` runs the real :class:`~evalgame.proofs.jobs.JobManager` against a
:class:`SimulatedPool` of ``N`` workers: a discrete-event simulation with a virtual clock.
The manager chooses its leaves, grafts and calls off exactly as on Dask; each job it
submits runs at once, in this process, and its CPU seconds are measured
(:func:`time.process_time`); its future stays pending until the virtual clock reaches
*start + cost + L*. When the manager waits for a job, the clock moves to the next job's end.
So the nodes are those N workers would search, the speculative jobs that N free threads
cause included — what :mod:`~evalgame.proofs.projection` (the recorded tasks, list-scheduled)
leaves out.

The model, and where it is off:

* **One table for every worker (optimistic).** The jobs run in one process, so every
  simulated worker reads and writes one kernel table of numbers and entries: a job sees
  at once all that every job run before it found, even a job still running in virtual
  time. Real workers each keep their own table and learn the others' decided entries only
  with their next job. More workers share less in reality than here; the figures of
  ``docs/proofs.md`` compare the simulation with real runs on 1, 2 and 4 workers.
* **L: the per-job overhead** (the round trip through the scheduler, shipping the facts
  and entries, the manager's turn): one constant, added to each job. Estimated from real
  runs as (workers × wall − CPU) ÷ jobs; it depends on the machine, its load and the
  network, so give the one measured where the projection should hold.
* **A job called off keeps its worker until its end** (real ones stop within a quarter of a
  second): pessimistic, by less than one job's length per call-off.
* **The manager costs no time**: its CPU seconds (walking the tree, grafting, writing the
  store) are measured and reported (:attr:`Simulation.manager`), not put on the clock.
  It is one thread: the wall on N workers cannot be below it, which is what bounds a
  large N.
* Job costs are measured on this machine; nodes and jobs do not depend on its load, the
  CPU seconds a little (caches shared with other processes).

What is provably true of the model: on one worker the wall is the sum of the jobs' costs
plus L a job (nothing overlaps); on N workers it is at most that sum for the jobs of *that*
run (the clock only moves to the end of a running job, so some job runs at every instant).
Nothing orders two counts of workers: their jobs differ, and so may their walls.

>>> from evalgame.games.tiling.proof import TilingProblem
>>> problem = TilingProblem(4, 4, algorithm="dfpn")
>>> one, three = simulate(problem, [(8, False), (7, False)], [1, 3], latency=0.01,
...                       job_nodes=20)
>>> one.answers, three.answers   # value ≥ 8? no (7); value ≥ 7? yes
([7, 7], [7, 7])
>>> abs(one.wall - (one.cpu + 0.01 * one.jobs)) < 1e-9
True
>>> three.wall <= three.cpu + 0.01 * three.jobs
True
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from evalgame.numbers import Number
from evalgame.proofs.jobs import JOB_NODES, JobManager
from evalgame.proofs.leaf import worker_name
from evalgame.proofs.manager import SerialPool
from evalgame.proofs.problem import Problem, forget
from evalgame.proofs.store import ProofStore

#: seconds of overhead a job (L) by default: (workers × wall − CPU) ÷ jobs of real runs of
#: 6×7 MAX first "≥ 20?" on one local Dask worker, 0.167 and 0.177 s at load 12–13 on 2
#: cores (two workers: 0.48 s at load 15; docs/proofs.md, "Simulating job-level df-pn")
LATENCY = 0.17


@dataclass(eq=False)
class SimulatedFuture:
    """A job of a :class:`SimulatedPool`: done in this process already, ``pending`` until
    the pool's virtual clock reaches its ``end``."""

    value: Any
    error: BaseException | None
    #: virtual seconds: when the job started, and when its result is back with the manager
    start: float
    end: float
    status: str = "pending"

    def result(self) -> Any:
        """The job's outcome (re-raises its error)."""
        if self.error is not None:
            raise self.error
        return self.value

    def exception(self) -> BaseException | None:
        """The job's error, if it failed."""
        return self.error


class SimulatedPool(SerialPool):
    """``workers`` one-thread workers on a virtual clock; each job costs its measured CPU
    seconds plus ``latency`` (see the module doc). The manager's interface is
    :class:`~evalgame.proofs.manager.SerialPool`'s (so the manager ships no Dask events or
    scattered data), with :meth:`wait` for its wait.

    >>> pool = SimulatedPool(workers=2, latency=1.0)
    >>> a, b, c = (pool.submit(int, n) for n in range(3))   # c waits for a free worker
    >>> [round(f.start) for f in (a, b, c)], [round(f.end) for f in (a, b, c)]
    ([0, 0, 1], [1, 1, 2])
    >>> [f.status for f in pool.wait([a, b, c])], c.status, round(pool.now)  # a or b first
    (['finished'], 'pending', 1)
    >>> pool.wait([c])[0].result(), round(pool.now)
    (2, 2)
    """

    def __init__(self, workers: int, latency: float = LATENCY) -> None:
        if workers < 1 or latency < 0:
            raise ValueError(f"workers ≥ 1 and latency ≥ 0, not {workers} and {latency}")
        self.workers, self.latency = workers, latency
        #: the virtual clock, in seconds
        self.now = 0.0
        #: the jobs submitted, and their measured CPU seconds in all
        self.jobs = 0
        self.cpu = 0.0
        self._free = [0.0] * workers  # when each worker is free again (a heap)
        self._name = worker_name()  # the name the jobs give (run here: this process's)
        self._order = itertools.count()
        self._mark = time.process_time()
        self._jobs_cpu = 0.0  # job CPU seconds since the last mark
        #: CPU seconds the manager spent between its waits (not on the clock)
        self.manager = 0.0

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        """Run ``function(*args)`` now, on the worker free first; its future is pending
        until its cost and the latency have passed on the virtual clock."""
        start = max(self.now, heapq.heappop(self._free))
        started = time.process_time()
        value: Any = None
        error: BaseException | None = None
        try:
            value = function(*args)
        except Exception as failed:  # the manager sees it as a failed future, as on Dask
            error = failed
        cost = time.process_time() - started
        self.jobs += 1
        self.cpu += cost
        self._jobs_cpu += cost
        future = SimulatedFuture(value, error, start, start + cost + self.latency)
        heapq.heappush(self._free, future.end)
        return future

    def nthreads(self) -> dict[str, int]:
        """One worker name (the jobs all run here and give this process's name), with
        ``workers`` threads: the manager keeps ``workers`` jobs running."""
        return {self._name: self.workers}

    def wait(self, futures: Sequence[Any]) -> list[Any]:
        """Move the clock to the earliest end among ``futures`` and return those ended by
        then, now ``finished`` (or ``error``)."""
        now = time.process_time()
        self.manager += max(0.0, now - self._mark - self._jobs_cpu)
        self._mark, self._jobs_cpu = now, 0.0
        pending = [future for future in futures if future.status == "pending"]
        if not pending:
            return []
        self.now = max(self.now, min(future.end for future in pending))
        ended = [future for future in pending if future.end <= self.now]
        for future in ended:
            future.status = "finished" if future.error is None else "error"
        return ended


class SimulatedJobManager(JobManager):
    """:class:`~evalgame.proofs.jobs.JobManager` whose wait for a job is the simulated
    pool's (:meth:`SimulatedPool.wait`): the one method that differs. The Dask path's
    :meth:`~evalgame.proofs.manager.ProofManager._finished` waits on
    :func:`distributed.wait` with a timeout; here nothing runs while the manager waits,
    so the clock moves on to the next job's end instead."""

    client: SimulatedPool

    def _finished(self) -> list[Any]:
        return self.client.wait(list(self._running))


@dataclass
class Simulation:
    """One simulated run: the answers to the questions and its work on ``workers``."""

    workers: int
    latency: float
    #: virtual seconds from the first job handed out to the last question's answer
    wall: float
    nodes: int
    jobs: int
    #: the jobs' CPU seconds as measured here (learning what they carry included)
    cpu: float
    #: the manager's CPU seconds (one thread: a floor under ``wall`` not on the clock)
    manager: float
    answers: list[Number | None] = field(default_factory=list)

    def speedup(self, one: Simulation) -> float:
        """How many times faster than ``one`` (the run on one worker)."""
        return one.wall / self.wall if self.wall > 0 else 1.0

    def efficiency(self, one: Simulation) -> float:
        """The speed-up over ``one`` per worker."""
        return self.speedup(one) / self.workers


def simulate(
    problem: Problem,
    questions: Sequence[tuple[Number, bool]],
    workers: Sequence[int],
    *,
    latency: float = LATENCY,
    job_nodes: int = JOB_NODES,
) -> list[Simulation]:
    """Answer ``questions`` ("value ≥ γ?", or with ``True`` "> γ?", one after the other)
    on ``problem`` by job-level df-pn on each count of ``workers`` simulated workers, each
    run from a cold kernel and an empty store (see the module doc)."""
    if not problem.by_jobs():
        raise ValueError(f"{problem.label}: not a problem of job-level df-pn")
    runs = []
    for count in workers:
        forget()  # a cold kernel, as on fresh workers
        pool = SimulatedPool(count, latency)
        manager = SimulatedJobManager(
            problem, pool, ProofStore.memory(problem.label), job_nodes=job_nodes
        )
        answers = [manager.test(gamma, strict=strict) for gamma, strict in questions]
        pool.wait([])  # the manager's time since its last wait
        tally = manager.tally
        runs.append(
            Simulation(count, latency, pool.now, tally.nodes, pool.jobs, pool.cpu, pool.manager,
                       answers)
        )  # fmt: skip
    forget()
    return runs
