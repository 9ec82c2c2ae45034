"""The matching game's leaf solver for the proof manager: the matching solver's tests.

The manager asks questions about whole-game values (edges chosen so far included); the
specialised solver counts the moves still to come, in integers. :class:`MatchingLeaf`
translates: "value ≥ γ?" at a position with ``placed`` edges is "moves to come ≥
⌈γ − placed⌉?" (and "> γ?" is "≥ ⌊γ − placed⌋ + 1?"). Its table lives as long as the
worker process, so each task starts from everything earlier tasks proved there.

>>> from evalgame.games.tiling.game import TilingGame
>>> from evalgame.search.budget import Budget
>>> game = TilingGame(3, 3)
>>> leaf = MatchingLeaf(game, table_mb=1)
>>> leaf.test(game.initial(), 4, False, Budget())[0]   # value ≥ 4: proven ≥ 4
4
>>> leaf.test(game.initial(), 4, True, Budget())[0]    # value > 4: no, proven ≤ 4
4
"""

from __future__ import annotations

import math
from typing import Any

from evalgame.games.matching.game import MatchingGame, MatchingPosition
from evalgame.games.matching.native import Engine, make_solver
from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player


class MatchingLeaf:
    """Null-window tests on positions of ``game`` by the specialised solver (the C kernel
    when it is built, with a table of ``table_mb`` MB per worker)."""

    def __init__(
        self, game: MatchingGame, *, engine: Engine = "auto", table_mb: int | None = None
    ) -> None:
        self.solver = make_solver(game.graph, engine=engine, table_mb=table_mb)

    def test(
        self, position: Any, gamma: Number, strict: bool, budget: Budget
    ) -> tuple[Number | None, int]:
        """See :class:`~evalgame.proofs.problem.LeafSolver`."""
        assert isinstance(position, MatchingPosition)
        remaining = gamma - position.placed
        target = math.floor(remaining) + 1 if strict else math.ceil(remaining)
        solver = self.solver
        solver.budget = budget
        before = solver.stats.nodes
        try:
            result = solver.test(position.free, position.to_move is Player.MAX, target)
        finally:
            solver.budget = None
            budget.lower = budget.upper = None
        return result + position.placed, solver.stats.nodes - before
