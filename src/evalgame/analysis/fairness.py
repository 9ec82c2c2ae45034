"""Fairness: how often MAX wins, MIN wins or the game is drawn when players move at random.

A *random* player picks uniformly among all its moves (every value, every free variable);
games that end with an undefined value (a division by zero) are counted apart as
``undefined``. An *optimal* player keeps to minimax-optimal moves and, among them, picks
the one that gives it the best chance of winning, then of drawing — so an optimal MAX
never loses and an optimal MIN never loses. Every path a random player can take is then
equally likely, so probabilities are exact counts of paths over the whole position space,
computed level by level with numpy like :mod:`evalgame.games.evaluate.vectorized`.

>>> report = fairness("(10-X)*Y")
>>> report.random.as_text()
'MAX 9/50, MIN 4/5, draw 1/50'
>>> report.fair, fairness("a*b + c").never_loses
(False, 'MIN')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from evalgame.errors import LimitError
from evalgame.expr.domain import DIGITS, DomainLike, make_domain
from evalgame.expr.expression import Expression, parse
from evalgame.expr.nodes import Bin, Neg, Node, Num
from evalgame.games.evaluate.vectorized import PositionValues, solve_positions
from evalgame.numbers import Number, format_number
from evalgame.search.protocol import Player

#: most positions the exact count runs over
MAX_POSITIONS = 2_000_000
Counts = npt.NDArray[np.int64]  # (positions, 4): MAX wins, MIN wins, draw, undefined
_MAX, _MIN, _DRAW, _UNDEFINED = range(4)


@dataclass(frozen=True)
class Odds:
    """Exact probabilities of the four ends of a game."""

    max_wins: Fraction
    min_wins: Fraction
    draw: Fraction
    undefined: Fraction

    def as_text(self) -> str:
        """``MAX 27/100, MIN 71/100, draw 1/50`` (undefined only when possible)."""
        parts = [
            f"MAX {format_number(self.max_wins)}",
            f"MIN {format_number(self.min_wins)}",
            f"draw {format_number(self.draw)}",
        ]
        if self.undefined:
            parts.append(f"undefined {format_number(self.undefined)}")
        return ", ".join(parts)

    def as_json(self) -> dict[str, str]:
        """Exact probabilities as strings."""
        return {
            "max_wins": format_number(self.max_wins),
            "min_wins": format_number(self.min_wins),
            "draw": format_number(self.draw),
            "undefined": format_number(self.undefined),
        }


@dataclass(frozen=True)
class Fairness:
    """The odds under three kinds of play, and what can be said in general."""

    expression: Expression
    domain: tuple[Number, ...]
    minimax: Number | None
    random: Odds
    optimal_max: Odds
    optimal_min: Odds
    only_plus_times: bool

    @property
    def fair(self) -> bool:
        """Whether MAX and MIN win equally often when both play at random."""
        return self.random.max_wins == self.random.min_wins

    @property
    def never_loses(self) -> str | None:
        """``'MIN'`` if MAX can never win (e.g. only + and *), ``'MAX'`` symmetrically."""
        if self.random.max_wins == 0 and self.optimal_max.max_wins == 0:
            return "MIN"
        if self.random.min_wins == 0 and self.optimal_min.min_wins == 0:
            return "MAX"
        return None


def fairness(expression: Expression | str, domain: DomainLike = DIGITS) -> Fairness:
    """The exact odds of e-Valuate on ``expression`` under random and optimal play."""
    expression = parse(expression) if isinstance(expression, str) else expression
    domain = make_domain(domain)
    positions = (len(domain) + 1) ** len(expression.variables)
    if positions > MAX_POSITIONS:
        raise LimitError("the number of positions", positions, MAX_POSITIONS, "use fewer variables")
    values = solve_positions(expression, domain)
    return Fairness(
        expression,
        domain,
        values.value(),
        _odds(values, optimal=None),
        _odds(values, optimal=Player.MAX),
        _odds(values, optimal=Player.MIN),
        _only_plus_times(expression.tree) and min(domain) >= 0,
    )


def _only_plus_times(tree: Node) -> bool:
    """Whether ``tree`` uses only + and * and non-negative constants (so it is monotone)."""
    if isinstance(tree, Num):
        return tree.value >= 0
    if isinstance(tree, Neg):
        return False
    if isinstance(tree, Bin):
        return tree.op in "+*" and _only_plus_times(tree.left) and _only_plus_times(tree.right)
    return True


def _odds(values: PositionValues, optimal: Player | None) -> Odds:
    counts = _path_counts(values, optimal)
    root = counts[0]
    total = int(root.sum())
    return Odds(*(Fraction(int(count), total) for count in root))


def _path_counts(values: PositionValues, optimal: Player | None) -> Counts:
    """For every proposer's position, how many equally likely paths end each way."""
    n, m, base = len(values.expression.variables), len(values.domain), values.base
    ranks = values.ranks
    target = int(ranks[0])
    index = np.arange(base**n, dtype=np.int64)
    codes = [((index // base**slot) % base).astype(np.int8) for slot in range(n)]
    free = np.zeros(base**n, dtype=np.int8)
    for code in codes:
        free += code == 0
    counts = np.zeros((base**n, 4), dtype=np.int64)

    done = np.flatnonzero(free == 0)
    leaf = ranks[done]
    ends = np.select([leaf < 0, leaf > target, leaf < target], [_UNDEFINED, _MAX, _MIN], _DRAW)
    counts[done, ends] = 1

    proposer, placer = values.proposer, values.proposer.opponent
    for level in range(1, n + 1):
        states = np.flatnonzero(free == level)
        everywhere = np.ones(states.size, dtype=np.bool_)
        replies: list[Option] = []
        for j in range(m):
            options: list[Option] = []
            for slot in range(n):
                is_free = codes[slot][states] == 0
                child = np.where(is_free, states + (j + 1) * base**slot, 0)
                options.append((is_free, ranks[child], counts[child]))
            rank = _best_rank(options, placer)
            replies.append((everywhere, rank, _combine(options, rank, placer, optimal)))
        counts[states] = _combine(replies, ranks[states], proposer, optimal)
    return counts


#: one move at every position of a level: where it is legal, the rank it leads to, the
#: path counts below it
Option = tuple[npt.NDArray[np.bool_], npt.NDArray[np.int32], Counts]


def _best_rank(options: list[Option], player: Player) -> npt.NDArray[np.int32]:
    """The value (rank) ``player`` gets from the best valid option; -1 where none is."""
    size = options[0][1].size
    worst = np.iinfo(np.int32).max
    best = np.full(size, worst if player is Player.MIN else -1, dtype=np.int32)
    for legal, rank, _ in options:
        usable = legal & (rank >= 0)
        if player is Player.MIN:
            best = np.where(usable, np.minimum(best, rank), best)
        else:
            best = np.where(usable, np.maximum(best, rank), best)
    best[best == worst] = -1
    return best


def _combine(
    options: list[Option], value: npt.NDArray[np.int32], player: Player, optimal: Player | None
) -> Counts:
    """The path counts when ``player`` moves: all options if random, else the best one.

    An optimal player keeps to options of the position's value and, among those, takes
    the most wins for itself, then the most draws; where no option is valid, any will do.
    """
    if optimal is not player:
        return sum(
            (np.where(legal[:, None], c, 0) for legal, _, c in options),
            np.zeros_like(options[0][2]),
        )
    wins = _MAX if player is Player.MAX else _MIN
    size = value.size
    chosen = np.zeros((size, 4), dtype=np.int64)
    have = np.zeros(size, dtype=np.bool_)
    fallback = np.zeros((size, 4), dtype=np.int64)
    have_fallback = np.zeros(size, dtype=np.bool_)
    for legal, rank, c in options:
        first = legal & ~have_fallback
        fallback[first] = c[first]
        have_fallback |= legal
        eligible = legal & (rank == value) & (rank >= 0)
        better = eligible & (
            ~have
            | (c[:, wins] > chosen[:, wins])
            | ((c[:, wins] == chosen[:, wins]) & (c[:, _DRAW] > chosen[:, _DRAW]))
        )
        chosen[better] = c[better]
        have |= eligible
    chosen[~have] = fallback[~have]
    return chosen
