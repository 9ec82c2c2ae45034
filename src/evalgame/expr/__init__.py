"""Expressions: lexer → shunting-yard → RPN and tree → exact evaluation, domains."""

from evalgame.expr.domain import DIGITS, format_domain, make_domain, parse_domain
from evalgame.expr.expression import Expression, parse
from evalgame.numbers import Number

__all__ = [
    "DIGITS",
    "Expression",
    "Number",
    "format_domain",
    "make_domain",
    "parse",
    "parse_domain",
]
