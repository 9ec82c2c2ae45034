"""Who won a finished game: one rule for every game, on the command line and the web page.

A game ends at a final value to MAX, compared with a *par*: larger — MAX wins, smaller —
MIN wins, equal — a draw. The par of a scoring game is its value under optimal play
(e-Valuate: val(E) against minimax(E); the tiling game: the dominoes placed against the
game's value; the graph game: MAX's share against its minimax share); the par of a
classic win/draw/loss game is 0, so the sign of the payoff decides. Values are exact, so a
tie is a tie.

>>> from fractions import Fraction
>>> terms = Terms("val(E) = {}", "minimax(E) = {}", "val(E) = minimax(E) = {}")
>>> judge(Fraction(1, 2), 0, terms).text
'MAX wins: val(E) = 1/2 > minimax(E) = 0'
>>> judge(18, 18, terms).text
'a draw: val(E) = minimax(E) = 18'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from evalgame.numbers import Number, format_number
from evalgame.search.protocol import Player


def winner(final: Number, par: Number) -> Player | None:
    """The rule: MAX if ``final`` is above ``par``, MIN if below, ``None`` (a draw) if equal.

    With floats 1/10 + 2/10 − 3/10 would not be 0; with exact values it is a draw.

    >>> from fractions import Fraction
    >>> winner(Fraction(1, 10) + Fraction(2, 10) - Fraction(3, 10), 0) is None
    True
    """
    if final > par:
        return Player.MAX
    if final < par:
        return Player.MIN
    return None


class Outcome(enum.Enum):
    """The natural outcome of a classic game, from the sign of its value to MAX."""

    FIRST = "first player wins"
    DRAW = "draw"
    SECOND = "second player wins"

    @classmethod
    def of(cls, value: Number) -> Outcome:
        """The outcome of ``value`` (the rule with par 0): positive → first player wins.

        >>> Outcome.of(-1).value
        'second player wins'
        """
        return {Player.MAX: cls.FIRST, Player.MIN: cls.SECOND, None: cls.DRAW}[winner(value, 0)]

    @property
    def winner(self) -> Player | None:
        """MAX, MIN or ``None`` for a draw."""
        return {Outcome.FIRST: Player.MAX, Outcome.SECOND: Player.MIN}.get(self)


@dataclass(frozen=True)
class Verdict:
    """How a finished game ended: the winner (``None`` for a draw or no verdict), a sentence,
    the comparison alone (``reason``: for callers that name the winner their own way, such
    as "you win") and whether the par was known (``decided``)."""

    winner: Player | None
    text: str
    reason: str = ""
    decided: bool = True


@dataclass(frozen=True)
class Terms:
    """How a scoring game words its verdicts: each ``{}`` is a value.

    ``final`` names the final value, ``par`` the game's value, ``tie`` both when equal;
    ``unknown`` is the sentence when the par is not known, with fields ``{final}``,
    ``{lower}`` and ``{upper}`` (the bounds proven on the par).
    """

    final: str
    par: str
    tie: str
    unknown: str = "{final}: the value of the game is not known, so there is no verdict"


def judge(
    final: Number,
    par: Number | None,
    terms: Terms,
    *,
    bounds: tuple[Number | None, Number | None] = (None, None),
    show: Callable[[Number], str] = format_number,
) -> Verdict:
    """The verdict on ``final`` against ``par`` (``None``: not known, so no verdict)."""
    if par is None:
        lower, upper = (None if bound is None else show(bound) for bound in bounds)
        return Verdict(
            None, terms.unknown.format(final=show(final), lower=lower, upper=upper), "", False
        )
    who = winner(final, par)
    if who is None:
        reason = terms.tie.format(show(par))
        return Verdict(None, f"a draw: {reason}", reason)
    relation = ">" if who is Player.MAX else "<"
    reason = f"{terms.final.format(show(final))} {relation} {terms.par.format(show(par))}"
    return Verdict(who, f"{who.name} wins: {reason}", reason)
