"""The task a worker runs: one null-window question on one leaf, within a time slice.

:func:`run_leaf` is what the manager submits to Dask. It rebuilds (once per process) the
game and the leaf solver the problem names in the solver registry, asks the question, and
returns a :class:`LeafOutcome`: the fail-soft result, or ``finished=False`` when the slice
ran out (the manager then splits the leaf one ply further) or the manager called the task
off. Calling off is cooperative: the manager sets a Dask :class:`~distributed.Event` named
after the task, which the solver's budget looks at a few times a second — Dask cannot stop a
running Python function.

>>> from evalgame.search.examples import NestedTree
>>> from evalgame.proofs.problem import EngineProblem
>>> problem = EngineProblem("two by two", NestedTree, ([[3, 5], [2, 9]],))
>>> outcome = run_leaf(problem, (1,), 4, False, 10.0, None)   # MIN to move: 2 or 9
>>> outcome.finished, outcome.result
(True, 2)
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evalgame.errors import SearchInterrupted
from evalgame.numbers import Number
from evalgame.proofs.problem import Entries, Fact, Problem, built, learn
from evalgame.search.budget import Budget
from evalgame.search.registry import Solver
from evalgame.search.stats import SearchStats

#: seconds between two looks at the call-off event
STOP_CHECK_SECONDS = 0.25
#: CPU seconds of a process between two checkpoints of its stopped tests (a checkpoint
#: reads the whole table of numbers: several per minute would cost more than they save)
CHECKPOINT_SECONDS = 30.0
_last_checkpoint = {"cpu": 0.0}  # this process's CPU time at its last checkpoint


@dataclass(frozen=True)
class LeafOutcome:
    """What a task did: the fail-soft ``result`` if ``finished``, its cost and its worker."""

    finished: bool
    result: Number | None
    nodes: int
    cpu: float
    worker: str
    #: the bounds ``(move, lower, upper)`` the worker's table proved on the leaf's children
    #: (``None``: unknown): they settle the children when the leaf is split, and reach the
    #: other workers, whose searches meet the same positions by transposition; when not
    #: ``finished``, every child, best first as the search would try them
    children: tuple[tuple[Any, Number | None, Number | None], ...] = ()
    #: what the worker's memory proved in this task's large searches, for the other workers
    #: (:meth:`~evalgame.search.registry.Solver.entries`; empty if its solver cannot say)
    entries: bytes = b""
    #: when not ``finished``, what guides the stopped test, for a later task of the same
    #: question in another process (a solver's ``checkpoint``: df-pn's numbers; empty if
    #: its solver has none or this process saved one less than CHECKPOINT_SECONDS ago)
    checkpoint: bytes = b""


def run_leaf(
    problem: Problem,
    path: tuple[Any, ...],
    gamma: Number,
    strict: bool,
    seconds: float | None,
    stop_event: str | None,
    run: str = "",
    facts: Sequence[Fact] = (),
    entries: Sequence[Entries] = (),
    split_seconds: float | None = None,
    resume: bytes = b"",
) -> LeafOutcome:
    """Ask "value ≥ γ?" (``strict``: "> γ?") for at most ``seconds`` at the position that
    the moves ``path`` reach from the start (positions may hold data that only means
    something to the game instance that made them; moves are plain data), after teaching
    this process's table the ``facts`` and table ``entries`` the proof ``run`` proved
    elsewhere. Past ``split_seconds`` the task also stops once the manager asks it to
    (the event :func:`split_event` of ``stop_event``: threads are idle). ``resume`` is
    the checkpoint of an earlier task of the same question, which the solver takes up."""
    here = worker_name()
    learn(problem, run, facts, entries, here)
    game, solver, memory = built(problem)
    if resume and solver.restore is not None:
        solver.restore(memory, resume)
    position = game.initial()
    for move in path:
        position = game.play(position, move)
    last = path[-1] if path else None
    started = time.process_time()
    budget = Budget(
        report_seconds=STOP_CHECK_SECONDS,
        on_progress=watch(started, seconds, stop_event, split_seconds),  # now, every 0.25 s
    )
    stats = SearchStats()
    try:
        result = solver.test(
            game,
            position,
            gamma,
            strict=strict,
            budget=budget,
            memory=memory,
            stats=stats,
            last=last,  # ordered as inside the whole search
        )
    except SearchInterrupted:
        finished, result = False, None
    else:
        finished = True
    cpu = time.process_time() - started
    # a leaf split next has its children in the order its search had
    moves = (
        game.moves(position)
        if finished
        else solver.order(game, position, gamma, strict=strict, memory=memory, last=last)
    )
    known = tuple(  # a few table probes: cheap beside the search
        (move, *solver.known(game, game.play(position, move), memory)) for move in moves
    )
    # another process can use table entries only if keys name the same positions there
    exported = solver.entries(memory) if problem.portable_keys else b""
    return LeafOutcome(
        finished, result, stats.nodes, cpu, here, known, exported,
        b"" if finished else checkpoint(solver, memory),
    )  # fmt: skip


def checkpoint(solver: Solver, memory: Any) -> bytes:
    """What guides the stopped test of ``solver`` with ``memory``, at most once every
    :data:`CHECKPOINT_SECONDS` of this process's CPU time (empty otherwise, or if the
    solver keeps nothing beside its memory's proven entries)."""
    now = time.process_time()
    if solver.checkpoint is None or now - _last_checkpoint["cpu"] < CHECKPOINT_SECONDS:
        return b""
    _last_checkpoint["cpu"] = now
    return solver.checkpoint(memory)


def worker_name() -> str:
    """The Dask worker's address, or host:pid outside a worker."""
    try:
        from distributed import get_worker

        return str(get_worker().address)
    except ValueError:
        return f"{socket.gethostname()}:{os.getpid()}"


def watch(
    started: float, seconds: float | None, name: str | None, split_seconds: float | None = None
) -> Any:
    """A progress callback that stops the search after ``seconds`` of CPU time since
    ``started`` (CPU, not wall-clock: slices mean the same work on a busy machine), once
    the event ``name`` is set, or past ``split_seconds`` once its :func:`split_event` is."""
    event: Any = None
    split: Any = None
    if name is not None:
        from distributed import Event

        event = Event(name)
        split = None if split_seconds is None else Event(split_event(name))

    def check(stats: SearchStats, budget: Budget) -> None:
        cpu = time.process_time() - started
        if seconds is not None and cpu > seconds:
            budget.stop("out of its slice", stats)
        if event is not None and event.is_set():
            budget.stop("called off by the manager", stats)
        past = split_seconds is not None and cpu > split_seconds
        if past and split is not None and split.is_set():  # asked only past its time
            budget.stop("split for idle workers", stats)

    return check


def split_event(name: str) -> str:
    """The name of the event that asks the task of stop event ``name`` to stop early, to be
    split (once past its ``split_seconds``)."""
    return f"{name}-split"
