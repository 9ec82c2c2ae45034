"""Split an expression into tokens, each with its position in the text.

Numbers are exact: ``0.1`` is the fraction 1/10. Names are identifiers (letters, digits and
``_``, not starting with a digit; case-sensitive). Operators are ``+ - * / ^`` and a few
typographic synonyms (``−``, ``×``, ``·``, ``÷``, ``**``).

>>> [token.text for token in tokenize("2*x1 - 0.5")]
['2', '*', 'x1', '-', '0.5']
>>> tokenize("0.1")[0].value, tokenize("12")[0].value
(Fraction(1, 10), 12)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from evalgame.errors import ExpressionError, LimitError
from evalgame.expr.nodes import MAX_LITERAL_DIGITS
from evalgame.numbers import Number, normal

#: longest expression text accepted
MAX_LENGTH = 10_000


class Kind(enum.Enum):
    """The kinds of token."""

    NUMBER = "number"
    NAME = "name"
    OPERATOR = "operator"
    LEFT = "("
    RIGHT = ")"


@dataclass(frozen=True, slots=True)
class Token:
    """One token: its kind, its canonical text, where it starts, and its value if a number."""

    kind: Kind
    text: str
    position: int
    value: Number | None = None


_SYNONYMS = {"−": "-", "–": "-", "×": "*", "·": "*", "∙": "*", "÷": "/", "**": "^"}
_OPERATORS = set("+-*/^")
_DIGITS = set("0123456789")


def _is_name_char(char: str) -> bool:
    return char.isalpha() or char == "_" or char in _DIGITS


def tokenize(text: str) -> list[Token]:
    """The tokens of ``text``; raises :class:`ExpressionError` at the first bad character."""
    if len(text) > MAX_LENGTH:
        raise LimitError("the expression length", len(text), MAX_LENGTH, "shorten the expression")
    tokens: list[Token] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isspace():
            i += 1
        elif char in _DIGITS or (char == "." and text[i + 1 : i + 2] in _DIGITS):
            i = _number(text, i, tokens)
        elif char.isalpha() or char == "_":
            start = i
            while i < len(text) and _is_name_char(text[i]):
                i += 1
            tokens.append(Token(Kind.NAME, text[start:i], start))
        elif text.startswith("**", i):
            tokens.append(Token(Kind.OPERATOR, "^", i))
            i += 2
        elif char in _OPERATORS or char in _SYNONYMS:
            tokens.append(Token(Kind.OPERATOR, _SYNONYMS.get(char, char), i))
            i += 1
        elif char in "([{":
            tokens.append(Token(Kind.LEFT, "(", i))
            i += 1
        elif char in ")]}":
            tokens.append(Token(Kind.RIGHT, ")", i))
            i += 1
        else:
            raise ExpressionError(f"unexpected character {char!r}", text, i)
    return tokens


def _number(text: str, start: int, tokens: list[Token]) -> int:
    """Read a decimal number at ``start``, append its token, return where it ends."""
    i = start
    while i < len(text) and text[i] in _DIGITS:
        i += 1
    if i < len(text) and text[i] == ".":
        i += 1
        while i < len(text) and text[i] in _DIGITS:
            i += 1
    literal = text[start:i]
    if i < len(text) and text[i] == ".":
        raise ExpressionError("malformed number", text, i)
    if i < len(text) and _is_name_char(text[i]):
        raise ExpressionError("a number cannot run into a name (write '2*x', not '2x')", text, i)
    if len(literal) > MAX_LITERAL_DIGITS:
        raise ExpressionError(f"number too long (at most {MAX_LITERAL_DIGITS} digits)", text, start)
    tokens.append(Token(Kind.NUMBER, literal, start, normal(Fraction(literal))))
    return i
