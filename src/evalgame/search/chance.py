"""Expectiminimax: MAX and MIN nodes as in minimax, CHANCE nodes average their outcomes.

Probabilities come from ``game.probability`` and must be exact, non-negative and sum to 1.
A CHANCE node is invalid when an outcome of positive probability is (the expectation is
then undefined), while MAX and MIN still range over their valid children only. Values are
memoised on ``game.key`` when a table is given.

>>> from fractions import Fraction
>>> from evalgame.search.examples import NestedTree
>>> class Coin(NestedTree):  # MAX at the root, then a fair coin
...     def to_move(self, position):
...         return Player.MAX if position[1] == 0 else Player.CHANCE
...     def probability(self, position, move):
...         return Fraction(1, 2)
>>> expectiminimax(Coin([[0, 10], [4, 5]])).value
5
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TypeVar

from evalgame.errors import GameError
from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from evalgame.search.searcher import from_key_class, to_key_class
from evalgame.search.table import Entry, TranspositionTable

P = TypeVar("P")
M = TypeVar("M")


def probabilities(game: Game[P, M], position: P, moves: Sequence[M]) -> list[Fraction]:
    """The exact probabilities of the outcomes ``moves`` of a CHANCE position, checked."""
    result = []
    for move in moves:
        p = game.probability(position, move)
        if not isinstance(p, int | Fraction) or p < 0:
            raise GameError(
                f"{game.name}: the probability of {game.describe_move(position, move)} is "
                f"{p!r}; probabilities must be exact (int or Fraction) and non-negative"
            )
        result.append(Fraction(p))
    if sum(result) != 1:
        raise GameError(f"{game.name}: the outcome probabilities sum to {sum(result)}, not 1")
    return result


def expectation(outcomes: Sequence[Fraction], values: Sequence[Number | None]) -> Number | None:
    """Σ p·v over the outcomes; ``None`` if an outcome of positive probability is invalid.

    >>> expectation([Fraction(1, 4), Fraction(3, 4)], [4, 8])
    Fraction(7, 1)
    >>> expectation([Fraction(1), Fraction(0)], [4, None]), expectation([Fraction(1)], [None])
    (Fraction(4, 1), None)
    """
    total = Fraction(0)
    for p, value in zip(outcomes, values, strict=True):
        if p == 0:
            continue
        if value is None:
            return None
        total += p * value
    return total


def expectiminimax(
    game: Game[P, M],
    position: P | None = None,
    *,
    table: TranspositionTable | None = None,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """The exact expected value of ``position`` (default: the start) under optimal play.

    The principal variation lists the players' best moves up to the first CHANCE position
    (what happens next depends on the dice).
    """
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    stats = context.stats

    def solve(position: P) -> tuple[Number | None, tuple[M, ...]]:
        """The value and principal variation (cut short where the table answered)."""
        context.enter()
        key: Hashable | None = None
        if table is not None:
            key = game.key(position)
            entry = None if key is None else table.get(key)
            if (
                entry is not None
                and entry.usable(None)
                and (entry.invalid or entry.lower is not None)
            ):
                stats.table_hits += 1
                scale, offset = game.affine(position)
                return from_key_class(entry.lower, scale, offset), ()
        moves = game.moves(position)
        if not moves:
            stats.leaves += 1
            return game.payoff(position), ()
        player = game.to_move(position)
        value: Number | None = None
        line: tuple[M, ...] = ()
        if player is Player.CHANCE:
            odds = probabilities(game, position, moves)
            value = expectation(odds, [solve(game.play(position, move))[0] for move in moves])
        else:
            for move in moves:
                child, pv = solve(game.play(position, move))
                if child is not None and (
                    value is None or (child > value if player is Player.MAX else child < value)
                ):
                    value, line = child, (move, *pv)
        if key is not None and table is not None:
            stored = to_key_class(value, *game.affine(position))
            table.store(key, Entry(stored, stored, invalid=value is None))
        return value, line

    def continuation(position: P, value: Number) -> tuple[M, ...]:
        """Best moves from ``position`` down to a terminal or a CHANCE position."""
        line: list[M] = []
        while game.moves(position) and game.to_move(position) is not Player.CHANCE:
            for move in game.moves(position):
                child = game.play(position, move)
                if solve(child)[0] == value:  # usually a table hit
                    line.append(move)
                    position = child
                    break
            else:
                raise GameError(f"{game.name}: inconsistent transposition keys or affine maps")
        return tuple(line)

    with context.running():
        value, pv = solve(root)
        if value is not None and table is not None:
            end = root
            for move in pv:
                end = game.play(end, move)
            pv += continuation(end, value)
    if table is not None:
        stats.table_size = len(table)
    return SearchResult(
        value=None if value is None else normal(value),
        pv=pv,
        stats=stats,
        algorithm="expectiminimax",
    )
