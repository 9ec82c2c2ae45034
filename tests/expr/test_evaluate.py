"""Exact evaluation: RPN, compiled trees and an independent reference agree."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalgame.errors import LimitError
from evalgame.expr import parse
from evalgame.expr.evaluate import check_number_size, divide, number_bits, power
from evalgame.expr.nodes import Bin, Neg, Node, Num, Var, to_text
from tests.expr.test_parser import trees


def reference(node: Node, values: dict[str, Fraction]) -> Fraction | None:
    """A deliberately naive evaluator: Fractions everywhere, None when undefined."""
    if isinstance(node, Num):
        return Fraction(node.value)
    if isinstance(node, Var):
        return values[node.name]
    if isinstance(node, Neg):
        inner = reference(node.operand, values)
        return None if inner is None else -inner
    assert isinstance(node, Bin)
    a, b = reference(node.left, values), reference(node.right, values)
    if a is None or b is None:
        return None
    if node.op == "+":
        return a + b
    if node.op == "-":
        return a - b
    if node.op == "*":
        return a * b
    if node.op == "/":
        return None if b == 0 else a / b
    if b.denominator != 1 or (a == 0 and b < 0):
        return None
    return a ** int(b)


values_strategy = st.fixed_dictionaries(
    {name: st.fractions(-3, 3, max_denominator=3) for name in ["a", "b", "x", "y1", "Z"]}
)


@given(trees, values_strategy)
def test_three_evaluators_agree(tree: Node, values: dict[str, Fraction]) -> None:
    expression = parse(to_text(tree))
    expected = reference(expression.tree, values)
    assert expression.evaluate(values) == expected
    ordered = [values[name] for name in expression.variables]
    assert expression.compiled(ordered) == expected


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("x/y", {"x": 1, "y": 0}),
        ("1/(x-x)", {"x": 4}),
        ("x^y", {"x": 0, "y": -1}),
        ("2^y", {"y": Fraction(1, 2)}),
        ("0*(1/x)", {"x": 0}),  # an undefined part makes the whole value undefined
    ],
)
def test_undefined_values(text: str, values: dict[str, Fraction]) -> None:
    expression = parse(text)
    assert expression.evaluate(values) is None
    assert expression.compiled([values[name] for name in expression.variables]) is None


def test_where_floats_would_be_wrong() -> None:
    expression = parse("x/10 + y/10 - z/10")
    value = expression.evaluate({"x": 1, "y": 2, "z": 3})
    assert value == 0
    assert 1 / 10 + 2 / 10 - 3 / 10 != 0  # the float computation misses the tie


def test_integral_results_stay_ints() -> None:
    assert type(divide(6, 3)) is int
    assert power(Fraction(1, 2), -2) == 4


@given(trees, values_strategy)
def test_number_bits_bounds_every_value(tree: Node, values: dict[str, Fraction]) -> None:
    """The static bound that refuses games with huge numbers is a true bound."""
    expression = parse(to_text(tree))
    value = reference(expression.tree, values)
    if value is not None:
        size = max(value.numerator.bit_length(), value.denominator.bit_length())
        assert size <= number_bits(expression.tree, tuple(values.values()))


def test_games_with_huge_numbers_are_refused_before_searching() -> None:
    check_number_size(parse("x^4096 * y^4096").tree, (8, 9))
    with pytest.raises(LimitError, match="size in bits"):
        check_number_size(parse("x^4096 + y").tree, (Fraction(1, 10**30), 1))
    with pytest.raises(LimitError, match="size in bits"):
        power(Fraction(1, 10**30), 4096)


def test_huge_powers_are_refused() -> None:
    expression = parse("x^y^z")
    with pytest.raises(LimitError, match="exponent"):
        expression.evaluate({"x": 9, "y": 9, "z": 9})
