"""Pig, a dice game with chance nodes, made small and finite so that it solves exactly.

Rules. Two players, MAX first, race to a ``target`` score with a die of ``faces`` faces
(1, 2, ..., ``faces``, each with probability 1/``faces``). A turn starts with a roll.
Rolling a 1 ends the turn and loses the points of the turn; any other face adds to the
turn total, and then the player chooses to *roll* again or to *hold*, which banks the turn
total and ends the turn. A player whose score plus turn total reaches the target wins at
once. To keep the game finite the game lasts at most ``turns`` turns in all (MAX plays the
odd ones); after the last one the higher score wins and equal scores draw.

The payoff to MAX is +1 for a win, −1 for a loss and 0 for a draw, so the value of a
position is exactly P(MAX wins) − P(MIN wins), a :class:`~fractions.Fraction`.

A position is a :class:`PigPosition`; CHANCE positions are those about to roll (their
moves are the faces ``"1"``, ``"2"``, ...), decision positions have the moves ``"roll"``
and ``"hold"``.

>>> game = Pig(target=2, faces=2, turns=2)
>>> start = game.initial()
>>> game.to_move(start), game.moves(start)
(<Player.CHANCE: 'chance'>, ['1', '2'])
>>> game.probability(start, "2")
Fraction(1, 2)
>>> game.payoff(game.play(start, "2"))  # MAX rolled 2 and reached the target
1
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import NamedTuple

from evalgame.errors import GameError
from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player

ROLL, HOLD = "roll", "hold"


class PigPosition(NamedTuple):
    """Scores, the turn total of the player to act, whose turn, turns left, and phase."""

    max_score: int
    min_score: int
    total: int
    max_to_act: bool
    turns_left: int
    rolling: bool  # True: a CHANCE position about to roll


class Pig(Game[PigPosition, str]):
    """Pig to ``target`` with a ``faces``-sided die, over at most ``turns`` turns in all.

    >>> Pig(target=3, faces=2, turns=2).moves(PigPosition(0, 0, 2, True, 2, False))
    ['hold', 'roll']
    """

    name = "pig"

    def __init__(self, target: int = 20, faces: int = 6, turns: int = 6) -> None:
        if target < 1 or faces < 2 or turns < 1:
            raise GameError(
                f"pig needs a target ≥ 1, a die of ≥ 2 faces and ≥ 1 turn, "
                f"not target={target}, faces={faces}, turns={turns}"
            )
        self.target, self.faces, self.turns = target, faces, turns
        self.name = f"pig:{target}"
        #: what the game's value measures, in words
        self.value_meaning = (
            "P(first player wins) − P(second player wins) under perfect play "
            f"(a draw, equal scores after {turns} turns, counts 0)"
        )
        self._face_moves = [str(face) for face in range(1, faces + 1)]
        self._chance = Fraction(1, faces)

    def initial(self) -> PigPosition:
        return PigPosition(0, 0, 0, True, self.turns, True)

    def _winner(self, position: PigPosition) -> int | None:
        """+1 / −1 / 0 at the end of the game, ``None`` while it goes on."""
        if position.max_score >= self.target:
            return 1
        if position.min_score >= self.target:
            return -1
        if position.turns_left == 0:
            difference = position.max_score - position.min_score
            return (difference > 0) - (difference < 0)
        return None

    def to_move(self, position: PigPosition) -> Player:
        if position.rolling:
            return Player.CHANCE
        return Player.MAX if position.max_to_act else Player.MIN

    def moves(self, position: PigPosition) -> Sequence[str]:
        if self._winner(position) is not None:
            return []
        return list(self._face_moves) if position.rolling else [HOLD, ROLL]

    def _end_turn(self, position: PigPosition, banked: int) -> PigPosition:
        max_score, min_score = position.max_score, position.min_score
        if position.max_to_act:
            max_score += banked
        else:
            min_score += banked
        turns_left = position.turns_left - 1
        return PigPosition(max_score, min_score, 0, not position.max_to_act, turns_left, True)

    def play(self, position: PigPosition, move: str) -> PigPosition:
        if move == HOLD and not position.rolling:
            return self._end_turn(position, position.total)
        if move == ROLL and not position.rolling:
            return position._replace(rolling=True)
        if position.rolling and move in self._face_moves:
            face = int(move)
            if face == 1:
                return self._end_turn(position, 0)
            total = position.total + face
            score = position.max_score if position.max_to_act else position.min_score
            if score + total >= self.target:
                return self._end_turn(position, total)
            return position._replace(total=total, rolling=False)
        raise GameError(f"{move!r} is not a move of pig at {position}")

    def payoff(self, position: PigPosition) -> Number:
        winner = self._winner(position)
        return 0 if winner is None else winner

    def probability(self, position: PigPosition, move: str) -> Fraction:
        return self._chance

    def key(self, position: PigPosition) -> Hashable:
        return position

    def bounds(self, position: PigPosition) -> tuple[Number, Number]:
        return -1, 1

    def evaluate(self, position: PigPosition) -> Number:
        """Score difference (the turn total counted as banked), scaled into (−1, 1)."""
        lead = position.max_score - position.min_score
        lead += position.total if position.max_to_act else -position.total
        return Fraction(lead, 2 * self.target + 2 * self.faces)

    def describe_move(self, position: PigPosition, move: str) -> str:
        return f"rolls {move}" if position.rolling else move

    def render(self, position: PigPosition) -> str:
        """Scores, whose turn, the turn total and the turns left, on one line."""
        who = "MAX" if position.max_to_act else "MIN"
        return (
            f"MAX {position.max_score} · MIN {position.min_score} · target {self.target} · "
            f"{who} to act, turn total {position.total} · {position.turns_left} turns left"
        )
