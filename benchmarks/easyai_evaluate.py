"""e-Valuate written for easyAI, the peer library the benchmarks compare against.

easyAI's Negamax (alpha-beta) with its TranspositionTable, keyed on the assignment, as the
issue describes the peer measurement. e-Valuate's invalid leaves (division by zero) are not
something negamax knows about, so the legal moves are filtered with a validity table built
with numpy before the search (its time is counted in easyAI's): a move is offered only if
some completion after it is defined — exactly the positions evalgame's solvers keep.
Values are exact Fractions in the game; easyAI's negamax turns them into floats (it
multiplies scores by a depth bonus), so the benchmark compares them after rounding back.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any

import numpy as np
from easyAI import Negamax, TranspositionTable, TwoPlayerGame

from evalgame.expr.expression import Expression, parse


def validity_table(expression: Expression, domain: tuple[int, ...]) -> dict[tuple[Any, ...], bool]:
    """For every partial assignment (None = free), whether some completion is defined."""
    n = len(expression.variables)
    defined = np.zeros((len(domain),) * n, dtype=bool)
    for values in itertools.product(range(len(domain)), repeat=n):
        defined[values] = expression.compiled([domain[i] for i in values]) is not None
    table: dict[tuple[Any, ...], bool] = {}
    for pattern in itertools.product([None, *range(len(domain))], repeat=n):
        index = tuple(slice(None) if i is None else i for i in pattern)
        table[tuple(None if i is None else domain[i] for i in pattern)] = bool(defined[index].any())
    return table


class EasyEValuate(TwoPlayerGame):  # type: ignore[misc]
    """MAX (player 1) proposes a value, MIN (player 2) places it; MAX scores val(E)."""

    def __init__(self, text: str, domain: tuple[int, ...] = tuple(range(10))) -> None:
        self.players = [None, None]
        self.current_player = 1
        self.expression = parse(text)
        self.domain = domain
        self.values: list[Any] = [None] * len(self.expression.variables)
        self.proposal: int | None = None
        self.valid = validity_table(self.expression, domain)
        self.nodes = 0

    def possible_moves(self) -> list[Any]:
        if self.proposal is None:
            return [d for d in self.domain if self._after_proposal(d)]
        moves = []
        for slot, value in enumerate(self.values):
            if value is None:
                self.values[slot] = self.proposal
                if self.valid[tuple(self.values)]:
                    moves.append(slot)
                self.values[slot] = None
        return moves

    def _after_proposal(self, d: int) -> bool:
        for slot, value in enumerate(self.values):
            if value is None:
                self.values[slot] = d
                ok = self.valid[tuple(self.values)]
                self.values[slot] = None
                if ok:
                    return True
        return False

    def make_move(self, move: Any) -> None:
        self.nodes += 1
        if self.proposal is None:
            self.proposal = move
        else:
            self.values[move] = self.proposal
            self.proposal = None

    def unmake_move(self, move: Any) -> None:
        if self.proposal is None:  # undo a placement
            self.proposal = self.values[move]
            self.values[move] = None
        else:
            self.proposal = None

    def is_over(self) -> bool:
        return self.proposal is None and None not in self.values

    def scoring(self) -> Fraction:
        value = self.expression.compiled(self.values)
        assert value is not None
        return Fraction(value) if self.current_player == 1 else -Fraction(value)

    def ttentry(self) -> tuple[Any, ...]:
        return (*self.values, self.proposal)


def solve_with_easyai(text: str) -> tuple[Fraction, int]:
    """The minimax value (rounded back from easyAI's float) and the moves easyAI made."""
    game = EasyEValuate(text)
    depth = 2 * len(game.expression.variables)
    ai = Negamax(depth, tt=TranspositionTable())
    score = ai(game)
    del score  # ai(game) returns the best move; the value is ai.alpha
    value = Fraction(ai.alpha).limit_denominator(10_000)
    return value, game.nodes
