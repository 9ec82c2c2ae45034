"""Solve e-Valuate with any of the algorithms, all reporting the same way.

=============  ===========================================================================
``auto``       the default: ``residual`` on expressions affine in their variables and
               ``mtdf`` on the others, the faster of the two on each kind (BENCHMARKS.md)
``residual``   alpha-beta with a transposition table on residual normal forms
               (positions that leave the same game, up to renaming and a positive
               affine map, share an entry), with exact interval bounds
``mtdf``       MTD(f) with exact null windows on residual normal forms
``negascout``  NegaScout / principal variation search on residual normal forms
``vectorized`` numpy backward induction over the whole position space (small n)
``paper``      the paper's Algorithm 1 with its static value-order heuristic and its
               transposition table of fully evaluated MAX nodes
``alphabeta``  the paper's Algorithm 1 exactly (values tried in increasing order)
``minimax``    plain backward induction over the whole game tree
=============  ===========================================================================

>>> solution = solve("X*(Y-Z)")
>>> solution.value, solution.line()
(18, '6→Y, 4→Z, 9→X')
>>> solve("(10-X)*Y", algorithm="alphabeta").stats.alpha_cutoffs
4
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from evalgame.errors import GameError, LimitError
from evalgame.expr.domain import DIGITS, DomainLike, format_domain
from evalgame.expr.expression import Expression, parse
from evalgame.expr.nodes import is_linear
from evalgame.games.evaluate.game import EValuate, setting
from evalgame.games.evaluate.ordering import DEFAULT_SAMPLES, paper_value_order
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.games.evaluate.treesize import tree_size
from evalgame.numbers import Number, format_number
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.paper_alphabeta import paper_alphabeta
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable

#: the algorithm ``solve`` uses unless told otherwise: it picks one of RUNNERS by itself
DEFAULT_ALGORITHM = "auto"
#: largest game tree the exhaustive tree searches (minimax, alphabeta, paper) accept
MAX_TREE_NODES = 2_000_000_000
#: most variables any solver accepts
MAX_VARIABLES = 24

#: (value, variable): one round of play — a proposal and where it was placed
Round = tuple[Number, str]


@dataclass
class Solution:
    """The exact value of e-Valuate on an expression, a principal variation and statistics.

    ``value`` is ``None`` when no leaf is valid (no completion is defined). ``pv`` is a full
    line of play, one (value, variable) round per variable. ``value_order`` is the order in
    which the proposer's values were tried (the paper's heuristic for ``paper``).
    """

    expression: Expression
    domain: tuple[Number, ...]
    first: Player
    value: Number | None
    pv: list[Round]
    algorithm: str
    stats: SearchStats
    seconds: float
    value_order: tuple[Number, ...] | None = None
    notes: dict[str, Any] = field(default_factory=dict)

    def line(self) -> str:
        """The principal variation as ``6→Y, 4→Z, 9→X``."""
        return ", ".join(f"{format_number(value)}→{name}" for value, name in self.pv)

    def __repr__(self) -> str:
        """One line: the game, its value and a principal variation.

        >>> solve("X*(Y-Z)")
        <Solution X * (Y - Z) over 0..9 (MAX first): value 18, line 6→Y, 4→Z, 9→X>
        """
        value = "none (no valid completion)" if self.value is None else format_number(self.value)
        line = f", line {self.line()}" if self.pv else ""
        return (
            f"<Solution {self.expression} over {format_domain(self.domain)} "
            f"({self.first.name} first): value {value}{line}>"
        )

    def _repr_html_(self) -> str:
        """A small table for notebooks: expression, value, a principal line, the search."""
        value = "none (no valid completion)" if self.value is None else format_number(self.value)
        if isinstance(self.value, Fraction) and self.value.denominator != 1:
            value += f" ≈ {float(self.value):.6g}"
        rows = [
            ("E", str(self.expression)),
            ("domain", format_domain(self.domain)),
            ("first", f"{self.first.name} proposes"),
            ("minimax(E)", value),
            ("a principal line", self.line() or "—"),
            ("search", f"{self.algorithm}: {self.stats.nodes:,} nodes in {self.seconds:.3g} s"),
        ]
        cells = "".join(
            f"<tr><th style='text-align:left'>{escape(k)}</th>"
            f"<td style='text-align:left'><code>{escape(v)}</code></td></tr>"
            for k, v in rows
        )
        return f"<table>{cells}</table>"

    def as_json(self) -> dict[str, Any]:
        """The scripting contract of ``evalgame solve --json``."""
        return {
            "expression": self.expression.text,
            "variables": list(self.expression.variables),
            "domain": [format_number(value) for value in self.domain],
            "first": self.first.name,
            "value": None if self.value is None else format_number(self.value),
            "pv": [{"value": format_number(v), "variable": name} for v, name in self.pv],
            "algorithm": self.algorithm,
            "stats": self.stats.as_dict(),
            "seconds": round(self.seconds, 6),
            **(
                {"value_order": [format_number(v) for v in self.value_order]}
                if self.value_order is not None
                else {}
            ),
        }


Runner = Callable[["_Problem"], tuple[SearchResult[Any], tuple[Number, ...] | None]]


@dataclass(frozen=True)
class _Problem:
    expression: Expression
    domain: tuple[Number, ...]
    first: Player
    seed: int
    budget: Budget
    value_order: tuple[Number, ...] | None = None


def solve(
    expression: Expression | str,
    domain: DomainLike = DIGITS,
    *,
    algorithm: str = DEFAULT_ALGORITHM,
    first: Player | str = Player.MAX,
    seed: int = 0,
    budget: Budget | None = None,
    max_variables: int = MAX_VARIABLES,
    value_order: Sequence[Number] | None = None,
) -> Solution:
    """The minimax value of e-Valuate on ``expression`` over ``domain`` (see module doc).

    ``domain`` and ``first`` are taken as the command line takes them, or as numbers and
    players: ``solve("x*y-z", domain="0..9", first="min")``.

    ``value_order`` replaces the order in which ``paper`` and ``alphabeta`` try values
    (for ``paper`` it replaces the heuristic's order).
    """
    if algorithm != DEFAULT_ALGORITHM and algorithm not in RUNNERS:
        choices = ", ".join([DEFAULT_ALGORITHM, *RUNNERS])
        raise GameError(f"unknown algorithm {algorithm!r}; choose one of {choices}")
    budget = budget or Budget()
    if isinstance(expression, str):
        with budget.guard():  # the budget and Ctrl-C cover parsing too
            expression = parse(expression, deadline=budget.deadline)
    expression, domain, first = setting(expression, domain, first)
    if algorithm == DEFAULT_ALGORITHM:
        algorithm = choose_algorithm(expression)
    runner = RUNNERS[algorithm]
    n = len(expression.variables)
    if n > max_variables:
        raise LimitError(
            "the number of variables", n, max_variables, "raise it with --max-variables"
        )
    if algorithm in EXHAUSTIVE and tree_size(n, len(domain)) > MAX_TREE_NODES:
        raise LimitError(
            f"the game tree {algorithm} would walk (nodes)",
            tree_size(n, len(domain)),
            MAX_TREE_NODES,
            "use the default algorithm, which does not walk the whole tree",
        )
    order = None if value_order is None else tuple(value_order)
    problem = _Problem(expression, domain, first, seed, budget, order)
    started = time.perf_counter()
    result, order = runner(problem)
    seconds = time.perf_counter() - started
    pv = [] if result.value is None else _complete(problem, result.pv)
    return Solution(
        expression, domain, first, result.value, pv, algorithm, result.stats, seconds, order
    )


def choose_algorithm(expression: Expression) -> str:
    """What ``auto`` runs: on affine expressions (Winkler's puzzle, ``v+w+x-y-z``) plain
    alpha-beta on residual forms was faster, on non-linear ones MTD(f) — up to twice as
    fast on the 7–8 variable benchmarks, with half the memory.

    >>> from evalgame.expr.expression import parse
    >>> choose_algorithm(parse("v+w+x-y-z")), choose_algorithm(parse("(a+b)/c"))
    ('residual', 'mtdf')
    """
    return "residual" if is_linear(expression.tree) else "mtdf"


def _complete(problem: _Problem, moves: Sequence[Any]) -> list[Round]:
    """Pair the moves into rounds, and finish a line that stopped at a constant residual.

    Once the residual is constant, the remaining variables cannot change the value, so
    any values complete the line (the first domain value is used).
    """
    rounds = [(moves[i], moves[i + 1]) for i in range(0, len(moves) - 1, 2)]
    placed = {name for _, name in rounds}
    rest = [name for name in problem.expression.variables if name not in placed]
    return rounds + [(problem.domain[0], name) for name in rest]


def _residual(problem: _Problem) -> tuple[SearchResult[Any], None]:
    game = _residual_game(problem)
    return _to_the_end(game, alphabeta(game, table=TranspositionTable(), budget=problem.budget))


def _residual_mtdf(problem: _Problem) -> tuple[SearchResult[Any], None]:
    game = _residual_game(problem)
    return _to_the_end(game, mtdf(game, table=TranspositionTable(), budget=problem.budget))


def _residual_negascout(problem: _Problem) -> tuple[SearchResult[Any], None]:
    game = _residual_game(problem)
    result = negascout(game, table=TranspositionTable(), budget=problem.budget)
    return _to_the_end(game, result)


def _residual_game(problem: _Problem) -> ResidualEValuate:
    """The residual game, with the start's static bounds recorded as proven in the budget
    (a search stopped early reports at least those)."""
    game = ResidualEValuate(problem.expression, problem.domain, first=problem.first)
    low, high = game.bounds(game.initial())
    problem.budget.prove(low, high)
    return game


def _to_the_end(
    game: ResidualEValuate, result: SearchResult[Any]
) -> tuple[SearchResult[Any], None]:
    """The result with its principal variation continued to the end of the game."""
    if result.value is None:
        return result, None
    position = game.initial()
    for move in result.pv:
        position = game.play(position, move)
    return dataclasses.replace(result, pv=(*result.pv, *game.line(position))), None


def _vectorized(problem: _Problem) -> tuple[SearchResult[Any], None]:
    from evalgame.games.evaluate.vectorized import solve_positions  # numpy: only when used

    values = solve_positions(problem.expression, problem.domain, first=problem.first)
    stats = SearchStats(nodes=int(values.ranks.size), leaves=int(values.leaves.ranks.size))
    moves: list[Any] = [move for pair in values.principal_variation() for move in pair]
    return SearchResult(values.value(), tuple(moves), stats, "vectorized"), None


def _tree_game(problem: _Problem, order: Sequence[Number] | None = None) -> Game[Any, Any]:
    return EValuate(problem.expression, problem.domain, first=problem.first, value_order=order)


def _minimax(problem: _Problem) -> tuple[SearchResult[Any], None]:
    return minimax(_tree_game(problem), budget=problem.budget), None


def _alphabeta(problem: _Problem) -> tuple[SearchResult[Any], tuple[Number, ...]]:
    order = problem.value_order or problem.domain
    result = paper_alphabeta(_tree_game(problem, order), budget=problem.budget)
    return result, order


def _paper(problem: _Problem) -> tuple[SearchResult[Any], tuple[Number, ...]]:
    order = problem.value_order or paper_value_order(
        problem.expression, problem.domain, seed=problem.seed, samples=DEFAULT_SAMPLES
    )
    game = _tree_game(problem, order)
    return paper_alphabeta(game, table=True, budget=problem.budget), order


RUNNERS: dict[str, Runner] = {
    "residual": _residual,
    "mtdf": _residual_mtdf,
    "negascout": _residual_negascout,
    "vectorized": _vectorized,
    "paper": _paper,
    "alphabeta": _alphabeta,
    "minimax": _minimax,
}
#: the algorithms that walk the paper's game tree node by node
EXHAUSTIVE = frozenset({"minimax", "alphabeta", "paper"})
