"""The tiling game solved by the specialised solver and by the game-agnostic engine.

Run ``python benchmarks/bench_tiling.py``; ``main()`` is also called by ``benchmarks/run.py``.
Every row solves one board for one starting player from an empty table; the values must
agree. Times are CPU seconds; ratios are engine time / specialised-solver time. A second
table compares the transposition keys of the specialised solver: raw free-cell sets, sets
reduced by the board's symmetries, and regions keyed by their polyomino shapes (the
default).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from evalgame.games.matching.region import KeyMode
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.game import Algorithm, solve_tiling
from evalgame.search.protocol import Player

BOARDS = [(4, 4), (4, 5), (4, 6), (5, 5)]
ENGINE: list[Algorithm] = ["mtdf", "negascout", "alphabeta"]
KEYS: list[KeyMode] = ["raw", "symmetry", "shapes"]


@dataclass(frozen=True)
class Run:
    """One timed solve."""

    value: int
    nodes: int
    seconds: float


def timed(solve: Callable[[], tuple[int, int]]) -> Run:
    """Run ``solve`` (returning value and nodes) and measure its CPU time.

    CPU time rather than wall-clock time, so that other jobs on the machine matter less.
    """
    started = time.process_time()
    value, nodes = solve()
    return Run(value, nodes, time.process_time() - started)


def by_algorithm(rows: int, cols: int, first: Player, algorithm: Algorithm) -> Run:
    """Solve with the specialised solver or an engine algorithm."""

    def solve() -> tuple[int, int]:
        solution = solve_tiling(rows, cols, first, algorithm=algorithm)
        return solution.value, solution.stats.nodes

    return timed(solve)


def by_keys(rows: int, cols: int, first: Player, keys: KeyMode) -> Run:
    """Solve with the specialised solver and the given transposition keys."""

    def solve() -> tuple[int, int]:
        board = Board(rows, cols)
        solver = MatchingSolver(board, keys=keys)
        return solver.value(board.full, first is Player.MAX), solver.stats.nodes

    return timed(solve)


def main() -> None:
    """Time every case, check that all values agree, print the tables."""
    header = f"{'board':>6} {'first':>5} {'value':>5} {'solver s':>9} " + "".join(
        f"{name + ' s':>14}{'ratio':>7}" for name in ENGINE
    )
    print("tiling game: specialised solver vs the game-agnostic engine (CPU seconds, ratio)")
    print(header)
    print("-" * len(header))
    for rows, cols in BOARDS:
        for first in (Player.MAX, Player.MIN):
            fast = by_algorithm(rows, cols, first, "solver")
            cells = ""
            for algorithm in ENGINE:
                run = by_algorithm(rows, cols, first, algorithm)
                if run.value != fast.value:
                    raise SystemExit(f"{algorithm} disagrees on {rows}×{cols}: {run.value}")
                cells += f"{run.seconds:>14.3f}{run.seconds / fast.seconds:>7.1f}"
            print(f"{rows}×{cols:<4} {first.value:>5} {fast.value:>5} {fast.seconds:>9.3f}" + cells)
    print()
    header = f"{'board':>6} {'first':>5} " + "".join(f"{k + ' nodes':>16}{'s':>8}" for k in KEYS)
    print("specialised solver: transposition keys (nodes searched, seconds)")
    print(header)
    print("-" * len(header))
    for rows, cols in BOARDS:
        for first in (Player.MAX, Player.MIN):
            runs = [by_keys(rows, cols, first, keys) for keys in KEYS]
            if len({run.value for run in runs}) != 1:
                raise SystemExit(f"the keys disagree on {rows}×{cols}")
            cells = "".join(f"{run.nodes:>16,}{run.seconds:>8.2f}" for run in runs)
            print(f"{rows}×{cols:<4} {first.value:>5} " + cells)
    print("all values agree")


if __name__ == "__main__":
    main()
