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
from evalgame.expr.nodes import Bin, Neg, Node, Num, Var
from evalgame.expr.parser import NEGATE, RpnItem
from evalgame.numbers import Number

#: largest |exponent| accepted by ``^``
MAX_EXPONENT = 4096
#: largest size (in bits of numerator or denominator) of a number a game may compute;
#: past it exact arithmetic gets slow enough to overrun a time budget by minutes
MAX_NUMBER_BITS = 1 << 16


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
    if size * exponent > MAX_NUMBER_BITS:
        raise LimitError(
            "the size in bits of a power", size * exponent, MAX_NUMBER_BITS, "use smaller powers"
        )
    return base**exponent


def check_number_size(tree: Node, domain: Sequence[Number]) -> None:
    """Refuse an expression whose values over ``domain`` may need more than
    :data:`MAX_NUMBER_BITS` bits, judged before any search from a bound on every subterm.

    >>> check_number_size(Bin("^", Var("x"), Num(4096)), (1, 2, 3))
    >>> check_number_size(Bin("^", Var("x"), Num(4096)), (Fraction(1, 10**30),))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    evalgame.errors.LimitError: the size in bits ... is 409600, over the limit of 65536; ...
    """
    size = number_bits(tree, domain)
    if size > MAX_NUMBER_BITS:
        raise LimitError(
            "the size in bits of the numbers this game computes",
            size,
            MAX_NUMBER_BITS,
            "use smaller powers or simpler domain values",
        )


def bits(value: Number) -> int:
    """The size of ``value``: bits of the larger of its numerator and denominator.

    >>> bits(Fraction(1, 1024)), bits(-3)
    (11, 2)
    """
    exact = Fraction(value)
    return max(1, exact.numerator.bit_length(), exact.denominator.bit_length())


def bounded_apply(op: str, a: Number, b: Number) -> Number:
    """:func:`apply`, refusing (:class:`LimitError`) before computing a result that could
    need more than :data:`MAX_NUMBER_BITS` bits — the bound :func:`number_bits` puts on
    a game, applied to one operation (the gcd inside exact addition is quadratic in the
    size, so an unbounded fold of a long constant sum could run for minutes).

    >>> bounded_apply("+", 2**70000, 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    evalgame.errors.LimitError: the size in bits of a constant ... over the limit of 65536; ...
    """
    if op != "^":  # power() checks its own result size
        size = bits(a) + bits(b) + (op in "+-")
        if size > MAX_NUMBER_BITS:
            raise LimitError(
                "the size in bits of a constant", size, MAX_NUMBER_BITS, "use smaller numbers"
            )
    return apply(op, a, b)


def number_bits(node: Node, domain: Sequence[Number]) -> int:
    """Bits enough for the numerator and denominator of ``node``'s value over ``domain``.

    >>> number_bits(Bin("+", Var("x"), Num(Fraction(1, 3))), range(10))
    7
    """
    if isinstance(node, Num):
        return bits(node.value)
    if isinstance(node, Var):
        return max(bits(value) for value in domain)
    if isinstance(node, Neg):
        return number_bits(node.operand, domain)
    assert isinstance(node, Bin)
    left = number_bits(node.left, domain)
    right = number_bits(node.right, domain)
    if node.op == "^":
        # the exponent is computed too: the bound covers it as well as the power
        return max(left * max(1, _exponent_bound(node.right, domain)), right)
    # a/b + c/d = (ad + cb)/bd: one more bit for the sum's numerator
    return left + right + (node.op in "+-")


def _exponent_bound(node: Node, domain: Sequence[Number]) -> int:
    """The largest |exponent| ``node`` can take (exponents past it are refused anyway)."""
    if isinstance(node, Neg):
        return _exponent_bound(node.operand, domain)
    values = [node.value] if isinstance(node, Num) else domain if isinstance(node, Var) else []
    return min(MAX_EXPONENT, max((abs(int(value)) for value in values), default=MAX_EXPONENT))


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
