"""The proof manager on Dask against one process: search overhead and speed-up by workers.

Every case is answered first by the sequential solver in this process (the C kernel for
the tiling game, the engine's MTD(f) for e-Valuate), then by the proof manager with its
default settings on local clusters of N worker processes, from cold tables each time. A
case is the exact value (MTD(f) over parallel null-window tests, :func:`prove`) or one
null-window question "value ≥ γ?". Each row gives the nodes the workers searched, the
wall seconds (from the moment the cluster is up), the workers' CPU seconds, the tasks and
splits, *idle* (the share of the worker threads' time they had no task: the manager had
none to give, or a result was on its way), *mgr s* (the CPU seconds of this process while
the manager ran: the manager, and for a local cluster its Dask scheduler and nannies, which
share the machine's cores with the workers), and two ratios against one process: *nodes*
(search overhead: workers' nodes / sequential nodes) and *speed* (sequential wall /
parallel wall). The answers must agree.
Nodes do not depend on the machine's load; wall seconds do, so the machine, the date and
the load average are printed first and last. Last comes the issue's goal, decided from the
rows: with 2 workers on 6×7, both starters, at most 1.25× the nodes and at least 1.5× the
speed of one process, in every run (``--repeat 3`` runs each parallel case three times);
with 4 and 8 workers at most 1.5× the nodes, on every case measured.

``python benchmarks/bench_proofs.py`` (the default, ``make bench``): 6×7, both starters,
on 1, 2, 4 and 8 workers. ``--full`` adds the 12-variable e-Valuate example and the 7×7
question "value ≥ 22?" (MAX first; minutes a run); ``--workers 2,4`` chooses the counts.
``main()`` is also called by ``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from evalgame.games.evaluate.proof import evaluate_problem
from evalgame.games.evaluate.solve import solve
from evalgame.games.matching.solvers import matching_solvers
from evalgame.games.tiling.game import TilingGame, solve_tiling
from evalgame.games.tiling.proof import TilingProblem
from evalgame.numbers import Number
from evalgame.proofs import Problem, ProofManager, ProofStore, prove
from evalgame.proofs.cluster import connect
from evalgame.proofs.problem import forget
from evalgame.search.protocol import Player
from evalgame.search.stats import SearchStats

TWELVE = "a*b - c*d + e*f - g*h + i*j - k*l"


@dataclass(frozen=True)
class Case:
    """A problem, the question asked (``gamma``: "value ≥ γ?"; ``None``: the exact value)
    and its sequential answer (returning the answer and the nodes searched)."""

    name: str
    problem: Problem
    gamma: Number | None
    sequential: Callable[[], tuple[Number | None, int]]


@dataclass(frozen=True)
class Answer:
    """One run: the answer, nodes, wall and CPU seconds, tasks and splits, and the share
    of the worker threads' time they had no task (``None``: one process)."""

    answer: Number | None
    nodes: int
    wall: float
    cpu: float
    tasks: int = 1
    splits: int = 0
    idle: float | None = None
    #: CPU seconds of this process while the manager ran (``None``: one process)
    manager: float | None = None


def tiling_value(rows: int, cols: int, first: Player) -> Case:
    """The exact value of the ``rows × cols`` board."""

    def sequential() -> tuple[Number | None, int]:
        solution = solve_tiling(rows, cols, first)
        return solution.value, solution.stats.nodes

    name = f"tiling {rows}×{cols} {first.name}, value"
    return Case(name, TilingProblem(rows, cols, first), None, sequential)


def tiling_question(side: int, first: Player, gamma: int) -> Case:
    """One null-window test at the root of the ``side × side`` board."""

    def sequential() -> tuple[Number | None, int]:
        stats = SearchStats()
        solver = matching_solvers()["solver"]  # the workers' solver, its default table
        game = TilingGame(side, side, first)
        return solver.test(game, None, gamma, stats=stats), stats.nodes

    name = f"tiling {side}×{side} {first.name}, ≥ {gamma}?"
    return Case(name, TilingProblem(side, side, first), gamma, sequential)


def evaluate_value(expression: str) -> Case:
    """The exact value of e-Valuate on ``expression`` over the digits."""

    def sequential() -> tuple[Number | None, int]:
        solution = solve(expression, algorithm="mtdf")
        return solution.value, solution.stats.nodes

    return Case("e-Valuate, 12 variables", evaluate_problem(expression), None, sequential)


def cases(full: bool) -> list[Case]:
    """6×7 both starters (``full``: also 12 variables and the 7×7 question)."""
    chosen = [tiling_value(6, 7, Player.MAX), tiling_value(6, 7, Player.MIN)]
    if full:
        chosen += [evaluate_value(TWELVE), tiling_question(7, Player.MAX, 22)]
    return chosen


def parallel(case: Case, client: object) -> Answer:
    """``case`` answered by the proof manager, default settings, with ``client``'s workers."""
    cpu = time.process_time()
    if case.gamma is None:
        proof = prove(case.problem, client, timeout=3600)
        tally, answer, wall = proof.tally, proof.value, proof.seconds
    else:
        manager = ProofManager(case.problem, client, ProofStore.memory(case.problem.label))
        started = time.monotonic()
        answer = manager.test(case.gamma, strict=False)
        tally, wall = manager.tally, time.monotonic() - started
    idle = tally.idle / (threads(client) * wall)
    mine = time.process_time() - cpu
    return Answer(answer, tally.nodes, wall, tally.cpu, tally.tasks, tally.splits, idle, mine)


def threads(client: Any) -> int:
    """The worker threads of ``client``'s cluster."""
    return sum(client.nthreads().values())


def verdict(case: Case, answer: Number | None) -> str:
    """The value, or for a question its answer (fail-soft bounds may differ between runs:
    each proves the same answer)."""
    if case.gamma is None or answer is None:
        return str(answer)
    return f"≥ {answer}" if answer >= case.gamma else f"≤ {answer}"


def machine() -> str:
    """The processor, the cores and the load average now."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            names = [line.split(":", 1)[1].strip() for line in info if "model name" in line]
        model = names[0] if names else model
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, load average {load()}"


def load() -> str:
    """The load average over 1, 5 and 15 minutes."""
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def row(case: str, workers: str, answer: str, run: Answer, alone: Answer) -> str:
    """One line of the table."""
    idle = "" if run.idle is None else f"{run.idle:.0%}"
    manager = "" if run.manager is None else f"{run.manager:.1f}"
    return (
        f"{case:<28} {workers:>7} {answer:>6} {run.nodes:>12,} {run.wall:>7.1f} {run.cpu:>7.1f} "
        f"{manager:>5} {run.tasks:>6} {run.splits:>6} {idle:>5} "
        f"{run.nodes / max(alone.nodes, 1):>6.2f} {alone.wall / run.wall:>6.2f}"
    )


#: the issue's goal: (workers, most nodes×, least speed× or None, whether every case is
#: judged — else 6×7 only, both starters)
GOALS = ((2, 1.25, 1.5, False), (4, 1.5, None, True), (8, 1.5, None, True))


def goal(runs: dict[tuple[str, int], list[tuple[float, float]]]) -> list[str]:
    """The goal's verdict from ``runs``: (case, workers) → [(nodes×, speed×) of each run];
    every run must meet it. With 2 workers 6×7 is judged (the other cases are measured
    only), with 4 and 8 every case: the bound on nodes holds for each.

    >>> for line in goal({
    ...     ("tiling 6×7 MAX, value", 2): [(0.8, 1.6), (0.9, 1.4)],
    ...     ("e-Valuate, 12 variables", 2): [(1.3, 1.1)],
    ...     ("e-Valuate, 12 variables", 8): [(1.3, 0.3), (1.6, 0.3)],
    ... }):
    ...     print(line)
    goal, 2 workers, 6×7 MAX: nodes× ≤ 1.25 in every run (worst 0.90): met; speed× ≥ 1.5 \
in every run (worst 1.40, median 1.60): NOT met
    goal, 8 workers, e-Valuate, 12 variables: nodes× ≤ 1.5 in every run (worst 1.60): NOT met
    """
    lines = []
    for workers, most_nodes, least_speed, every_case in GOALS:
        for (case, count), measured in runs.items():
            small = case.startswith("tiling 6×7")
            if count != workers or not (small or every_case):
                continue
            nodes = max(n for n, _ in measured)
            name = f"6×7 {case.split()[2].rstrip(',')}" if small else case
            text = f"goal, {workers} workers, {name}: "
            text += f"nodes× ≤ {most_nodes} in every run (worst {nodes:.2f}): "
            text += "met" if nodes <= most_nodes else "NOT met"
            if least_speed is not None:
                speeds = sorted(s for _, s in measured)
                worst, median = speeds[0], speeds[len(speeds) // 2]
                text += f"; speed× ≥ {least_speed} in every run (worst {worst:.2f}, median "
                text += f"{median:.2f}): " + ("met" if worst >= least_speed else "NOT met")
            lines.append(text)
    return lines


def main(argv: list[str] | None = None) -> None:
    """Answer every case sequentially and on each number of workers; print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="add 12 variables and 7×7")
    parser.add_argument("--workers", default="1,2,4,8", help="worker counts, e.g. 2,4")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each parallel case")
    options = parser.parse_args(argv or [])
    chosen = cases(options.full)
    counts = [int(count) for count in options.workers.split(",")]
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {machine()}")
    print(
        f"{'case':<28} {'workers':>7} {'answer':>6} {'nodes':>12} {'wall s':>7} {'CPU s':>7} "
        f"{'mgr s':>5} {'tasks':>6} {'splits':>6} {'idle':>5} {'nodes×':>6} {'speed×':>6}",
        flush=True,
    )
    sequential: list[Answer] = []
    for case in chosen:
        wall, cpu = time.monotonic(), time.process_time()
        answer, nodes = case.sequential()
        alone = Answer(answer, nodes, time.monotonic() - wall, time.process_time() - cpu)
        sequential.append(alone)
        print(row(case.name, "1 proc", verdict(case, answer), alone, alone), flush=True)
    runs: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for workers in counts:
        with connect(workers=workers) as client:
            for _ in range(options.repeat):
                for case, alone in zip(chosen, sequential, strict=True):
                    client.run(forget)  # cold tables on every worker
                    run = parallel(case, client)
                    said = verdict(case, run.answer)
                    if said != verdict(case, alone.answer):
                        raise SystemExit(f"{case.name}: {said} on {workers}, not {alone.answer}")
                    print(row(case.name, str(workers), said, run, alone), flush=True)
                    ratios = (run.nodes / max(alone.nodes, 1), alone.wall / run.wall)
                    runs.setdefault((case.name, workers), []).append(ratios)
    print(f"load average at the end: {load()}")
    for line in goal(runs):
        print(line)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
