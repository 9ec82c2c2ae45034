"""The job a worker runs in job-level df-pn: a kernel's df-pn on one leaf, within a budget.

:func:`run_job` is what :class:`~evalgame.proofs.jobs.JobManager` submits to Dask. It
teaches this process's kernel the facts and table entries the proof shipped with the job
(:func:`~evalgame.proofs.problem.learn`), replays the leaf's moves, and asks the kernel's
depth-first proof-number search "value ≥ γ?" there for at most ``max_nodes`` nodes. It
returns a :class:`JobOutcome`: the answer when df-pn found one; else the leaf's proof and
disproof numbers and its children as df-pn left them (:class:`Child`, one per question
up to symmetry: their numbers, or their answer where df-pn proved one), which the manager
grafts onto its tree. The kernel keeps its table of numbers from job to job, so a job on a
child of a leaf this worker searched goes on from its numbers.

The leaf solver is the problem's df-pn solver (``algorithm="dfpn"``): its memory is a kernel
with :class:`NumbersKernel`'s methods, and the game's positions say their free vertices,
the player to move and the moves made (``free``, ``to_move``, ``placed``: a matching game).

>>> from evalgame.games.tiling.proof import TilingProblem
>>> from evalgame.proofs.problem import forget
>>> from evalgame.search.protocol import Player
>>> forget()   # a cold kernel, as on a fresh worker (another test may have taught this one)
>>> problem = TilingProblem(4, 4, Player.MAX, algorithm="dfpn")
>>> run_job(problem, (), 7, False, 10**6, None).result      # value ≥ 7? yes
7
>>> stopped = run_job(problem, (), 8, False, 5, None)        # five nodes: not decided
>>> stopped.finished, len(stopped.answers) > 0, stopped.numbers[0] > 0
(False, True, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

from evalgame.errors import SearchInterrupted
from evalgame.numbers import Number
from evalgame.proofs.keys import node_name
from evalgame.proofs.leaf import STOP_CHECK_SECONDS, LeafOutcome, checkpoint, watch, worker_name
from evalgame.proofs.problem import Entries, Fact, Problem, built, learn
from evalgame.provenance import code_version
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.stats import SearchStats

#: the kernel's infinite proof or disproof number (a decided question's other number)
INFINITE = 2**32 - 1


class NumbersKernel(Protocol):
    """What a job needs of the leaf solver's memory (the C kernel,
    :class:`~evalgame.games.matching.native.NativeSolver`)."""

    budget: Budget | None
    stats: SearchStats
    table_mb: int

    def prove(
        self, free: int, max_to_move: bool, gamma: int, *, max_nodes: int | None, table_mb: int
    ) -> bool | None: ...

    def prove_within(
        self,
        free: int,
        max_to_move: bool,
        gamma: int,
        limits: tuple[int, int],
        *,
        max_nodes: int | None,
        table_mb: int,
    ) -> tuple[bool | None, tuple[int, int]]: ...

    def move_answers(self, free: int, max_to_move: bool, gamma: int) -> Sequence[Any]: ...

    def export(self) -> bytes: ...


@dataclass(frozen=True)
class Child:
    """A child of a job's leaf: the ``move`` to it, and its proof and disproof ``numbers``
    for "value ≥ γ?" (``(0, INFINITE)``: proven, ``(INFINITE, 0)``: disproven); with the
    ``name`` and value map (``affine``) the manager's node of it takes
    (:func:`~evalgame.proofs.keys.node_name`: named here, by the workers, the manager's
    one thread is spared a canonical key a child, a third of its time on 6×7)."""

    move: Any
    numbers: tuple[int, int]
    name: str = ""
    affine: tuple[Number, Number] = (1, 0)


@dataclass(frozen=True)
class Parcel:
    """Facts or table entries riding along with a job, in one object Dask does not look
    into: it walks a task's list arguments item by item for futures (on 6×7 with two
    workers, three million items: a ninth of the manager's time)."""

    items: tuple[Any, ...]


def unpacked(items: Sequence[Any]) -> list[Any]:
    """``items`` with each :class:`Parcel` among them replaced by what it holds.

    >>> unpacked([Parcel((1, 2)), 3])
    [1, 2, 3]
    """
    return [one for item in items for one in (item.items if isinstance(item, Parcel) else (item,))]


@dataclass(frozen=True)
class JobOutcome(LeafOutcome):
    """A :class:`~evalgame.proofs.leaf.LeafOutcome` (``finished``: df-pn answered) with,
    when not finished, the leaf's ``numbers`` and its ``answers``: the children to graft."""

    numbers: tuple[int, int] = (1, 1)
    answers: tuple[Child, ...] = ()


def run_job(
    problem: Problem,
    path: tuple[Any, ...],
    gamma: Number,
    strict: bool,
    max_nodes: int,
    stop_event: str | None,
    run: str = "",
    facts: Sequence[Fact | Parcel] = (),
    entries: Sequence[Entries | Parcel] = (),
    limits: tuple[int, int] = (INFINITE, INFINITE),
    resume: bytes = b"",
) -> JobOutcome:
    """Ask "value ≥ γ?" (``strict``: "> γ?") by df-pn for at most ``max_nodes`` nodes at
    the position the moves ``path`` reach, after learning the ``facts`` and ``entries`` of
    the proof ``run``; the Dask event ``stop_event``, once set, calls the job off.

    ``limits``: df-pn's thresholds on the leaf's proof and disproof numbers, from the
    manager's tree: the kernel's df-pn stops once the leaf's numbers reach one (one call,
    :meth:`~evalgame.games.matching.native.NativeSolver.prove_within`): the leaf is no
    longer the most-proving one, and one process's df-pn would have left it there. ``resume``: the
    numbers an earlier sitting saved (:func:`~evalgame.proofs.leaf.checkpoint`), taken up
    first; an unfinished job returns such a checkpoint now and then."""
    here = worker_name()
    learn(problem, run, unpacked(facts), unpacked(entries), here)
    game, solver, kernel = built(problem)
    if resume and solver.restore is not None:
        solver.restore(kernel, resume)
    position = game.initial()
    for move in path:
        position = game.play(position, move)
    free, max_to_move = position.free, position.to_move is Player.MAX
    # the kernel counts the moves still to come; values are integers
    target = (math.floor(gamma) + 1 if strict else math.ceil(gamma)) - position.placed
    started, before = time.process_time(), kernel.stats.nodes
    kernel.budget = Budget(
        report_seconds=STOP_CHECK_SECONDS, on_progress=watch(started, None, stop_event)
    )
    answer: bool | None = None
    children: tuple[Child, ...] = ()
    numbers = (1, 1)
    try:
        answer, numbers = kernel.prove_within(
            free, max_to_move, target, limits, max_nodes=max_nodes, table_mb=kernel.table_mb
        )
        spent = kernel.stats.nodes - before
        if answer is None and spent <= 1 and max_nodes > spent:
            # the leaf's own numbers were past a limit (the manager's tree had them
            # smaller, or not at all): as df-pn's MID, search it until they pass their own
            raised = (max(limits[0], numbers[0] + 1), max(limits[1], numbers[1] + 1))
            answer, numbers = kernel.prove_within(
                free, max_to_move, target, _capped(raised), max_nodes=max_nodes - spent,
                table_mb=kernel.table_mb,
            )  # fmt: skip
        if answer is None:
            children = _children(kernel.move_answers(free, max_to_move, target))
            children = _named(problem, game, position, path, children)
            if children:  # as the manager counts them: moves to one child up to symmetry once
                numbers = numbers_of(max_to_move, [child.numbers for child in children])
    except SearchInterrupted:  # called off: what it proved is in the table, shared below
        answer, children, numbers = None, (), (1, 1)
    finally:
        kernel.budget = None
    nodes, cpu = kernel.stats.nodes - before, time.process_time() - started
    exported = kernel.export() if problem.portable_keys else b""
    if answer is not None:
        result = position.placed + (target if answer else target - 1)
        return JobOutcome(True, result, nodes, cpu, here, entries=exported, code=code_version())
    saved = checkpoint(solver, kernel) if children else b""
    return JobOutcome(
        False, None, nodes, cpu, here, entries=exported, checkpoint=saved, code=code_version(),
        numbers=numbers, answers=children,
    )  # fmt: skip


def _named(
    problem: Problem, game: Any, position: Any, path: tuple[Any, ...], children: tuple[Child, ...]
) -> tuple[Child, ...]:
    """``children`` of ``position`` (reached by ``path``) with their names and value maps."""
    named = []
    for child in children:
        name, affine = node_name(
            game, game.play(position, child.move), (*path, child.move), problem.portable_keys
        )
        named.append(replace(child, name=name, affine=affine))
    return tuple(named)


def _capped(limits: tuple[int, int]) -> tuple[int, int]:
    """``limits`` at most :data:`INFINITE` each.

    >>> _capped((INFINITE + 1, 5)) == (INFINITE, 5)
    True
    """
    return min(limits[0], INFINITE), min(limits[1], INFINITE)


def _children(answers: Sequence[Any]) -> tuple[Child, ...]:
    """The leaf's children from the kernel's :class:`MoveAnswer` list: one per question (the
    moves to one child up to symmetry share it), an edge ``(u, v)`` as the game's move."""
    children: dict[Any, Child] = {}
    for answer in answers:
        if answer.child in children:
            continue
        numbers = answer.numbers if answer.numbers is not None else (1, 1)
        if answer.reaches is not None:
            numbers = (0, INFINITE) if answer.reaches else (INFINITE, 0)
        u, v = answer.move
        children[answer.child] = Child(1 << u | 1 << v, numbers)
    return tuple(children.values())


def numbers_of(maximizing: bool, children: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The proof and disproof numbers of "value ≥ γ?" at a node from its children's: at
    MAX's (an OR node) the least proof number and the sum of the disproof numbers, at MIN's
    (an AND node) the other way round; sums stop at :data:`INFINITE`.

    >>> numbers_of(True, [(3, 4), (2, 5)]), numbers_of(False, [(3, 4), (0, INFINITE)])
    ((2, 9), (3, 4))
    """
    if not children:  # no move: decided by the game's end, never a job's leaf
        return 1, 1
    proofs, disproofs = [p for p, _ in children], [d for _, d in children]
    if maximizing:
        return min(proofs), min(sum(disproofs), INFINITE)
    return min(sum(proofs), INFINITE), min(disproofs)
