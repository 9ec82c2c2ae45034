"""Hypothesis strategies shared by the test suite, and a small game over explicit trees.

A tree is a nested tuple:

* ``("leaf", value)`` — a terminal worth ``value`` to MAX (``None``: an invalid leaf);
* ``("max" | "min", estimate, children)`` — a decision node; ``estimate`` is what a
  depth-limited search sees at its horizon;
* ``("chance", estimate, children, probabilities)`` — a chance node;
* ``("affine", scale, offset, inner)`` — ``inner`` with every value mapped to
  ``scale * v + offset``. It is not a position of its own: :class:`TreeGame` folds it
  into the position, and gives the inner node as the transposition key with
  ``(scale, offset)`` as the affine map, which exercises tables that share entries.

Equal subtrees are equal tuples, so a subtree is always a sound transposition key, and
the strategies deliberately reuse subtrees to make game DAGs with real transpositions.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any, TypeAlias

from hypothesis import strategies as st

from evalgame.expr.nodes import Bin, Neg, Num, Var
from evalgame.expr.nodes import Node as ExpressionNode
from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player

Node: TypeAlias = tuple[Any, ...]
#: a position of :class:`TreeGame`: (node, scale, offset) with value scale·value(node)+offset
Position: TypeAlias = tuple[Node, Number, Number]

_PLAYERS = {"max": Player.MAX, "min": Player.MIN, "chance": Player.CHANCE}


def leaf(value: Number | None) -> Node:
    """A terminal node."""
    return ("leaf", value)


def node(player: str, *children: Node, estimate: Number = 0) -> Node:
    """A MAX or MIN node (``player`` is ``"max"`` or ``"min"``)."""
    return (player, estimate, tuple(children))


def chance(*outcomes: tuple[Fraction, Node], estimate: Number = 0) -> Node:
    """A chance node with ``(probability, child)`` outcomes."""
    return ("chance", estimate, tuple(c for _, c in outcomes), tuple(p for p, _ in outcomes))


def _fold(node: Node, scale: Number, offset: Number) -> Position:
    while node[0] == "affine":
        _, s, o, node = node
        scale, offset = scale * s, offset + scale * o
    return node, scale, offset


@cache
def tree_size(node: Node) -> int:
    """Nodes of the game tree below ``node`` (itself included)."""
    if node[0] == "affine":
        return tree_size(node[3])
    if node[0] == "leaf":
        return 1
    return 1 + sum(tree_size(child) for child in node[2])


@cache
def leaf_range(node: Node) -> tuple[Number, Number] | None:
    """The smallest and largest valid leaf value below ``node`` (``None``: none valid)."""
    if node[0] == "affine":
        inner = leaf_range(node[3])
        if inner is None:
            return None
        low, high = (node[1] * v + node[2] for v in inner)
        return low, high
    if node[0] == "leaf":
        return None if node[1] is None else (node[1], node[1])
    ranges = [r for r in map(leaf_range, node[2]) if r is not None]
    if not ranges:
        return None
    return min(r[0] for r in ranges), max(r[1] for r in ranges)


def tree_value(node: Node, depth: int | None = None) -> Number | None:
    """The value of ``node`` computed straight from the tuples: the independent reference.

    With ``depth``, nodes that many plies down are scored by their estimate. A chance node
    is invalid when an outcome of positive probability is.
    """
    kind = node[0]
    if kind == "affine":
        inner = tree_value(node[3], depth)
        return None if inner is None else node[1] * inner + node[2]
    if kind == "leaf":
        value: Number | None = node[1]
        return value
    if depth == 0:
        estimate: Number = node[1]
        return estimate
    values = [tree_value(child, None if depth is None else depth - 1) for child in node[2]]
    if kind == "chance":
        if any(v is None and p > 0 for v, p in zip(values, node[3], strict=True)):
            return None
        return sum((p * v for v, p in zip(values, node[3], strict=True) if p > 0), Fraction(0))
    valid = [v for v in values if v is not None]
    if not valid:
        return None
    return max(valid) if kind == "max" else min(valid)


class TreeGame(Game[Position, int]):
    """The game on an explicit tree; move ``i`` goes to the ``i``-th child.

    ``keyed`` offers transposition keys (the subtree itself, with the affine map folded
    into the position); ``bounds`` offers static bounds loosened by ``(below, above)``
    around the true range of leaf values — and arbitrary ones, (0, 0), on invalid subtrees,
    which the protocol allows; ``reverse`` searches moves last-to-first; ``dominance``
    makes the order hook leave out moves proven no better than one it keeps (sound only
    for trees without chance nodes, where a valid leaf below makes a node valid); ``sized``
    offers subtree sizes.
    """

    name = "tree game"

    def __init__(
        self,
        tree: Node,
        *,
        keyed: bool = False,
        bounds: tuple[Number, Number] | None = None,
        reverse: bool = False,
        sized: bool = True,
        dominance: bool = False,
    ) -> None:
        self.tree = tree
        self.keyed = keyed
        self.slack = bounds
        self.reverse = reverse
        self.sized = sized
        self.dominance = dominance

    def initial(self) -> Position:
        return _fold(self.tree, 1, 0)

    def to_move(self, position: Position) -> Player:
        return _PLAYERS.get(position[0][0], Player.MAX)

    def moves(self, position: Position) -> list[int]:
        node = position[0]
        return [] if node[0] == "leaf" else list(range(len(node[2])))

    def play(self, position: Position, move: int) -> Position:
        node, scale, offset = position
        return _fold(node[2][move], scale, offset)

    def payoff(self, position: Position) -> Number | None:
        node, scale, offset = position
        assert node[0] == "leaf"
        return None if node[1] is None else scale * node[1] + offset

    def key(self, position: Position) -> Hashable | None:
        return position[0] if self.keyed else None

    def affine(self, position: Position) -> tuple[Number, Number]:
        return position[1], position[2]

    def bounds(self, position: Position) -> tuple[Number | None, Number | None]:
        if self.slack is None:
            return None, None
        node, scale, offset = position
        found = leaf_range(node)
        low, high = (
            (0, 0) if found is None else (found[0] - self.slack[0], found[1] + self.slack[1])
        )
        return scale * low + offset, scale * high + offset

    def order(self, position: Position, moves: Sequence[int]) -> Sequence[int]:
        ordered = list(reversed(moves)) if self.reverse else list(moves)
        node = position[0]
        if not self.dominance or node[0] not in ("max", "min"):
            return ordered
        # keep a child with the best guaranteed value, leave out the children that cannot
        # beat that guarantee (every valid leaf on the wrong side of it) or are invalid
        valid = {m: r for m in ordered if (r := leaf_range(node[2][m])) is not None}
        if not valid:
            return ordered
        if node[0] == "max":
            keep = max(valid, key=lambda m: valid[m][0])
            floor = valid[keep][0]
            return [m for m in ordered if m == keep or (m in valid and valid[m][1] > floor)]
        keep = min(valid, key=lambda m: valid[m][1])
        ceiling = valid[keep][1]
        return [m for m in ordered if m == keep or (m in valid and valid[m][0] < ceiling)]

    def probability(self, position: Position, move: int) -> Fraction:
        return Fraction(position[0][3][move])

    def evaluate(self, position: Position) -> Number:
        node, scale, offset = position
        estimate: Number = node[1]
        return scale * estimate + offset

    def subtree_size(self, position: Position) -> int | None:
        return tree_size(position[0]) if self.sized else None


def value_of(
    game: TreeGame, position: Position | None = None, depth: int | None = None
) -> Number | None:
    """The reference value of a :class:`TreeGame` position."""
    node, scale, offset = game.initial() if position is None else position
    value = tree_value(node, depth)
    return None if value is None else scale * value + offset


def values(*, fractions: bool = True, invalid: bool = True) -> st.SearchStrategy[Number | None]:
    """Leaf values: small integers (many ties), small fractions, ``None`` (invalid)."""
    choices: list[st.SearchStrategy[Number | None]] = [st.integers(-4, 4)]
    if fractions:
        choices.append(st.fractions(-4, 4, max_denominator=3))
    if invalid:
        choices.append(st.none())
    return st.one_of(*choices)


@st.composite
def trees(
    draw: st.DrawFn,
    *,
    max_depth: int = 4,
    max_children: int = 3,
    fractions: bool = True,
    invalid: bool = True,
    alternating: bool = False,
    chance_nodes: bool = False,
    affine: bool = False,
) -> Node:
    """Random finite game trees, with shared subtrees (transpositions)."""
    leaves = values(fractions=fractions, invalid=invalid)
    pool: list[tuple[int, str, Node]] = []

    def build(depth: int, player: str) -> Node:
        if depth == max_depth or (depth > 0 and draw(st.integers(0, 3)) == 0):
            return leaf(draw(leaves))
        reusable = [n for d, p, n in pool if d >= depth and (p == player or not alternating)]
        if reusable and draw(st.integers(0, 2)) == 0:
            return draw(st.sampled_from(reusable))
        kind = player
        if chance_nodes and draw(st.integers(0, 3)) == 0:
            kind = "chance"
        elif not alternating:
            kind = draw(st.sampled_from(["max", "min"]))
        following = "min" if player == "max" else "max"
        count = draw(st.integers(1, max_children))
        children = []
        for _ in range(count):
            child = build(depth + 1, following)
            if affine and draw(st.integers(0, 2)) == 0:
                scale = draw(st.sampled_from([1, 2, Fraction(1, 2), 3]))
                child = ("affine", scale, draw(st.integers(-2, 2)), child)
            children.append(child)
        estimate = draw(st.integers(-4, 4))
        if kind == "chance":
            weights = [draw(st.integers(1, 4)) for _ in children]
            probabilities = tuple(Fraction(w, sum(weights)) for w in weights)
            built: Node = ("chance", estimate, tuple(children), probabilities)
        else:
            built = (kind, estimate, tuple(children))
        pool.append((depth, player, built))
        return built

    return build(0, draw(st.sampled_from(["max", "min"])))


def replay(game: Game[Any, Any], line: Sequence[Any], position: Any = None) -> Any:
    """The position reached by playing ``line`` from ``position`` (default: the start)."""
    position = game.initial() if position is None else position
    for move in line:
        assert move in game.moves(position), f"illegal move {move!r} in {line!r}"
        position = game.play(position, move)
    return position


# --------------------------------------------------------------- e-Valuate expressions


def expression_trees(
    names: Sequence[str] = ("a", "b", "x", "y1", "Z"),
    constants: Sequence[Number] = (0, 1, 2, 3, Fraction(1, 2)),
    exponents: Sequence[int] = (-1, 0, 2, 3),
    max_leaves: int = 12,
) -> st.SearchStrategy[ExpressionNode]:
    """Random expression trees over ``names`` with + - * / ^ and unary minus."""
    leaves: st.SearchStrategy[ExpressionNode] = st.one_of(
        st.sampled_from([Var(name) for name in names]),
        st.sampled_from([Num(value) for value in constants]),
    )
    return st.recursive(
        leaves,
        lambda sub: st.one_of(
            sub.map(Neg),
            st.tuples(st.sampled_from("+-*/"), sub, sub).map(lambda t: Bin(*t)),
            st.tuples(sub, st.sampled_from([Num(e) for e in exponents])).map(
                lambda t: Bin("^", *t)
            ),
        ),
        max_leaves=max_leaves,
    )


def domains(max_size: int = 4) -> st.SearchStrategy[tuple[Number, ...]]:
    """Small exact domains: integers (negative ones too) and halves, no duplicates."""
    choices: list[Number] = [-2, -1, 0, 1, 2, 3, Fraction(1, 2), Fraction(-3, 2)]
    return st.lists(
        st.sampled_from(choices),
        min_size=1,
        max_size=max_size,
        unique=True,
    ).map(lambda values: tuple(sorted(values)))
