"""The solvers of e-Valuate by name: the residual searches, the vectorised solver and the
paper's tree searches, each a :class:`~evalgame.search.registry.Solver` of an
:class:`~evalgame.games.evaluate.game.EValuate` game from its start.

The residual solvers search the game of residual normal forms
(:class:`~evalgame.games.evaluate.residual_game.ResidualEValuate`) and continue its
principal variation to the end of the game; the tree solvers walk the paper's game tree in
the game's value order (``paper`` is meant for the order of the paper's heuristic, which
:func:`~evalgame.games.evaluate.solve.solve` computes).

>>> game = EValuate("X*(Y-Z)")
>>> {name: solver(game).value for name, solver in SOLVERS.items()}
{'residual': 18, 'mtdf': 18, 'negascout': 18, 'vectorized': 18, 'paper': 18, \
'alphabeta': 18, 'minimax': 18}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from evalgame.errors import GameError
from evalgame.expr.expression import Expression
from evalgame.expr.nodes import is_linear
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.paper_alphabeta import paper_alphabeta
from evalgame.search.protocol import Game
from evalgame.search.registry import SOLVERS as ENGINE
from evalgame.search.registry import Run, Solver, solvers
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable

#: what ``auto`` runs on affine and on other expressions
AFFINE, NON_LINEAR = "residual", "mtdf"


def choose_algorithm(expression: Expression) -> str:
    """What ``auto`` runs: on affine expressions (Winkler's puzzle, ``v+w+x-y-z``) plain
    alpha-beta on residual forms was faster, on non-linear ones MTD(f) — up to twice as
    fast on the 7–8 variable benchmarks, with half the memory (BENCHMARKS.md).

    >>> affine, other = EValuate("v+w+x-y-z"), EValuate("(a+b)/c")
    >>> choose_algorithm(affine.expression), choose_algorithm(other.expression)
    ('residual', 'mtdf')
    """
    return AFFINE if is_linear(expression.tree) else NON_LINEAR


def _start(game: Game[Any, Any], position: Any) -> EValuate:
    """``game`` as an e-Valuate game at its start (these solvers solve whole games)."""
    if not isinstance(game, EValuate):
        raise GameError(f"this solver solves e-Valuate games, not {game.name}")
    if position != game.initial():
        raise GameError("the e-Valuate solvers solve a game from its start")
    return game


#: one engine search on the residual game: (game, table, budget) → result
ResidualSearch = Callable[[ResidualEValuate, TranspositionTable, Budget | None], SearchResult[Any]]


def _residual(search: ResidualSearch) -> Run:
    """A solver that runs ``search`` on the game of residual normal forms."""

    def run(
        game: Game[Any, Any], position: Any, budget: Budget | None, table: TranspositionTable | None
    ) -> SearchResult[Any]:
        start = _start(game, position)
        residual = ResidualEValuate(start.expression, start.domain, first=start.proposer)
        if budget is not None:  # a search stopped early reports at least the static bounds
            budget.prove(*residual.bounds(residual.initial()))
        result = search(residual, TranspositionTable() if table is None else table, budget)
        return _to_the_end(residual, result)

    return run


def _to_the_end(game: ResidualEValuate, result: SearchResult[Any]) -> SearchResult[Any]:
    """The result with its principal variation continued to the end of the game."""
    if result.value is None:
        return result
    position = game.initial()
    for move in result.pv:
        position = game.play(position, move)
    return dataclasses.replace(result, pv=(*result.pv, *game.line(position)))


def _vectorized(
    game: Game[Any, Any], position: Any, budget: Budget | None, table: TranspositionTable | None
) -> SearchResult[Any]:
    from evalgame.games.evaluate.vectorized import solve_positions  # numpy: only when used

    start = _start(game, position)
    values = solve_positions(start.expression, start.domain, first=start.proposer)
    stats = SearchStats(nodes=int(values.ranks.size), leaves=int(values.leaves.ranks.size))
    moves: list[Any] = [move for pair in values.principal_variation() for move in pair]
    return SearchResult(values.value(), tuple(moves), stats, "vectorized")


#: the paper's tree searches, which walk the game tree node by node in the game's value
#: order; they run on any game on the protocol (the walk of
#: :mod:`evalgame.lab.tree_walk` records them on a proxy of an e-Valuate game)
TREE: dict[str, Solver] = solvers(
    Solver(
        "alphabeta",
        "the paper's Algorithm 1 exactly (values tried in increasing order)",
        lambda g, p, b, t: paper_alphabeta(g, p, budget=b),
    ),
    Solver(
        "paper",
        "the paper's Algorithm 1 with its digit-ordering heuristic and transposition table",
        lambda g, p, b, t: paper_alphabeta(g, p, table=True, budget=b),
    ),
    ENGINE["minimax"],
)


def _from_start(solver: Solver) -> Solver:
    """``solver`` for e-Valuate games from their start (as every solver here is)."""
    return dataclasses.replace(solver, run=lambda g, p, b, t: solver.run(_start(g, p), p, b, t))


#: every e-Valuate solver by its command-line name
SOLVERS: dict[str, Solver] = solvers(
    Solver(
        "residual",
        "alpha-beta on residual normal forms (positions equal up to renaming and a "
        "positive affine map share a table entry) with exact interval and strategy bounds",
        _residual(lambda g, t, b: alphabeta(g, table=t, budget=b)),
    ),
    Solver(
        "mtdf",
        "MTD(f) with exact null windows on residual normal forms",
        _residual(lambda g, t, b: mtdf(g, table=t, budget=b)),
    ),
    Solver(
        "negascout",
        "NegaScout (principal variation search) on residual normal forms",
        _residual(lambda g, t, b: negascout(g, table=t, budget=b)),
    ),
    Solver(
        "vectorized",
        "numpy backward induction over the whole position space (few variables)",
        _vectorized,
    ),
    *(_from_start(TREE[name]) for name in ("paper", "alphabeta", "minimax")),
)

#: the default: the faster solver for the kind of expression
AUTO = Solver(
    "auto",
    f"{AFFINE} on expressions affine in their variables, {NON_LINEAR} on the others "
    "(the faster of the two on each kind)",
    lambda g, p, b, t: SOLVERS[choose_algorithm(_start(g, p).expression)].run(g, p, b, t),
)

#: the names ``solve`` accepts: ``auto`` and every solver
CHOICES: dict[str, Solver] = solvers(AUTO, *SOLVERS.values())

#: the solvers that try the proposer's values in the game's value order (and report it)
ORDERED = frozenset({"alphabeta", "paper"})
