"""The solvers of the matching game (and so of the tiling game) by name: the specialised
:class:`~evalgame.games.matching.solver.MatchingSolver` (in the C kernel of
:mod:`~evalgame.games.matching.native` when it is built) and the engine's searches.

>>> from evalgame.games.matching.bitgraph import BitGraph
>>> path = MatchingGame(BitGraph(4, [(0, 1), (1, 2), (2, 3)]))
>>> {name: solver(path).value for name, solver in SOLVERS.items()}
{'solver': 2, 'dfpn': 2, 'mtdf': 2, 'alphabeta': 2, 'negascout': 2, 'minimax': 2}
>>> SOLVERS["solver"].test(path, None, 3)   # "value ≥ 3?" no: at most 2
2
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

from evalgame.errors import GameError
from evalgame.games.matching.game import MatchingGame, MatchingPosition
from evalgame.games.matching.native import CHECKPOINT_ENTRIES, Engine, NativeSolver, make_solver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.protocol import Game, Player
from evalgame.search.registry import SOLVERS as ENGINE
from evalgame.search.registry import Solver, solvers
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable

#: the table entries a worker's kernel sends to the others: those of searches of at least
#: this many nodes (BENCHMARKS.md, "Where the extra nodes went")
SHARED_WORK = 16


def matching_solvers(
    engine: Engine = "auto", table_mb: int | None = None, keep: int = CHECKPOINT_ENTRIES
) -> dict[str, Solver]:
    """The table of solvers with the specialised one on ``engine`` (the C kernel when it
    is built, by default) with a table of ``table_mb`` MB (``None``: a default for the
    graph's size), the same with its null-window tests by proof-number search (whose
    checkpoints keep ``keep`` entries of its numbers), and the engine's searches."""
    return solvers(
        specialised(
            "solver",
            "the matching game's own MTD(f) on reduced regions with static bounds and "
            "enhanced transposition cut-offs (in the C kernel when it is built)",
            engine,
            table_mb,
        ),
        specialised(
            "dfpn",
            "the same in the C kernel, each null-window question answered by proof-number "
            "search (df-pn) instead of alpha-beta",
            engine,
            table_mb,
            proof_numbers=True,
            keep=keep,
        ),
        *(ENGINE[name] for name in ("mtdf", "alphabeta", "negascout", "minimax")),
    )


def specialised(
    name: str,
    description: str,
    engine: Engine,
    table_mb: int | None,
    *,
    proof_numbers: bool = False,
    keep: int = CHECKPOINT_ENTRIES,
) -> Solver:
    """The matching game's own solver as a registry entry (``proof_numbers``: its tests by
    df-pn, :class:`~evalgame.games.matching.native.ProofNumberSolver`, and a stopped
    test's checkpoint keeps the numbers of its ``keep`` largest subtrees)."""

    def solver(game: Game[Any, Any], budget: Budget | None) -> MatchingSolver:
        if not isinstance(game, MatchingGame):
            raise GameError(f"this solver solves matching games, not {game.name}")
        return make_solver(
            game.graph,
            engine=engine,
            budget=budget,
            table_mb=table_mb,
            proof_numbers=proof_numbers,
        )

    def run(
        game: Game[Any, Any],
        position: MatchingPosition,
        budget: Budget | None,
        table: TranspositionTable | None,
    ) -> SearchResult[int]:
        result = solver(game, budget).solve(position.to_move is Player.MAX, position.free)
        # the solver counts the moves still to come; the game counts the edges chosen too
        if position.placed and result.value is not None:
            result = dataclasses.replace(result, value=result.value + position.placed)
        return result

    def remember(game: Game[Any, Any]) -> MatchingSolver:
        # the kernel and its table, kept between questions on the game; the entries of its
        # large searches noted for the kernels of other processes (a parallel proof's)
        memory = solver(game, None)
        if isinstance(memory, NativeSolver):
            memory.share(SHARED_WORK)
        return memory

    def export(memory: MatchingSolver) -> bytes:
        return memory.export() if isinstance(memory, NativeSolver) else b""

    def absorb(memory: MatchingSolver, entries: bytes) -> None:
        if isinstance(memory, NativeSolver):
            memory.absorb(entries)

    def probe(
        game: Game[Any, Any],
        position: MatchingPosition,
        gamma: Number,
        strict: bool,
        budget: Budget | None,
        memory: MatchingSolver | None,
        stats: SearchStats,
        last: int | None,
    ) -> int:
        target = _target(gamma, strict, position)
        searcher = solver(game, None) if memory is None else memory
        searcher.budget, before = budget, searcher.stats.nodes
        try:
            found = searcher.test(position.free, position.to_move is Player.MAX, target, last or 0)
        finally:
            searcher.budget = None
            stats.nodes += searcher.stats.nodes - before
        return position.placed + found

    def learn(
        game: Game[Any, Any],
        position: MatchingPosition,
        lower: Number | None,
        upper: Number | None,
        memory: MatchingSolver,
    ) -> None:
        # the solver counts the moves still to come; values are integers
        low = 0 if lower is None else math.ceil(lower) - position.placed
        high = memory.graph.n // 2 if upper is None else math.floor(upper) - position.placed
        memory.learn(position.free, position.to_move is Player.MAX, low, high)

    def recall(
        game: Game[Any, Any], position: MatchingPosition, memory: MatchingSolver
    ) -> tuple[Number, Number]:
        lower, upper = memory.bounds(position.free, position.to_move is Player.MAX)
        return position.placed + lower, position.placed + upper

    def rank(
        game: Game[Any, Any],
        position: MatchingPosition,
        moves: Sequence[int],
        gamma: Number,
        strict: bool,
        memory: MatchingSolver,
        last: int | None,
    ) -> list[int]:
        if not isinstance(memory, NativeSolver):
            return list(game.order(position, moves))
        max_to_move = position.to_move is Player.MAX
        target = _target(gamma, strict, position)
        first = memory.order(position.free, max_to_move, target, last or 0)
        # the kernel leaves out the edges beside the core but the one pass worth trying
        legal = set(moves)
        ranked = [move for move in first if move in legal]
        rest = legal - set(ranked)
        return ranked + [move for move in game.order(position, moves) if move in rest]

    def checkpoint(memory: MatchingSolver) -> bytes:
        return memory.numbers(keep) if isinstance(memory, NativeSolver) else b""

    def restore(memory: MatchingSolver, records: bytes) -> None:
        if isinstance(memory, NativeSolver):
            memory.learn_numbers(records, memory.table_mb)

    resumes = proof_numbers  # only df-pn keeps what guides it beside its table
    return Solver(
        name, description, run, probe, remember, learn, recall, export, absorb, rank,
        checkpoint if resumes else None, restore if resumes else None,
    )  # fmt: skip


def _target(gamma: Number, strict: bool, position: MatchingPosition) -> int:
    """The question "value ≥ γ?" (``strict``: "> γ?") as "moves to come ≥ target?"."""
    # values are integers: "value > γ" is "value ≥ ⌊γ⌋ + 1", "value ≥ γ" is "value ≥ ⌈γ⌉"
    return (math.floor(gamma) + 1 if strict else math.ceil(gamma)) - position.placed


#: the specialised solver and the engine's searches, by command-line name
SOLVERS: dict[str, Solver] = matching_solvers()
