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
>>> searcher.search(game.initial(), -INF, INF), searcher.variation()
(3, (0, 0))
>>> searcher.test(game.initial(), 3, strict=True)   # "value > 3?" — no: value ≤ 3
3
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Generic, TypeAlias, TypeVar

from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext, refuse_chance
from evalgame.search.ordering import promote
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from evalgame.search.table import Raw, TranspositionTable, usable
from evalgame.search.window import Bound, Edge, above, below

P = TypeVar("P")
M = TypeVar("M")

INF = float("inf")
MAX, CHANCE = Player.MAX, Player.CHANCE  # module constants: an enum lookup costs more

#: a principal variation as a linked list ``(move, rest)``, ``None`` when empty: a new best
#: move then costs one pair, not a copy of the whole line below it
Line: TypeAlias = "tuple[object, Line] | None"


class Searcher(Generic[P, M]):
    """Fail-soft alpha-beta with a transposition table, static bounds and a depth horizon.

    ``scout=True`` in :meth:`search` makes it Principal Variation Search: after the first
    valid child, each child is first tested with an exact null window and searched again
    with the full window only when the test says it improves the current best.
    :meth:`variation` is the principal variation of the last search from the root (it stops
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
        self.game = game = context.game
        self.stats = context.stats
        self.table = table
        self.use_bounds = use_bounds
        self.horizon_hits = 0
        #: the principal variation of the node searched last (each search sets it on exit)
        self.line: Line = None
        self._next_check = 0  # the node count at which the budget is consulted next
        # a budget that overrides tick watches every node: it is ticked at every node
        self._tick_every_node = type(context.budget).tick is not Budget.tick
        self._room = INF if table is None or table.max_entries is None else table.max_entries
        # Hooks the game leaves at the protocol's defaults change nothing; they are
        # detected once here and skipped in the inner loop.
        self._affine = overrides(game, "affine")
        self._bounds = use_bounds and overrides(game, "bounds")
        self._order = overrides(game, "order")

    def test(
        self, position: P, gamma: Number, *, strict: bool, depth: int | None = None
    ) -> Number | None:
        """Fail-soft answer to "value > γ?" (``strict``) or "value ≥ γ?" (see module doc)."""
        if strict:
            return self.search(position, gamma, above(gamma), depth)
        return self.search(position, below(gamma), gamma, depth)

    def variation(self) -> tuple[M, ...]:
        """The principal variation the last search from the root found (maybe partial)."""
        moves: list[M] = []
        line = self.line
        while line is not None:
            move, line = line
            moves.append(move)  # type: ignore[arg-type]  # the lines hold moves of type M
        return tuple(moves)

    def result(
        self, value: Number | None, pv: tuple[M, ...], algorithm: str, depth: int | None = None
    ) -> SearchResult[M]:
        """The :class:`SearchResult` of a search from the root that returned ``value``."""
        if self.table is not None:
            self.stats.table_size = len(self.table)
        return SearchResult(
            value=None if value is None else normal(value),
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
        scout: bool = False,
    ) -> Number | None:
        """The fail-soft value of ``position`` for the window (α, β); ``depth`` plies left.

        This is the engine's inner loop, written as one function with its attributes in
        locals: a call or an attribute lookup saved here is saved at every node.
        """
        game = self.game
        stats = self.stats
        table = self.table
        stats.nodes += 1
        if stats.nodes >= self._next_check:
            self._check_budget()
        self.line = None  # unless the children loop below finds one
        heuristic_before = self.horizon_hits
        caller_alpha, caller_beta = alpha, beta  # the window before the table or bounds narrow it

        # The table: a stored bound may answer at once, or narrow the window.
        key: Hashable | None = None
        shifted = False  # whether the key class's values are an affine image (scale, offset)
        hint: object = None
        if table is not None:
            key = game.key(position)
            if key is not None:
                if self._affine:
                    scale, offset = game.affine(position)
                    shifted = scale != 1 or offset != 0
                entries = table.entries
                entry = entries.get(key)
                if entry is not None:
                    lower, upper, hint, invalid, proved, exact = entry
                    # an unlimited search can use exactly the exact entries (see usable)
                    if exact if depth is None else usable(exact, proved, depth):
                        if not exact:
                            self.horizon_hits += 1
                        if invalid:
                            return self._table_hit(position, None)
                        if shifted:
                            lower = from_key_class(lower, scale, offset)
                            upper = from_key_class(upper, scale, offset)
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
        if depth is None:
            child_depth = None
        elif depth == 0:
            self.horizon_hits += 1
            return game.evaluate(position)
        else:
            child_depth = depth - 1
        player = game.to_move(position)
        if player is CHANCE:
            raise refuse_chance(game)

        if self._bounds and depth is None:
            # Bounds inside the window (the usual case) cost two comparisons. A lower bound
            # above α cuts if it reaches β or is exact; else an upper bound below β cuts if
            # it reaches α (an exact bound ≤ α lands here).
            low, high = game.bounds(position)
            if low is not None and low > alpha:
                if low >= beta or low == high:
                    return self._bound_cut(position, moves, low, low, high, key)
                alpha = low
            if high is not None and high < beta:
                if high <= alpha:
                    return self._bound_cut(position, moves, high, low, high, key)
                beta = high

        # The children, best first; (a, b) is the window narrowed by the values found.
        maximizing = player is MAX
        ordered = game.order(position, moves) if self._order else moves
        if hint is not None and ordered and ordered[0] != hint:
            ordered = promote(ordered, hint)
        sizes = self.context.sizes
        best: Number | None = None
        best_move: M | None = None
        line: Line = None
        seen = 0  # tree nodes in the subtrees searched so far (when sizes are counted)
        cut = False  # a cut-off left some of the ordered moves unsearched
        a, b = alpha, beta
        for index, move in enumerate(ordered):
            child = game.play(position, move)
            if scout and best is not None:
                value = self._scout(child, maximizing, a, b, child_depth)
            else:
                value = self.search(child, a, b, child_depth, scout)
            if sizes:
                seen += self.context.size(child)
            if value is None or (
                best is not None and (value <= best if maximizing else value >= best)
            ):
                continue
            best, best_move = value, move
            line = (move, self.line)
            if maximizing:
                if best >= b:
                    cut = index + 1 < len(ordered)
                    if cut:
                        stats.beta_cutoffs += 1
                    break
                if best > a:
                    a = best
            else:
                if best <= a:
                    cut = index + 1 < len(ordered)
                    if cut:
                        stats.alpha_cutoffs += 1
                    break
                if best < b:
                    b = best
        if sizes and (cut or len(ordered) < len(moves)):
            skipped = self.context.size(position) - 1 - seen
            stats.count_pruned(skipped, cut=cut, maximizing=maximizing)
        if (
            best is not None
            and (alpha is not caller_alpha or beta is not caller_beta)  # the window narrowed
            and caller_alpha < best < caller_beta
            and not alpha < best < beta
        ):
            line = None  # exact only through a narrowed bound: no child attains it
        self.line = line

        if key is not None and table is not None:
            exact = self.horizon_hits == heuristic_before
            if best is None:
                raw: Raw = (None, None, None, True, depth, exact)
            else:
                lower = best if best > alpha else None
                upper = best if best < beta else None
                if shifted:
                    lower = to_key_class(lower, scale, offset)
                    upper = to_key_class(upper, scale, offset)
                raw = (lower, upper, best_move, False, depth, exact)
            # (``entry`` and ``entries`` are set whenever ``key`` is)
            if entry is None and len(entries) < self._room:
                entries[key] = raw  # a new key (the common case): nothing to merge, no call
            else:
                table.record(key, raw)
        return best

    def _check_budget(self) -> None:
        """Let the budget check its limits; it tells after how many nodes to come back.

        (The budget's own :meth:`~Budget.tick` counts down to the same checks, at the cost
        of a call a node.)
        """
        budget, stats = self.context.budget, self.stats
        if self._tick_every_node:
            budget.tick(stats)
            self._next_check = stats.nodes + 1
        else:
            budget.check(stats)
            self._next_check = stats.nodes + budget.countdown

    def _scout(
        self,
        child: P,
        maximizing: bool,
        alpha: Bound,
        beta: Bound,
        depth: int | None,
    ) -> Number | None:
        """A later child in PVS: tested with a null window, re-searched if it improves."""
        if maximizing:  # is the child better than alpha?
            assert not isinstance(alpha, Edge)  # scout windows hold real values
            value = self.search(child, alpha, above(alpha), depth)
        else:  # is the child below beta?
            assert not isinstance(beta, Edge)
            value = self.search(child, below(beta), beta, depth)
        if value is not None and alpha < value < beta:
            self.stats.researches += 1
            value = self.search(child, alpha, beta, depth, True)
        return value

    def _table_hit(self, position: P, value: Number | None) -> Number | None:
        self.stats.table_hits += 1
        if self.context.sizes:
            self.stats.table_pruned += self.context.size(position) - 1
        return value

    def _bound_cut(
        self,
        position: P,
        moves: Sequence[M],
        cut: Number,
        low: Number | None,
        high: Number | None,
        key: Hashable | None,
    ) -> Number | None:
        """Cut ``position`` off at the static bound ``cut`` — if it is valid at all."""
        stats, sizes = self.stats, self.context.sizes
        before = stats.nodes + stats.pruned if sizes else 0
        valid = self.game.all_leaves_valid or self._any_valid(position, moves)
        if valid:
            stats.bound_cutoffs += 1
            if sizes:  # the nodes below that the validity check did not reach
                reached = stats.nodes + stats.pruned - before
                stats.bound_pruned += self.context.size(position) - 1 - reached
        if key is not None and self.table is not None:
            if valid:
                scale, offset = self.game.affine(position) if self._affine else (1, 0)
                lower, upper = to_key_class(low, scale, offset), to_key_class(high, scale, offset)
                self.table.record(key, (lower, upper, None, False, None, True))
            else:
                self.table.record(key, (None, None, None, True, None, True))
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


def overrides(game: Game[P, M], hook: str) -> bool:
    """Whether ``game`` has its own ``hook`` rather than the protocol's default.

    The bound method is compared, not ``vars(game)``: building an instance's ``__dict__``
    slows every later attribute lookup on it (CPython then gives up its inline values).

    >>> from evalgame.search.examples import NestedTree
    >>> overrides(NestedTree([1]), "key"), overrides(NestedTree([1]), "moves")
    (False, True)
    """
    method = getattr(game, hook)
    return getattr(method, "__func__", None) is not getattr(Game, hook)


def to_key_class(value: Number | None, scale: Number, offset: Number) -> Number | None:
    """A value of the position in the coordinates of its key class."""
    if value is None or (scale == 1 and offset == 0):
        return value
    if scale == 1:  # a shift only: ints stay ints (no Fraction arithmetic at every store)
        return value - offset
    return Fraction(value - offset) / scale


def from_key_class(value: Number | None, scale: Number, offset: Number) -> Number | None:
    """A value of the key class in the coordinates of the position."""
    if value is None or (scale == 1 and offset == 0):
        return value
    return value * scale + offset
