"""The proof manager: one null-window question answered by many workers, as an AND/OR tree.

To answer "value ≥ γ?" (or "> γ?") the manager expands the root a few plies. For this
question a MAX node is an OR node (one child that passes suffices) and a MIN node an AND
node (every child must pass); results are fail-soft, so a node that passes through a child
worth ``v`` is worth at least ``v``, and one that fails is worth at most the best of its
children's upper bounds. Open leaves go to Dask workers, each running the game's best
sequential solver (:mod:`.leaf`). As results come back they are written to the proof store
and propagated up; a decided node calls off the tasks still running below it.

*Young brothers wait.* A child other than the eldest (best-ordered) one is handed out only
after its eldest brother is decided — that is when the sequential search would reach it —
unless a worker thread would otherwise sit idle: then waiting brothers go out
speculatively, in the sequential order (never to a thread that has needed work queued),
and only once their eldest brother has been split: beside an eldest still searched whole
an idle thread waits (on 6×7 such a brother cost 1.7 M nodes a question, thrown away), and
has that eldest split instead — deep before wide: no waiting brother further on in the
sequential order goes out meanwhile (on 7×7 with 8 workers the root's brothers, handed
out beside its eldest child's eldest, cost more nodes than the whole proof).
*The answer expected.* Young brothers wait where one child may decide the node; where
every child must be searched they need not. Told the answer a question is expected to get
(``expect``: MTD(f) usually brackets the value, so after a pass "> v?" is expected to
fail and after a fail "≥ v?" to pass), the manager hands out at once every child of the
nodes that answer needs whole — a MAX node that fails, a MIN node that passes — and
expands the eldest child of the root at the start when that child is such a node: the
start of a question no longer waits for one task while the other threads idle.
An expectation proven wrong costs speculative work, never a wrong answer.
*Splitting.* A task that runs past its time slice stops; its leaf is expanded one ply and
its children handed out instead, so the frontier adapts to uneven subtrees. While a worker
thread has nothing to do (young brothers waiting beside a lone eldest, or the last tasks
of a question), the task handed out first is asked to stop too, once past
:data:`IDLE_SLICE` of its slice, so that its children feed the idle thread. The stopped
task returns the bounds its table proved on the leaf's children: those that decide a child
settle it at once, and the first open child goes back to the same worker (whose table knows
most of it), so a split throws little work away. *Sharing.* Each worker keeps its table
from task to task (:func:`~evalgame.proofs.problem.built`); every fact the manager records,
and every bound a finished task proved on its leaf's children that decides them, is
shipped with the next tasks (the most recent :data:`FACTS_SHIPPED`, less those every
worker has learned) and taught to the
worker's table (:meth:`~evalgame.search.registry.Solver.learn`), so a position one worker
proved is not searched again by another that meets it by transposition. Deeper down, each
task returns its table's entries of the searches it made (a solver that can say,
:meth:`~evalgame.search.registry.Solver.entries`, when the problem's keys are the same in
every process: the C kernel's, keyed by canonical regions, and e-Valuate's, keyed by
portable residual texts), and they go with the next tasks to the workers that may lack
them; while they run, tasks also swap such entries with each other directly, through
Dask queues (:class:`~evalgame.proofs.leaf.Swap`: the manager gives each task the
cluster's workers). Facts travel as moves from the start, so each worker finds its own
table's key for them. *Resuming.* Before a leaf is handed out (or a
node expanded) the store is asked what is already proven about it; a second run on the
same store skips all of that. *df-pn.* A problem whose leaves df-pn answers goes to
:class:`~evalgame.proofs.jobs.JobManager` instead, a subclass that chooses its leaves by
proof and disproof numbers.

>>> from evalgame.search.examples import NestedTree
>>> from evalgame.proofs.problem import EngineProblem
>>> from evalgame.proofs.store import ProofStore
>>> problem = EngineProblem("nested", NestedTree, ([[3, 5], [2, 9], [4, 8]],))
>>> manager = ProofManager(problem, SerialPool(), ProofStore.memory(problem.label))
>>> manager.test(4, strict=False), manager.test(4, strict=True)
(4, 4)
"""

from __future__ import annotations

import bisect
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError
from dataclasses import dataclass, field
from fractions import Fraction
from operator import attrgetter
from typing import Any

from evalgame.errors import ClusterError, SchedulerLost, SearchInterrupted, interruption
from evalgame.numbers import Number, normal
from evalgame.proofs.cluster import scheduler_lost
from evalgame.proofs.keys import node_name
from evalgame.proofs.leaf import LeafOutcome, run_leaf, split_event
from evalgame.proofs.problem import Entries, Fact, Problem, built
from evalgame.proofs.store import ProofStore, Sitting, TaskRecord, WorkerShare
from evalgame.search.protocol import Game, Player
from evalgame.search.stats import SearchStats

#: seconds between two looks at the clock and the display while waiting for workers
POLL_SECONDS = 0.25
#: tasks handed out per worker thread: the next one waits on the worker, not on a round
#: trip to the manager (a called-off task looks at its event first thing, and returns)
QUEUE_DEPTH = 2
#: seconds between two snapshots of the running tasks in the store
SNAPSHOT_SECONDS = 10.0
#: seconds between two counts of the cluster's workers
SLOTS_SECONDS = 2.0
#: times a leaf may be given up by the scheduler (each after several workers died running
#: it) before the run stops: a task that crashes every worker would be retried for ever
KILLED_LIMIT = 2
#: seconds the manager waits for a worker when the cluster has none (a lone worker that
#: died is restarted by its nanny meanwhile) before it gives up
NO_WORKER_SECONDS = 60.0
#: the most recent proven facts shipped with each task (a worker learns those it lacks)
FACTS_SHIPPED = 4096
#: the most recent tasks' table entries shipped with each task, at most (those that every
#: worker of the cluster has absorbed are left out)
ENTRIES_SHIPPED = 512
#: table entries (bytes in all) that ride along with the tasks instead of being scattered
INLINE_BYTES = 64 * 1024
#: seconds a broadcast of table entries to every worker may take before they ride along
#: with the tasks instead (:meth:`ProofManager._scatter`; a broadcast takes milliseconds)
SCATTER_SECONDS = 10.0
#: while a worker thread has nothing to do, a running task is split once it has run this
#: share of its slice (see the module doc); half rather than a fifth: fewer splits, less
#: work lost in them (12-variable e-Valuate on 2 workers 1.27–1.33× → 1.19–1.25× the
#: nodes of one process; 7×7 "≥ 22?" on 8 workers 1.42–1.56×, within the spread), at the
#: cost of threads idle longer
IDLE_SLICE = 0.5


@dataclass(eq=False)
class Node:
    """A position of the AND/OR tree above the workers' leaves."""

    position: Any
    path: tuple[Any, ...]
    parent: Node | None
    maximizing: bool
    name: str
    #: (scale, offset): the value is scale · (value of the key class) + offset
    affine: tuple[Number, Number]
    terminal: bool = False
    children: list[Node] | None = None
    done: bool = False
    #: the fail-soft result once ``done`` (``None``: no valid leaf below)
    result: Number | None = None
    task: Task | None = None
    #: times a task of this leaf was given up by the scheduler (its workers died)
    killed: int = 0
    #: the number of the task whose split gave this node its children
    split_by: int | None = None
    #: the worker whose table knows most about this node: the one that ran the task of
    #: its parent until the parent was split (its task goes there if that worker can)
    home: str | None = None

    @property
    def depth(self) -> int:
        """Plies below the root."""
        return len(self.path)


@dataclass(eq=False)
class Task:
    """A leaf handed to a worker."""

    node: Node
    future: Any
    stop_event: str
    #: the question asked: value ≥ gamma (``strict``: > gamma)
    gamma: Number
    strict: bool
    called_off: bool = False
    #: asked to stop early, to be split for idle threads (not called off)
    split_asked: bool = False
    #: this sitting's count of tasks handed out, and seconds from its start, when handed out
    number: int = 0
    handed: float = 0.0
    #: the facts and the table entries shipped with the task: those numbered below these
    facts_upto: int = 0
    entries_upto: int = 0
    #: the entries shipped with it, held until it is taken in: Dask forgets scattered data
    #: that no client holds, and a worker lost with the task's result runs it again
    carried: list[Any] = field(default_factory=list)


@dataclass(frozen=True)
class Shipment:
    """Table entries kept for the workers that may lack them: their number, and the
    :class:`~evalgame.proofs.problem.Entries` themselves (small ones, and without Dask) or
    in the cluster's memory (a Dask future, see :meth:`ProofManager._stow`)."""

    index: int
    data: Any


@dataclass
class ProofStatus:
    """What the live display shows, about every :data:`POLL_SECONDS`."""

    question: str
    lower: Number | None
    upper: Number | None
    frontier: int
    running: int
    proven: int
    nodes: int
    elapsed: float
    #: seconds left in this question's proof, when the share of the frontier decided says
    eta: float | None
    #: worker threads of the cluster (at most this many of the tasks ``running`` run now)
    workers: int = 0
    #: the root's proof and disproof numbers for the question (job-level df-pn only)
    numbers: tuple[int, int] | None = None


@dataclass
class Tally:
    """The work of every task so far, finished or not."""

    nodes: int = 0
    cpu: float = 0.0
    tasks: int = 0
    splits: int = 0
    called_off: int = 0
    expanded: int = 0
    from_store: int = 0
    #: thread-seconds the cluster's worker threads had no task (the manager had none to give)
    idle: float = 0.0
    workers: dict[str, WorkerShare] = field(default_factory=dict)

    def add(self, outcome: LeafOutcome) -> None:
        """Count one task's cost."""
        self.nodes += outcome.nodes
        self.cpu += outcome.cpu
        self.tasks += 1
        share = self.workers.setdefault(outcome.worker, WorkerShare())
        share.nodes += outcome.nodes
        share.cpu += outcome.cpu
        share.facts += outcome.finished

    def stats(self) -> SearchStats:
        """The tally as engine statistics (``nodes`` includes the manager's expansions)."""
        return SearchStats(nodes=self.nodes + self.expanded, table_hits=self.from_store)


class SerialPool:
    """Runs tasks at once in this process: the manager without Dask (doctests, debugging)."""

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        """A finished future-like object holding ``function(*args)``."""
        return _Done(function(*args))

    def nthreads(self) -> dict[str, int]:
        """One slot."""
        return {"here": 1}

    def stop(self, future: Any, *, split: bool) -> None:
        """Ask the task of ``future`` to stop (``split``: when past its time to be split
        for idle threads); here every task has finished already."""


@dataclass(eq=False)
class _Done:
    value: Any
    status: str = "finished"

    def result(self) -> Any:
        return self.value


def given_up(node: Node, future: Any, what: str) -> None:
    """A leaf's ``what`` (task or job) given up by the scheduler: count a worker's death, or
    re-raise any other failure; stop the run once the leaf has killed its workers
    :data:`KILLED_LIMIT` times (it would crash them for ever)."""
    error = future.exception()
    from distributed import KilledWorker

    if not isinstance(error, KilledWorker):
        raise error
    node.killed += 1
    if node.killed >= KILLED_LIMIT:
        raise ClusterError(
            f"the {what} of subproblem {node.name[:16]} killed its worker every time it "
            f"ran ({node.killed} times the scheduler's limit of retries)"
        )


class ProofManager:
    """Answers null-window questions on ``problem`` with the workers of ``client``.

    ``client`` is a :class:`distributed.Client` (or :class:`SerialPool`); ``store`` receives
    every proven subproblem. ``slice_seconds`` is the CPU time a task may run before its
    leaf is split; ``split_depth`` the plies expanded before any task is handed out
    (``None``: one);
    ``young_brothers_wait=False`` hands every open leaf out at once; ``share_facts=False``
    keeps each worker to what its own table proved (to measure what sharing buys).
    """

    def __init__(
        self,
        problem: Problem,
        client: Any,
        store: ProofStore,
        *,
        slice_seconds: float = 5.0,
        split_depth: int | None = None,
        young_brothers_wait: bool = True,
        share_facts: bool = True,
        deadline: float | None = None,
        on_progress: Callable[[ProofStatus], None] | None = None,
    ) -> None:
        self.problem = problem
        self.game: Game[Any, Any] = problem.game()
        self.client = client
        self.store = store
        # what every fact and sitting this run writes records beside its code version
        store.options = {
            **problem.options(),
            "slice_seconds": slice_seconds,
            "split_depth": split_depth,
            "young_brothers_wait": young_brothers_wait,
            "share_facts": share_facts,
        }
        self.slice_seconds = slice_seconds
        self.split_depth = 1 if split_depth is None else split_depth
        self.young_brothers_wait = young_brothers_wait
        self.share_facts = share_facts
        self.deadline = deadline
        self.on_progress = on_progress
        self.tally = Tally()
        self.lower: Number | None = None
        self.upper: Number | None = None
        self.started = time.monotonic()
        #: the questions this run finished, in order
        self.questions: list[str] = []
        self._started_at = time.time()  # names this run's row in the store's sittings
        self._use_bounds = self.game.all_leaves_valid
        self._gamma: Number = 0
        self._strict = False
        self._expect: bool | None = None
        self._running: dict[Any, Task] = {}
        #: the latest of what this run proved, in order: shipped with the tasks to every
        #: worker's table (at most 2 × FACTS_SHIPPED kept: a long run's memory stays bounded)
        self._facts: list[Fact] = []
        self._fact_count = 0
        #: the latest tasks' table entries, in order, shipped to the other workers likewise
        self._entries: list[Shipment] = []
        self._entry_count = 0
        #: by worker: the facts it has learned and the entries it has absorbed (all those
        #: numbered below), as far as known
        self._learned: dict[str, int] = {}
        self._absorbed: dict[str, int] = {}
        self._worker_names: list[str] = []
        self._run_name = uuid.uuid4().hex
        #: a broadcast of table entries failed (a worker died meanwhile): the rest ride along
        self._inline_only = False
        #: names the store learned about since the last dispatch
        self._fresh: set[str] = set()
        self._slot_count = 0
        self._handed = 0
        self._snapshot_at = time.monotonic()
        self._slots_at = -SLOTS_SECONDS
        #: CPU seconds a task runs before it may be split for idle threads
        self.idle_slice = IDLE_SLICE * slice_seconds
        self._ticked = time.monotonic()

    # ------------------------------------------------------------------ one question

    def test(self, gamma: Number, *, strict: bool, expect: bool | None = None) -> Number | None:
        """Fail-soft "value ≥ γ?" (``strict``: "> γ?") on the whole game, like
        :meth:`~evalgame.search.searcher.Searcher.test`: ``None`` when no leaf is valid.

        ``expect``: the answer expected (``None``: no guess); the nodes whose children
        must then all be searched hand them out at once (see :meth:`_every_child`)."""
        self._gamma, self._strict, self._expect = gamma, strict, expect
        self.store.set_asking(gamma, strict)
        game = self.game
        position = game.initial()
        root = self._node(position, (), None)
        self._settle(root)
        if not root.done:
            frontier = [root]
            while frontier:
                node = frontier.pop(0)
                if not node.done and (node.depth < self.split_depth or self._opens(node)):
                    self._expand(node)
                    frontier.extend(node.children or ())
            self._run(root)
        self.questions.append(self.question)
        return root.result

    def _run(self, root: Node) -> None:
        """Hand out leaves and take in results until ``root`` is decided."""
        pass_started = self._ticked = time.monotonic()
        try:
            while True:
                self._tick()
                self._dispatch(root)
                if root.done:
                    break
                if not self._running:
                    raise ClusterError("no task is running and the proof is not finished")
                finished = self._finished()
                self._tick()
                outcomes = self._gather(finished)
                for future in finished:
                    self._collect(future, outcomes.get(future))
                self._report(root, pass_started)
        except KeyboardInterrupt as stop:
            raise self.interrupted(interruption(stop)) from None
        except (CancelledError, OSError):
            address = scheduler_lost(self.client)
            if address is None:
                raise
            raise self.disconnected(address) from None

    def _tick(self) -> None:
        """Count the thread-seconds since the last tick (the tasks running now ran all
        that time) that threads had no task."""
        now = time.monotonic()
        self.tally.idle += (now - self._ticked) * max(0, self._slot_count - len(self._running))
        self._ticked = now

    def _finished(self) -> list[Any]:
        """The tasks finished now, waiting up to :data:`POLL_SECONDS` for one."""
        futures = list(self._running)
        finished = [future for future in futures if future.status != "pending"]
        if finished:
            return finished
        from distributed import wait

        try:
            return list(wait(futures, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED").done)
        except TimeoutError:
            return []

    # ------------------------------------------------------------------ the tree

    def _node(self, position: Any, path: tuple[Any, ...], parent: Node | None) -> Node:
        game = self.game
        name, affine = node_name(game, position, path, self.problem.portable_keys)
        terminal = game.is_terminal(position)
        maximizing = terminal or game.to_move(position) is Player.MAX
        return Node(position, path, parent, maximizing, name, affine, terminal)

    def _settle(self, node: Node) -> bool:
        """Decide ``node`` without a worker if the game or the store already can (a node is
        settled once when made, and again only when the store learns about its name)."""
        game, position = self.game, node.position
        if node.done:
            return True
        if node.terminal:
            self._decide(node, game.payoff(position), record=False)
            return True
        facts = self.store.bounds(node.name)
        if facts.invalid:
            self._decide(node, None, record=False)
            self.tally.from_store += 1
            return True
        scale, offset = node.affine
        if facts.lower is not None and self._passes(_map(facts.lower, scale, offset)):
            self._decide(node, _map(facts.lower, scale, offset), record=False)
            self.tally.from_store += 1
            return True
        if facts.upper is not None and not self._passes(_map(facts.upper, scale, offset)):
            self._decide(node, _map(facts.upper, scale, offset), record=False)
            self.tally.from_store += 1
            return True
        if self._use_bounds:
            lower, upper = game.bounds(position)
            if lower is not None and self._passes(lower):
                self._decide(node, lower, record=False)
                return True
            if upper is not None and not self._passes(upper):
                self._decide(node, upper, record=False)
                return True
        return False

    def _expand(self, node: Node, moves: Sequence[Any] | None = None) -> None:
        """Give ``node`` its children (best-ordered first: ``moves``, else as the leaves'
        solver orders them), deciding those that can be."""
        game, position = self.game, node.position
        self.tally.expanded += 1
        if moves is None:  # as the leaves' solver orders them, on a table of its own here
            _, solver, memory = built(self.problem)
            last = node.path[-1] if node.path else None
            moves = solver.order(
                game, position, self._gamma, strict=self._strict, memory=memory, last=last
            )
        node.children = [
            self._node(game.play(position, move), (*node.path, move), node) for move in moves
        ]
        for child in node.children:  # all made first: a parent is decided on all its children
            if node.done:
                break
            self._settle(child)

    def _passes(self, value: Number) -> bool:
        return _passes(value, self._gamma, self._strict)

    def _every_child(self, node: Node) -> bool:
        """Whether the answer expected makes every child of ``node`` needed: a MAX node
        that fails, or a MIN node that passes, is decided only once all its children are
        (on a proof of the expected answer every node has that answer)."""
        return self._expect is not None and node.maximizing is not self._expect

    def _opens(self, node: Node) -> bool:
        """Whether ``node``, just below the plies expanded at the start, is expanded too:
        the eldest child of a node that needs one child only, when it needs all of its own
        (its children then go out at once, instead of after its task is split)."""
        parent = node.parent
        return (
            node.depth == self.split_depth
            and parent is not None
            and parent.children is not None
            and node is parent.children[0]
            and not self._every_child(parent)
            and self._every_child(node)
        )

    def _decide(
        self, node: Node, result: Number | None, *, record: bool = True, **cost: Any
    ) -> None:
        """``node`` is decided: record it, call off the work below, tell its parent."""
        if node.done:
            return
        node.done, node.result = True, result
        if record:
            self._record(node, result, self._gamma, self._strict, **cost)
        self._call_off(node)
        parent = node.parent
        if parent is not None and parent.children is not None:
            self._update(parent)

    def _update(self, parent: Node) -> None:
        """Decide ``parent`` if its children now allow (AND/OR rule on fail-soft results)."""
        assert parent.children is not None
        valid: list[Number] = []
        for child in parent.children:
            if child.done and child.result is not None:
                if self._passes(child.result) is parent.maximizing:  # OR passes / AND fails
                    self._decide(parent, child.result)
                    return
                valid.append(child.result)
        if all(child.done for child in parent.children):
            best = (max if parent.maximizing else min)(valid) if valid else None
            self._decide(parent, best)

    def _record(
        self, node: Node, result: Number | None, gamma: Number, strict: bool, **cost: Any
    ) -> None:
        """Store what answering "value ≥ γ?" (``strict``: "> γ?") at ``node`` proved."""
        self._fresh.add(node.name)
        if result is None:
            self.store.record(node.name, invalid=True, gamma=gamma, strict=strict, **cost)
            return
        scale, offset = node.affine
        bound = normal(Fraction(result - offset) / scale)
        passes = _passes(result, gamma, strict)
        if passes:
            self.store.record(node.name, lower=bound, gamma=gamma, strict=strict, **cost)
        else:
            self.store.record(node.name, upper=bound, gamma=gamma, strict=strict, **cost)
        if node.parent is not None:  # the root's bounds are the proof's answer
            lower, upper = (result, None) if passes else (None, result)
            self._share(node.path, lower, upper)

    # ------------------------------------------------------------------ the workers

    def _leaves(self, node: Node, speculative: bool) -> Iterator[tuple[bool, Node, bool]]:
        """Open leaves below ``node`` in sequential order, each with whether handing it
        out now would be speculative (an elder brother of it or of an ancestor is open),
        and ``False``; and with ``True``, each eldest leaf whose brothers wait for it to be
        split (a hold: the speculative leaves after it wait too, see :meth:`_dispatch`)."""
        if node.done or node.task is not None:
            return
        if node.children is None:
            yield speculative, node, False
            return
        eldest = node.children[0] if node.children else None
        wait = self.young_brothers_wait and not self._every_child(node)
        for child in node.children:
            young = wait and child is not eldest and eldest is not None and not eldest.done
            if young and eldest is not None and eldest.children is None:
                yield speculative, eldest, True  # beside an eldest not split yet: wait
                return
            yield from self._leaves(child, speculative or young)

    def _dispatch(self, root: Node) -> None:
        """Hand out leaves while workers are free: waiting brothers only to idle workers.

        Leaves the sequential search would reach now fill every worker's queue
        (:data:`QUEUE_DEPTH` tasks a thread); a waiting brother goes out only to a thread
        that would otherwise sit idle, so speculation never delays needed work, and goes
        deep before it goes wide (see the module doc)."""
        slots = self._slots()
        free = QUEUE_DEPTH * slots - len(self._running)
        if free <= 0:
            return
        idle = slots - len(self._running)
        busy = {task.node.name for task in self._running.values()}
        candidates = list(self._leaves(root, False))  # asking the store may decide nodes
        fresh, self._fresh = self._fresh, set()
        leaves: list[tuple[bool, Node]] = []
        held: set[Node] = set()
        for speculative, leaf, hold in candidates:
            if hold:
                held.add(leaf)
            elif speculative and held:
                continue  # past a hold: deep before wide
            elif leaf.name not in busy and not (leaf.name in fresh and self._settle(leaf)):
                leaves.append((speculative, leaf))
        leaves.sort(key=lambda pair: pair[0])  # stable: sequential order within each group
        for speculative, leaf in leaves:
            if free == 0 or root.done or (speculative and idle <= 0):
                return
            if not leaf.done and leaf.name not in busy:  # a transposition is not sent twice
                busy.add(leaf.name)
                self._submit(leaf)
                free -= 1
                idle -= 1
        if idle > 0 and not root.done:  # nothing left to hand out
            self._split_for(idle, held)

    def _split_for(self, idle: int, held: set[Node]) -> None:
        """Ask up to ``idle`` of the running tasks to stop, once past :attr:`idle_slice`
        CPU seconds, so that their leaves are split for idle threads: those of the ``held``
        eldest leaves first, then those handed out first."""
        tasks = [t for t in self._running.values() if not t.called_off and not t.split_asked]
        for task in sorted(tasks, key=lambda t: (t.node not in held, t.handed))[:idle]:
            task.split_asked = True
            self._signal(task, split=True)

    def _slots(self) -> int:
        """Tasks the cluster runs at once (asked again every :data:`SLOTS_SECONDS`)."""
        now = time.monotonic()
        if now - self._slots_at > SLOTS_SECONDS:
            threads = self.client.nthreads()
            self._slot_count = sum(threads.values())
            self._worker_names = list(threads)
            if self._slot_count == 0:
                self._slot_count = self._wait_for_workers()
            self._slots_at = time.monotonic()
        return self._slot_count

    def _wait_for_workers(self) -> int:
        """The cluster's worker threads once it has a worker again (Ctrl-C and the
        deadline still stop the run meanwhile)."""
        waited = 0.0
        while waited < NO_WORKER_SECONDS:
            self._check_deadline()
            try:
                self.client.wait_for_workers(1, timeout=POLL_SECONDS)
            except TimeoutError:
                waited += POLL_SECONDS
                continue
            return max(int(sum(self.client.nthreads().values())), 1)
        raise ClusterError(f"the Dask cluster has had no worker for {NO_WORKER_SECONDS:g} s")

    def _task_names(self, function: Callable[..., Any]) -> tuple[str, str]:
        """The stop event's name and the Dask key of the next task: the run's name and
        the task's number (a uuid4 a task, Dask's default key and ours, drew on the
        system's entropy: 0.6 ms a call on a VM, 2 % of a job's time in the manager)."""
        number = f"{self._run_name}-{self._handed + 1}"
        return f"evalgame-stop-{number}", f"{function.__name__}-{number}"

    def _submit(self, node: Node) -> None:
        stop_event, key = self._task_names(run_leaf)
        # loose: another worker takes the task if its home is gone
        where = {} if node.home is None else {"workers": [node.home], "allow_other_workers": True}
        future = self.client.submit(
            run_leaf,
            self.problem,
            node.path,
            self._gamma,
            self._strict,
            self.slice_seconds,
            None if isinstance(self.client, SerialPool) else stop_event,
            self._run_name,
            self._facts_to_ship(),
            entries := self._entries_to_ship(),
            self.idle_slice,
            [] if isinstance(self.client, SerialPool) else self._worker_names,
            key=key,
            **where,
        )
        self._handed += 1
        handed = time.monotonic() - self.started
        node.task = Task(
            node,
            future,
            stop_event,
            self._gamma,
            self._strict,
            number=self._handed,
            handed=handed,
            facts_upto=self._fact_count,
            entries_upto=self._entry_count,
            carried=entries,
        )
        self._running[future] = node.task

    def _facts_to_ship(self) -> list[Fact]:
        """The facts some worker of the cluster may lack (the latest :data:`FACTS_SHIPPED`
        at most): the task may run on any of them."""
        if not self.share_facts:
            return []
        known = min((self._learned.get(name, 0) for name in self._worker_names), default=0)
        facts = self._facts  # in the order of their indices
        start = bisect.bisect_left(facts, known, key=attrgetter("index"))
        return facts[max(start, len(facts) - FACTS_SHIPPED) :]

    def _entries_to_ship(self) -> list[Any]:
        """The table entries some worker of the cluster may lack (the latest
        :data:`ENTRIES_SHIPPED` at most): the task may run on any of them."""
        if not self.share_facts:
            return []
        known = min((self._absorbed.get(name, 0) for name in self._worker_names), default=0)
        return [sent.data for sent in self._entries[-ENTRIES_SHIPPED:] if sent.index >= known]

    def _gather(self, futures: list[Any]) -> dict[Any, LeafOutcome]:
        """The outcomes of the tasks among ``futures`` that succeeded, in one round trip."""
        good = [future for future in futures if future.status == "finished"]
        if not good or isinstance(self.client, SerialPool):
            return {future: future.result() for future in good}
        return dict(zip(good, self.client.gather(good), strict=True))

    def _collect(self, future: Any, outcome: LeafOutcome | None) -> None:
        """Take in one finished task (``outcome`` is ``None`` if it failed)."""
        task = self._running.pop(future)
        node = task.node
        node.task = None
        if future.status == "cancelled":  # by nobody here: the scheduler is gone
            raise CancelledError(f"task {future.key} cancelled")
        if outcome is None:  # a worker died too often, or a task failed
            given_up(node, future, "task")
            return  # the leaf is open again: handed out at the next dispatch
        self.tally.add(outcome)
        self._log_task(task, outcome)
        self._take_entries(task, outcome)
        cost: dict[str, Any] = {
            "nodes": outcome.nodes,
            "cpu": outcome.cpu,
            "worker": outcome.worker,
            "code": outcome.code or None,  # the worker's code proved it
        }
        if outcome.finished:
            self._share_children(node, outcome, task)
            if task.called_off or node.done:  # no longer needed, but still a proven fact
                self._record(node, outcome.result, task.gamma, task.strict, **cost)
            else:
                self._decide(node, outcome.result, **cost)
        elif task.called_off:
            self.tally.called_off += 1
        elif not node.done:  # the slice ran out: split the leaf one ply further
            self.tally.splits += 1
            searched = [move for move, _, _ in outcome.children]  # in its search's order
            self._expand(node, searched or None)
            self._split(node, outcome)

    def _share_children(self, node: Node, outcome: LeafOutcome, task: Task) -> None:
        """Add to the facts shipped to the workers the bounds the finished task proved on
        its leaf's children that decide them for its question."""
        if not self.share_facts:
            return
        for move, lower, upper in outcome.children:
            if (lower is not None and _passes(lower, task.gamma, task.strict)) or (
                upper is not None and not _passes(upper, task.gamma, task.strict)
            ):
                self._share((*node.path, move), lower, upper)

    def _take_entries(self, task: Task, outcome: LeafOutcome) -> None:
        """Keep the table entries the task's worker sent, for the others (what it ran, even
        stopped, was proven), and note which facts and entries that worker now knows."""
        worker = outcome.worker
        self._learned[worker] = max(self._learned.get(worker, 0), task.facts_upto)
        self._absorbed[worker] = max(self._absorbed.get(worker, 0), task.entries_upto)
        known = min((self._absorbed.get(name, 0) for name in self._worker_names), default=0)
        self._entries = [sent for sent in self._entries if sent.index >= known]  # all have it
        if self.share_facts and outcome.entries:
            sent = Entries(self._entry_count, worker, outcome.entries)
            self._entries.append(Shipment(sent.index, self._stow(sent)))
            self._entry_count += 1
            if len(self._entries) > 2 * ENTRIES_SHIPPED:
                del self._entries[:-ENTRIES_SHIPPED]

    def _stow(self, sent: Entries) -> Any:
        """What the tasks carry for ``sent``: the entries themselves while the entries that
        ride along inline stay under :data:`INLINE_BYTES`, else a Dask future of one copy
        scattered to every worker (MBs of regions on 6×7: a worker receives them once, not
        with every task). A scatter is a blocking round trip through the scheduler to every
        worker: most entries are small, and riding along costs them nothing."""
        inline = sum(len(s.data.entries) for s in self._entries if isinstance(s.data, Entries))
        if isinstance(self.client, SerialPool) or inline + len(sent.entries) <= INLINE_BYTES:
            return sent
        return self._scatter(sent)

    def _scatter(self, sent: Entries) -> Any:
        """A Dask future of one copy of ``sent`` on every worker; or, when a worker dies
        while it is sent to it, ``sent`` itself, to ride along with the tasks: a lost worker
        loses its task only. A lost scheduler fails the next wait, which says so
        (:meth:`_run`)."""
        # The broadcast fails with the dead worker's connection, or waits for it for ever
        # (Dask's replication; its timeouts bound the wait for workers only): on 5×6 with
        # every job's entries broadcast and a worker killed, three runs in five failed,
        # and with the error caught one in four hung. So it runs in a thread, waited for
        # at most SCATTER_SECONDS; one that hangs is left to end with the client, and the
        # later broadcasts, which would wait behind it, are not tried: all ride along.
        if self._inline_only:
            return sent
        done: list[Any] = []
        thread = threading.Thread(target=_broadcast, args=(self.client, sent, done), daemon=True)
        thread.start()
        thread.join(SCATTER_SECONDS)
        if not done or isinstance(done[0], BaseException):
            self._inline_only = True
            return sent
        return done[0]

    def _share(self, path: tuple[Any, ...], lower: Number | None, upper: Number | None) -> None:
        """Add a proven bound to the facts shipped with the next tasks."""
        self._facts.append(Fact(self._fact_count, path, lower, upper))
        self._fact_count += 1
        if len(self._facts) > 2 * FACTS_SHIPPED:
            del self._facts[:-FACTS_SHIPPED]

    def _split(self, node: Node, outcome: LeafOutcome) -> None:
        """Decide the children of the split ``node`` that the stopped task's table proved,
        and send the first open one (likely where the search was) back to its worker."""
        assert node.children is not None
        known = {repr(move): (lower, upper) for move, lower, upper in outcome.children}
        for child in node.children:
            lower, upper = known.get(repr(child.path[-1]), (None, None))
            if node.done:
                return
            if lower is not None and self._passes(lower):
                self._decide(child, lower)
            elif upper is not None and not self._passes(upper):
                self._decide(child, upper)
        open_children = [child for child in node.children if not child.done]
        if open_children:
            open_children[0].home = outcome.worker

    def _log_task(self, task: Task, outcome: LeafOutcome) -> None:
        """Record what ``task`` cost and what came of it (for ``evalgame proofs --project``):
        a task below a split is the child of the task that split."""
        node = task.node
        if outcome.finished:
            kind = "proven"
        elif task.called_off or node.done:
            kind = "called off"
        else:  # split next, in _collect
            kind, node.split_by = "split", task.number
        parent = node.parent
        while parent is not None and parent.split_by is None:
            parent = parent.parent
        self.store.record_task(
            TaskRecord(
                self._started_at,
                task.number,
                None if parent is None else parent.split_by,
                node.name,
                task.gamma,
                task.strict,
                kind,
                outcome.nodes,
                outcome.cpu,
                outcome.worker,
                task.handed,
                time.monotonic() - self.started,
            )
        )

    def _call_off(self, node: Node) -> None:
        """Stop the tasks still running below the decided ``node``."""
        for task in list(self._running.values()):
            ancestor: Node | None = task.node
            while ancestor is not None and ancestor is not node:
                ancestor = ancestor.parent
            if ancestor is node and not task.called_off:
                task.called_off = True
                self._signal(task)

    def _signal(self, task: Task, *, split: bool = False) -> None:
        """Stop ``task`` (``split``: once past :attr:`idle_slice` CPU seconds)."""
        if isinstance(self.client, SerialPool):
            self.client.stop(task.future, split=split)
            return
        from distributed import Event

        name = split_event(task.stop_event) if split else task.stop_event
        Event(name, client=self.client).set()

    def _stop_all(self) -> None:
        """Call off every task and write the open frontier to the store."""
        for task in self._running.values():
            task.called_off = True
            self._signal(task)
        self._snapshot()
        if not isinstance(self.client, SerialPool):
            self.client.cancel(list(self._running))
        self._running.clear()

    def _snapshot(self) -> None:
        """Write the subproblems running now to the store (its "open" list) and this run's
        work so far (its sitting)."""
        self.store.set_open(
            (task.node.name, task.gamma, task.node.depth) for task in self._running.values()
        )
        self.log_sitting()

    def log_sitting(self, stopped: str | None = None) -> None:
        """Record this run's work and the bounds proven so far (``stopped``: why it ended)."""
        self.store.log_sitting(
            Sitting(
                self._started_at,
                time.time(),
                self._slot_count,
                self.tally.nodes,
                self.tally.cpu,
                self.lower,
                self.upper,
                list(self.questions),
                stopped,
            )
        )

    # ------------------------------------------------------------------ reporting

    def _check_deadline(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise self.interrupted(
                "time budget exhausted (raise it with --timeout; 0 means no limit)"
            )

    def _report(self, root: Node, pass_started: float) -> None:
        self._check_deadline()
        now = time.monotonic()
        if now - self._snapshot_at > SNAPSHOT_SECONDS:  # for `evalgame proofs` meanwhile
            self._snapshot_at = now
            self._snapshot()
        if self.on_progress is None:
            return
        leaves = list(_all_leaves(root))
        decided = sum(leaf.done for leaf in leaves)
        share = decided / len(leaves) if leaves else 0.0
        elapsed = now - pass_started
        eta = elapsed * (1 - share) / share if 0 < share < 1 else None
        self.on_progress(
            ProofStatus(
                question=self.question,
                lower=self.lower,
                upper=self.upper,
                frontier=len(leaves) - decided,
                running=len(self._running),
                proven=len(self.store),
                nodes=self.tally.nodes,
                elapsed=now - self.started,
                eta=eta,
                workers=self._slot_count,
                numbers=self._root_numbers(root),
            )
        )

    def _root_numbers(self, root: Node) -> tuple[int, int] | None:
        """The root's proof and disproof numbers, where the tree keeps them (``None``)."""
        return None

    def disconnected(self, address: str) -> SchedulerLost:
        """The scheduler is gone with its tasks: keep the open frontier and this sitting in
        the store (nothing to call off) and say how to resume."""
        self._snapshot()
        self._running.clear()
        lost = SchedulerLost(address, f"the same proof on the store {self.store.path}")
        self.log_sitting(f"lost the Dask scheduler {address}")
        return lost

    @property
    def question(self) -> str:
        """The question being proven, as text."""
        return f"value {'>' if self._strict else '≥'} {self._gamma}"

    def interrupted(self, reason: str) -> SearchInterrupted:
        """Call off every task and say which bounds were proven before the stop."""
        self._stop_all()
        return SearchInterrupted(
            reason,
            None if self.lower is None else Fraction(self.lower),
            None if self.upper is None else Fraction(self.upper),
            self.tally.stats(),
        )


def _broadcast(client: Any, sent: Entries, done: list[Any]) -> None:
    """Scatter ``sent`` to every worker of ``client``; put the future, or the error, in
    ``done`` (:meth:`ProofManager._scatter`)."""
    try:
        done.append(client.scatter(sent, broadcast=True, hash=False))
    except Exception as error:  # whatever it is, the entries go inline
        done.append(error)


def _all_leaves(node: Node) -> Iterator[Node]:
    if node.children is None:
        yield node
        return
    for child in node.children:
        yield from _all_leaves(child)


def _passes(value: Number, gamma: Number, strict: bool) -> bool:
    """Whether ``value`` answers "≥ γ?" (``strict``: "> γ?") yes."""
    return value > gamma if strict else value >= gamma


def _map(value: Number, scale: Number, offset: Number) -> Number:
    return normal(Fraction(scale) * value + offset)
