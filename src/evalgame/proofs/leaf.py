"""The task a worker runs: one null-window question on one leaf, within a time slice.

:func:`run_leaf` is what the manager submits to Dask. It rebuilds (once per process) the
game and the leaf solver the problem names in the solver registry, asks the question, and
returns a :class:`LeafOutcome`: the fail-soft result, or ``finished=False`` when the slice
ran out (the manager then splits the leaf one ply further) or the manager called the task
off. Calling off is cooperative: the manager sets a Dask :class:`~distributed.Event` named
after the task, which the solver's budget looks at a few times a second — Dask cannot stop a
running Python function. While it searches, a task also swaps what its memory proved with
the other workers of the proof (:class:`Swap`, through Dask queues), so that two tasks
running side by side do not both search, or value, what one of them already did.

>>> from evalgame.search.examples import NestedTree
>>> from evalgame.proofs.problem import EngineProblem
>>> problem = EngineProblem("two by two", NestedTree, ([[3, 5], [2, 9]],))
>>> outcome = run_leaf(problem, (1,), 4, False, 10.0, None)   # MIN to move: 2 or 9
>>> outcome.finished, outcome.result
(True, 2)
"""

from __future__ import annotations

import contextlib
import os
import socket
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evalgame.errors import SearchInterrupted
from evalgame.numbers import Number
from evalgame.proofs.problem import Entries, Fact, Problem, built, learn
from evalgame.provenance import code_version
from evalgame.search.budget import Budget
from evalgame.search.registry import Solver
from evalgame.search.stats import SearchStats

#: seconds between two looks at the call-off event
STOP_CHECK_SECONDS = 0.25
#: CPU seconds of a task between two swaps with the other workers (:class:`Swap`), times
#: their number: each worker sends one message every this many seconds, whatever the
#: cluster's size. A tenth rather than a quarter: 6×7 MIN first on 2 workers valued
#: 0.54–0.55 M regions against 0.58–0.60 M (BENCHMARKS.md, "Swapping during a task")
SWAP_SECONDS = 0.1
#: the messages a worker's inbox holds (a worker without a task does not read it): past
#: them the other workers drop what they would send it, which it then lacks (a cost in
#: nodes only: nothing is ever taken for proven that was not)
INBOX_SIZE = 64
#: seconds a message waits for room in a full inbox before it is dropped
PUT_SECONDS = 0.01
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
    #: the code version the worker ran (:func:`~evalgame.provenance.code_version`), which
    #: the store records with what the task proved (empty: unknown)
    code: str = ""


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
    peers: Sequence[str] = (),
) -> LeafOutcome:
    """Ask "value ≥ γ?" (``strict``: "> γ?") for at most ``seconds`` at the position that
    the moves ``path`` reach from the start (positions may hold data that only means
    something to the game instance that made them; moves are plain data), after teaching
    this process's table the ``facts`` and table ``entries`` the proof ``run`` proved
    elsewhere. Past ``split_seconds`` the task also stops once the manager asks it to
    (the event :func:`split_event` of ``stop_event``: threads are idle).
    ``peers``: the Dask workers of the proof, with which the task swaps what its memory
    proves while it searches (:func:`swap_with`)."""
    here = worker_name()
    learn(problem, run, facts, entries, here)
    game, solver, memory = built(problem)
    position = game.initial()
    for move in path:
        position = game.play(position, move)
    last = path[-1] if path else None
    started = time.process_time()
    swap = swap_with(problem, solver, memory, run, here, peers)
    if swap is not None:  # what the other tasks sent while this worker had none: now,
        swap.receive()  # not a swap interval into the search
    budget = Budget(
        report_seconds=STOP_CHECK_SECONDS if swap is None else SWAP_SECONDS,
        on_progress=watch(started, seconds, stop_event, split_seconds, swap),  # now, and on
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
    if swap is not None:
        swap.receive()  # what came meanwhile serves the next task
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
        code=code_version(),
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
    started: float,
    seconds: float | None,
    name: str | None,
    split_seconds: float | None = None,
    swap: Swap | None = None,
) -> Any:
    """A progress callback that stops the search after ``seconds`` of CPU time since
    ``started`` (CPU, not wall-clock: slices mean the same work on a busy machine), once
    the event ``name`` is set, or past ``split_seconds`` once its :func:`split_event` is;
    the events are looked at every :data:`STOP_CHECK_SECONDS` (each look is a round trip
    to the scheduler). It gives ``swap`` its turn at every call."""
    event: Any = None
    split: Any = None
    if name is not None:
        from distributed import Event

        event = Event(name)
        split = None if split_seconds is None else Event(split_event(name))
    looked = [-STOP_CHECK_SECONDS]  # wall-clock seconds of the last look at the events

    def check(stats: SearchStats, budget: Budget) -> None:
        cpu = time.process_time() - started
        if seconds is not None and cpu > seconds:
            budget.stop("out of its slice", stats)
        if swap is not None:
            swap()
        now = time.monotonic()
        if now - looked[0] < STOP_CHECK_SECONDS:
            return
        looked[0] = now
        if event is not None and event.is_set():
            budget.stop("called off by the manager", stats)
        past = split_seconds is not None and cpu > split_seconds
        if past and split is not None and split.is_set():  # asked only past its time
            budget.stop("split for idle workers", stats)

    return check


class Swap:
    """What a worker's memory proves during a task, swapped with the other workers.

    Called while the search runs (from its budget's progress callback, between two
    positions), at most once every ``every`` CPU seconds it sends the entries the solver's
    ``memory`` noted since the last call (:meth:`~evalgame.search.registry.Solver.entries`:
    on the tiling game the kernel's table entries and the regions its database valued) to
    each of the ``outboxes`` — the other workers' inboxes — and merges into ``memory``
    what they sent to ``inbox`` (:meth:`~evalgame.search.registry.Solver.merge`). Every
    entry is proven, so a search that finds one in its table mid-way may use it. What a
    task swapped is not exported again at its end (that goes to the manager, which ships
    it with the next tasks): a worker that joins the cluster later lacks it, a cost in
    nodes only. An inbox is anything with ``put(data)`` and ``get(batch=True)`` (a Dask
    :class:`~distributed.Queue` between processes: :func:`swap_with`).

    >>> from evalgame.games.tiling.proof import TilingProblem
    >>> from evalgame.proofs.problem import built, forget
    >>> forget()                                               # two cold memories
    >>> game, solver, one = built(TilingProblem(3, 4))
    >>> forget()
    >>> _, _, other = built(TilingProblem(3, 4))
    >>> class Box(list):
    ...     def put(self, data): self.append(data)
    ...     def get(self, batch): taken = list(self); self.clear(); return taken
    >>> box = Box()
    >>> solver.test(game, game.initial(), 6, memory=one)       # "value ≥ 6?" on one: no
    5
    >>> solver.known(game, game.initial(), other)              # other: its static bounds
    (4, 6)
    >>> Swap(solver, one, Box(), [box], every=0.0)()           # one sends what it proved
    >>> Swap(solver, other, box, [], every=0.0)()              # other takes it in
    >>> solver.known(game, game.initial(), other)
    (4, 5)
    """

    def __init__(
        self, solver: Solver, memory: Any, inbox: Any, outboxes: Sequence[Any], every: float
    ) -> None:
        self.solver, self.memory = solver, memory
        self.inbox, self.outboxes = inbox, list(outboxes)
        self.every = every
        self._swapped = time.process_time()

    def __call__(self) -> None:
        """Send what is new here and take in what came, if ``every`` seconds have passed."""
        now = time.process_time()
        if now - self._swapped < self.every:
            return
        self._swapped = now
        proven = self.solver.entries(self.memory)
        if proven:
            for outbox in self.outboxes:
                outbox.put(proven)
        self.receive()

    def receive(self) -> None:
        """Take in what the other workers sent."""
        for proven in self.inbox.get(batch=True):
            self.solver.merge(self.memory, proven)


def swap_with(
    problem: Problem, solver: Solver, memory: Any, run: str, here: str, peers: Sequence[str]
) -> Swap | None:
    """The :class:`Swap` of the task of the proof ``run`` on the worker ``here`` with the
    other ``peers``: Dask queues named after the run and each worker (``None`` without
    peers, when the problem's keys differ between processes, and for a solver whose
    stopped tests go on: df-pn's search was not written for entries that change under it)."""
    others = [peer for peer in peers if peer != here]
    if not others or not run or not problem.portable_keys or solver.checkpoint is not None:
        return None
    every = SWAP_SECONDS * len(others)
    return Swap(solver, memory, _inbox(run, here), [_inbox(run, peer) for peer in others], every)


#: the inboxes this process has opened, by name (those of the latest proof run only)
_INBOXES: dict[str, Any] = {}


def _inbox(run: str, worker: str) -> Any:
    """The Dask queue that holds what is sent to ``worker`` in the proof ``run``."""
    name = f"evalgame-swap-{run}-{worker}"
    if name not in _INBOXES:
        if any(not known.startswith(f"evalgame-swap-{run}-") for known in _INBOXES):
            _INBOXES.clear()  # a new proof: the last one's are done with
        _INBOXES[name] = Inbox(name)
    return _INBOXES[name]


class Inbox:
    """A bounded Dask :class:`~distributed.Queue` whose ``put`` drops what a full queue
    cannot take (:data:`INBOX_SIZE`) instead of waiting."""

    def __init__(self, name: str) -> None:
        from distributed import Queue

        self.queue = Queue(name, maxsize=INBOX_SIZE)

    def put(self, data: bytes) -> None:
        """Send ``data`` unless the queue is full."""
        with contextlib.suppress(TimeoutError):  # unread for a while: it does without
            self.queue.put(data, timeout=PUT_SECONDS)

    def get(self, batch: bool) -> list[bytes]:
        """Everything the queue holds now."""
        return list(self.queue.get(batch=batch))


def split_event(name: str) -> str:
    """The name of the event that asks the task of stop event ``name`` to stop early, to be
    split (once past its ``split_seconds``)."""
    return f"{name}-split"
