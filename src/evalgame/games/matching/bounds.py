"""Proven bounds on a matching game too large to solve: a ladder of null-window tests.

Every completed null-window test "value ≥ γ?" proves a bound: a fail-high ``r ≥ γ`` proves
value ≥ r (a MAX strategy refuting every MIN reply), a fail-low ``r < γ`` proves value ≤ r
(a MIN strategy against every MAX reply). Tests far from the true value are cheap, so the
ladder alternates the two ends — "≥ upper?" and "≥ lower + 1?" — each with a time slice
that doubles whenever its test does not finish. The transposition table survives
interrupted tests (its entries are proven), so a longer slice resumes where the last one
stopped.

>>> from evalgame.games.tiling.board import Board
>>> report = bound_ladder(Board(4, 4), max_to_move=True, seconds=60)
>>> report.lower, report.upper, report.exact
(7, 7, True)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from evalgame.errors import SearchInterrupted
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.native import Engine, make_solver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats


@dataclass(frozen=True)
class LadderStep:
    """One null-window test: "value ≥ gamma?", what it proved (if it finished), CPU seconds."""

    gamma: int
    #: the fail-soft result, or ``None`` when the slice ran out first
    result: int | None
    seconds: float
    nodes: int

    @property
    def proof(self) -> str:
        """What the step proved, in words."""
        if self.result is None:
            return f"value ≥ {self.gamma}? unfinished"
        if self.result >= self.gamma:
            return f"value ≥ {self.result} (a MAX strategy against every MIN reply)"
        return f"value ≤ {self.result} (a MIN strategy against every MAX reply)"


@dataclass
class LadderReport:
    """Proven bounds ``lower ≤ value ≤ upper`` and the tests that proved them."""

    static_lower: int
    static_upper: int
    lower: int
    upper: int
    steps: list[LadderStep] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def exact(self) -> bool:
        """Whether the bounds met: the value is known."""
        return self.lower == self.upper


def bound_ladder(
    graph: BitGraph,
    *,
    max_to_move: bool,
    seconds: float,
    first_slice: float = 5.0,
    on_step: Callable[[LadderStep, LadderReport], None] | None = None,
    engine: Engine = "auto",
) -> LadderReport:
    """Prove the best bounds on the game value within ``seconds`` (see the module doc).

    Time is the CPU time of this process, so that other jobs on a shared machine do not
    change what a given budget proves. ``engine`` picks the solver (the C kernel when built).
    """
    started = time.process_time()
    solver = make_solver(graph, engine=engine)
    lower, upper = solver.bounds(graph.full, max_to_move)
    report = LadderReport(lower, upper, lower, upper)
    slices = {"upper": first_slice, "lower": first_slice}
    while not report.exact and time.process_time() - started < seconds:
        for end in ("upper", "lower"):
            left = seconds - (time.process_time() - started)
            gamma = report.upper if end == "upper" else report.lower + 1
            if left <= 0 or report.exact or (end == "lower" and gamma == report.upper):
                continue  # out of time, done, or the same test as the other end's
            step = _step(solver, graph.full, max_to_move, gamma, min(slices[end], left))
            report.steps.append(step)
            if step.result is None:
                slices[end] *= 2
            elif step.result >= gamma:
                report.lower = max(report.lower, step.result)
            else:
                report.upper = min(report.upper, step.result)
            if on_step is not None:
                on_step(step, report)
    report.seconds = time.process_time() - started
    return report


def _step(
    solver: MatchingSolver, free: int, max_to_move: bool, gamma: int, seconds: float
) -> LadderStep:
    """One test within ``seconds`` of CPU time."""
    nodes = solver.stats.nodes
    started = time.process_time()

    def check(stats: SearchStats, budget: Budget) -> None:
        if time.process_time() - started > seconds:
            budget.stop(f"CPU time slice of {seconds:g} s used up", stats)

    solver.budget = Budget(on_progress=check, report_seconds=0, check_every=128)
    result: int | None
    try:
        result = solver.test(free, max_to_move, gamma)
    except SearchInterrupted:
        result = None
    finally:
        solver.budget = None
    return LadderStep(gamma, result, time.process_time() - started, solver.stats.nodes - nodes)
