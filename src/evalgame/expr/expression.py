"""A parsed expression: its text, reverse Polish notation, tree and variables.

>>> e = parse("x/y + 2*y/z - z/x")
>>> e.variables
('x', 'y', 'z')
>>> e.evaluate({"x": 3, "y": 9, "z": 3})
Fraction(16, 3)
>>> e.evaluate({"x": 0, "y": 1, "z": 1}) is None
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from evalgame.errors import EvalgameError, ExpressionError, LimitError, SearchInterrupted
from evalgame.expr.evaluate import (
    MAX_EXPONENT,
    Undefined,
    bounded_apply,
    compile_tree,
    evaluate_rpn,
)
from evalgame.expr.lexer import Kind
from evalgame.expr.nodes import Bin, Neg, Node, Num, Var, to_text
from evalgame.expr.parser import NEGATE, RpnItem, to_rpn
from evalgame.numbers import Number

#: deepest nesting of operators accepted
MAX_DEPTH = 400


@dataclass(frozen=True)
class Expression:
    """An arithmetic expression ready to be evaluated exactly.

    ``variables`` lists the distinct variable names in order of first appearance; a
    variable may occur several times in the text.
    """

    text: str
    rpn: tuple[RpnItem, ...]
    tree: Node
    variables: tuple[str, ...]
    index: Mapping[str, int] = field(repr=False)

    def __str__(self) -> str:
        """The tree printed with minimal parentheses — or the text as given, should that
        print break a limit of the parser (it can be longer, and a decimal printed as a
        quotient nests one level deeper), so that ``parse(str(e))`` always works.

        >>> long = "*".join(["(" + "+".join(["x"] * 300) + ")"] * 16)  # 9,663 characters
        >>> str(parse("(x)*  0.5")), str(parse(long)) == long
        ('x * (1/2)', True)
        """
        return self._printed

    @cached_property
    def _printed(self) -> str:
        text = to_text(self.tree)
        try:
            parse(text)
        except EvalgameError:
            return self.text
        return text

    def __repr__(self) -> str:
        """``Expression('X*(Y-Z)')``: the text it was parsed from, not its tokens."""
        return f"Expression({self.text!r})"

    def evaluate(self, assignment: Mapping[str, Number]) -> Number | None:
        """The exact value under ``assignment`` (name → value), ``None`` if undefined."""
        missing = [name for name in self.variables if name not in assignment]
        if missing:
            raise ExpressionError(f"no value for variable {missing[0]!r}", self.text, 0)
        return evaluate_rpn(self.rpn, assignment)

    @cached_property
    def compiled(self) -> Callable[[Sequence[Number]], Number | None]:
        """A fast evaluator taking the values in the order of :attr:`variables`."""
        return compile_tree(self.tree, self.index)


def parse(text: str, *, deadline: float | None = None) -> Expression:
    """Parse ``text``; malformed input raises :class:`ExpressionError` with the position.

    ``deadline`` (a :func:`time.monotonic` time) stops a long parse of a huge constant
    expression with :class:`SearchInterrupted`, so a time budget covers parsing too.

    >>> parse("2^10 + x", deadline=time.monotonic() - 1)
    Traceback (most recent call last):
    evalgame.errors.SearchInterrupted: time budget exhausted while parsing the expression
    """
    rpn = tuple(to_rpn(text))
    tree = _tree(rpn, text, deadline)
    names: list[str] = []
    for item in rpn:
        if item.token.kind is Kind.NAME and item.text not in names:
            names.append(item.text)
    return Expression(text, rpn, tree, tuple(names), {name: i for i, name in enumerate(names)})


def _tree(rpn: Sequence[RpnItem], text: str, deadline: float | None) -> Node:
    """Build the tree, checking that constant exponents are integers of sane size and that
    the nesting stays within :data:`MAX_DEPTH` (trees are walked recursively later)."""
    stack: list[tuple[Node, Number | None, int]] = []  # node, value if constant, depth
    for item in rpn:
        token = item.token
        if token.kind is Kind.NUMBER:
            assert token.value is not None
            stack.append((Num(token.value), token.value, 1))
        elif token.kind is Kind.NAME:
            stack.append((Var(token.text), None, 1))
        elif item.text == NEGATE:
            node, value, depth = stack.pop()
            _check_depth(depth + 1)
            stack.append((Neg(node), None if value is None else -value, depth + 1))
        else:
            if deadline is not None and time.monotonic() > deadline:
                raise SearchInterrupted("time budget exhausted while parsing the expression")
            right, right_value, right_depth = stack.pop()
            left, left_value, left_depth = stack.pop()
            if item.text == "^" and right_value is not None:
                _check_exponent(right_value, text, token.position)
            depth = max(left_depth, right_depth) + 1
            _check_depth(depth)
            folded = _fold(item.text, left_value, right_value)
            stack.append((Bin(item.text, left, right), folded, depth))
    ((tree, _, _),) = stack
    return tree


def _check_exponent(exponent: Number, text: str, position: int) -> None:
    if Fraction(exponent).denominator != 1:
        raise ExpressionError("exponents must be integers", text, position)
    if abs(int(exponent)) > MAX_EXPONENT:
        raise ExpressionError(f"exponent too large (at most {MAX_EXPONENT})", text, position)


def _fold(op: str, left: Number | None, right: Number | None) -> Number | None:
    """The value of a constant subexpression, or ``None`` (not constant, undefined, or too
    large to compute quickly: such a value fails the number-size check of any game)."""
    if left is None or right is None:
        return None
    try:
        return bounded_apply(op, left, right)
    except (Undefined, LimitError):
        return None


def _check_depth(depth: int) -> None:
    if depth > MAX_DEPTH:
        raise LimitError(
            "the nesting depth of the expression", depth, MAX_DEPTH,
            "split it into shorter sums and products",
        )  # fmt: skip
