"""The frontier a distributed tiling proof would hand out, and a sample of what it costs.

For a board and a starter, the positions after 1, 2, … plies are counted, and the
subproblems they make for the proof manager (positions named by their reduced region, so
symmetric positions and transpositions are one subproblem). With ``--sample N`` the
question "value ≥ γ?" is then asked on N random subproblems of the last ply, each for at
most ``--seconds`` CPU seconds with the C kernel (fresh table each), and the cost
distribution is printed: what a cluster run would need per task. E.g.

    nice -n 10 .venv/bin/python scripts/proof_frontier.py 8 8 --plies 2 --gamma 28 \\
        --sample 6 --seconds 60 --seed 3

Subproblems that do not finish give only a lower bound on their cost. ``--walk K …``
measures how the cost grows instead: N positions at each depth K (each move drawn among
the ``--top`` best-ordered ones) are solved exactly (MTD(f), the C kernel, a fresh table
each, at most ``--seconds`` CPU s each) and a line log(CPU s) = a + b·(free cells) is
fitted to those that finished; carried to the whole board it is a rough estimate of the
exact value's CPU time (too low: positions 10 moves deep are already broken up, see
docs/journal/results-2026-11.md). The figures of the 8×8 estimate there (2026-11-24,
superseded since by df-pn's answer) came from

    nice -n 10 .venv/bin/python scripts/proof_frontier.py 8 8 --walk 13 12 11 10 \\
        --sample 4 --seconds 120 --seed 7
"""

from __future__ import annotations

import argparse
import math
import random
import time

from evalgame.errors import SearchInterrupted
from evalgame.games.matching.game import MatchingPosition
from evalgame.games.matching.solvers import matching_solvers
from evalgame.games.tiling.game import TilingGame
from evalgame.proofs.keys import stable_key
from evalgame.proofs.leaf import watch
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.stats import SearchStats


def subproblem(game: TilingGame, position: MatchingPosition) -> str:
    """The subproblem's name in the proof store."""
    key = stable_key(game.key(position))
    assert key is not None  # tiling keys are tuples of numbers
    return key


def main() -> None:
    """Count the frontier ply by ply, then sample the cost of its subproblems."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("rows", type=int)
    parser.add_argument("cols", type=int)
    parser.add_argument("--first", choices=("max", "min"), default="max")
    parser.add_argument("--plies", type=int, default=2)
    parser.add_argument("--gamma", type=int, help="the question: value ≥ GAMMA")
    parser.add_argument("--sample", type=int, default=0, help="subproblems to try")
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU s per subproblem")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--walk", type=int, nargs="+", help="solve positions this many moves deep (one or more)"
    )
    parser.add_argument(
        "--top", type=int, default=3, help="walk: each move among the TOP best-ordered ones"
    )
    options = parser.parse_args()
    first = Player.MAX if options.first == "max" else Player.MIN
    game = TilingGame(options.rows, options.cols, first)
    if options.walk is not None:
        growth(game, options.walk, options.top, options.sample, options.seconds, options.seed)
        return
    level = {subproblem(game, game.initial()): game.initial()}
    for ply in range(1, options.plies + 1):
        positions = 0
        following: dict[str, MatchingPosition] = {}
        for position in level.values():
            for move in game.moves(position):
                child = game.play(position, move)
                positions += 1
                following.setdefault(subproblem(game, child), child)
        level = following
        print(f"ply {ply}: {positions:,} positions, {len(level):,} distinct subproblems")
    if not options.sample:
        return
    if options.gamma is None:
        raise SystemExit("--sample needs --gamma (the question asked)")
    chosen = random.Random(options.seed).sample(sorted(level), min(options.sample, len(level)))
    costs, finished = [], 0
    solver = matching_solvers(table_mb=256)["solver"]  # the leaves' solver, a fresh table each
    for name in chosen:
        started, stats = time.process_time(), SearchStats()
        budget = Budget(on_progress=watch(started, options.seconds, None))
        try:
            result = solver.test(
                game, level[name], options.gamma, budget=budget, memory=solver.memory(game),
                stats=stats,
            )  # fmt: skip
            assert result is not None  # every end of the tiling game counts
            finished += 1
            verdict = f"value {'≥' if result >= options.gamma else '≤'} {result}"
        except SearchInterrupted:  # out of its time
            verdict = "unfinished"
        nodes = stats.nodes
        cost = time.process_time() - started
        costs.append(cost)
        print(f"  {name[:12]}  {verdict:<14} {nodes:>14,} nodes  {cost:8.2f} CPU s", flush=True)
    costs.sort()
    print(
        f"{finished}/{len(chosen)} finished within {options.seconds:g} CPU s; CPU s a task: "
        f"median {costs[len(costs) // 2]:.2f}, max {costs[-1]:.2f}; the {len(level):,} "
        f"subproblems of ply {options.plies} would take ≥ "
        f"{sum(costs) / len(costs) * len(level) / 3600:.1f} CPU hours at this rate"
    )


def growth(
    game: TilingGame, depths: list[int], top: int, count: int, seconds: float, seed: int
) -> None:
    """Solve ``count`` positions at each of ``depths`` moves deep, each move drawn among
    the ``top`` best-ordered ones (the lines a proof searches first: random moves leave
    fragmented, easy boards); fit the cost per free cell."""
    solver = matching_solvers(table_mb=256)["solver"]  # a fresh table for each position
    points: list[tuple[int, float]] = []
    for plies in depths:
        chooser = random.Random(seed)  # each depth from the same seed
        for _ in range(count):
            position = game.initial()
            for _ in range(plies):
                moves = game.order(position, game.moves(position))[:top]
                if not moves:
                    break
                position = game.play(position, chooser.choice(moves))
            cells = position.free.bit_count()
            started = time.process_time()
            budget = Budget(on_progress=watch(started, seconds, None))
            try:
                verdict = f"value {solver(game, position, budget=budget).value}"
            except SearchInterrupted:
                verdict = "unfinished"
            cost = time.process_time() - started
            if verdict != "unfinished":
                points.append((cells, cost))
            print(f"  {cells:>3} free cells  {verdict:<11} {cost:8.2f} CPU s", flush=True)
    print(f"{len(points)}/{count * len(depths)} finished within {seconds:g} CPU s")
    fit(points, game.initial().free.bit_count())


def fit(points: list[tuple[int, float]], whole: int) -> None:
    """Fit log(CPU s) against free cells (positions of 1 CPU s or more: below, the table's
    allocation dominates) and extrapolate to ``whole`` cells."""
    usable = [(cells, math.log(cost)) for cells, cost in points if cost >= 1.0]
    if len({cells for cells, _ in usable}) < 2:
        return
    mean_x = sum(x for x, _ in usable) / len(usable)
    mean_y = sum(y for _, y in usable) / len(usable)
    slope = sum((x - mean_x) * (y - mean_y) for x, y in usable) / sum(
        (x - mean_x) ** 2 for x, _ in usable
    )
    estimate = math.exp(mean_y + slope * (whole - mean_x))
    print(
        f"fit on {len(usable)} positions of {min(x for x, _ in usable)}–"
        f"{max(x for x, _ in usable)} free cells: ×{math.exp(slope):.2f} CPU time a free "
        f"cell; extrapolated to {whole} cells: {estimate / 3600:,.0f} CPU hours (estimate)"
    )


if __name__ == "__main__":
    main()
