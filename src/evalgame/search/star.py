"""Ballard's *-minimax: alpha-beta that also prunes below CHANCE nodes (Star1 and Star2).

Expectiminimax must search every outcome of a chance node. With known bounds ``L ≤ every
leaf ≤ U`` it need not: after some outcomes are searched, the chance node's value lies in

    [Σ pᵢ·loᵢ, Σ pᵢ·hiᵢ]

where ``[loᵢ, hiᵢ]`` is what is known of outcome ``i`` (``[L, U]`` before it is searched,
one number once it is). When the upper end is ≤ α or the lower end ≥ β the chance node
cannot matter to its parent and the remaining outcomes are pruned — the *Star1* cut-off.
Outcome ``i`` is searched with the window that makes it decide exactly that:

    αᵢ = (α − Σ_{j≠i} pⱼ·hiⱼ) / pᵢ,    βᵢ = (β − Σ_{j≠i} pⱼ·loⱼ) / pᵢ

(clipped to ``[loᵢ, hiᵢ]``). *Star2* first *probes* each outcome that is a MAX (MIN)
position by searching only its first move: that move's value is a lower (upper) bound on
the outcome's, so ``loᵢ`` (``hiᵢ``) rises (falls) above ``L`` (below ``U``) before any
outcome is searched in full, and the cut-off may come with one move per outcome. A probed
move's result is remembered, so the full search does not search it again where the probe
already answered for the new window (a one-entry transposition table per move).

Every value is exact (``Fraction``); the search is fail-soft like
:class:`~evalgame.search.searcher.Searcher`: ``v ≤ α`` ⇒ value ≤ v, ``v ≥ β`` ⇒ value ≥
v, else value = v. Why the cut-offs are sound is written in ``docs/dag.md``. The hooks
:meth:`StarSearcher.entered`, :meth:`~StarSearcher.left`, :meth:`~StarSearcher.cut` and
:meth:`~StarSearcher.probed` do nothing here; the DAG lab overrides them to watch.

>>> from fractions import Fraction
>>> from evalgame.search.chance import expectiminimax
>>> from evalgame.search.examples import NestedTree
>>> class Dice(NestedTree):  # MAX at the root, then a fair coin, then MIN
...     def to_move(self, position):
...         return (Player.MAX, Player.CHANCE, Player.MIN)[position[1] % 3]
...     def probability(self, position, move):
...         return Fraction(1, 2)
>>> game = Dice([[[3, 5], [4, 6]], [[0, 1], [9, 9]]])
>>> star1(game, 0, 9).value, star2(game, 0, 9).value, expectiminimax(game).value
(Fraction(9, 2), Fraction(9, 2), Fraction(9, 2))
>>> star1(game, 0, 9).stats.nodes, expectiminimax(game).stats.nodes
(14, 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Generic, Literal, TypeVar

from evalgame.errors import GameError
from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.chance import probabilities
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult

P = TypeVar("P")
M = TypeVar("M")

INF = float("inf")
#: an end of a window: exact, or ±∞
Window = Fraction | float
#: how a returned value relates to the true one
Kind = Literal["exact", "upper", "lower"]


class StarSearcher(Generic[P, M]):
    """Fail-soft alpha-beta at MAX and MIN nodes, Star1 (``probe=False``) or Star2 at
    CHANCE nodes, with the bounds ``lower ≤ every leaf ≤ upper``."""

    def __init__(
        self, context: SearchContext[P, M], lower: Number, upper: Number, *, probe: bool
    ) -> None:
        if lower > upper:
            raise GameError(f"the bounds [{lower}, {upper}] are empty: L must be at most U")
        self.context = context
        self.game = context.game
        self.lower = Fraction(lower)
        self.upper = Fraction(upper)
        self.probe = probe
        #: results of probes: position key → (value, α, β) searched with
        self.probes: dict[object, tuple[Fraction, Window, Window]] = {}
        #: cut-offs at chance nodes
        self.chance_cutoffs = 0

    # -- hooks (the lab watches through them) ----------------------------------------------

    def entered(self, position: P, alpha: Window, beta: Window, probe: bool) -> None:
        """``position`` is entered with the window (α, β) (``probe``: as a Star2 probe)."""

    def left(self, position: P, value: Fraction, kind: Kind) -> None:
        """``position`` returns ``value``: exact, or an upper or lower bound."""

    def cut(
        self,
        position: P,
        kind: Literal["alpha", "beta", "star-low", "star-high"],
        searched: int,
        terms: list[tuple[Fraction, Fraction, Fraction]] | None,
    ) -> None:
        """A cut-off at ``position`` after its first ``searched`` moves (in its order);
        ``terms``: at a chance node, each outcome's (p, lo, hi) when it cut."""

    def probed(self, position: P, move: M, value: Fraction, kind: Kind) -> None:
        """Star2 probed ``position`` (an outcome) through its first ``move``."""

    def reused(self, position: P, value: Fraction) -> None:
        """A probe's result answered ``position`` again without a search."""

    # -- the search ------------------------------------------------------------------------

    def search(self, position: P, alpha: Window, beta: Window, probe: bool = False) -> Fraction:
        """The fail-soft value of ``position`` for the window (α, β)."""
        game = self.game
        key = game.key(position)
        known = None if key is None else self.probes.get(key)
        if known is not None:
            value, a, b = known
            if a < value < b or (value <= a and value <= alpha) or (value >= b and value >= beta):
                self.reused(position, value)
                return value
        self.context.enter()
        self.entered(position, alpha, beta, probe)
        moves = game.moves(position)
        if not moves:
            self.context.stats.leaves += 1
            value = self._payoff(position)
            self.left(position, value, "exact")
            return value
        player = game.to_move(position)
        if player is Player.CHANCE:
            value = self._chance(position, moves, alpha, beta)
        else:
            value = self._choose(position, moves, player is Player.MAX, alpha, beta)
        kind: Kind = "upper" if value <= alpha else "lower" if value >= beta else "exact"
        self.left(position, value, kind)
        return value

    def _payoff(self, position: P) -> Fraction:
        value = self.game.payoff(position)
        if value is None:
            raise GameError(f"{self.game.name}: *-minimax needs a valid value at every leaf")
        if not self.lower <= value <= self.upper:
            raise GameError(
                f"a leaf is worth {value}, outside the bounds [{self.lower}, {self.upper}]: "
                "*-minimax prunes only with bounds that hold for every leaf"
            )
        return Fraction(value)

    def _choose(
        self, position: P, moves: Sequence[M], maximizing: bool, alpha: Window, beta: Window
    ) -> Fraction:
        """MAX or MIN: fail-soft alpha-beta over the moves in the game's order."""
        game, stats = self.game, self.context.stats
        best: Fraction | None = None
        a, b = alpha, beta
        moves = game.order(position, moves)
        for index, move in enumerate(moves):
            value = self.search(game.play(position, move), a, b)
            if best is None or (value > best if maximizing else value < best):
                best = value
            if maximizing and best > a:
                a = best
            if not maximizing and best < b:
                b = best
            if a >= b:
                if index + 1 < len(moves):
                    if maximizing:
                        stats.beta_cutoffs += 1
                    else:
                        stats.alpha_cutoffs += 1
                    self.cut(position, "beta" if maximizing else "alpha", index + 1, None)
                break
        assert best is not None  # a position with moves searched at least one
        return best

    def _chance(self, position: P, moves: Sequence[M], alpha: Window, beta: Window) -> Fraction:
        """Star1 (after Star2's probes): each outcome with the window that decides the cut."""
        game = self.game
        odds = probabilities(game, position, moves)
        lo = [self.lower] * len(moves)
        hi = [self.upper] * len(moves)
        children = [game.play(position, move) for move in moves]

        def decided(searched: int) -> Fraction | None:
            low = sum((p * v for p, v in zip(odds, lo, strict=True)), Fraction(0))
            high = sum((p * v for p, v in zip(odds, hi, strict=True)), Fraction(0))
            if low == high:
                return low
            if high <= alpha or low >= beta:
                if searched < len(moves):
                    self.chance_cutoffs += 1
                    self.cut(
                        position,
                        "star-low" if high <= alpha else "star-high",
                        searched,
                        list(zip(odds, lo, hi, strict=True)),
                    )
                return high if high <= alpha else low
            return None

        if self.probe:
            for i, child in enumerate(children):
                player = game.to_move(child)
                first = game.moves(child)
                if odds[i] == 0 or player is Player.CHANCE or not first:
                    continue
                a, b = self._window(odds, lo, hi, i, alpha, beta)
                grandchild = game.play(child, first[0])
                value = self.search(grandchild, a, b, probe=True)
                grand_key = game.key(grandchild)
                if grand_key is not None:
                    self.probes[grand_key] = (value, a, b)
                if player is Player.MAX and value > a:  # exact or a lower bound: v ≥ value
                    lo[i] = max(lo[i], value)
                    self.probed(child, first[0], value, "lower")
                elif player is Player.MIN and value < b:  # exact or an upper bound
                    hi[i] = min(hi[i], value)
                    self.probed(child, first[0], value, "upper")
                found = decided(0)
                if found is not None:
                    return found
        for i, child in enumerate(children):
            if odds[i] == 0:
                lo[i] = hi[i] = Fraction(0)  # it counts for nothing: never searched
            elif lo[i] < hi[i]:
                a, b = self._window(odds, lo, hi, i, alpha, beta)
                value = self.search(child, a, b)
                if value <= a:
                    hi[i] = value  # the outcome is worth at most this (and at least lo)
                elif value >= b:
                    lo[i] = value
                else:
                    lo[i] = hi[i] = value
            found = decided(i + 1)
            if found is not None:
                return found
        raise AssertionError("every outcome searched leaves the value exact")  # pragma: no cover

    def _window(
        self,
        odds: list[Fraction],
        lo: list[Fraction],
        hi: list[Fraction],
        i: int,
        alpha: Window,
        beta: Window,
    ) -> tuple[Window, Window]:
        """The window of outcome ``i``: it fails low exactly when the chance node's upper
        end falls to α, high when the lower end reaches β (clipped to what is known)."""
        rest_high = sum(
            (p * v for j, (p, v) in enumerate(zip(odds, hi, strict=True)) if j != i), Fraction(0)
        )
        rest_low = sum(
            (p * v for j, (p, v) in enumerate(zip(odds, lo, strict=True)) if j != i), Fraction(0)
        )
        a: Window = lo[i]
        if isinstance(alpha, Fraction):
            a = max(lo[i], (alpha - rest_high) / odds[i])
        b: Window = hi[i]
        if isinstance(beta, Fraction):
            b = min(hi[i], (beta - rest_low) / odds[i])
        return a, b


def star1(
    game: Game[P, M],
    lower: Number,
    upper: Number,
    position: P | None = None,
    *,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """The exact expectiminimax value of ``position`` by Star1, given ``lower ≤ every leaf ≤
    upper``."""
    return _run(game, lower, upper, position, budget, probe=False)


def star2(
    game: Game[P, M],
    lower: Number,
    upper: Number,
    position: P | None = None,
    *,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """The exact expectiminimax value of ``position`` by Star2 (Star1 with probes)."""
    return _run(game, lower, upper, position, budget, probe=True)


def _run(
    game: Game[P, M],
    lower: Number,
    upper: Number,
    position: P | None,
    budget: Budget | None,
    *,
    probe: bool,
) -> SearchResult[M]:
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    searcher: StarSearcher[P, M] = StarSearcher(context, lower, upper, probe=probe)
    with context.running():
        value = searcher.search(root, -INF, INF)
    return SearchResult(
        value=normal(value), pv=(), stats=context.stats, algorithm="star2" if probe else "star1"
    )
