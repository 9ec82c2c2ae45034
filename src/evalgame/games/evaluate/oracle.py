"""Exact values of any e-Valuate position, fast enough to answer every move of a game.

Playing needs the value of many positions: each hint, each move of an optimal agent,
each check that a move keeps the game valid. The oracle maps a position of
:class:`~evalgame.games.evaluate.game.EValuate` to its residual position and searches it
with one transposition table kept across questions, so later questions reuse earlier work.

>>> from evalgame.games.evaluate.game import EValuate
>>> game = EValuate("X*(Y-Z)")
>>> oracle = Oracle(game)
>>> oracle.value(game.initial())
18
>>> oracle.value(game.play(game.initial(), 9))   # MIN puts 9 on Z: X*(Y-9)
0
"""

from __future__ import annotations

import dataclasses
from typing import Any

from evalgame.errors import GameError
from evalgame.games.evaluate.game import EValuate, Move, Position
from evalgame.games.evaluate.residual_game import Position as ResidualPosition
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.protocol import Game
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable


class Oracle:
    """Values and best lines of positions of ``game``, searched on residual forms."""

    def __init__(self, game: EValuate, *, max_entries: int | None = 2_000_000) -> None:
        self.game = game
        self.residual = ResidualEValuate(game.expression, game.domain, first=game.proposer)
        self.table = TranspositionTable(max_entries)
        #: values of positions asked for, kept for later questions
        self.values: dict[Position, Number | None] = {}

    def residual_position(self, position: Position) -> ResidualPosition:
        """The residual game's position equivalent to ``position``."""
        values, proposal = position
        node = self.residual.root
        free = []
        for name, value in zip(self.game.variables, values, strict=True):
            if value is None:
                free.append(name)
            else:
                node = self.residual.algebra.substitute(node, name, value)
        return node, proposal, tuple(sorted(free))

    def solve(self, position: Position, budget: Budget | None = None) -> SearchResult[Any]:
        """The value and a principal variation from ``position`` to the end of the game."""
        start = self.residual_position(position)
        result = alphabeta(self.residual, start, table=self.table, budget=budget)
        if result.value is None:
            return result
        end = start
        for move in result.pv:
            end = self.residual.play(end, move)
        # the residual game ends early: one variable left is read off directly, and once
        # the residual is constant any moves finish the game at the same value
        line = [*result.pv, *self.residual.line(end)]
        real = position
        for move in line:
            real = self.game.play(real, move)
        while not self.game.is_terminal(real):
            line.append(self.game.moves(real)[0])
            real = self.game.play(real, line[-1])
        return dataclasses.replace(result, pv=tuple(line))

    def value(self, position: Position, budget: Budget | None = None) -> Number | None:
        """The exact value of ``position`` (``None``: no valid completion); a search that
        runs out of ``budget`` raises :class:`~evalgame.errors.SearchInterrupted`."""
        if position not in self.values:
            self.values[position] = self.solve(position, budget).value
        return self.values[position]

    def size(self) -> int:
        """What the oracle keeps between questions, in rows: the transposition table's
        entries, the values asked for and the residual forms its searches built. The
        forms grow with the search (1.5 to 3.4 per table entry on the games measured)
        while the table itself is bounded, and each comes with memo rows (substitutions,
        normal forms), so a bound on memory must count them.

        >>> game = EValuate("X*(Y-Z)")
        >>> oracle = Oracle(game)
        >>> before = oracle.size()
        >>> _ = oracle.value(game.initial())
        >>> oracle.size() > before + len(oracle.table)
        True
        """
        return len(self.table) + len(self.values) + len(self.residual.algebra.kind)

    def move_values(
        self, position: Position, budget: Budget | None = None
    ) -> dict[Move, Number | None]:
        """The value after each legal move (``None`` for moves that leave no valid leaf)."""
        return {
            move: self.value(self.game.play(position, move), budget)
            for move in self.game.moves(position)
        }

    def best_move(self, position: Position, budget: Budget | None = None) -> Move:
        """An optimal move of the player to move: the first whose value is best for the
        mover (from the values of the children, not from a principal variation, which may
        stop before the game ends).

        >>> game = EValuate("(10-X)*Y")
        >>> Oracle(game).best_move(game.initial())   # the paper: MAX proposes 5
        5
        """
        best = self.value(position, budget)  # the best value of a child for the mover
        if best is None or self.game.is_terminal(position):
            raise GameError("no move keeps a valid result")
        values = self.move_values(position, budget)
        return next(move for move, value in values.items() if value == best)

    def solver(self, game: Game[Any, Any], position: Any) -> SearchResult[Any]:
        """The play layer's solver interface (``game`` must be this oracle's game)."""
        assert game is self.game
        return self.solve(position)
