"""Exact evaluation: reverse Polish notation as in the paper, and compiled trees for speed.

A value is *undefined* (the leaf is invalid) on a division by zero, a zero raised to a
negative power, or a non-integer exponent. :func:`evaluate_rpn` and the functions made by
:func:`compile_tree` return ``None`` then; they never raise for those.

>>> from evalgame.expr.parser import to_rpn, parse_tree
>>> evaluate_rpn(to_rpn("x/y + 1"), {"x": 3, "y": 4})
Fraction(7, 4)
>>> evaluate_rpn(to_rpn("x/y"), {"x": 3, "y": 0}) is None
True
>>> f = compile_tree(parse_tree("a*(b-c)"), {"a": 0, "b": 1, "c": 2})
>>> f((3, 6, 0))
18
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from evalgame.errors import LimitError
from evalgame.expr.lexer import Kind
from evalgame.expr.nodes import Bin, Neg, Node, Num, Number, Var
from evalgame.expr.parser import NEGATE, RpnItem

#: largest |exponent| accepted by ``^``
MAX_EXPONENT = 4096
#: largest size (in bits) of a power's result
MAX_POWER_BITS = 1 << 20


class Undefined(ArithmeticError):
    """Raised inside evaluation when the value does not exist (caught by the evaluators)."""


def divide(a: Number, b: Number) -> Number:
    """``a / b`` exactly, an int when the quotient is integral.

    >>> divide(6, 3), divide(1, 2)
    (2, Fraction(1, 2))
    """
    if not b:
        raise Undefined("division by zero")
    if type(a) is int and type(b) is int:
        quotient, remainder = divmod(a, b)
        return quotient if not remainder else Fraction(a, b)
    result = Fraction(a) / b
    return result.numerator if result.denominator == 1 else result


def power(base: Number, exponent: Number) -> Number:
    """``base ^ exponent`` for an integer exponent, exactly.

    >>> power(2, -2), power(Fraction(1, 2), 3)
    (Fraction(1, 4), Fraction(1, 8))
    """
    if isinstance(exponent, Fraction):
        if exponent.denominator != 1:
            raise Undefined("non-integer exponent")
        exponent = exponent.numerator
    if abs(exponent) > MAX_EXPONENT:
        raise LimitError("an exponent", abs(exponent), MAX_EXPONENT, "use smaller exponents")
    if exponent < 0:
        if not base:
            raise Undefined("zero to a negative power")
        return divide(1, power(base, -exponent))
    size = max(Fraction(base).numerator.bit_length(), Fraction(base).denominator.bit_length())
    if size * exponent > MAX_POWER_BITS:
        raise LimitError(
            "the size in bits of a power", size * exponent, MAX_POWER_BITS, "use smaller powers"
        )
    return base**exponent


def apply(op: str, a: Number, b: Number) -> Number:
    """The binary operator ``op`` applied to ``a`` and ``b``."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return divide(a, b)
    return power(a, b)


def evaluate_rpn(rpn: Sequence[RpnItem], values: Mapping[str, Number]) -> Number | None:
    """Evaluate reverse Polish notation (items from :func:`~evalgame.expr.parser.to_rpn`)."""
    stack: list[Number] = []
    try:
        for item in rpn:
            kind = item.token.kind
            if kind is Kind.NUMBER:
                assert item.token.value is not None
                stack.append(item.token.value)
            elif kind is Kind.NAME:
                stack.append(values[item.text])
            elif item.text == NEGATE:
                stack.append(-stack.pop())
            else:
                right = stack.pop()
                stack.append(apply(item.text, stack.pop(), right))
    except Undefined:
        return None
    (result,) = stack
    return result


Compiled = Callable[[Sequence[Number]], Number]


def compile_tree(
    tree: Node, index: Mapping[str, int]
) -> Callable[[Sequence[Number]], Number | None]:
    """A fast evaluator of ``tree`` on a sequence of values indexed by ``index[name]``."""
    inner = _compile(tree, index)

    def evaluate(values: Sequence[Number]) -> Number | None:
        try:
            return inner(values)
        except Undefined:
            return None

    return evaluate


def _compile(node: Node, index: Mapping[str, int]) -> Compiled:
    if isinstance(node, Num):
        constant = node.value
        return lambda values: constant
    if isinstance(node, Var):
        slot = index[node.name]
        return lambda values: values[slot]
    if isinstance(node, Neg):
        operand = _compile(node.operand, index)
        return lambda values: -operand(values)
    return _compile_binary(node, index)


def _compile_binary(node: Bin, index: Mapping[str, int]) -> Compiled:
    left = _compile(node.left, index)
    right = _compile(node.right, index)
    if node.op == "+":
        return lambda values: left(values) + right(values)
    if node.op == "-":
        return lambda values: left(values) - right(values)
    if node.op == "*":
        return lambda values: left(values) * right(values)
    if node.op == "/":
        return lambda values: divide(left(values), right(values))
    return lambda values: power(left(values), right(values))
