"""Job-level df-pn: the top of the AND/OR tree here, df-pn jobs on the Dask workers.

:class:`JobManager` answers "value ≥ γ?" as a proof-number search whose leaves are
searched by the kernel's depth-first proof-number search on the workers (the scheme of
job-level proof-number search and of PNS-PDFPN, Čížek, Balko and Schmid 2025). The manager
keeps the top of the tree with each leaf's proof and disproof numbers; MAX to move is an
OR node, MIN to move an AND node. While a worker thread is free it walks down from the
root to a most-proving leaf, computing df-pn's thresholds on the way, and hands out as a
job of at most :data:`JOB_NODES` df-pn nodes (:func:`~evalgame.proofs.job.run_job`) the
highest node of that path that no job is below, at depth :data:`CLIMB_FLOOR` or more (the
root with one thread): one kernel call (Nagai's MID with the node's thresholds) then
turns between its children as one process's df-pn would.

*The walk.* The root's real numbers say which answer the proof leans to (yes while its
proof number is at most its disproof number). For that answer a node needs one child (an
OR node when proving, an AND node when refuting) or every child (the others). Where every
child is needed the walk takes the child of least *virtual* number (at an OR node proof,
at an AND node disproof): a node with a job running counts :data:`VIRTUAL` times its
numbers and nothing at or below it is handed out again, so N threads take N different
needed subtrees; and a job there keeps at its child rather than turning at a sibling's
numbers (the sibling is needed too). Where one child answers, the walk takes the child
df-pn would, by the real numbers, while a leaf below it is free; when a job has that
whole subtree, an idle thread takes the virtual numbers' choice beside it (a *guess*,
kept small: a leaf job with the real numbers' thresholds) and the busy subtree is
*opened*: when its job returns, its children take jobs side by side, where every one of
them is needed. With :data:`OPEN_THREADS` threads or more, once every open subtree has
its job, the one df-pn would search now is opened too, so the parallelism is not bounded
by the root's open children.

A job answers its node, or returns the node's numbers and its children as df-pn left them
(their numbers, or their answers): the manager grafts them onto the tree in place of what
it had below the node, and the next job there goes to the same worker while it is free,
whose kernel keeps its table of numbers. What a
job decided (its leaf, its children) is written to the proof store as it arrives and, as
facts and the kernel's table entries, shipped with the next jobs to every worker
(:class:`~evalgame.proofs.manager.ProofManager`'s sharing); a node decided calls off the
jobs below it, and its transpositions elsewhere in the tree are settled from the store.

*Soundness.* Only proven facts decide a node: a job's answer, a child that df-pn decided,
the store's facts, the game's bounds; the AND/OR rule combines them as the manager's
does. Numbers only choose what to search next. *Faults.* A job is one call: a worker
killed mid-job loses that job only, which Dask runs again on another worker; a manager
killed loses nothing proven, and a rerun on the same store settles from it every node the
store decides.

>>> from evalgame.games.tiling.proof import TilingProblem
>>> from evalgame.proofs.manager import SerialPool
>>> from evalgame.proofs.store import ProofStore
>>> problem = TilingProblem(4, 4, algorithm="dfpn")
>>> manager = JobManager(problem, SerialPool(), ProofStore.memory(problem.label), job_nodes=50)
>>> manager.test(8, strict=False), manager.test(7, strict=False)   # no (≤ 7), yes (≥ 7)
(7, 7)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from evalgame.numbers import Number
from evalgame.proofs.job import INFINITE, JobOutcome, Parcel, numbers_of, run_job
from evalgame.proofs.manager import (
    Node,
    ProofManager,
    ProofStatus,
    SerialPool,
    Task,
    given_up,
)
from evalgame.proofs.problem import Entries, Problem
from evalgame.proofs.store import ProofStore
from evalgame.search.protocol import Player

#: df-pn nodes a job searches before it returns its leaf's numbers (about 1–4 CPU s of the
#: kernel on 7×7)
JOB_NODES = 50_000
#: a leaf whose job runs counts this many times its numbers (virtual proof numbers)
VIRTUAL = 4
#: a node's virtual proof and disproof numbers, whether a node below it can take a job,
#: and its real proof and disproof numbers (:meth:`JobManager._score`)
Score = tuple[int, int, bool, int, int]
#: with more than one worker thread, jobs take subtrees from this depth down (one thread:
#: the root's, one process's df-pn in jobs); a node a job took is its worker's alone
CLIMB_FLOOR = 1
#: from this many worker threads on, a subtree with a job is opened for idle threads also
#: when no guess is left (:meth:`JobManager._open_for_idle`). Simulated 7×7 MAX first
#: "≥ 22?" (one table for all): 3.5× on 16 workers, 5.5× on 64, against 2.6–2.8×
#: without. Below it, on 2 real workers (each with its own table), 7×7 MAX first: "≥ 22?"
#: 1.97× one process's nodes against 1.17× without, "≥ 23?" 1.54× against 1.26×
OPEN_THREADS = 8
#: ε of the thresholds a job is given (:func:`_widened`)
EPSILON = 0.25
#: a job's table entries up to this many bytes ride along with the next jobs (:meth:`_stow`)
INLINE_JOB_BYTES = 64 * 1024


class JobManager(ProofManager):
    """Answers null-window questions on ``problem`` (whose leaf solver is the kernel's
    df-pn) by job-level proof-number search on ``client``'s workers (see the module doc);
    ``job_nodes`` bounds each job. The rest is :class:`~evalgame.proofs.manager.ProofManager`'s:
    the store, the live status, Ctrl-C and ``deadline``, a lost scheduler."""

    def __init__(
        self,
        problem: Problem,
        client: Any,
        store: ProofStore,
        *,
        job_nodes: int = JOB_NODES,
        deadline: float | None = None,
        on_progress: Callable[[ProofStatus], None] | None = None,
    ) -> None:
        super().__init__(
            problem, client, store, split_depth=0, deadline=deadline, on_progress=on_progress
        )
        # what every fact and sitting this run writes records beside its code version
        store.options = {**problem.options(), "job_nodes": job_nodes, "virtual": VIRTUAL}
        self.job_nodes = job_nodes
        #: the nodes of this question's tree by name: the store's news about a name
        #: settles its leaves without a walk over the whole tree (:meth:`_dispatch`)
        self._named: dict[str, list[Node]] = {}
        #: whether the last path :meth:`_most_proving` found left the real numbers' choice,
        #: and the busy child it left
        self._guessed = False
        self._blocker: Node | None = None
        #: the worker each running job was handed to (:meth:`_worker_for`)
        self._assigned: dict[Any, str] = {}
        #: the name of the start, under which the workers' checkpoints are kept
        self._start = self._node(self.game.initial(), (), None).name
        self._resume = True  # the next job takes up the store's checkpoint of the question
        #: the proof and disproof numbers of the leaves the jobs returned
        self._numbers: dict[Node, tuple[int, int]] = {}
        #: the virtual numbers of the nodes of the tree (:meth:`_score`)
        self._scores: dict[Node, Score] = {}
        self._held: set[Node] = set()
        #: nodes opened for idle threads (:meth:`_open_for_idle`): never a job's subtree
        #: again, their children take jobs side by side
        self._opened: set[Node] = set()
        self._grafting = False

    def test(self, gamma: Number, *, strict: bool, expect: bool | None = None) -> Number | None:
        """Fail-soft "value ≥ γ?" (``strict``: "> γ?"), as the proof manager's; the first
        job takes up the numbers a stopped sitting saved for the question, dropped once it
        is answered."""
        self._resume, self._numbers, self._scores, self._named = True, {}, {}, {}
        self._opened = set()
        result = super().test(gamma, strict=strict, expect=expect)
        self.store.drop_checkpoint(self._start, gamma, strict)
        return result

    def _node(self, position: Any, path: tuple[Any, ...], parent: Node | None) -> Node:
        node = super()._node(position, path, parent)
        self._named.setdefault(node.name, []).append(node)
        return node

    # ------------------------------------------------------------------ choosing leaves

    def _dispatch(self, root: Node) -> None:
        """Hand most-proving leaves out while worker threads are free."""
        fresh, self._fresh = self._fresh, set()
        for name in fresh:  # the store learned about these names: their transpositions settle
            for open_leaf in [node for node in self._named.get(name, ()) if _open_leaf(node)]:
                if not root.done:
                    self._settle(open_leaf)
        free = self._slots() - len(self._running)
        busy = {task.node.name for task in self._running.values()}
        # the nodes with a job at or below them: a job's subtree is its worker's alone
        taken = {id(above) for task in self._running.values() for above in _up(task.node)}
        floor = 0 if self._slot_count <= 1 else CLIMB_FLOOR
        held: list[Node] = []  # nodes whose transposition has a job: not handed out now
        while free > 0 and not root.done:
            path = self._most_proving(root)
            if path is None:  # every open subtree has its job: open one for the idle
                if self._slot_count >= OPEN_THREADS:
                    self._open_for_idle(root)
                break
            # the job: at the highest node of the path (not above the floor) with no job
            # below it, so that one kernel call turns between its children as one
            # process's df-pn would, instead of a round trip through here a turn; on a
            # path that left the real numbers' choice for the virtual ones (beside a busy
            # node), at its leaf only: a guess, kept small
            candidates = path[-1:] if self._guessed else path
            top, limits = next(
                (
                    (node, limits)
                    for node, limits in candidates
                    if node not in self._opened and _climbable(node, floor, taken)
                ),
                path[-1],
            )
            if self._blocker is not None:  # a guess beside it: open the busy subtree
                self._open_for_idle(self._blocker)
            if top.name in busy:
                held.append(top)
                self._held.add(top)
            else:
                busy.add(top.name)
                self._hand_out(top, limits)
                taken.update(id(above) for above in _up(top))
                free -= 1
            self._refresh(top)
        self._held.clear()
        for node in held:
            self._refresh(node)

    def _most_proving(self, root: Node) -> list[tuple[Node, tuple[int, int]]] | None:
        """The path from ``root`` to the most-proving leaf with no job, by virtual
        numbers, each node with df-pn's thresholds on its numbers: past one, a sibling of
        it or of an ancestor is the most-proving (``None``: no leaf left)."""
        node, limits = root, (INFINITE, INFINITE)
        path = [(node, limits)]
        self._guessed, self._blocker = False, None
        # the answer the root's numbers lean to: proving it needs every child of an AND
        # node, refuting it every child of an OR node, so a child taken there for the
        # virtual numbers is needed work rather than a guess
        _, _, _, proof, disproof = self._score(root)
        leaning_yes = proof <= disproof
        while node.children is not None:
            scores = {child: self._score(child) for child in node.children}
            open_children = [child for child in node.children if scores[child][2]]
            if not open_children:
                return None
            index = 0 if node.maximizing else 1  # OR: least proof, AND: least disproof
            real = 3 + index
            best = min(open_children, key=lambda child: scores[child][index])
            tight = limits[index]
            if node.maximizing is leaning_yes:  # one child answers here
                # the real numbers' choice while a leaf below it is free (an opened
                # subtree: one busy child raises its virtual numbers), else a guess beside
                # it, and the busy subtree is opened for the idle threads
                first = min(
                    node.children, key=lambda child: (scores[child][real], not scores[child][2])
                )
                if scores[first][2]:
                    best = first
                elif scores[best][real] > scores[first][real]:
                    self._guessed, self._blocker = True, first
                # the thresholds from the real numbers: a job beside a busy node stops
                # where one process's df-pn would, not where the busy one's virtual
                # numbers allow (7×7 MAX first "≥ 22?" on 4 workers: 2.37× the nodes)
                others = [scores[child][real] for child in node.children if child is not best]
                tight = min(tight, _widened(min(others, default=INFINITE)))
            # where every child is needed, a job keeps at its child (until it is decided,
            # passes the parent's limit or spends its budget) instead of turning at a
            # sibling's numbers, df-pn's 1 + ε rule: the sibling is needed too, and a turn
            # is a round trip through here (7×7 MAX first "≥ 22?" simulated on 2 workers:
            # 299 jobs, 1.06× one worker's speed; with it 78 jobs, 1.98×)
            own = self._score(node)[4 - index] - scores[best][4 - index]  # the siblings' sum
            loose = max(limits[1 - index] - own, 1) if limits[1 - index] < INFINITE else INFINITE
            limits = (tight, loose) if index == 0 else (loose, tight)
            node = best
            path.append((node, limits))
        return path if self._score(node)[2] else None

    def _open_for_idle(self, start: Node) -> None:
        """Open the running job's subtree that one process's df-pn would search now (down
        from ``start``, the root or the busy child a guess was taken beside, by the real
        numbers, among subtrees with a job not opened yet): once its job returns, its
        children take jobs side by side, not one job. Without it a subtree with a job took
        no other, so no more jobs ran at once than the root had open children: on 7×7
        simulated workers gained at most 2.8× (docs/proofs.md)."""
        unopened = {
            id(above)
            for task in self._running.values()
            if task.node not in self._opened
            for above in _up(task.node)
        }
        node = start
        while id(node) in unopened and node.task is None and node.children:
            index = 3 if node.maximizing else 4  # OR: least real proof, AND: least disproof
            node = min(
                (child for child in node.children if id(child) in unopened),
                key=lambda child: self._score(child)[index],
            )
        if node.task is not None:
            self._opened.add(node)

    def _score(self, node: Node) -> Score:
        """The virtual proof and disproof numbers of ``node``, whether a node below it can
        take a job, and its real proof and disproof numbers (kept up to date by
        :meth:`_refresh`)."""
        score = self._scores.get(node)
        return self._own_score(node) if score is None else score

    def _own_score(self, node: Node) -> Score:
        """:meth:`_score` from ``node`` itself, or from its children's scores."""
        if node.done:
            passes = node.result is not None and self._passes(node.result)
            return (
                (0, INFINITE, False, 0, INFINITE) if passes else (INFINITE, 0, False, INFINITE, 0)
            )
        if node.children is None:
            (proof, disproof), free = self._numbers.get(node, (1, 1)), True
            real = proof, disproof
        else:
            below = [self._score(child) for child in node.children]
            proof, disproof = numbers_of(node.maximizing, [score[:2] for score in below])
            real = numbers_of(node.maximizing, [score[3:] for score in below])
            free = any(score[2] for score in below)
        if node.task is not None or node in self._held:  # a job's, leaf or subtree
            virtual = min(VIRTUAL * proof, INFINITE), min(VIRTUAL * disproof, INFINITE)
            return *virtual, False, *real
        return proof, disproof, free, *real

    def _refresh(self, node: Node | None) -> None:
        """Compute the scores of ``node`` and its ancestors again, after it changed."""
        while node is not None:
            score = self._own_score(node)
            if self._scores.get(node) == score:
                return  # the ancestors' are unchanged too
            self._scores[node] = score
            node = node.parent

    def _decide(
        self, node: Node, result: Number | None, *, record: bool = True, **cost: Any
    ) -> None:
        super()._decide(node, result, record=record, **cost)
        if not self._grafting:  # a graft's children are scored once, after it
            self._refresh(node)

    def _root_numbers(self, root: Node) -> tuple[int, int] | None:
        _, _, _, proof, disproof = self._score(root)
        return proof, disproof

    # ------------------------------------------------------------------ the workers

    def _hand_out(self, node: Node, limits: tuple[int, int]) -> None:
        stop_event, key = self._task_names(run_job)
        where: dict[str, Any] = {}
        worker = self._worker_for(node)
        if worker is not None:  # loose: another worker takes the job if this one is gone
            where = {"workers": [worker], "allow_other_workers": True}
        entries = self._entries_to_ship()
        inline = tuple(sent for sent in entries if isinstance(sent, Entries))
        future = self.client.submit(
            run_job,
            self.problem,
            node.path,
            self._gamma,
            self._strict,
            self.job_nodes,
            None if isinstance(self.client, SerialPool) else stop_event,
            self._run_name,
            [Parcel(tuple(self._facts_to_ship()))],
            # the scattered ones as they are: Dask hands the job what they stand for
            [Parcel(inline), *(sent for sent in entries if not isinstance(sent, Entries))],
            limits,
            self._checkpoint_to_ship(),
            key=key,
            **where,
        )
        if worker is not None:
            self._assigned[future] = worker
        self._handed += 1
        node.task = Task(
            node, future, stop_event, self._gamma, self._strict, number=self._handed,
            handed=time.monotonic() - self.started, facts_upto=self._fact_count,
            entries_upto=self._entry_count, carried=entries,
        )  # fmt: skip
        self._running[future] = node.task

    def _worker_for(self, node: Node) -> str | None:
        """The worker to run ``node``'s job: its home (whose kernel keeps the numbers of
        its subtree) while that worker has a thread free, else a worker with one
        (``None``: any, or not a Dask cluster). A home taken as it is queued every job
        behind the first worker's, its children's home too: on 6×7 with two workers one
        worker ran five sixths of the nodes while the other waited."""
        if isinstance(self.client, SerialPool) or not self._worker_names:
            return None
        threads = max(1, self._slot_count // len(self._worker_names))
        busy: dict[str, int] = {}
        for name in self._assigned.values():
            busy[name] = busy.get(name, 0) + 1
        free = [name for name in self._worker_names if busy.get(name, 0) < threads]
        if node.home in free:
            return node.home
        return min(free, key=lambda name: busy.get(name, 0), default=None)

    def _checkpoint_to_ship(self) -> bytes:
        """The numbers a stopped sitting saved for the question, with its first job."""
        if not self._resume:
            return b""
        self._resume = False
        return self.store.checkpoint(self._start, self._gamma, self._strict)

    def _collect(self, future: Any, outcome: Any) -> None:
        """Take in one job (:meth:`_take_in`) and score its leaf again."""
        node = self._running[future].node
        self._take_in(future, outcome)
        self._refresh(node)

    def _stow(self, sent: Entries) -> Any:
        """What the jobs carry for ``sent``: the entries themselves, or for a large lot (a
        job that valued many regions) a Dask future of one copy scattered to every worker.
        Most jobs' entries are small and many (median 736 bytes on 6×7), so they ride
        along, each: a scatter is a blocking round trip to every worker."""
        if isinstance(self.client, SerialPool) or len(sent.entries) <= INLINE_JOB_BYTES:
            return sent
        return self._scatter(sent)

    def _take_in(self, future: Any, outcome: Any) -> None:
        """Take in one job: decide its leaf, or graft the children it returned."""
        task = self._running.pop(future)
        self._assigned.pop(future, None)
        node = task.node
        node.task = None
        if outcome is None:  # a job failed, or the scheduler gave it up: its workers died
            given_up(node, future, "job")
            return  # the leaf has no job again: handed out at the next dispatch
        assert isinstance(outcome, JobOutcome)
        self.tally.add(outcome)
        self._log_task(task, outcome)
        self._take_entries(task, outcome)
        if outcome.checkpoint and not (task.called_off or node.done):
            self.store.save_checkpoint(self._start, task.gamma, task.strict, outcome.checkpoint)
        cost: dict[str, Any] = {
            "nodes": outcome.nodes,
            "cpu": outcome.cpu,
            "worker": outcome.worker,
            "code": outcome.code or None,  # the worker's code proved it
        }
        if outcome.finished:
            if task.called_off or node.done:  # no longer needed, but still a proven fact
                self._record(node, outcome.result, task.gamma, task.strict, **cost)
            else:
                self._decide(node, outcome.result, **cost)
        elif task.called_off or node.done:
            self.tally.called_off += 1
        elif outcome.answers:
            self._graft(node, outcome)
        else:  # stopped before it expanded the leaf: its numbers only
            self._numbers[node] = outcome.numbers

    def _graft(self, node: Node, outcome: JobOutcome) -> None:
        """Give ``node`` the children its job returned, deciding those it decided."""
        self.tally.splits += 1
        game, position = self.game, node.position
        for below in _below(node):  # a job above them searched on: their numbers are old
            below.done = True  # out of the tree: never settled, never handed out
        node.home = outcome.worker
        node.children = []
        for answer in outcome.answers:
            after = game.play(position, answer.move)
            # named by the worker; not the game's end: the kernel decides an end by its
            # bounds, and a decided child is decided below by its numbers
            maximizing = game.to_move(after) is Player.MAX
            path = (*node.path, answer.move)
            if answer.name:
                child = Node(after, path, node, maximizing, answer.name, answer.affine)
                self._named.setdefault(child.name, []).append(child)
            else:  # not named by the worker
                child = self._node(after, path, node)
            node.children.append(child)
        self._numbers.pop(node, None)
        worker: dict[str, Any] = {"worker": outcome.worker, "code": outcome.code or None}
        self._grafting = True  # scored once, by the caller (:meth:`_collect`)
        try:
            for child, answer in zip(node.children, outcome.answers, strict=True):
                if node.done:
                    return
                child.home = outcome.worker
                proof, disproof = answer.numbers
                if proof == 0 or disproof == 0:  # G: the question's integer threshold
                    threshold = self._threshold()
                    self._decide(child, threshold if proof == 0 else threshold - 1, **worker)
                elif not self._settled_by_store(child):
                    self._numbers[child] = answer.numbers
        finally:
            self._grafting = False

    def _settled_by_store(self, node: Node) -> bool:
        """:meth:`_settle` without the game's bounds: the kernel's, which it looked at
        (with its table's), left ``node`` open; the store may know more."""
        use_bounds, self._use_bounds = self._use_bounds, False
        try:
            return self._settle(node)
        finally:
            self._use_bounds = use_bounds

    def _threshold(self) -> int:
        """The least integer value that passes the question (the kernel's values are
        integers), as :func:`~evalgame.proofs.job.run_job` asks it."""
        return math.floor(self._gamma) + 1 if self._strict else math.ceil(self._gamma)


def _widened(number: int) -> int:
    """A sibling's number as a threshold: one more, widened by :data:`EPSILON` (the 1 + ε
    trick of Pawlewicz and Lew: fewer switches between siblings, so fewer jobs).

    >>> _widened(10), _widened(INFINITE) == INFINITE
    (14, True)
    """
    if number >= INFINITE:
        return INFINITE
    return min(math.ceil(number * (1 + EPSILON)) + 1, INFINITE)


def _up(node: Node | None) -> list[Node]:
    """``node`` and its ancestors."""
    nodes = []
    while node is not None:
        nodes.append(node)
        node = node.parent
    return nodes


def _below(node: Node) -> list[Node]:
    """The nodes below ``node`` in its tree."""
    nodes, stack = [], list(node.children or ())
    while stack:
        child = stack.pop()
        nodes.append(child)
        stack.extend(child.children or ())
    return nodes


def _climbable(node: Node, floor: int, taken: set[int]) -> bool:
    """Whether a job may take ``node``'s subtree: at depth ``floor`` or below, and no job
    at or below it (``taken``: the ids of such nodes)."""
    return node.depth >= floor and not node.done and id(node) not in taken


def _open_leaf(node: Node) -> bool:
    """Whether ``node`` is an undecided leaf of its tree, none of its ancestors decided."""
    here: Node | None = node
    if node.children is not None:
        return False
    while here is not None:
        if here.done:
            return False
        here = here.parent
    return True
