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

#: a position's place in the table while it is searched: ``(key, scale, offset, entry)``,
#: with the affine map ``v ↦ v·scale + offset`` from its key class's values to its own and
#: the entry found (``None``: none yet)
Slot: TypeAlias = tuple[Hashable, Number, Number, Raw | None]
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
        # the size from which a search's entry is noted for other processes (None: never)
        self._shared = None if table is None else table.shared_from
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

        A node is counted, looked up in the table (an entry may answer it or narrow the
        window), settled at once if it is a leaf, at the horizon or cut by its static
        bounds, and otherwise searched child by child; its result goes into the table.
        """
        stats = self.stats
        stats.nodes += 1
        first = stats.nodes
        if first >= self._next_check:
            self._check_budget()
        self.line = None  # unless the children below give one
        heuristic_before = self.horizon_hits
        caller_alpha, caller_beta = alpha, beta  # the window before the table or bounds narrow it
        game = self.game
        slot: Slot | None = None
        hint: object = None
        if self.table is not None:
            key = game.key(position)
            if key is not None:
                scale, offset = game.affine(position) if self._affine else (1, 0)
                entry = self.table.entries.get(key)
                slot = (key, scale, offset, entry)
                if entry is not None:
                    settled, value, alpha, beta = self._recall(slot, alpha, beta, depth)
                    if settled:
                        return self._table_hit(position, value)
                    hint = entry[2]

        moves = game.moves(position)
        if not moves:
            stats.leaves += 1
            return game.payoff(position)
        if depth == 0:
            self.horizon_hits += 1
            return game.evaluate(position)
        player = game.to_move(position)
        if player is CHANCE:
            raise refuse_chance(game)
        if self._bounds and depth is None:
            settled, value, alpha, beta = self._apply_bounds(position, moves, alpha, beta, slot)
            if settled:
                return value

        child_depth = None if depth is None else depth - 1
        best, best_move = self._children(
            position, moves, player is MAX, alpha, beta, child_depth, scout, hint
        )
        if (alpha is not caller_alpha or beta is not caller_beta) and not line_holds(
            best, (caller_alpha, caller_beta), (alpha, beta)
        ):
            self.line = None
        if slot is not None:
            exact = self.horizon_hits == heuristic_before
            self._store(slot, best, best_move, alpha, beta, depth, exact)
            if self._shared is not None and stats.nodes - first >= self._shared:
                self.table.noted[slot[0]] = None  # type: ignore[union-attr]
        return best

    def _recall(
        self, slot: Slot, alpha: Bound, beta: Bound, depth: int | None
    ) -> tuple[bool, Number | None, Bound, Bound]:
        """What the slot's entry says for the window (α, β): ``(True, value, α, β)`` when it
        settles the node, else ``(False, None, α', β')`` with the window it narrows to."""
        _, scale, offset, entry = slot
        assert entry is not None
        lower, upper, _, invalid, proved, exact = entry
        # an unlimited search can use exactly the exact entries (see usable)
        if not (exact if depth is None else usable(exact, proved, depth)):
            return False, None, alpha, beta
        if not exact:
            self.horizon_hits += 1
        if invalid:
            return True, None, alpha, beta
        if scale != 1 or offset != 0:
            lower = from_key_class(lower, scale, offset)
            upper = from_key_class(upper, scale, offset)
        if lower is not None:
            if lower >= beta or lower == upper:
                return True, lower, alpha, beta
            if lower > alpha:
                alpha = lower
        if upper is not None:
            if upper <= alpha:
                return True, upper, alpha, beta
            if upper < beta:
                beta = upper
        return False, None, alpha, beta

    def _apply_bounds(
        self, position: P, moves: Sequence[M], alpha: Bound, beta: Bound, slot: Slot | None
    ) -> tuple[bool, Number | None, Bound, Bound]:
        """What the game's static bounds say for the window (α, β), as :meth:`_recall`.

        Bounds inside the window (the usual case) cost two comparisons. A lower bound above
        α cuts if it reaches β or is exact; else an upper bound below β cuts if it reaches α
        (an exact bound ≤ α lands here).
        """
        low, high = self.game.bounds(position)
        if low is not None and low > alpha:
            if low >= beta or low == high:
                return True, self._bound_cut(position, moves, low, low, high, slot), alpha, beta
            alpha = low
        if high is not None and high < beta:
            if high <= alpha:
                return True, self._bound_cut(position, moves, high, low, high, slot), alpha, beta
            beta = high
        return False, None, alpha, beta

    def _children(
        self,
        position: P,
        moves: Sequence[M],
        maximizing: bool,
        alpha: Bound,
        beta: Bound,
        depth: int | None,
        scout: bool,
        hint: object,
    ) -> tuple[Number | None, M | None]:
        """The best child of ``position`` for the window (α, β) and its move, best first
        (``hint`` first of all); :attr:`line` is set to the line through it."""
        game, stats = self.game, self.stats
        ordered = game.order(position, moves) if self._order else moves
        if hint is not None and ordered and ordered[0] != hint:
            ordered = promote(ordered, hint)
        sizes = self.context.sizes
        best: Number | None = None
        best_move: M | None = None
        line: Line = None
        seen = 0  # tree nodes in the subtrees searched so far (when sizes are counted)
        cut = False  # a cut-off left some of the ordered moves unsearched
        a, b = alpha, beta  # the window, narrowed by the values found
        for index, move in enumerate(ordered):
            child = game.play(position, move)
            if scout and best is not None:
                value = self._scout(child, maximizing, a, b, depth)
            else:
                value = self.search(child, a, b, depth, scout)
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
        self.line = line
        return best, best_move

    def _store(
        self,
        slot: Slot,
        best: Number | None,
        move: object,
        alpha: Bound,
        beta: Bound,
        depth: int | None,
        exact: bool,
    ) -> None:
        """Record in the table what searching the slot's position with (α, β) proved."""
        key, scale, offset, entry = slot
        if best is None:
            raw: Raw = (None, None, None, True, depth, exact)
        else:
            lower = best if best > alpha else None
            upper = best if best < beta else None
            if scale != 1 or offset != 0:
                lower = to_key_class(lower, scale, offset)
                upper = to_key_class(upper, scale, offset)
            raw = (lower, upper, move, False, depth, exact)
        table = self.table
        assert table is not None  # a slot is looked up only with a table
        if entry is None and len(table.entries) < self._room:
            table.entries[key] = raw  # a new key (the common case): nothing to merge, no call
        else:
            table.record(key, raw)

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
        slot: Slot | None,
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
        if slot is not None:
            assert self.table is not None  # a slot is looked up only with a table
            key, scale, offset, _ = slot
            if valid:
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


def line_holds(
    best: Number | None, caller: tuple[Bound, Bound], narrowed: tuple[Bound, Bound]
) -> bool:
    """Whether ``best``, found in the window ``narrowed`` (the caller's window as the table
    or the static bounds narrowed it), is attained by a child, so that the line through it
    is a principal variation: not when it is exact for the caller only through a narrowed
    bound.

    >>> line_holds(5, (0, 10), (5, 10)), line_holds(5, (0, 10), (4, 10))
    (False, True)
    """
    return best is None or not caller[0] < best < caller[1] or narrowed[0] < best < narrowed[1]


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
