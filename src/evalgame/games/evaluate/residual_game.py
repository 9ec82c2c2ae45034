"""e-Valuate played on residual expressions: the same game, with far fewer positions.

A position is ``(residual, proposal, free)``: the normal form of what is left of E (see
:mod:`evalgame.expr.residual`), the value waiting to be placed (``None`` on the proposer's
turn) and the free variables (sorted). Positions that leave the same residual share one
transposition entry, and so do residuals that differ by a positive factor and a constant
(value(c + s·F) = c + s·value(F) for s > 0): :meth:`key` and :meth:`affine` say so.
Residuals are compared up to a renaming of their variables. The placer is offered only
one of each class of interchangeable free variables: variables that swapping leaves E
unchanged (for ``v+w+x-y-z``: one of v, w, x and one of y, z), and the free variables
the residual no longer mentions. A constant residual ends the game at once (the remaining moves
cannot change the value); an undefined one is an invalid leaf.

>>> game = ResidualEValuate("v+w+x-y-z")
>>> def line(*moves):
...     position = game.initial()
...     for move in moves:
...         position = game.play(position, move)
...     return position
>>> game.key(line(7, "v", 3, "w")) == game.key(line(3, "x", 7, "v"))
True
>>> game.moves(line(7))
['v', 'y']
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import TypeAlias

from evalgame.errors import GameError, IllegalMoveError
from evalgame.expr.domain import DIGITS, DomainLike
from evalgame.expr.evaluate import divide
from evalgame.expr.expression import Expression
from evalgame.expr.residual import CONST, INVALID, PROD, SUM, Residuals
from evalgame.games.evaluate.game import setting
from evalgame.numbers import Number, format_number, normal
from evalgame.search.protocol import Game, Player

Position: TypeAlias = tuple[int, Number | None, tuple[str, ...]]
Move: TypeAlias = Number | str


class ResidualEValuate(Game[Position, Move]):
    """e-Valuate on ``expression`` over ``domain``, searched on residual normal forms."""

    name = "e-Valuate (residual)"

    def __init__(
        self,
        expression: Expression | str,
        domain: DomainLike = DIGITS,
        *,
        first: Player | str = Player.MAX,
    ) -> None:
        self.expression, self.domain, first = setting(expression, domain, first)
        self.proposer = first
        self.placer = first.opponent
        self.algebra = Residuals(self.domain)
        self.root = self.algebra.from_tree(self.expression.tree)
        # an expression defined for every assignment has only valid leaves
        self.all_leaves_valid = self.algebra.total[self.root]
        self._keys: dict[int, str] = {}  # by residual: the residual part of its key
        self._normal: dict[int, tuple[int, Number, Number]] = {}
        self._forced: dict[int, tuple[Number | None, Number | None]] = {}
        self._value_order: tuple[Move, ...] | None = None
        self._classes = interchangeable(self.algebra, self.root)

    def initial(self) -> Position:
        """The whole expression, every variable free, the proposer to move."""
        return self.root, None, tuple(sorted(self.expression.variables))

    def to_move(self, position: Position) -> Player:
        """The proposer when nothing waits to be placed, else the placer."""
        return self.proposer if position[1] is None else self.placer

    def is_terminal(self, position: Position) -> bool:
        """The residual is constant or undefined, or one variable is left: its value is
        then read off directly (see :meth:`payoff`)."""
        node, proposal, free = position
        if len(free) == 1 and self.algebra.names[node]:
            return True
        return proposal is None and (
            not free or self.algebra.kind[node] == CONST or node == INVALID
        )

    def moves(self, position: Position) -> Sequence[Move]:
        """Domain values for the proposer; for the placer, the free variables (one dummy)."""
        if self.is_terminal(position):
            return ()
        _, proposal, free = position
        if proposal is None:
            return self.domain
        mentioned = self.algebra.names[position[0]]
        moves: list[Move] = []
        seen: set[int | None] = set()
        for name in free:
            kind = self._classes[name] if name in mentioned else None
            if kind not in seen:
                seen.add(kind)
                moves.append(name)
        return moves

    def play(self, position: Position, move: Move) -> Position:
        """Propose a value, or put the proposed value on a free variable."""
        node, proposal, free = position
        if proposal is None:
            if isinstance(move, str) or move not in self.domain or self.is_terminal(position):
                raise IllegalMoveError(f"{move!r} is not a value the proposer can offer here")
            return node, move, free
        if not isinstance(move, str) or move not in free:
            raise IllegalMoveError(f"{move!r} is not a free variable")
        rest = tuple(name for name in free if name != move)
        return self.algebra.substitute(node, move, proposal), None, rest

    def payoff(self, position: Position) -> Number | None:
        """The constant the residual folded to (``None`` if undefined); with one variable
        x left, E(x := p) once p is proposed, else the proposer's best such value."""
        node, proposal, free = position
        if node == INVALID:
            return None
        value = self.algebra.constant(node)
        if value is not None:
            return value
        if len(free) != 1:
            raise GameError("the game is not over at this position")
        if proposal is not None:
            return self.algebra.uniform_value(node, proposal)
        return self._last_proposal(node)[1]

    def _last_proposal(self, node: int) -> tuple[Number | None, Number | None]:
        """The proposer's best value d for every free variable at once, and the result:
        for the last variable that is the best move (``None``: no valid value)."""
        known = self._forced.get(node)
        if known is None:
            known = self._best_uniform(node)
            self._forced[node] = known
        return known

    def _best_uniform(self, node: int) -> tuple[Number | None, Number | None]:
        best: tuple[int, int] | None = None
        choice: Number | None = None
        maximise = self.proposer is Player.MAX
        for d, ratio in zip(self.domain, self.algebra.uniform_values(node), strict=True):
            if ratio is None:
                continue
            if best is None:
                best, choice = ratio, d
                continue
            # a/b against c/d with b, d > 0: compare a·d with c·b (exact, no Fraction)
            mine, theirs = ratio[0] * best[1], best[0] * ratio[1]
            if mine > theirs if maximise else mine < theirs:
                best, choice = ratio, d
        if best is None:
            return None, None
        return choice, normal(Fraction(*best))

    def line(self, position: Position) -> list[Move]:
        """The moves from a terminal position to the end of the game (none are needed once
        the residual is constant)."""
        node, proposal, free = position
        if self.algebra.kind[node] == CONST or node == INVALID or len(free) != 1:
            return []
        if proposal is not None:
            return [free[0]]
        best, _ = self._last_proposal(node)
        return [] if best is None else [best, free[0]]

    def key(self, position: Position) -> Hashable:
        """(normalised residual, proposal, number of interchangeable free variables); the
        residual as its :meth:`~evalgame.expr.residual.Residuals.portable` text, so that
        every process of a parallel proof has the same keys and can share its table."""
        node, proposal, free = position
        residual = self._keys.get(node)
        if residual is None:
            residual = self.algebra.portable(self.algebra.canonical(self.normalise(node)[0]))
            self._keys[node] = residual
        return residual, proposal, len(free) - len(self.algebra.names[node])

    def affine(self, position: Position) -> tuple[Number, Number]:
        """(s, c) with value(position) = s · value(normalised residual) + c."""
        _, scale, offset = self.normalise(position[0])
        return scale, offset

    def bounds(self, position: Position) -> tuple[Number | None, Number | None]:
        """Bounds from the residual's interval and from what the proposer can force.

        By proposing one value d at every turn, the proposer makes every free variable d,
        whatever the placer does: so when MAX proposes, a proposer's position is worth at
        least max_d E(free := d), and once p waits to be placed at least E(free := p).
        MIN proposing is the mirror image. (Bounds of a placer's position from its
        children's bounds were tighter but cost about twice the time per node for the
        same number of nodes.)
        """
        node, proposal, _ = position
        if proposal is None:
            return self._proposer_bounds(node)
        low, high = self.algebra.interval(node)
        ratio = self.algebra.uniform_values(node)[self.domain.index(proposal)]
        if ratio is not None:
            forced = normal(Fraction(*ratio))
            if self.proposer is Player.MAX:
                low = forced if low is None else max(low, forced)
            else:
                high = forced if high is None else min(high, forced)
        return low, high

    def _proposer_bounds(self, node: int) -> tuple[Number | None, Number | None]:
        low, high = self.algebra.interval(node)
        _, forced = self._last_proposal(node)
        if forced is not None and self.proposer is Player.MAX:
            low = forced if low is None else max(low, forced)
        elif forced is not None:
            high = forced if high is None else min(high, forced)
        return low, high

    def order(self, position: Position, moves: Sequence[Move]) -> Sequence[Move]:
        """The proposer tries values in one static order, best first at the start.

        Each value is judged, once, by the placer's best reply to it at the start, using
        the midpoints of the resulting residuals' bounds. (Ordering the placer's moves the
        same way, or recomputing the order at every node, cost more than it saved.)
        """
        if position[1] is not None:
            return moves
        if self._value_order is None:
            root, _, names = self.initial()
            maximise = self.proposer is Player.MAX
            scores = {d: self._reply_estimate(root, d, names, not maximise) for d in self.domain}
            self._value_order = tuple(sorted(self.domain, key=scores.__getitem__, reverse=maximise))
        return self._value_order

    def _reply_estimate(
        self, node: int, value: Number, free: tuple[str, ...], maximise: bool
    ) -> Fraction:
        """The placer's best estimate after ``value`` is proposed."""
        estimates = [self._estimate(self.algebra.substitute(node, v, value)) for v in free]
        return max(estimates) if maximise else min(estimates)

    def _estimate(self, node: int) -> Fraction:
        low, high = self.algebra.interval(node)
        if node == INVALID:
            return Fraction(0)
        if low is None or high is None:
            return Fraction(low if low is not None else high if high is not None else 0)
        return Fraction(low + high, 2)

    def normalise(self, node: int) -> tuple[int, Number, Number]:
        """``(canonical, s, c)`` with residual = s · canonical + c and s > 0."""
        known = self._normal.get(node)
        if known is None:
            known = self._normalise(node)
            self._normal[node] = known
        return known

    def _normalise(self, node: int) -> tuple[int, Number, Number]:
        algebra = self.algebra
        kind = algebra.kind[node]
        if kind == SUM:
            offset, terms = algebra.data[node]
            scale = abs(terms[0][1]) or 1
            canonical = algebra.linear(0, [(term, divide(k, scale)) for term, k in terms])
            return canonical, scale, offset
        if kind == PROD:
            coefficient = algebra.data[node][0]
            if coefficient not in (0, 1, -1):
                scale = abs(coefficient)
                return algebra.linear(0, [(node, divide(1, scale))]), scale, 0
        return node, 1, 0

    def describe_move(self, position: Position, move: Move) -> str:
        """``propose 3`` or ``3→x``."""
        proposal = position[1]
        if proposal is None:
            assert not isinstance(move, str)
            return f"propose {format_number(move)}"
        return f"{format_number(proposal)}→{move}"


def interchangeable(algebra: Residuals, node: int) -> dict[str, int]:
    """Classes of variables of ``node`` whose swap leaves it unchanged (name → class).

    A swap that fixes the whole expression still fixes every residual in which both
    variables are free, so one of them stands for the whole class at every position.

    >>> algebra = Residuals(range(10))
    >>> classes = interchangeable(algebra, algebra.from_text("v+w+x-y-z"))
    >>> classes["v"] == classes["x"] != classes["y"] == classes["z"]
    True
    """
    names = sorted(algebra.names[node])
    classes = {name: i for i, name in enumerate(names)}
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            if (
                classes[second] != classes[first]
                and algebra.rename(node, {first: second, second: first}) == node
            ):
                old = classes[second]
                classes = {n: classes[first] if c == old else c for n, c in classes.items()}
    return classes
