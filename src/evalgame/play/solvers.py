"""Which exact solver answers which game, by name, for the command line and the agents.

The names are those of the engine's registry (:data:`evalgame.search.registry.SOLVERS`).

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> solve(TicTacToe(), None, "alphabeta").value
0
"""

from __future__ import annotations

from typing import Any

from evalgame.play.session import Solver
from evalgame.search.budget import Budget
from evalgame.search.dag import backward_induction
from evalgame.search.protocol import Game
from evalgame.search.registry import SOLVERS, choose
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable


def default_algorithm(chance: bool) -> str:
    """The algorithm to use when none is named: alpha-beta, or expectiminimax with dice."""
    return "expectiminimax" if chance else "alphabeta"


def solve(
    game: Game[Any, Any],
    position: Any,
    algorithm: str,
    *,
    budget: Budget | None = None,
    table: TranspositionTable | None = None,
) -> SearchResult[Any]:
    """Solve ``position`` of ``game`` (``None``: the start) exactly with the named
    ``algorithm``."""
    return choose(SOLVERS, algorithm)(game, position, budget=budget, table=table)


def exact_solver(algorithm: str = "alphabeta") -> Solver:
    """A solver for hints and optimal play in one game that keeps its table across calls
    (backward induction keeps its solved vertices and finds only the best move)."""
    table = TranspositionTable()
    solved: dict[Any, Any] = {}

    def solver(game: Game[Any, Any], position: Any) -> SearchResult[Any]:
        if algorithm == "backward-induction":
            return backward_induction(game, position, values=solved, pv_limit=1)
        return solve(game, position, algorithm, table=table)

    return solver
