"""Past this machine: the wall time a store's recorded work would take on N workers.

The model is a list-scheduling simulation of the recorded task graph:

* every recorded task is a job lasting its recorded CPU seconds — split and called-off
  tasks included: speculative work occupies a worker as much as any;
* a leaf made by a split is ready when the task that was split ends; every other task is
  ready when its question starts; the questions follow one another, in the recorded order
  (the manager asks the next one once the last is decided, and Dask cannot stop a task);
* ``N`` identical one-thread workers as fast as the recording's: whenever one is free, it
  takes the ready job handed out first in the recording (the manager's sequential order);
* nothing else costs time: no manager, network or scheduler latency.

What the model leaves out is that the work itself depends on N: with more workers the
manager hands out more speculative tasks and the workers' tables know less, so the nodes
grow (2.4× with 2 workers on 6×7 before the split policy was reworked). The projection is
the time of *the recorded work*: a lower bound when the work grows with N.

A store kept before tasks were recorded has its workers' facts only: each is a job with no
parent (questions from the facts' order), and the work that left no row — a sitting's CPU
seconds beyond its facts', split and called-off tasks — is spread evenly over the workers.

>>> from evalgame.proofs.store import ProofStore, TaskRecord
>>> store = ProofStore.memory("demo")
>>> for number, parent, outcome, cpu in [(1, None, "split", 2.0), (2, 1, "proven", 3.0),
...                                       (3, 1, "proven", 3.0), (4, None, "proven", 1.0)]:
...     store.record_task(TaskRecord(0.0, number, parent, "k", 5, False, outcome, 0, cpu, "w",
...                                  0.0, 0.0))
>>> [(p.workers, p.wall) for p in project(store, [1, 2, 4])]  # critical path 2 + 3
[(1, 9.0), (2, 5.0), (4, 5.0)]
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from evalgame.proofs.store import ProofStore, TaskRecord


@dataclass(frozen=True)
class Job:
    """A task to schedule: its CPU seconds and the job (index in its question) it waits for."""

    cost: float
    parent: int | None = None


@dataclass(frozen=True)
class Projection:
    """The projected wall seconds of the recorded work on ``workers`` workers."""

    workers: int
    wall: float
    #: the wall seconds on one worker (all the work) and with unboundedly many (the longest
    #: chain of jobs, question after question, plus no spread work)
    one: float
    critical: float
    tasks: int
    #: CPU seconds that left no task row (an older store's splits), spread over the workers
    unrecorded: float = 0.0

    @property
    def speedup(self) -> float:
        """How many times faster than one worker."""
        return self.one / self.wall if self.wall > 0 else 1.0


def project(store: ProofStore, workers: Sequence[int]) -> list[Projection]:
    """The projections of ``store``'s recorded work on each count of ``workers``."""
    questions, spread = recorded_work(store)
    one = sum(job.cost for jobs in questions for job in jobs) + spread
    critical = sum(_critical_path(jobs) for jobs in questions)
    count = sum(len(jobs) for jobs in questions)
    return [
        Projection(n, sum(makespan(jobs, n) for jobs in questions) + spread / n, one, critical,
                   count, spread)
        for n in workers
    ]  # fmt: skip


def recorded_work(store: ProofStore) -> tuple[list[list[Job]], float]:
    """The recorded jobs, question by question, and the CPU seconds that left no row."""
    tasks = store.tasks() or []
    recorded = {task.sitting for task in tasks}
    spans = [(s.started, s.ended) for s in store.sittings() if s.started in recorded]
    # the facts of the sittings without task rows, and of a store older than sittings
    facts = [f for f in store.facts() if not any(a <= f.done <= b for a, b in spans)]
    spread = sum(
        max(0.0, s.cpu - sum(f.cpu for f in facts if s.started <= f.done <= s.ended))
        for s in store.sittings()
        if s.started not in recorded
    )
    return [*_questions(facts), *_questions(tasks)], spread


def makespan(jobs: Sequence[Job], workers: int) -> float:
    """The time greedy list scheduling takes for ``jobs`` on ``workers`` workers, a free
    worker taking the ready job of lowest index.

    >>> makespan([Job(3.0), Job(1.0), Job(1.0), Job(1.0, parent=1)], 2)
    3.0
    """
    children: dict[int, list[int]] = defaultdict(list)
    ready: list[int] = []
    for index, job in enumerate(jobs):
        if job.parent is None:
            ready.append(index)
        else:
            children[job.parent].append(index)
    heapq.heapify(ready)
    running: list[tuple[float, int]] = []
    now, free = 0.0, workers
    while ready or running:
        while free and ready:
            index = heapq.heappop(ready)
            heapq.heappush(running, (now + jobs[index].cost, index))
            free -= 1
        now, index = heapq.heappop(running)
        free += 1
        for child in children[index]:
            heapq.heappush(ready, child)
    return now


def _critical_path(jobs: Sequence[Job]) -> float:
    """The longest chain of jobs (parents come before their children)."""
    ends: list[float] = []
    for job in jobs:
        ends.append(job.cost + (0.0 if job.parent is None else ends[job.parent]))
    return max(ends, default=0.0)


def _questions(tasks: Iterable[TaskRecord]) -> list[list[Job]]:
    """Jobs grouped by question: a new group where the sitting or the question changes."""
    groups: list[list[TaskRecord]] = []
    asked = None
    for task in tasks:
        question = (task.sitting, task.gamma, task.strict)
        if question != asked:
            groups.append([])
            asked = question
        groups[-1].append(task)
    questions = []
    for group in groups:
        index = {task.number: i for i, task in enumerate(group)}
        questions.append(
            [
                Job(task.cpu, None if task.parent is None else index.get(task.parent))
                for task in group
            ]
        )
    return questions
