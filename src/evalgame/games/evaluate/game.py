"""e-Valuate as a game on the engine: MAX proposes a value, MIN puts it on a variable.

A position is ``(values, proposal)``: ``values[i]`` is the value of the i-th variable (in
order of first appearance) or ``None`` while free; ``proposal`` is the value waiting to be
placed, or ``None`` when it is the proposer's turn. The tree is exactly the paper's:
MAX nodes are partially instantiated expressions, MIN nodes (expression, digit) pairs.
With ``first=Player.MIN`` the roles swap: MIN proposes and MAX places (the paper's variant
whose value is −minimax(−E)).

>>> game = EValuate("(10-X)*Y")
>>> position = game.play(game.initial(), 5)
>>> game.to_move(position), game.moves(position)
(<Player.MIN: 'min'>, ('X', 'Y'))
>>> final = game.play(game.play(game.play(position, "X"), 9), "Y")
>>> game.payoff(final)
45
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeAlias

from evalgame.errors import GameError, IllegalMoveError
from evalgame.expr.domain import DIGITS, DomainLike, format_domain, make_domain
from evalgame.expr.evaluate import check_number_size
from evalgame.expr.expression import Expression, parse
from evalgame.expr.nodes import substitute_tree, to_text
from evalgame.games.evaluate.treesize import tree_size
from evalgame.numbers import Number, exact, format_number
from evalgame.search.protocol import Game, Player

Values: TypeAlias = tuple[Number | None, ...]
Position: TypeAlias = tuple[Values, Number | None]
#: a proposed value (proposer's move) or a variable name (placer's move)
Move: TypeAlias = Number | str


def setting(
    expression: Expression | str, domain: DomainLike, first: Player | str
) -> tuple[Expression, tuple[Number, ...], Player]:
    """The parsed expression, the checked domain and the first proposer (MAX or MIN) of a
    game, from what a program or a person gives (every e-Valuate solver starts here).

    >>> setting("x-y", "0..2", "min")
    (Expression('x-y'), (0, 1, 2), <Player.MIN: 'min'>)
    >>> setting([[3, 12], [2, 4]], "0..9", "max")
    Traceback (most recent call last):
    ...
    evalgame.errors.GameError: e-Valuate is played on an expression ('(10-X)*Y' or an \
Expression), not on a list; a game tree of your own is solved with evalgame.alphabeta(game) \
and stepped through with `evalgame dag '[[3,12,8],[2,4,6]]'` or the web page's DAG & trees tab
    """
    if not isinstance(expression, str | Expression):
        raise GameError(
            "e-Valuate is played on an expression ('(10-X)*Y' or an Expression), not on a "
            f"{type(expression).__name__}; a game tree of your own is solved with "
            "evalgame.alphabeta(game) and stepped through with "
            "`evalgame dag '[[3,12,8],[2,4,6]]'` or the web page's DAG & trees tab"
        )
    proposer = as_first(first)
    parsed = parse(expression) if isinstance(expression, str) else expression
    checked = make_domain(domain)
    check_number_size(parsed.tree, checked)
    return parsed, checked, proposer


def as_first(first: Player | str) -> Player:
    """The first proposer: MAX or MIN, given as a player or as ``"max"``/``"min"``."""
    if isinstance(first, str) and first.strip().lower() in ("max", "min"):
        return Player(first.strip().lower())
    if first in (Player.MAX, Player.MIN):
        return Player(first)
    raise GameError(f"the first player of e-Valuate is max or min, not {first!r}")


class EValuate(Game[Position, Move]):
    """The e-Valuate game on ``expression`` over ``domain`` (default: the digits 0–9).

    ``value_order`` is the order in which the proposer's moves are listed (and searched);
    by default the domain's increasing order, as in the paper's Algorithm 1.
    """

    name = "e-Valuate"

    def __repr__(self) -> str:
        """``<EValuate X * (Y - Z) over 0..9, MAX proposes>``."""
        return (
            f"<EValuate {self.expression} over {format_domain(self.domain)}, "
            f"{self.proposer.name} proposes>"
        )

    def __init__(
        self,
        expression: Expression | str,
        domain: DomainLike = DIGITS,
        *,
        first: Player | str = Player.MAX,
        value_order: Sequence[Number] | None = None,
    ) -> None:
        self.expression, self.domain, first = setting(expression, domain, first)
        self.proposer = first
        self.placer = first.opponent
        self.variables = self.expression.variables
        self._index = {name: i for i, name in enumerate(self.variables)}
        self._evaluate = self.expression.compiled
        self.value_order: tuple[Number, ...] = self.domain
        if value_order is not None:
            order = tuple(exact(value) for value in value_order)
            if sorted(order) != list(self.domain):
                raise GameError("the value order must list every domain value exactly once")
            self.value_order = order

    def initial(self) -> Position:
        """No variable set, the proposer to move."""
        return (None,) * len(self.variables), None

    def to_move(self, position: Position) -> Player:
        """The proposer when nothing waits to be placed, else the placer."""
        return self.proposer if position[1] is None else self.placer

    def moves(self, position: Position) -> Sequence[Move]:
        """Domain values for the proposer, free variables for the placer."""
        values, proposal = position
        if proposal is None:
            return self.value_order if None in values else ()
        return tuple(
            name for name, value in zip(self.variables, values, strict=True) if value is None
        )

    def play(self, position: Position, move: Move) -> Position:
        """Propose ``move`` (a value) or put the proposal on variable ``move``."""
        values, proposal = position
        if proposal is None:
            if isinstance(move, str) or move not in self.domain or None not in values:
                raise IllegalMoveError(f"{move!r} is not a value the proposer can offer here")
            return values, move
        slot = self._index.get(move) if isinstance(move, str) else None
        if slot is None or values[slot] is not None:
            raise IllegalMoveError(f"{move!r} is not a free variable")
        return (*values[:slot], proposal, *values[slot + 1 :]), None

    def payoff(self, position: Position) -> Number | None:
        """val(E) once every variable holds a value; ``None`` if it is undefined."""
        values, _ = position
        if None in values:
            raise GameError("the expression is not fully instantiated")
        return self._evaluate(values)  # type: ignore[arg-type]

    def is_terminal(self, position: Position) -> bool:
        """Every variable holds a value."""
        return position[1] is None and None not in position[0]

    def key(self, position: Position) -> Hashable:
        """The position itself: the same assignment reached in any order is one position."""
        return position

    def subtree_size(self, position: Position) -> int:
        """Nodes of the full game tree below ``position`` (the paper's T(n) and its parts)."""
        values, proposal = position
        free = values.count(None)
        size = tree_size(free, len(self.domain))
        return size if proposal is None else (size - 1) // len(self.domain)

    def describe_move(self, position: Position, move: Move) -> str:
        """A proposal as the value (``3``, ``-1/2``), a placement as the variable (``x``)."""
        return move if isinstance(move, str) else format_number(move)

    def text(self, position: Position) -> str:
        """The expression with the values placed so far written in (``5 * (Y - 3)``)."""
        assigned = self.assignment(position)
        return to_text(substitute_tree(self.expression.tree, assigned))

    def assignment(self, position: Position) -> dict[str, Number]:
        """The variables that hold a value, by name."""
        return {n: v for n, v in zip(self.variables, position[0], strict=True) if v is not None}
