"""Dijkstra's shunting-yard algorithm: tokens → reverse Polish notation → tree.

Precedence, loosest first: ``+ -`` (left-associative), ``* /`` (left-associative), unary
minus, ``^`` (right-associative). So ``a-b-c`` is ``(a-b)-c``, ``a/b/c`` is ``(a/b)/c``,
``-x^2`` is ``-(x^2)`` and ``2^3^2`` is ``2^(3^2)``.

>>> [item.text for item in to_rpn("a - b * (c + 1)")]
['a', 'b', 'c', '1', '+', '*', '-']
>>> from evalgame.expr.nodes import to_text
>>> to_text(parse_tree("-x^2 + (y)"))
'-x^2 + y'
"""

from __future__ import annotations

from dataclasses import dataclass

from evalgame.errors import ExpressionError
from evalgame.expr.lexer import Kind, Token, tokenize
from evalgame.expr.nodes import (
    NEGATION_PRECEDENCE,
    PRECEDENCE,
    RIGHT_ASSOCIATIVE,
    Bin,
    Neg,
    Node,
    Num,
    Var,
)
from evalgame.numbers import normal

#: the text of the unary-minus operator in reverse Polish notation
NEGATE = "neg"


@dataclass(frozen=True, slots=True)
class RpnItem:
    """One item of reverse Polish notation: an operand (number or name) or an operator."""

    token: Token
    text: str

    @property
    def is_operator(self) -> bool:
        """Whether this item pops operands (a binary operator or negation)."""
        return self.token.kind is Kind.OPERATOR


def to_rpn(text: str) -> list[RpnItem]:
    """``text`` in reverse Polish notation; malformed input raises :class:`ExpressionError`."""
    output: list[RpnItem] = []
    stack: list[tuple[Token, str]] = []  # operators and "(" waiting, with their RPN text
    expect_operand = True
    last: Token | None = None
    for token in tokenize(text):
        if expect_operand:
            if token.kind in (Kind.NUMBER, Kind.NAME):
                output.append(RpnItem(token, token.text))
                expect_operand = False
            elif token.kind is Kind.LEFT:
                stack.append((token, "("))
            elif token.kind is Kind.OPERATOR and token.text in "+-":
                if token.text == "-":
                    stack.append((token, NEGATE))  # a prefix operator: nothing to pop
            else:
                raise ExpressionError(_expected_operand(token, last), text, token.position)
        elif token.kind is Kind.OPERATOR:
            _push_binary(token, stack, output)
            expect_operand = True
        elif token.kind is Kind.RIGHT:
            while stack and stack[-1][1] != "(":
                output.append(RpnItem(*stack.pop()))
            if not stack:
                raise ExpressionError("unmatched ')'", text, token.position)
            stack.pop()
        else:
            raise ExpressionError(
                f"expected an operator before {token.text!r}", text, token.position
            )
        last = token
    if expect_operand:
        message = "empty expression" if last is None else f"expected an operand after {last.text!r}"
        raise ExpressionError(message, text, len(text))
    while stack:
        token, item = stack.pop()
        if item == "(":
            raise ExpressionError("unmatched '('", text, token.position)
        output.append(RpnItem(token, item))
    return output


def _expected_operand(token: Token, last: Token | None) -> str:
    if token.kind is Kind.RIGHT:
        return (
            "empty parentheses"
            if last is not None and last.kind is Kind.LEFT
            else ("expected an operand before ')'")
        )
    if last is None:
        return f"expected an operand, not {token.text!r}"
    return f"expected an operand after {last.text!r}, not {token.text!r}"


def _precedence(item: str) -> int:
    return NEGATION_PRECEDENCE if item == NEGATE else PRECEDENCE[item]


def _push_binary(token: Token, stack: list[tuple[Token, str]], output: list[RpnItem]) -> None:
    """Pop the operators that bind at least as tightly, then push ``token``."""
    precedence = PRECEDENCE[token.text]
    right_assoc = token.text in RIGHT_ASSOCIATIVE
    while stack and stack[-1][1] != "(":
        top = _precedence(stack[-1][1])
        if top > precedence or (top == precedence and not right_assoc):
            output.append(RpnItem(*stack.pop()))
        else:
            break
    stack.append((token, token.text))


def rpn_to_tree(rpn: list[RpnItem]) -> Node:
    """The tree of a well-formed RPN sequence (as produced by :func:`to_rpn`)."""
    stack: list[Node] = []
    for item in rpn:
        token = item.token
        if token.kind is Kind.NUMBER:
            assert token.value is not None
            stack.append(Num(normal(token.value)))
        elif token.kind is Kind.NAME:
            stack.append(Var(token.text))
        elif item.text == NEGATE:
            stack.append(Neg(stack.pop()))
        else:
            right = stack.pop()
            stack.append(Bin(item.text, stack.pop(), right))
    (tree,) = stack
    return tree


def parse_tree(text: str) -> Node:
    """The tree of ``text``."""
    return rpn_to_tree(to_rpn(text))
