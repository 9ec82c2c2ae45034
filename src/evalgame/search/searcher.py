"""The fail-soft alpha-beta engine behind alphabeta, NegaScout, MTD(f) and iterative deepening.

``search(position, α, β)`` returns ``None`` exactly when no leaf below ``position`` is valid,
and otherwise a value ``v`` with the fail-soft guarantee: ``v ≤ α`` ⇒ value ≤ v,
``v ≥ β`` ⇒ value ≥ v, and ``α < v < β`` ⇒ value = v.

*Invalid leaves.* MAX and MIN range over valid children only. A node returns ``None`` only
when every child returned ``None`` — never because of a cut-off, since a node cuts only
after a child gave it a real value — so by induction ``None`` means "invalid" and a real
result means "valid". The usual fail-soft argument then runs over the valid children.

*Static bounds* ``game.bounds`` hold only for valid positions, so a position whose bounds
fall outside the window is cut off only once a valid leaf below it has been found (or the
search proves it invalid); otherwise an invalid position could pass for a bound.

*Exact null windows.* A test "value ≥ γ" is a search with the window (γ⁻, γ) and
"value > γ" one with (γ, γ⁺), where γ± are the :class:`~evalgame.search.window.Edge`
values infinitesimally around γ. The returned ``v`` then satisfies: if ``v ≥ γ`` (resp.
``v > γ``) the value is at least ``v``, otherwise at most ``v`` — because every returned
value is a real leaf value and none lies strictly between γ⁻ and γ (or γ and γ⁺).

*Tables* store ``(lower, upper, best move)`` in the coordinates of the key class: for
``game.affine(p) = (s, o)`` the entry holds ``(v − o)/s``.

>>> from evalgame.search.examples import NestedTree
>>> from evalgame.search.context import SearchContext
>>> game = NestedTree([[3, 5], [2, 9], [None, None]])
>>> searcher = Searcher(SearchContext(game, None))
>>> searcher.search(game.initial(), -INF, INF), searcher.pv[0]
(3, (0, 0))
>>> searcher.test(game.initial(), 3, strict=True)   # "value > 3?" — no: value ≤ 3
3
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

from evalgame.search.context import SearchContext, refuse_chance
from evalgame.search.ordering import ordered_moves
from evalgame.search.protocol import Player, Value
from evalgame.search.result import SearchResult, canonical
from evalgame.search.table import Entry, TranspositionTable
from evalgame.search.window import Bound, Edge, above, below

P = TypeVar("P")
M = TypeVar("M")

INF = float("inf")


class Searcher(Generic[P, M]):
    """Fail-soft alpha-beta with a transposition table, static bounds and a depth horizon.

    ``scout=True`` in :meth:`search` makes it Principal Variation Search: after the first
    valid child, each child is first tested with an exact null window and searched again
    with the full window only when the test says it improves the current best.
    ``pv[0]`` holds the principal variation of the last search from the root (it stops
    early where a table entry answered; :mod:`evalgame.search.pv` completes it).
    ``horizon_hits`` counts heuristic values used (evaluations at the horizon and inexact
    table entries): a depth-limited search with none is exact.
    """

    def __init__(
        self,
        context: SearchContext[P, M],
        table: TranspositionTable | None = None,
        *,
        use_bounds: bool = True,
    ) -> None:
        self.context = context
        self.game = context.game
        self.stats = context.stats
        self.table = table
        self.use_bounds = use_bounds
        self.horizon_hits = 0
        self.pv: list[tuple[M, ...]] = [()]

    def test(
        self, position: P, gamma: Value, *, strict: bool, depth: int | None = None
    ) -> Value | None:
        """Fail-soft answer to "value > γ?" (``strict``) or "value ≥ γ?" (see module doc)."""
        if strict:
            return self.search(position, gamma, above(gamma), depth)
        return self.search(position, below(gamma), gamma, depth)

    def result(
        self, value: Value | None, pv: tuple[M, ...], algorithm: str, depth: int | None = None
    ) -> SearchResult[M]:
        """The :class:`SearchResult` of a search from the root that returned ``value``."""
        if self.table is not None:
            self.stats.table_size = len(self.table)
        return SearchResult(
            value=None if value is None else canonical(value),
            pv=pv,
            stats=self.stats,
            algorithm=algorithm,
            exact=self.horizon_hits == 0,
            depth=depth,
        )

    def best_move(self, position: P) -> object:
        """The best move the table remembers for ``position`` (``None`` if none)."""
        if self.table is None:
            return None
        key = self.game.key(position)
        entry = None if key is None else self.table.get(key)
        return None if entry is None else entry.move

    def search(
        self,
        position: P,
        alpha: Bound,
        beta: Bound,
        depth: int | None = None,
        ply: int = 0,
        scout: bool = False,
    ) -> Value | None:
        """The fail-soft value of ``position`` for the window (α, β); ``depth`` plies left."""
        game, stats, pv = self.game, self.stats, self.pv
        self.context.enter()
        while len(pv) <= ply + 1:
            pv.append(())
        pv[ply] = ()
        heuristic_before = self.horizon_hits
        window = alpha, beta  # as the caller passed it, before the table or bounds narrow it

        key: Hashable | None = None
        scale: Value = 1
        offset: Value = 0
        hint: object = None
        if self.table is not None:
            key = game.key(position)
            if key is not None:
                scale, offset = game.affine(position)
                entry = self.table.get(key)
                if entry is not None:
                    hint = entry.move
                    if entry.usable(depth):
                        if not entry.exact:
                            self.horizon_hits += 1
                        if entry.invalid:
                            return self._table_hit(position, None)
                        lower = from_key_class(entry.lower, scale, offset)
                        upper = from_key_class(entry.upper, scale, offset)
                        if lower is not None:
                            if lower >= beta or lower == upper:
                                return self._table_hit(position, lower)
                            if lower > alpha:
                                alpha = lower
                        if upper is not None:
                            if upper <= alpha:
                                return self._table_hit(position, upper)
                            if upper < beta:
                                beta = upper

        moves = game.moves(position)
        if not moves:
            stats.leaves += 1
            return game.payoff(position)
        if depth == 0:
            self.horizon_hits += 1
            return game.evaluate(position)
        player = game.to_move(position)
        if player is Player.CHANCE:
            raise refuse_chance(game)

        if self.use_bounds and depth is None:
            low, high = game.bounds(position)
            if low is not None and (low >= beta or low == high):
                return self._bound_cut(position, moves, low, low, high, key, scale, offset)
            if high is not None and high <= alpha:
                return self._bound_cut(position, moves, high, low, high, key, scale, offset)
            if low is not None and low > alpha:
                alpha = low
            if high is not None and high < beta:
                beta = high

        maximizing = player is Player.MAX
        best, best_move = self._children(
            position, moves, hint, maximizing, alpha, beta, depth, ply, scout
        )
        if best is not None and window[0] < best < window[1] and not alpha < best < beta:
            pv[ply] = ()  # exact only through a narrowed bound: no child is known to attain it
        if key is not None and self.table is not None:
            exact = self.horizon_hits == heuristic_before
            if best is None:
                entry = Entry(invalid=True, depth=depth, exact=exact)
            else:
                lower = to_key_class(best, scale, offset) if best > alpha else None
                upper = to_key_class(best, scale, offset) if best < beta else None
                entry = Entry(lower, upper, best_move, depth=depth, exact=exact)
            self.table.store(key, entry)
        return best

    def _children(
        self,
        position: P,
        moves: Sequence[M],
        hint: object,
        maximizing: bool,
        alpha: Bound,
        beta: Bound,
        depth: int | None,
        ply: int,
        scout: bool,
    ) -> tuple[Value | None, M | None]:
        """Search the children in order; the best value (``None``: none valid) and move."""
        game, stats, pv, context = self.game, self.stats, self.pv, self.context
        ordered = ordered_moves(game, position, moves, hint)
        child_depth = None if depth is None else depth - 1
        best: Value | None = None
        best_move: M | None = None
        seen = 0  # tree nodes in the subtrees searched so far (when sizes are counted)
        cut = False  # a cut-off left some of the ordered moves unsearched
        for index, move in enumerate(ordered):
            child = game.play(position, move)
            if maximizing:
                if scout and best is not None:  # is the child better than alpha?
                    assert not isinstance(alpha, Edge)  # scout windows hold real values
                    value = self.search(child, alpha, above(alpha), child_depth, ply + 1)
                    if value is not None and alpha < value < beta:
                        stats.researches += 1
                        value = self.search(child, alpha, beta, child_depth, ply + 1, True)
                else:
                    value = self.search(child, alpha, beta, child_depth, ply + 1, scout)
            elif scout and best is not None:  # is the child below beta?
                assert not isinstance(beta, Edge)
                value = self.search(child, below(beta), beta, child_depth, ply + 1)
                if value is not None and alpha < value < beta:
                    stats.researches += 1
                    value = self.search(child, alpha, beta, child_depth, ply + 1, True)
            else:
                value = self.search(child, alpha, beta, child_depth, ply + 1, scout)
            if context.sizes:
                seen += context.size(child)
            if value is None or (
                best is not None and (value <= best if maximizing else value >= best)
            ):
                continue
            best, best_move = value, move
            pv[ply] = (move, *pv[ply + 1])
            if best >= beta if maximizing else best <= alpha:
                cut = index + 1 < len(ordered)
                if cut and maximizing:
                    stats.beta_cutoffs += 1
                elif cut:
                    stats.alpha_cutoffs += 1
                break
            if maximizing and best > alpha:
                alpha = best
            elif not maximizing and best < beta:
                beta = best
        if context.sizes and (cut or len(ordered) < len(moves)):
            skipped = context.size(position) - 1 - seen
            if not cut:  # only moves the order hook left out as dominated
                stats.bound_pruned += skipped
            elif maximizing:
                stats.beta_pruned += skipped
            else:
                stats.alpha_pruned += skipped
        return best, best_move

    def _table_hit(self, position: P, value: Value | None) -> Value | None:
        self.stats.table_hits += 1
        if self.context.sizes:
            self.stats.table_pruned += self.context.size(position) - 1
        return value

    def _bound_cut(
        self,
        position: P,
        moves: Sequence[M],
        cut: Value,
        low: Value | None,
        high: Value | None,
        key: Hashable | None,
        scale: Value,
        offset: Value,
    ) -> Value | None:
        """Cut ``position`` off at the static bound ``cut`` — if it is valid at all."""
        stats = self.stats
        accounted = stats.nodes + stats.pruned
        valid = self._any_valid(position, moves)
        if valid:
            stats.bound_cutoffs += 1
            if self.context.sizes:  # the nodes below that the validity check did not reach
                accounted = stats.nodes + stats.pruned - accounted
                stats.bound_pruned += self.context.size(position) - 1 - accounted
        if key is not None and self.table is not None:
            if valid:
                entry = Entry(to_key_class(low, scale, offset), to_key_class(high, scale, offset))
            else:
                entry = Entry(invalid=True)
            self.table.store(key, entry)
        return cut if valid else None

    def _any_valid(self, position: P, moves: Sequence[M]) -> bool:
        """Whether some child of ``position`` has a valid leaf below it (depth-first)."""
        game = self.game
        for move in moves:
            child = game.play(position, move)
            self.context.enter()
            if self.table is not None:
                key = game.key(child)
                entry = None if key is None else self.table.get(key)
                if entry is not None and entry.usable(None):
                    self._table_hit(child, None)
                    if entry.invalid:
                        continue
                    return True
            child_moves = game.moves(child)
            if not child_moves:
                self.stats.leaves += 1
                if game.payoff(child) is not None:
                    return True
                continue
            if game.to_move(child) is Player.CHANCE:
                raise refuse_chance(game)
            if self._any_valid(child, child_moves):
                return True
        return False


def to_key_class(value: Value | None, scale: Value, offset: Value) -> Value | None:
    """A value of the position in the coordinates of its key class."""
    if value is None or (scale == 1 and offset == 0):
        return value
    return Fraction(value - offset) / scale


def from_key_class(value: Value | None, scale: Value, offset: Value) -> Value | None:
    """A value of the key class in the coordinates of the position."""
    if value is None or (scale == 1 and offset == 0):
        return value
    return value * scale + offset
