"""The exact value of a problem by MTD(f) over parallel null-window proofs.

:func:`prove` is the one entry point: give it a :class:`~evalgame.proofs.problem.Problem`
and a :class:`distributed.Client` — or nothing, and it starts a local cluster — and it
asks the proof manager one question after another until the proven bounds meet, exactly
as :func:`~evalgame.search.mtdf.mtdf` does with one process (after a pass that proves
value ≥ v it asks "> v?", after one that proves value ≤ v "≥ v?"), from the problem's
first guess (:meth:`~evalgame.proofs.problem.Problem.first_guess`) or else from the middle
of the bounds, asking the midpoint again once both are known. Each MTD(f) question is
asked expecting an answer (after a pass "> v?" fails, after a fail "≥ v?" passes — the
bound just proven is usually the value; the first one: the answer most values within the
static bounds give), so the manager opens at once the nodes that answer needs
whole (:class:`~evalgame.proofs.manager.ProofManager`). Every proven subproblem
goes to the store, so a run stopped by Ctrl-C, ``timeout`` or a crash continues where it
was when started again.
``question=γ`` asks "value ≥ γ?" alone: a long solve can be steered one bound at a time.

>>> from evalgame.search.examples import NestedTree
>>> from evalgame.proofs.problem import EngineProblem
>>> from evalgame.proofs.manager import SerialPool
>>> proof = prove(EngineProblem("nested", NestedTree, ([[3, 5], [2, 9], [4, 8]],)), SerialPool())
>>> proof.value, proof.lower, proof.upper
(4, 4, 4)
>>> one = prove(EngineProblem("nested", NestedTree, ([[3, 5], [2, 9], [4, 8]],)), SerialPool(),
...             question=5)
>>> one.value, one.upper, one.questions
(None, 4, ['value ≥ 5'])
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from evalgame.errors import ContradictionError, SearchInterrupted, interruption
from evalgame.numbers import Number, normal
from evalgame.proofs.cluster import connect
from evalgame.proofs.jobs import JOB_NODES, JobManager
from evalgame.proofs.manager import ProofManager, ProofStatus, Tally
from evalgame.proofs.problem import Problem
from evalgame.proofs.store import ProofStore


@dataclass
class ProofResult:
    """The proven value (``None``: no valid leaf), the passes asked and the work done;
    ``seconds`` counts from the moment the cluster was ready."""

    problem: str
    value: Number | None
    lower: Number | None
    upper: Number | None
    questions: list[str]
    tally: Tally
    seconds: float
    store: Path | None


def prove(
    problem: Problem,
    client: Any | None = None,
    *,
    workers: int | None = None,
    scheduler: str | None = None,
    store: Path | str | None = None,
    timeout: float | None = None,
    slice_seconds: float = 5.0,
    split_depth: int | None = None,
    young_brothers_wait: bool = True,
    ladder: float | None = None,
    question: Number | None = None,
    on_progress: Callable[[ProofStatus], None] | None = None,
    job_nodes: int = JOB_NODES,
) -> ProofResult:
    """The exact value of ``problem`` (see the module doc).

    Without ``client``: a cluster at ``scheduler``, else a local one of ``workers``
    processes. ``store`` is the SQLite proof store (``None``: kept in memory only).
    ``timeout`` seconds or Ctrl-C raise :class:`~evalgame.errors.SearchInterrupted` with
    the bounds proven so far, the store keeping every proven subproblem. ``ladder``
    (seconds) asks the bound ladder's questions instead of MTD(f)'s, each first given
    ``ladder`` seconds (for games with static bounds on their value): on a game too large
    to finish, it moves both bounds a little in each sitting. ``question`` asks "value ≥
    ``question``?" only (nothing if the store already decides it); the result's ``value``
    is then ``None`` unless the bounds happen to meet. A problem whose questions go to
    job-level df-pn (:meth:`~evalgame.proofs.problem.Problem.by_jobs`) is proven by a
    :class:`~evalgame.proofs.jobs.JobManager` with jobs of ``job_nodes`` df-pn nodes
    (``slice_seconds``, ``split_depth`` and ``young_brothers_wait`` are the tasks' of the
    proof manager).
    """
    started = time.monotonic()
    with (
        (
            ProofStore.open(store, problem.label)
            if store is not None
            else ProofStore.memory(problem.label)
        ) as facts,
        connect(client, scheduler=scheduler, workers=workers) as dask,
    ):
        proving = time.monotonic()  # the cluster is up: the proof starts
        deadline = None if timeout is None else started + timeout
        manager: ProofManager
        if problem.by_jobs():
            manager = JobManager(
                problem, dask, facts, job_nodes=job_nodes, deadline=deadline,
                on_progress=on_progress,
            )  # fmt: skip
        else:
            manager = ProofManager(
                problem,
                dask,
                facts,
                slice_seconds=slice_seconds,
                split_depth=split_depth,
                young_brothers_wait=young_brothers_wait,
                deadline=deadline,
                on_progress=on_progress,
            )
        try:
            value = _converge(manager, facts, ladder, question)
        except KeyboardInterrupt as interrupt:  # between two questions
            stop = manager.interrupted(interruption(interrupt))
            manager.log_sitting(stop.reason)
            raise stop from None
        except SearchInterrupted as stop:
            manager.log_sitting(stop.reason)
            raise
        except ContradictionError as error:  # an alarm: the run stops, its sitting says why
            manager.log_sitting(f"stopped by a contradiction: {error}")
            raise
        manager.log_sitting("finished")
        return ProofResult(
            problem.label,
            value,
            manager.lower,
            manager.upper,
            manager.questions,
            manager.tally,
            time.monotonic() - proving,
            None if store is None else Path(store),
        )


def _converge(
    manager: ProofManager, store: ProofStore, ladder: float | None, question: Number | None
) -> Number | None:
    """Ask null-window questions until the bounds meet (``None``: no valid leaf) — or only
    "value ≥ ``question``?" (``None`` unless the bounds meet)."""
    game = manager.game
    lower, upper = game.bounds(game.initial()) if game.all_leaves_valid else (None, None)
    known = store.summary()  # bounds an earlier run proved
    if known.lower is not None and (lower is None or known.lower > lower):
        lower = known.lower
    if known.upper is not None and (upper is None or known.upper < upper):
        upper = known.upper
    manager.lower, manager.upper = lower, upper
    if (lower, upper) != (known.lower, known.upper):
        store.set_bounds(lower, upper)  # the static bounds: the store's header shows them
    if question is not None:
        if _open(question, False, lower, upper):
            _ask(manager, store, question, False)
        return manager.lower if manager.lower == manager.upper else None
    if lower is not None and lower == upper:
        return lower
    if ladder is not None and lower is not None and upper is not None:
        return _climb(manager, store, ladder)
    guess = manager.problem.first_guess(lower, upper)
    gamma, strict = (_middle(lower, upper) if guess is None else guess), False
    if known.asking is not None and _open(*known.asking, lower, upper):
        gamma, strict = known.asking  # the question a stopped run was asking: resumed
    while True:
        expect = _likely(gamma, strict, manager.lower, manager.upper)
        value = _ask(manager, store, gamma, strict, expect)
        if value is None or manager.lower == manager.upper:
            return value
        lower, upper = manager.lower, manager.upper
        if guess is None and lower is not None and upper is not None:
            gamma, strict = _middle(lower, upper), False
        else:  # MTD(f): the bound just proven is the next guess
            gamma, strict = value, value == lower


def _climb(manager: ProofManager, store: ProofStore, first_slice: float) -> Number | None:
    """The bound ladder: "≥ upper?" and "> lower?" in turn — the questions far from the
    value, cheap ones, first — each within a slice of wall-clock seconds that doubles when
    it does not finish. An unfinished question keeps its proven subproblems in the store,
    and its next try starts from them."""
    slices = {"upper": first_slice, "lower": first_slice}
    deadline = manager.deadline
    while manager.lower != manager.upper:
        for end in ("upper", "lower"):
            lower, upper = manager.lower, manager.upper
            if lower == upper:
                break
            slice_end = time.monotonic() + slices[end]
            manager.deadline = slice_end if deadline is None else min(slice_end, deadline)
            try:
                gamma = upper if end == "upper" else lower
                assert gamma is not None
                if _ask(manager, store, gamma, end == "lower") is None:
                    return None
            except SearchInterrupted as stop:
                out_of_time = stop.reason.startswith("time budget")
                if not out_of_time or (deadline is not None and time.monotonic() > deadline):
                    raise  # Ctrl-C, or the whole run's time is up
                slices[end] *= 2
            finally:
                manager.deadline = deadline
    return manager.lower


def _ask(
    manager: ProofManager,
    store: ProofStore,
    gamma: Number,
    strict: bool,
    expect: bool | None = None,
) -> Number | None:
    """Ask "value ≥ γ?" (``strict``: "> γ?"), ``expect``-ing that answer if not ``None``,
    and record the bound it proves."""
    value = manager.test(gamma, strict=strict, expect=expect)
    if value is None:
        return None
    if value > gamma if strict else value >= gamma:
        manager.lower = value
    else:
        manager.upper = value
    store.set_root(manager.lower, manager.upper, manager.question)
    return value


def _open(gamma: Number, strict: bool, lower: Number | None, upper: Number | None) -> bool:
    """Whether the bounds leave "value ≥ γ?" (``strict``: "> γ?") undecided."""
    if strict:
        return (lower is None or lower <= gamma) and (upper is None or gamma < upper)
    return (lower is None or lower < gamma) and (upper is None or gamma <= upper)


def _likely(gamma: Number, strict: bool, lower: Number | None, upper: Number | None) -> bool | None:
    """The answer expected to "value ≥ γ?" (``strict``: "> γ?") within the proven bounds.

    At a bound, the bound is usually the value (MTD(f)'s fail-soft results): "> lower?"
    fails and "≥ upper?" passes. Elsewhere, the answer more of the values within the bounds
    give (``None``: as many, or no bounds): a first guess near a bound is likely so answered.

    >>> _likely(19, True, 19, 21), _likely(19, False, 14, 19)
    (False, True)
    >>> _likely(20, False, 14, 21), _likely(15, False, 14, 21), _likely(17.5, False, 14, 21)
    (False, True, None)
    """
    if strict and gamma == lower:
        return False
    if not strict and gamma == upper:
        return True
    if lower is None or upper is None or 2 * gamma == lower + upper:
        return None
    return 2 * gamma < lower + upper


def _middle(lower: Number | None, upper: Number | None) -> Number:
    if lower is not None and upper is not None:
        return normal(Fraction(lower + upper) / 2)
    return lower if lower is not None else upper if upper is not None else 0
