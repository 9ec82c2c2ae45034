"""The proof manager on Dask: 1 against 2 local workers, and its search overhead.

Every case is solved three ways from cold tables: by the sequential solver in this
process, then by the proof manager on a local cluster of one worker process and of two.
Reported: wall seconds, nodes, the speed-up (wall with 1 worker / wall with 2) and the
search overhead (nodes searched by the workers / nodes of the sequential solver). The
values must agree.

Run ``python benchmarks/bench_proofs.py [--quick]`` (``--quick``: 5×5 and a 9-variable
expression instead of 6×6 and 12 variables); ``main()`` is also called by
``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass

from evalgame.games.evaluate.proof import evaluate_problem
from evalgame.games.evaluate.solve import solve
from evalgame.games.tiling.game import solve_tiling
from evalgame.games.tiling.proof import TilingProblem
from evalgame.numbers import Number
from evalgame.proofs import Problem, prove
from evalgame.search.protocol import Player

TWELVE = "a*b - c*d + e*f - g*h + i*j - k*l"
NINE = "a*b - c*d + e*f - g*h + i"


@dataclass(frozen=True)
class Case:
    """A problem and its sequential solve (returning value and nodes)."""

    name: str
    problem: Problem
    sequential: Callable[[], tuple[Number | None, int]]


def cases(quick: bool) -> list[Case]:
    """6×6 tiling (MAX first) and a 12-variable e-Valuate expression, or smaller ones."""
    side = 5 if quick else 6
    expression = NINE if quick else TWELVE

    def tiling() -> tuple[Number | None, int]:
        solution = solve_tiling(side, side, Player.MAX)
        return solution.value, solution.stats.nodes

    def evaluate() -> tuple[Number | None, int]:
        solution = solve(expression, algorithm="mtdf")
        return solution.value, solution.stats.nodes

    return [
        Case(f"tiling {side}×{side} MAX", TilingProblem(side, side), tiling),
        Case(f"e-Valuate {expression}", evaluate_problem(expression), evaluate),
    ]


def main(argv: list[str] | None = None) -> None:
    """Time every case sequentially and on 1 and 2 workers; print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="smaller cases")
    options = parser.parse_args(argv or [])
    print("proof manager on a local Dask cluster: wall seconds, nodes (slice 5 CPU s, split 1 ply)")
    print(
        f"{'case':<44} {'value':>6} {'seq s':>8} {'seq nodes':>11} "
        f"{'1 worker s':>11} {'2 workers s':>12} {'speed-up':>9} {'nodes 2w':>11} "
        f"{'overhead':>9}"
    )
    for case in cases(options.quick):
        started = time.monotonic()
        value, nodes = case.sequential()
        sequential = time.monotonic() - started
        walls, proved = [], []
        for workers in (1, 2):
            proof = prove(case.problem, workers=workers, timeout=3600)
            if proof.value != value:
                raise SystemExit(f"{case.name}: {proof.value} on {workers} workers, not {value}")
            # the wall time of the proof itself, without starting the cluster
            walls.append(proof.seconds)
            proved.append(proof.tally.nodes)
        print(
            f"{case.name:<44} {value!s:>6} {sequential:>8.1f} {nodes:>11,} {walls[0]:>11.1f} "
            f"{walls[1]:>12.1f} {walls[0] / walls[1]:>9.2f} {proved[1]:>11,} "
            f"{proved[1] / max(nodes, 1):>9.2f}",
            flush=True,
        )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
