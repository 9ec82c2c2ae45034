"""The expression tree: numbers, variables, negation and binary operators.

Trees are immutable and hashable. :func:`to_text` prints a tree with as few parentheses as
the precedence and associativity rules allow.

>>> tree = Bin("-", Var("a"), Bin("-", Var("b"), Num(1)))
>>> to_text(tree)
'a - (b - 1)'
>>> sorted(variables(tree))
['a', 'b']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TypeAlias

from evalgame.numbers import Number, format_number

#: binding strength of the binary operators (higher binds tighter); unary minus is 3
PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 4}
NEGATION_PRECEDENCE = 3
RIGHT_ASSOCIATIVE = frozenset("^")


@dataclass(frozen=True, slots=True)
class Num:
    """A constant."""

    value: Number


@dataclass(frozen=True, slots=True)
class Var:
    """A variable, by name."""

    name: str


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Node


@dataclass(frozen=True, slots=True)
class Bin:
    """A binary operation, ``op`` one of ``+ - * / ^``."""

    op: str
    left: Node
    right: Node


Node: TypeAlias = Num | Var | Neg | Bin


def variables(node: Node) -> Iterator[str]:
    """The variable names of ``node`` in left-to-right order of occurrence (with repeats)."""
    stack: list[Node] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Var):
            yield current.name
        elif isinstance(current, Neg):
            stack.append(current.operand)
        elif isinstance(current, Bin):
            stack.append(current.right)
            stack.append(current.left)


def is_linear(node: Node) -> bool:
    """Whether ``node`` is affine in its variables: no product of two variable terms, no
    variable in a divisor and no variable raised to a power.

    >>> is_linear(Bin("-", Bin("*", Num(10), Var("a")), Bin("/", Var("b"), Num(3))))
    True
    >>> is_linear(Bin("*", Var("X"), Bin("-", Var("Y"), Var("Z"))))
    False
    """
    return _linear(node)[1]


def _linear(node: Node) -> tuple[bool, bool]:
    """(whether ``node`` has a variable, whether it is affine in its variables)."""
    if isinstance(node, Num):
        return False, True
    if isinstance(node, Var):
        return True, True
    if isinstance(node, Neg):
        return _linear(node.operand)
    left_vars, left_linear = _linear(node.left)
    right_vars, right_linear = _linear(node.right)
    linear = left_linear and right_linear
    if node.op == "*":
        linear = linear and not (left_vars and right_vars)
    elif node.op in "/^":
        linear = linear and not right_vars and not (node.op == "^" and left_vars)
    return left_vars or right_vars, linear


def substitute_tree(node: Node, values: dict[str, Number]) -> Node:
    """``node`` with the variables in ``values`` replaced by their values.

    >>> to_text(substitute_tree(Bin("*", Var("X"), Var("Y")), {"X": 5}))
    '5 * Y'
    """
    if isinstance(node, Var):
        return Num(values[node.name]) if node.name in values else node
    if isinstance(node, Neg):
        return Neg(substitute_tree(node.operand, values))
    if isinstance(node, Bin):
        return Bin(node.op, substitute_tree(node.left, values), substitute_tree(node.right, values))
    return node


#: longest number literal (digits and point) accepted in expressions and domains
MAX_LITERAL_DIGITS = 1000


def to_text(node: Node) -> str:
    """``node`` as an expression with minimal parentheses."""
    return _text(node)[0]


def _text(node: Node) -> tuple[str, int]:
    """The text of ``node`` and the precedence of its top operator (5 for atoms)."""
    if isinstance(node, Num):
        text = format_number(node.value)
        return (text, 5) if node.value >= 0 and "/" not in text else (f"({text})", 5)
    if isinstance(node, Var):
        return node.name, 5
    if isinstance(node, Neg):
        inner, inner_precedence = _text(node.operand)
        if inner_precedence < NEGATION_PRECEDENCE or inner.startswith("-"):
            inner = f"({inner})"
        return f"-{inner}", NEGATION_PRECEDENCE
    precedence = PRECEDENCE[node.op]
    left, left_precedence = _text(node.left)
    right, right_precedence = _text(node.right)
    right_assoc = node.op in RIGHT_ASSOCIATIVE
    if left_precedence < precedence or (left_precedence == precedence and right_assoc):
        left = f"({left})"
    if right_precedence < precedence or (right_precedence == precedence and not right_assoc):
        right = f"({right})"
    spacing = "" if node.op == "^" else " "
    return f"{left}{spacing}{node.op}{spacing}{right}", precedence
