"""The tiling game solved by the specialised solver and by the game-agnostic engine.

Run ``python benchmarks/bench_tiling.py``; ``main()`` is also called by ``benchmarks/run.py``.
Every row solves one board for one starting player from an empty table; the values must
agree. Times are CPU seconds; ratios are engine time / specialised-solver time. A second
table compares the transposition keys of the specialised solver: raw free-cell sets, sets
reduced by the board's symmetries, and regions keyed by their polyomino shapes (the
default). The rows "solver" are the Python solver (the reference). Then the Python solver
with and without the sum rule of tame regions (docs/tiling_search.md), in nodes.

Then the C kernel against the Python solver: nodes per second on 6×6 (the Python solver
for 20 s, the kernel to the end) and the 6×6 board solved for both starters; then each of
the kernel's optional ingredients switched off in turn (6×6, both starters); last, the
kernel with and without its dominated-move rule (docs/tiling_search.md) on 6×6 and 6×7,
in nodes (deterministic) and CPU seconds; and with and without the tame-region rule for
several largest regions K, in nodes, regions computed by its database and CPU seconds;
last, the null-window questions of 6×6 and 6×7 answered by the kernel's alpha-beta test and
by its proof-number search, in nodes, positions analysed and CPU seconds.
"""

from __future__ import annotations

import contextlib
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from evalgame.errors import SearchInterrupted
from evalgame.games.matching.native import (
    CHECKPOINT_ENTRIES,
    DEFAULT_OPTIONS,
    DEFAULT_TAME_CELLS,
    LARGE_GRAPH_OPTIONS,
    OPTIONS,
    NativeSolver,
    available,
)
from evalgame.games.matching.region import KeyMode
from evalgame.games.matching.sittings import prove_in_sittings
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.game import solve_tiling
from evalgame.proofs.store import ProofStore
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player

BOARDS = [(4, 4), (4, 5), (4, 6), (5, 5)]
ENGINE: list[str] = ["mtdf", "negascout", "alphabeta"]
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


def by_algorithm(rows: int, cols: int, first: Player, algorithm: str) -> Run:
    """Solve with the specialised solver or an engine algorithm."""

    def solve() -> tuple[int, int]:
        solution = solve_tiling(rows, cols, first, algorithm=algorithm, engine="python")
        return solution.value, solution.stats.nodes

    return timed(solve)


def by_keys(rows: int, cols: int, first: Player, keys: KeyMode) -> Run:
    """Solve with the specialised solver and the given transposition keys."""

    def solve() -> tuple[int, int]:
        board = Board(rows, cols)
        solver = MatchingSolver(board, keys=keys, tame=False)
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
    print()
    python_tame()
    print()
    python_crumbs()
    if available():
        print()
        kernel_vs_python()
        print()
        kernel_ingredients()
        print()
        kernel_dominance()
        print()
        kernel_tame()
        print()
        kernel_dfpn()
        print()
        dfpn_weak()
        print()
        dfpn_sittings()
        print()
        kernel_separator()
        print()
        kernel_crumbs()


def python_tame() -> None:
    """The Python solver with and without the sum rule of tame regions (positions whose
    regions are all tame and of at most 16 cells valued without search)."""
    print("Python solver: the sum rule of tame regions (nodes; ratio = without / with)")
    print(
        f"{'board':>6} {'first':>5} {'value':>5} {'without':>9} {'s':>7} {'with':>9} {'s':>7} "
        f"{'ratio':>6}"
    )
    for rows, cols in [*BOARDS, (5, 6)]:
        for first in (Player.MAX, Player.MIN):
            off, on = (by_tame(rows, cols, first, tame) for tame in (False, True))
            if off.value != on.value:
                raise SystemExit(f"the sum rule changes the value of {rows}×{cols}")
            print(
                f"{rows}×{cols:<4} {first.value:>5} {on.value:>5} {off.nodes:>9,} "
                f"{off.seconds:>7.2f} {on.nodes:>9,} {on.seconds:>7.2f} "
                f"{off.nodes / max(on.nodes, 1):>6.1f}"
            )


def by_tame(rows: int, cols: int, first: Player, tame: bool) -> Run:
    """Solve with the Python solver, with or without the sum rule."""

    def solve() -> tuple[int, int]:
        board = Board(rows, cols)
        solver = MatchingSolver(board, tame=tame)
        return solver.value(board.full, first is Player.MAX), solver.stats.nodes

    return timed(solve)


def python_crumbs() -> None:
    """The Python solver with the sum rule, without and with crumbs reduced to a pass and
    a switch (theorem "crumbs"), on strips that split into a large region and small ones."""
    print("Python solver: tame crumbs reduced to (r, p) (nodes; ratio = tame / crumbs)")
    print(
        f"{'board':>6} {'first':>5} {'value':>5} {'tame':>9} {'s':>7} {'crumbs':>9} {'s':>7} "
        f"{'ratio':>6}"
    )
    for rows, cols in [(3, 10), (3, 12), (4, 8)]:
        for first in (Player.MAX, Player.MIN):
            tame, crumbs = (by_crumbs(rows, cols, first, on) for on in (False, True))
            if tame.value != crumbs.value:
                raise SystemExit(f"the crumbs change the value of {rows}×{cols}")
            print(
                f"{rows}×{cols:<4} {first.value:>5} {crumbs.value:>5} {tame.nodes:>9,} "
                f"{tame.seconds:>7.2f} {crumbs.nodes:>9,} {crumbs.seconds:>7.2f} "
                f"{tame.nodes / max(crumbs.nodes, 1):>6.2f}"
            )


def by_crumbs(rows: int, cols: int, first: Player, crumbs: bool) -> Run:
    """Solve with the Python solver and the sum rule, with or without crumbs."""

    def solve() -> tuple[int, int]:
        board = Board(rows, cols)
        solver = MatchingSolver(board, tame=True, crumbs=crumbs)
        return solver.value(board.full, first is Player.MAX), solver.stats.nodes

    return timed(solve)


def python_rate(rows: int, cols: int, seconds: float) -> float:
    """Nodes per CPU second of the Python solver on an empty board, for ``seconds``."""
    board = Board(rows, cols)
    solver = MatchingSolver(board, budget=Budget(seconds=seconds), tame=False)
    started = time.process_time()
    with contextlib.suppress(SearchInterrupted):
        solver.value(board.full, True)
    return solver.stats.nodes / (time.process_time() - started)


def by_kernel(
    rows: int, cols: int, first: Player, options: int = DEFAULT_OPTIONS
) -> tuple[Run, int]:
    """Value with the C kernel (default table): the run and the positions it analysed."""
    run, counters = kernel_run(rows, cols, first, options)
    return run, counters["positions"]


def kernel_run(
    rows: int, cols: int, first: Player, options: int, tame_cells: int = DEFAULT_TAME_CELLS
) -> tuple[Run, dict[str, int]]:
    """Value with the C kernel: the run and the kernel's counters."""
    board = Board(rows, cols)
    solver = NativeSolver(board, options=options, tame_cells=tame_cells)
    run = timed(lambda: (solver.value(board.full, first is Player.MAX), solver.stats.nodes))
    return run, solver.kernel_stats()


def kernel_vs_python() -> None:
    """Nodes per second and the 6×6 board, both starters: C kernel against Python."""
    print("C kernel vs the Python solver, 6×6 (CPU seconds; a node = one null-window call,")
    print("a position = one position analysed: the node's and its children's bounds)")
    slow = python_rate(6, 6, 20.0)
    total = nodes = positions = 0.0
    for first in (Player.MAX, Player.MIN):
        run, analysed = by_kernel(6, 6, first)
        if run.value != 16:  # docs/results.md, both starters
            raise SystemExit(f"the kernel disagrees on 6×6, {first.value} first: {run.value}")
        total += run.seconds
        nodes += run.nodes
        positions += analysed
        print(f"  6×6 {first.value} first: value {run.value}, {run.nodes:,} nodes, "
              f"{analysed:,} positions, {run.seconds:.2f} s")  # fmt: skip
    print(f"  both starters: {total:.2f} s (the Python solver: 185 s in docs/results.md)")
    rate = nodes / total
    print(f"  nodes/s: kernel {rate:,.0f}, Python {slow:,.0f}: ratio {rate / slow:.0f}")
    print(f"  positions/s: kernel {positions / total:,.0f}")


def kernel_ingredients() -> None:
    """Each default ingredient of the kernel switched off in turn (6×6, both starters)."""
    print("C kernel: each ingredient switched off in turn (6×6, both starters)")
    print(f"{'switched off':>14} {'nodes':>12} {'seconds':>8}")
    for name, bit in [("nothing", 0), *OPTIONS.items()]:
        if bit and not DEFAULT_OPTIONS & bit:
            continue
        runs = [
            by_kernel(6, 6, first, DEFAULT_OPTIONS & ~bit)[0] for first in (Player.MAX, Player.MIN)
        ]
        if {run.value for run in runs} != {16}:
            raise SystemExit(f"the kernel without {name} disagrees on 6×6")
        nodes = sum(run.nodes for run in runs)
        print(f"{name:>14} {nodes:>12,} {sum(run.seconds for run in runs):>8.2f}")


def kernel_dominance() -> None:
    """The dominated-move rule off and on: nodes, CPU seconds and their ratios."""
    print("C kernel: dominated moves not searched (nodes; ratio = without / with)")
    print(f"{'board':>6} {'first':>5} {'value':>5} {'without':>12} {'with':>12} {'ratio':>6}")
    without_rule = DEFAULT_OPTIONS & ~OPTIONS["dominance"]
    with_rule = DEFAULT_OPTIONS | OPTIONS["dominance"]
    for rows, cols in [(6, 6), (6, 7)]:
        for first in (Player.MAX, Player.MIN):
            runs = [
                by_kernel(rows, cols, first, options)[0] for options in (without_rule, with_rule)
            ]
            if runs[0].value != runs[1].value:
                raise SystemExit(f"the rule changes the value of {rows}×{cols}")
            off, on = runs
            print(f"{rows}×{cols:<4} {first.value:>5} {on.value:>5} {off.nodes:>12,} "
                  f"{on.nodes:>12,} {off.nodes / on.nodes:>6.2f}"
                  f"   ({off.seconds:.1f} s, {on.seconds:.1f} s)")  # fmt: skip


def kernel_tame() -> None:
    """The tame-region rule off and on for several largest regions K (64 MB database)."""
    print("C kernel: positions of tame regions of at most K cells decided by the sum rule")
    print("(nodes; ratio = without / with; regions = computed by the region database)")
    print(f"{'board':>6} {'first':>5} {'value':>5} {'K':>3} {'nodes':>11} {'ratio':>6} "
          f"{'regions':>10} {'CPU s':>7}")  # fmt: skip
    without_rule = DEFAULT_OPTIONS & ~OPTIONS["tame"]
    with_rule = DEFAULT_OPTIONS | OPTIONS["tame"]
    for rows, cols in [(5, 5), (6, 6), (6, 7)]:
        for first in (Player.MAX, Player.MIN):
            off, _ = kernel_run(rows, cols, first, without_rule)
            print(f"{rows}×{cols:<4} {first.value:>5} {off.value:>5} {'-':>3} {off.nodes:>11,} "
                  f"{1:>6.2f} {0:>10,} {off.seconds:>7.1f}")  # fmt: skip
            for cells in (12, 16, 20):
                on, counters = kernel_run(rows, cols, first, with_rule, tame_cells=cells)
                if on.value != off.value:
                    raise SystemExit(f"the tame rule changes the value of {rows}×{cols}")
                print(f"{'':>6} {'':>5} {'':>5} {cells:>3} {on.nodes:>11,} "
                      f"{off.nodes / on.nodes:>6.2f} {counters['tame_computed']:>10,} "
                      f"{on.seconds:>7.1f}")  # fmt: skip


def kernel_dfpn() -> None:
    """ "value ≥ γ?" by alpha-beta (the null-window test) and by df-pn, each from a cold table."""
    print("C kernel: alpha-beta test vs proof-number search on the same questions")
    print("(nodes; positions = positions analysed; ratio = alpha-beta / df-pn; CPU seconds)")
    print(f"{'question':>16} {'answer':>6} {'ab nodes':>11} {'df-pn':>11} {'ratio':>6} "
          f"{'ab pos.':>12} {'df-pn':>12} {'ratio':>6} {'ab s':>6} {'df-pn s':>7}")  # fmt: skip
    for label, ab, pn in paired([(6, 6, (16, 17)), (6, 7, (19, 20))], ("test", "prove")):
        print(f"{label} {ab[0]!s:>6} {ab[1]:>11,} {pn[1]:>11,} {ab[1] / pn[1]:>6.2f} "
              f"{ab[2]:>12,} {pn[2]:>12,} {ab[2] / pn[2]:>6.2f} "
              f"{ab[3]:>6.1f} {pn[3]:>7.1f}")  # fmt: skip


def dfpn_weak() -> None:
    """df-pn with its plain proof numbers against weak ones (an AND node's number the
    largest of its children's plus their count, less one) on the same questions."""
    print("C kernel: df-pn, plain vs weak proof numbers (ratio = plain / weak)")
    print(f"{'question':>16} {'answer':>6} {'plain':>11} {'weak':>11} {'ratio':>6} "
          f"{'plain s':>8} {'weak s':>7}")  # fmt: skip
    for label, plain, weak in paired([(6, 7, (19, 20)), (8, 8, (26,))], ("prove", "weak")):
        print(f"{label} {plain[0]!s:>6} {plain[1]:>11,} {weak[1]:>11,} "
              f"{plain[1] / weak[1]:>6.2f} {plain[3]:>8.1f} {weak[3]:>7.1f}")  # fmt: skip


def dfpn_sittings() -> None:
    """df-pn in one run against the same question cut into sittings of 50,000 nodes, each
    a new solver taking up the numbers the last one saved: all its entries (at most the
    default 200,000), or 500 of them — 1 %, where a two-hour 8×8 sitting keeping the
    default keeps 0.2 % (docs/tiling_search.md, "In sittings"); at most 40 sittings."""
    print("C kernel: df-pn in one run vs in sittings of 50,000 nodes (ratio = sittings / one)")
    print(f"{'question':>16} {'answer':>6} {'one run':>11} {'kept':>8} {'sittings':>9} "
          f"{'nodes':>11} {'ratio':>6}")  # fmt: skip
    for rows, cols, first, gamma in [(6, 7, Player.MIN, 19), (6, 7, Player.MAX, 20)]:
        board, max_to_move = Board(rows, cols), first is Player.MAX
        one = question(board, max_to_move, gamma, "prove")
        for keep in (CHECKPOINT_ENTRIES, 500):
            with tempfile.TemporaryDirectory() as folder:
                store = ProofStore.open(Path(folder) / "store.sqlite", f"{rows}×{cols}")
                sitting = None
                while sitting is None or (sitting.answer is None and sitting.sittings < 40):
                    sitting = prove_in_sittings(NativeSolver(board), board.full, max_to_move,
                                                gamma, store, every=50_000, sittings=1,
                                                keep=keep)  # fmt: skip
                store.close()
            if sitting.answer not in (None, one[0]):
                raise SystemExit(f"df-pn in sittings disagrees on {rows}×{cols} ≥ {gamma}")
            ratio = f"{sitting.nodes / one[1]:>6.2f}" if sitting.answer is not None else "open"
            print(
                f"{rows}×{cols} {first.value} ≥ {gamma:<3} {one[0]!s:>6} {one[1]:>11,} "
                f"{keep:>8,} {sitting.sittings:>9} {sitting.nodes:>11,} {ratio:>6}"
            )


def paired(
    cases: list[tuple[int, int, tuple[int, ...]]], methods: tuple[str, str]
) -> Iterator[tuple[str, tuple[bool, int, int, float], tuple[bool, int, int, float]]]:
    """Each question "≥ γ?" of ``cases`` (rows, cols, the γ), both starters, asked by both
    ``methods`` of :func:`question`: its label and the two results; a disagreement stops."""
    for rows, cols, gammas in cases:
        for first in (Player.MAX, Player.MIN):
            for gamma in gammas:
                board, max_to_move = Board(rows, cols), first is Player.MAX
                one, other = (question(board, max_to_move, gamma, m) for m in methods)
                if one[0] != other[0]:
                    raise SystemExit(f"{methods} disagree on {rows}×{cols} ≥ {gamma}")
                yield f"{rows}×{cols} {first.value} ≥ {gamma:<3}", one, other


def question(
    board: Board, max_to_move: bool, gamma: int, method: str
) -> tuple[bool, int, int, float]:
    """ "value ≥ γ?" by the kernel's ``test`` or ``prove`` (``weak``: with weak proof
    numbers) from a cold table: the answer, nodes, positions analysed and CPU seconds."""
    solver = NativeSolver(board)
    started = time.process_time()
    if method in ("prove", "weak"):
        answer = solver.prove(board.full, max_to_move, gamma, weak=method == "weak") is True
    else:
        answer = solver.test(board.full, max_to_move, gamma) >= gamma
    seconds = time.process_time() - started
    counters = solver.kernel_stats()
    return answer, counters["nodes"], counters["positions"], seconds


def kernel_separator() -> None:
    """The separator bound off and on, the tame rule on (K = 16): nodes and their ratios."""
    print("C kernel: the separator bound (nodes; ratio = without / with)")
    print(f"{'board':>6} {'first':>5} {'value':>5} {'without':>12} {'with':>12} {'ratio':>6}")
    without_bound = LARGE_GRAPH_OPTIONS & ~OPTIONS["separator"]
    with_bound = LARGE_GRAPH_OPTIONS | OPTIONS["separator"]
    for rows, cols in [(6, 6), (6, 7)]:
        for first in (Player.MAX, Player.MIN):
            off, on = (
                kernel_run(rows, cols, first, options)[0] for options in (without_bound, with_bound)
            )
            if on.value != off.value:
                raise SystemExit(f"the separator bound changes the value of {rows}×{cols}")
            print(f"{rows}×{cols:<4} {first.value:>5} {on.value:>5} {off.nodes:>12,} "
                  f"{on.nodes:>12,} {off.nodes / on.nodes:>6.2f}"
                  f"   ({off.seconds:.1f} s, {on.seconds:.1f} s)")  # fmt: skip


def kernel_crumbs() -> None:
    """The option crumbs off and on beside the tame rule (K = 16, 64 MB database)."""
    print("C kernel: tame crumbs beside the searched rest reduced to a pass and a switch")
    print("(nodes; ratio = without / with; crumbs = positions analysed with crumbs folded)")
    print(f"{'board':>6} {'first':>5} {'value':>5} {'without':>11} {'with':>11} {'ratio':>6} "
          f"{'crumbs':>11} {'CPU s':>7} {'with s':>7}")  # fmt: skip
    tame = DEFAULT_OPTIONS | OPTIONS["tame"]
    for rows, cols in [(6, 6), (6, 7)]:
        for first in (Player.MAX, Player.MIN):
            off, _ = kernel_run(rows, cols, first, tame)
            on, counters = kernel_run(rows, cols, first, tame | OPTIONS["crumbs"])
            if on.value != off.value:
                raise SystemExit(f"the crumbs change the value of {rows}×{cols}")
            print(f"{rows}×{cols:<4} {first.value:>5} {on.value:>5} {off.nodes:>11,} "
                  f"{on.nodes:>11,} {off.nodes / on.nodes:>6.2f} {counters['crumbs']:>11,} "
                  f"{off.seconds:>7.1f} {on.seconds:>7.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
