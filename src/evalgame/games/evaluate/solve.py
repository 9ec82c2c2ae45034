"""Solve e-Valuate with any of its solvers (:mod:`.solvers`), all reporting the same way.

>>> solution = solve("X*(Y-Z)")
>>> solution.value, solution.line()
(18, '6→Y, 4→Z, 9→X')
>>> solve("(10-X)*Y", algorithm="alphabeta").stats.alpha_cutoffs
4
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from evalgame.errors import LimitError, SearchInterrupted
from evalgame.expr.domain import DIGITS, DomainLike, format_domain
from evalgame.expr.expression import Expression, parse
from evalgame.games.evaluate.game import EValuate, setting
from evalgame.games.evaluate.ordering import DEFAULT_SAMPLES, paper_value_order
from evalgame.games.evaluate.solvers import (
    AUTO,
    CHOICES,
    ORDERED,
    SOLVERS,
    TREE,
    choose_algorithm,
)
from evalgame.games.evaluate.treesize import tree_size
from evalgame.numbers import Number, format_number
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.registry import choose
from evalgame.search.stats import SearchStats
from evalgame.vocabulary import exact_json, seconds_json, side_json

#: the algorithm ``solve`` uses unless told otherwise: it picks one of SOLVERS by itself
DEFAULT_ALGORITHM = AUTO.name
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
            "first": side_json(self.first),
            "value": exact_json(self.value),
            "pv": [{"value": format_number(v), "variable": name} for v, name in self.pv],
            "algorithm": self.algorithm,
            "stats": self.stats.as_dict(),
            "seconds": seconds_json(self.seconds),
            **(
                {"value_order": [format_number(v) for v in self.value_order]}
                if self.value_order is not None
                else {}
            ),
        }


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
    choose(CHOICES, algorithm)  # an unknown name is refused before any work
    budget = budget or Budget()
    if isinstance(expression, str):
        with budget.guard():  # the budget and Ctrl-C cover parsing too
            try:
                expression = parse(expression, deadline=budget.deadline)
            except SearchInterrupted as stop:  # say how to give it more, as searches do
                budget.stop(f"{stop.reason} ({budget.advice})")
    expression, domain, first = setting(expression, domain, first)
    if algorithm == DEFAULT_ALGORITHM:
        algorithm = choose_algorithm(expression)
    n = len(expression.variables)
    if n > max_variables:
        raise LimitError(
            "the number of variables", n, max_variables, "raise it with --max-variables"
        )
    if algorithm in TREE and tree_size(n, len(domain)) > MAX_TREE_NODES:
        raise LimitError(
            f"the game tree {algorithm} would walk (nodes)",
            tree_size(n, len(domain)),
            MAX_TREE_NODES,
            "use the default algorithm, which does not walk the whole tree",
        )
    started = time.perf_counter()
    order = None
    if algorithm in ORDERED:
        order = tuple(value_order) if value_order is not None else None
        if order is None and algorithm == "paper":
            order = paper_value_order(expression, domain, seed=seed, samples=DEFAULT_SAMPLES)
    game = EValuate(expression, domain, first=first, value_order=order)
    result = SOLVERS[algorithm](game, budget=budget)
    seconds = time.perf_counter() - started
    pv = [] if result.value is None else _complete(game, result.pv)
    reported = game.value_order if algorithm in ORDERED else None
    return Solution(
        expression, domain, first, result.value, pv, algorithm, result.stats, seconds, reported
    )


def _complete(game: EValuate, moves: Sequence[Any]) -> list[Round]:
    """Pair the moves into rounds, and finish a line that stopped at a constant residual.

    Once the residual is constant, the remaining variables cannot change the value, so
    any values complete the line (the first domain value is used).
    """
    rounds = [(moves[i], moves[i + 1]) for i in range(0, len(moves) - 1, 2)]
    placed = {name for _, name in rounds}
    rest = [name for name in game.expression.variables if name not in placed]
    return rounds + [(game.domain[0], name) for name in rest]
