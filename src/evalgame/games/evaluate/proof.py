"""e-Valuate as a problem for the proof manager (:mod:`evalgame.proofs`).

The game is searched on residual normal forms (:mod:`.residual_game`), keyed by their
portable text: the same in every process, so the store names subproblems by key (a
transposition is one subproblem) and workers share their tables' bounds.

>>> from evalgame.proofs import SerialPool, prove
>>> prove(evaluate_problem("X*(Y-Z)"), SerialPool()).value
18
"""

from __future__ import annotations

from collections.abc import Sequence

from evalgame.expr.domain import DIGITS, format_domain
from evalgame.expr.expression import parse
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.numbers import Number
from evalgame.proofs.problem import EngineProblem
from evalgame.search.protocol import Player


def evaluate_problem(
    expression: str, domain: Sequence[Number] = DIGITS, first: Player = Player.MAX
) -> EngineProblem:
    """e-Valuate on ``expression`` over ``domain``, ``first`` proposing first."""
    text = parse(expression).text  # a malformed expression is refused here, not on a worker
    label = f"e-Valuate {text} over {format_domain(tuple(domain))}, {first.name} first"
    return EngineProblem(
        label, ResidualEValuate, (text, tuple(domain)), (("first", first),), portable_keys=True
    )
