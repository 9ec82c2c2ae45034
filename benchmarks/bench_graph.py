"""The graph games solved with each algorithm and without each speed-up, values checked.

Run ``python benchmarks/bench_graph.py``; ``main()`` is also called by ``benchmarks/run.py``.
Every cell solves one game from an empty table and prints nodes and CPU seconds (the
automorphisms are found once beforehand, in well under a second); ratios are against the
default (alpha-beta with the table, the static bounds, colour renaming and
the automorphisms of the incidence structure). The last columns drop one speed-up each:
the automorphisms (``no symmetry``), the static bounds (``no bounds``), and everything —
plain minimax over the game tree with no table or hook, on the smallest games only. All
values must agree with the default.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.share import GraphShare
from evalgame.games.graph.symmetry import Symmetries
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable

#: (graph, A, B, colours, rule)
CASES = [
    ("cycle:6", "V", "E", 3, "mono"),
    ("friendship:3", "V", "E", 2, "mono"),
    ("friendship:4", "E", "V", 3, "mono"),
    ("cycle:12", "V", "E", 3, "mono"),
    ("wheel:8", "E", "V", 3, "mono"),
    ("grid:3x3", "E", "R", 3, "mono"),
    ("ladder:5", "E", "V", 2, "parity"),
]
#: plain minimax walks the whole tree: only games with at most this many elements of A
MINIMAX_LIMIT = 6


@dataclass(frozen=True)
class Run:
    """One timed solve."""

    value: Number | None
    nodes: int
    seconds: float


def timed(solve: Callable[[], SearchResult[int]]) -> Run:
    """Run ``solve`` and measure its CPU time (other jobs on the machine matter less)."""
    started = time.process_time()
    result = solve()
    return Run(result.value, result.stats.nodes, time.process_time() - started)


def variants(spec: str, a: str, b: str, k: int, rule: str) -> dict[str, Callable[[], Run]]:
    """The ways to solve one game, by name."""
    share = incidence(load_graph(spec), a, b)
    Symmetries.of(share)  # found once and cached: not part of any timing

    def game(symmetries: int = 64) -> GraphShare:
        return GraphShare(share, k, rule, symmetries=symmetries)

    found: dict[str, Callable[[], Run]] = {
        "alphabeta": lambda: timed(lambda: alphabeta(game(), table=TranspositionTable())),
        "mtdf": lambda: timed(lambda: mtdf(game(), table=TranspositionTable())),
        "negascout": lambda: timed(lambda: negascout(game(), table=TranspositionTable())),
        "no symmetry": lambda: timed(lambda: alphabeta(game(1), table=TranspositionTable())),
        "no bounds": lambda: timed(
            lambda: alphabeta(game(), table=TranspositionTable(), use_bounds=False)
        ),
    }
    if len(share.a_names) <= MINIMAX_LIMIT:
        found["minimax"] = lambda: timed(lambda: minimax(game(1)))
    return found


NAMES = ["alphabeta", "mtdf", "negascout", "no symmetry", "no bounds", "minimax"]


def main() -> None:
    """Time every case, check that all values agree, print the table."""
    print("graph games: nodes and CPU seconds; ratio = seconds / alpha-beta's seconds")
    header = f"{'game':<34}{'value':>6}" + "".join(f"{name:>22}" for name in NAMES)
    print(header)
    print("-" * len(header))
    for spec, a, b, k, rule in CASES:
        runs = {name: solve() for name, solve in variants(spec, a, b, k, rule).items()}
        base = runs["alphabeta"]
        cells = ""
        for name in NAMES:
            run = runs.get(name)
            if run is None:
                cells += f"{'—':>22}"
                continue
            if run.value != base.value:
                raise SystemExit(f"{name} disagrees on {spec} ({a},{b}): {run.value}")
            ratio = run.seconds / base.seconds if base.seconds else float("nan")
            cells += f"{run.nodes:>10,} {run.seconds:>6.2f}s {ratio:>4.1f}"
        label = f"{spec} ({a},{b}) k={k} {rule}"
        print(f"{label:<34}{base.value!s:>6}" + cells)
    print("all values agree")


if __name__ == "__main__":
    main()
