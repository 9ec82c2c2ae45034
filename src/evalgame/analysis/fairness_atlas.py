"""The fairness atlas: exact odds of e-Valuate for every small expression shape.

A *shape* is a binary expression tree over ``+ - * /`` whose leaves are variables (and at
most one constant), taken up to renaming the variables (the game does not see names) and
up to the order of the operands of ``+`` and ``*``. :func:`shapes` lists them all up to
a number of leaves; :func:`atlas_row` computes, with :func:`~.fairness.fairness`, the exact
probabilities of a MAX win, a MIN win and a draw when both sides play at random and when
one side plays optimally, with the features that might predict the bias.

>>> [str(shape) for shape in shapes(2, constants=())]
['a + a', 'a - a', 'a * a', 'a / a', 'a + b', 'a - b', 'a * b', 'a / b']
>>> row = atlas_row(Shape("a - b", 2, 2, 0))
>>> row.random.as_text(), row.monotone
('MAX 3/20, MIN 79/100, draw 3/50', '+−')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from evalgame.analysis.fairness import Odds, fairness
from evalgame.expr.domain import DIGITS
from evalgame.expr.expression import parse
from evalgame.expr.nodes import Bin, Neg, Node, Var
from evalgame.games.evaluate.leaves import leaf_table
from evalgame.numbers import Number, format_number

OPERATORS = "+-*/"
COMMUTATIVE = "+*"
VARIABLES = "abcd"
#: a tree: a leaf name, or (operator, left, right)
Tree = str | tuple[str, "Tree", "Tree"]


@dataclass(frozen=True)
class Shape:
    """One expression of the atlas, with how many leaves, variables and constants it has."""

    text: str
    leaves: int
    variables: int
    constants: int

    def __str__(self) -> str:
        return self.text

    @property
    def kind(self) -> str:
        """``distinct``, ``repeated`` (a variable twice or more) or ``constant``."""
        if self.constants:
            return "constant"
        return "distinct" if self.variables == self.leaves else "repeated"


def shape_of(text: str) -> Shape:
    """The :class:`Shape` of any expression written as text.

    >>> shape_of("(10 - a) * a")
    Shape(text='(10 - a) * a', leaves=3, variables=1, constants=1)
    """
    expression = parse(text)
    leaves = list(_node_leaves(expression.tree))
    names = [leaf for leaf in leaves if isinstance(leaf, Var)]
    return Shape(str(expression), len(leaves), len(expression.variables), len(leaves) - len(names))


def _node_leaves(node: Node) -> Iterator[Node]:
    if isinstance(node, Bin):
        yield from _node_leaves(node.left)
        yield from _node_leaves(node.right)
    elif isinstance(node, Neg):
        yield from _node_leaves(node.operand)
    else:
        yield node


def shapes(max_leaves: int = 4, constants: Sequence[Number] = (1, 10)) -> list[Shape]:
    """Every shape with 2..``max_leaves`` leaves, each once (see the module doc).

    Leaves are variables named in order of first appearance (so every renaming class is
    met) and, optionally, one constant from ``constants``; a shape needs a variable.
    """
    found: dict[str, Shape] = {}
    for leaves in range(2, max_leaves + 1):
        for labels in _labellings(leaves, constants):
            for tree in _trees(labels):
                key = _canonical(tree)
                if key not in found:
                    names = [x for x in labels if x in VARIABLES]
                    text = str(parse(_text(tree)))
                    found[key] = Shape(text, leaves, len(set(names)), leaves - len(names))
    return list(found.values())


def _labellings(leaves: int, constants: Sequence[Number]) -> Iterator[tuple[str, ...]]:
    """Leaf labels left to right: variables in order of first appearance, ≤ 1 constant."""
    yield from _names(leaves)
    for constant in constants:
        for rest in _names(leaves - 1):
            for position in range(leaves):
                yield (*rest[:position], str(constant), *rest[position:])


def _names(length: int, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Variable names for ``length`` leaves, each new name the next letter (a, b, …)."""
    if len(prefix) == length:
        yield prefix
        return
    used = len(set(prefix))
    for name in VARIABLES[: min(used + 1, len(VARIABLES))]:
        yield from _names(length, (*prefix, name))


def _trees(labels: tuple[str, ...]) -> Iterator[Tree]:
    """Every binary tree over ``OPERATORS`` with these leaves in this order."""
    if len(labels) == 1:
        yield labels[0]
        return
    for split in range(1, len(labels)):
        for left in list(_trees(labels[:split])):
            for right in list(_trees(labels[split:])):
                for op in OPERATORS:
                    yield (op, left, right)


def _canonical(tree: Tree) -> str:
    """One key per class of trees equal up to renaming and commuting ``+``, ``*``."""
    names = sorted({x for x in _leaves(tree) if x in VARIABLES})
    return min(
        _sorted_text(tree, dict(zip(names, perm, strict=True)))
        for perm in itertools.permutations(names)
    )


def _sorted_text(tree: Tree, rename: dict[str, str]) -> str:
    if isinstance(tree, str):
        return rename.get(tree, tree)
    op, left, right = tree
    parts = [_sorted_text(left, rename), _sorted_text(right, rename)]
    if op in COMMUTATIVE:
        parts.sort()
    return f"({parts[0]}{op}{parts[1]})"


def _leaves(tree: Tree) -> Iterator[str]:
    if isinstance(tree, str):
        yield tree
    else:
        yield from _leaves(tree[1])
        yield from _leaves(tree[2])


def _text(tree: Tree) -> str:
    if isinstance(tree, str):
        return tree
    return f"({_text(tree[1])}{tree[0]}{_text(tree[2])})"


@dataclass(frozen=True)
class AtlasRow:
    """The exact odds of one shape over one domain, and its features."""

    shape: Shape
    domain: tuple[Number, ...]
    minimax: Number | None
    random: Odds
    optimal_max: Odds
    optimal_min: Odds
    #: per variable: ``+`` non-decreasing, ``−`` non-increasing, ``~`` neither, ``0`` both
    monotone: str
    positions: int

    @property
    def bias(self) -> Fraction:
        """P(MAX wins) − P(MIN wins) under random play: 0 for a fair game."""
        return self.random.max_wins - self.random.min_wins

    @property
    def fair(self) -> bool:
        """MAX and MIN win equally often under random play."""
        return self.bias == 0

    @property
    def trivial(self) -> bool:
        """Nobody can ever win: every game is a draw or undefined."""
        return self.random.max_wins == self.random.min_wins == 0

    def as_json(self) -> dict[str, object]:
        """A JSON-ready record (probabilities as exact strings)."""
        return {
            "shape": self.shape.text,
            "kind": self.shape.kind,
            "leaves": self.shape.leaves,
            "domain": [format_number(x) for x in self.domain],
            "minimax": None if self.minimax is None else format_number(self.minimax),
            "random": self.random.as_json(),
            "optimal_max": self.optimal_max.as_json(),
            "optimal_min": self.optimal_min.as_json(),
            "monotone": self.monotone,
            "positions": self.positions,
        }


def atlas_row(shape: Shape, domain: Sequence[Number] = DIGITS) -> AtlasRow:
    """The odds of ``shape`` over ``domain`` (see the module doc for an example)."""
    report = fairness(shape.text, domain)
    positions = (len(report.domain) + 1) ** len(report.expression.variables)
    return AtlasRow(
        shape,
        report.domain,
        report.minimax,
        report.random,
        report.optimal_max,
        report.optimal_min,
        monotonicity(shape.text, report.domain),
        positions,
    )


def monotonicity(text: str, domain: Sequence[Number]) -> str:
    """For each variable (in order of appearance), how val(E) moves when it grows.

    Defined values only are compared; ``0`` marks a variable val(E) does not depend on.

    >>> monotonicity("a - b*c", (0, 1, 2)), monotonicity("a*(b - c)", (0, 1, 2))
    ('+−−', '~+−')
    """
    expression = parse(text)
    order = sorted(range(len(domain)), key=lambda j: domain[j])
    table = leaf_table(expression, [domain[j] for j in order])
    n, m = len(expression.variables), len(domain)
    ranks = table.ranks.reshape((m,) * n)  # axis 0 is the last variable (index Σ dᵢ·mⁱ)
    signs = []
    for slot in range(n):
        axis = n - 1 - slot
        low = np.take(ranks, range(m - 1), axis=axis)
        high = np.take(ranks, range(1, m), axis=axis)
        both = (low >= 0) & (high >= 0)
        up, down = bool(np.any(both & (high > low))), bool(np.any(both & (high < low)))
        signs.append("~" if up and down else "+" if up else "−" if down else "0")
    return "".join(signs)
