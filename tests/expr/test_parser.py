"""Shunting-yard parsing: precedence, associativity, unary minus, errors with positions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given

from evalgame.errors import ExpressionError, LimitError
from evalgame.expr import parse
from evalgame.expr.evaluate import bounded_apply
from evalgame.expr.nodes import Bin, Neg, Node, Num, to_text
from evalgame.expr.parser import parse_tree, to_rpn
from tests.strategies import expression_trees


def rpn(text: str) -> list[str]:
    return [item.text for item in to_rpn(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a+b*c", ["a", "b", "c", "*", "+"]),
        ("(a+b)*c", ["a", "b", "+", "c", "*"]),
        ("a-b-c", ["a", "b", "-", "c", "-"]),
        ("a/b/c", ["a", "b", "/", "c", "/"]),
        ("a^b^c", ["a", "b", "c", "^", "^"]),
        ("-a^2", ["a", "2", "^", "neg"]),
        ("-a*b", ["a", "neg", "b", "*"]),
        ("a*-b", ["a", "b", "neg", "*"]),
        ("a^-b*c", ["a", "b", "neg", "^", "c", "*"]),
        ("--a", ["a", "neg", "neg"]),
        ("+a", ["a"]),
        ("a**2", ["a", "2", "^"]),
        ("a × b ÷ c − d", ["a", "b", "*", "c", "/", "d", "-"]),
    ],
)
def test_rpn(text: str, expected: list[str]) -> None:
    assert rpn(text) == expected


def test_associativity_in_values() -> None:
    assert parse("a-b-c").evaluate({"a": 10, "b": 3, "c": 2}) == 5
    assert parse("a/b/c").evaluate({"a": 12, "b": 3, "c": 2}) == 2
    assert parse("2^3^2").evaluate({}) == 512
    assert parse("-2^2").evaluate({}) == -4
    assert parse("(-2)^2").evaluate({}) == 4


def test_decimals_are_exact() -> None:
    assert parse("0.1 + 0.2").evaluate({}) == Fraction(3, 10)
    assert parse(".5*x").evaluate({"x": 3}) == Fraction(3, 2)


def test_variables_in_order_of_first_appearance() -> None:
    assert parse("w - y*z/3 + 3*x + w").variables == ("w", "y", "z", "x")
    assert parse("X + x").variables == ("X", "x")  # case-sensitive


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("", 0, "empty expression"),
        ("x+", 2, "expected an operand"),
        ("(x", 0, "unmatched '('"),
        ("x)", 1, "unmatched ')'"),
        ("2x", 1, "cannot run into a name"),
        ("x y", 2, "expected an operator"),
        ("x $ y", 2, "unexpected character"),
        ("()", 1, "empty parentheses"),
        ("*x", 0, "expected an operand"),
        ("x+*y", 2, "expected an operand"),
        ("1.2.3", 3, "malformed number"),
        ("x^0.5", 1, "exponents must be integers"),
        ("x^(1/2)", 1, "exponents must be integers"),
        ("(a+b))*c", 5, "unmatched ')'"),
    ],
)
def test_errors_point_at_the_offending_character(text: str, position: int, message: str) -> None:
    with pytest.raises(ExpressionError) as info:
        parse(text)
    assert info.value.position == position
    assert message in str(info.value)
    caret_line = info.value.pretty().splitlines()[-1]
    assert caret_line.index("^") - 2 == position


def test_overlong_expression_is_refused() -> None:
    with pytest.raises(LimitError, match="length"):
        parse("x+" * 6000 + "x")
    with pytest.raises(LimitError, match="nesting depth"):
        parse("x+" * 1000 + "x")
    with pytest.raises(LimitError, match="nesting depth"):
        parse("-" * 1000 + "x")
    assert str(parse("x+" * 300 + "x")).count("+") == 300


def test_overlong_numbers_are_refused_at_their_position() -> None:
    with pytest.raises(ExpressionError, match="number too long") as info:
        parse("x + " + "9" * 5000)
    assert info.value.position == 4
    caret_line = info.value.pretty().splitlines()[-1]
    assert caret_line.index("^") == 6  # the excerpt of a long text keeps the caret under it


def test_constant_folding_stops_at_the_number_size_bound() -> None:
    # folded without a bound, this sum's exact value takes seconds (gcds of huge numbers)
    terms = [f"(1/{p})^4096" for p in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)]
    expression = parse("x^(" + "+".join(terms) + ")")
    assert len(expression.variables) == 1
    with pytest.raises(LimitError, match="size in bits of a constant"):
        bounded_apply("*", 3**50_000, 3**50_000)
    assert bounded_apply("*", 3**20_000, 3**20_000) == 9**20_000


trees = expression_trees()


@given(trees)
def test_printing_round_trips(tree: Node) -> None:
    assert parse_tree(to_text(tree)) == _normalise(tree)


def _normalise(node: Node) -> Node:
    """Fractions print as a quotient and negative numbers with a sign: reparsed, they
    become a division and a negation."""
    if isinstance(node, Num):
        value = Fraction(node.value)
        if value < 0:
            return Neg(_normalise(Num(-value)))
        if value.denominator != 1:
            return Bin("/", Num(value.numerator), Num(value.denominator))
        return Num(value.numerator)
    if isinstance(node, Neg):
        return Neg(_normalise(node.operand))
    if isinstance(node, Bin):
        return Bin(node.op, _normalise(node.left), _normalise(node.right))
    return node
