"""Which exact solver answers which game, by name, for the command line and the agents.

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> solve(TicTacToe(), None, "alphabeta").value
0
>>> sorted(ALGORITHMS)
['alphabeta', 'backward-induction', 'expectiminimax', 'minimax', 'mtdf', 'negascout']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from evalgame.errors import GameError
from evalgame.play.session import Solver
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.chance import expectiminimax
from evalgame.search.dag import backward_induction
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.protocol import Game
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable

Algorithm = Callable[[Game[Any, Any], Any, Budget | None, TranspositionTable], SearchResult[Any]]

#: every exact algorithm by its command-line name; each takes a budget and a table
ALGORITHMS: dict[str, Algorithm] = {
    "alphabeta": lambda g, p, b, t: alphabeta(g, p, table=t, budget=b),
    "negascout": lambda g, p, b, t: negascout(g, p, table=t, budget=b),
    "mtdf": lambda g, p, b, t: mtdf(g, p, table=t, budget=b),
    "minimax": lambda g, p, b, t: minimax(g, p, budget=b),
    "expectiminimax": lambda g, p, b, t: expectiminimax(g, p, table=t, budget=b),
    "backward-induction": lambda g, p, b, t: backward_induction(g, p, budget=b),
}


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
    """Solve ``position`` of ``game`` exactly with the named ``algorithm``."""
    try:
        run = ALGORITHMS[algorithm]
    except KeyError:
        names = ", ".join(sorted(ALGORITHMS))
        raise GameError(f"unknown algorithm {algorithm!r}; choose one of {names}") from None
    return run(game, position, budget, TranspositionTable() if table is None else table)


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
