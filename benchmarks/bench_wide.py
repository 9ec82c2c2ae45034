"""The kernel's two builds: 64-bit sets (``_kernel``) against 128-bit sets (``_kernel128``).

Run ``python benchmarks/bench_wide.py``; ``main()`` is also called by ``benchmarks/run.py``
(``wide``). CPU seconds, each run from an empty table, each the best of ``REPEATS``
alternated runs (the machine is shared); a ratio is the 128-bit build's time a node over
the 64-bit build's.

1. Full solves of 6×6 and 6×7, both starters, default options: each board searched by
   both builds (``NativeSolver(..., width=...)``). The solver takes the 64-bit build on
   these boards, so this is what a board of at most 64 cells would pay on the wide one.
2. Past 64 cells: one pattern of free cells placed on an 8×8 board (64 cells, the 64-bit
   build) and in the far corner of an 11×11 board (121 cells, only the 128-bit build
   holds it), every other cell blocked: the same game, searched by each build.
3. A 5×6 rectangle in the far corner of 11×11 by the 128-bit build and by the Python
   solver, what a board past 64 cells was searched with before.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from evalgame.games.matching.native import NativeSolver, available, kernel_width
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board

#: each measurement is the fastest of this many runs, the builds alternated
REPEATS = 3
#: the pattern of free cells of part 2: 5×7 less one cell (34 free cells)
PATTERN = [
    ".......",
    ".......",
    "...#...",
    ".......",
    ".......",
]


@dataclass
class Run:
    value: int
    nodes: int
    seconds: float

    @property
    def per_node(self) -> float:
        return self.seconds / max(self.nodes, 1)


def timed(solve: Callable[[], tuple[int, int]]) -> Run:
    started = time.process_time()
    value, nodes = solve()
    return Run(value, nodes, time.process_time() - started)


def solve(board: Board, free: int, max_to_move: bool, width: int) -> Run:
    """The value of ``free`` by the build of ``width``-bit sets, from an empty table."""
    solver = NativeSolver(board, width=width)
    return timed(lambda: (solver.value(free, max_to_move), solver.stats.nodes))


def best_of(board: Board, free: int, max_to_move: bool) -> dict[int, Run]:
    """The fastest of REPEATS runs of each build, alternated; the node counts agree."""
    runs: dict[int, list[Run]] = {64: [], 128: []}
    for _ in range(REPEATS):
        for width in runs:
            if board.n <= width:
                runs[width].append(solve(board, free, max_to_move, width))
    best = {width: min(rs, key=lambda run: run.seconds) for width, rs in runs.items() if rs}
    if len({run.value for run in best.values()}) != 1:
        raise SystemExit(f"the builds disagree: {best}")
    return best


def placed(rows: int, cols: int) -> tuple[Board, int]:
    """PATTERN in the top left corner of a rows×cols board, every other cell blocked."""
    blocked = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if r >= len(PATTERN) or c >= len(PATTERN[0]) or PATTERN[r][c] == "#"
    ]
    board = Board(rows, cols, blocked)
    return board, board.start


def placed_low(rows: int, cols: int) -> tuple[Board, int]:
    """PATTERN in the bottom right corner: its cells past bit 64 on a large board."""
    height, width = len(PATTERN), len(PATTERN[0])
    top, left = rows - height, cols - width
    blocked = [
        (r, c)
        for r in range(rows)
        for c in range(cols)
        if r < top or c < left or PATTERN[r - top][c - left] == "#"
    ]
    board = Board(rows, cols, blocked)
    return board, board.start


def full_boards() -> None:
    print("Full solves, default options: the 64-bit build and the 128-bit build on the same")
    print("boards (CPU s, best of 3; ratio = 128-bit time a node / 64-bit time a node)")
    for rows, cols in ((6, 6), (6, 7)):
        for max_to_move in (True, False):
            board = Board(rows, cols)
            best = best_of(board, board.full, max_to_move)
            narrow, wide = best[64], best[128]
            first = "MAX" if max_to_move else "MIN"
            print(f"  {rows}×{cols} {first} first: value {narrow.value}; "
                  f"64-bit {narrow.nodes:,} nodes {narrow.seconds:.2f} s, "
                  f"128-bit {wide.nodes:,} nodes {wide.seconds:.2f} s: "
                  f"ratio {wide.per_node / narrow.per_node:.3f} a node")  # fmt: skip


def past_64_cells() -> None:
    print("Past 64 cells: a 5×7 pattern with a hole, top left on 8×8 (64-bit build) and bottom")
    print("right on 11×11 (121 cells, its free cells past bit 64: the 128-bit build)")
    for max_to_move in (True, False):
        first = "MAX" if max_to_move else "MIN"
        small, small_free = placed(8, 8)
        narrow = best_of(small, small_free, max_to_move)[64]
        for where, (large, large_free) in (("bottom right", placed_low(11, 11)),):
            if kernel_width(large.n) != 128:
                raise SystemExit("the 128-bit build is not built")
            wide = best_of(large, large_free, max_to_move)[128]
            if wide.value != narrow.value:
                raise SystemExit(f"8×8 and 11×11 disagree: {narrow.value}, {wide.value}")
            ratio = wide.per_node / narrow.per_node
            print(f"  {first} first, {where}: value {wide.value}; 8×8 64-bit {narrow.nodes:,} "
                  f"nodes {narrow.seconds:.2f} s, 11×11 128-bit {wide.nodes:,} nodes "
                  f"{wide.seconds:.2f} s: ratio {ratio:.3f} a node")  # fmt: skip


def by_python(board: Board, max_to_move: bool) -> Run:
    """The value by the Python solver, from an empty table."""
    solver = MatchingSolver(board)
    return timed(lambda: (solver.value(board.start, max_to_move), solver.stats.nodes))


def against_python() -> None:
    print("Past 64 cells, against the Python solver (how such a board was searched before):")
    print("a 5×6 rectangle in the far corner of 11×11, both starters, CPU s, best of 3")
    board = Board(11, 11, [(r, c) for r in range(11) for c in range(11) if r < 6 or c < 5])
    for max_to_move in (True, False):
        python = min((by_python(board, max_to_move) for _ in range(REPEATS)),
                     key=lambda run: run.seconds)  # fmt: skip
        wide = best_of(board, board.start, max_to_move)[128]
        if wide.value != python.value:
            raise SystemExit(f"the kernel and the Python solver disagree: {wide}, {python}")
        first = "MAX" if max_to_move else "MIN"
        print(f"  {first} first: value {wide.value}; Python {python.seconds:.2f} s, 128-bit "
              f"kernel {wide.seconds:.3f} s ({wide.nodes:,} nodes): "
              f"{python.seconds / wide.seconds:.0f}× faster")  # fmt: skip


def main() -> None:
    if not available() or kernel_width(128) != 128:
        print("the C kernel's two builds are not both built: nothing to compare")
        return
    full_boards()
    past_64_cells()
    against_python()


if __name__ == "__main__":
    main()
