"""Domains: the finite set of values MAX proposes from.

``0..9`` is an integer range; ``1,2,5``, ``-1/2,0,1/2`` and ``0.5,1.5`` are lists of exact
numbers. A domain is returned sorted, without duplicates (a duplicate is an error).
:func:`make_domain` takes what a program has at hand — that text, or numbers (a float
through its decimal text: ``0.1`` is 1/10, never the binary double next to it).

>>> parse_domain("0..3")
(0, 1, 2, 3)
>>> parse_domain("0.5, -1/2")
(Fraction(-1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import TypeAlias

from evalgame.errors import DomainError, EvalgameError, LimitError
from evalgame.expr.nodes import MAX_LITERAL_DIGITS
from evalgame.numbers import Number, exact, format_number, normal

#: a domain as a program may give it: text (``"0..9"``) or numbers, floats included
DomainLike: TypeAlias = str | Iterable[Number | float | Decimal | str]

#: the digits 0–9, the paper's domain
DIGITS: tuple[Number, ...] = tuple(range(10))
#: most values a domain may have
MAX_DOMAIN_SIZE = 1000

_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")
_NUMBER = re.compile(r"^\s*-?(\d+(\.\d*)?|\.\d+)(\s*/\s*\d+)?\s*$")


def parse_domain(text: str) -> tuple[Number, ...]:
    """The domain described by ``text`` (see the module docstring)."""
    if any(len(digits) > MAX_LITERAL_DIGITS for digits in re.findall(r"\d+", text)):
        raise DomainError(
            f"a number in the domain is too long (at most {MAX_LITERAL_DIGITS} digits)"
        )
    match = _RANGE.match(text)
    if match:
        low, high = int(match[1]), int(match[2])
        if low > high:
            raise DomainError(f"empty domain range {text.strip()!r}: {low} > {high}")
        _check_size(high - low + 1)
        return tuple(range(low, high + 1))
    parts = [part.strip() for part in text.split(",")]
    if not text.strip() or any(not part for part in parts):
        raise DomainError(f"empty domain or empty entry in {text!r}")
    _check_size(len(parts))
    values = [_number(part) for part in parts]
    return make_domain(values)


def domain_value(text: str, domain: tuple[Number, ...]) -> Number | None:
    """The value of ``domain`` written ``text`` (``1/2``, ``0.5``...), or ``None``.

    >>> domain_value("18/2", DIGITS), domain_value("10", DIGITS), domain_value("x", DIGITS)
    (9, None, None)
    """
    try:
        values = parse_domain(text)
    except EvalgameError:
        return None
    return values[0] if len(values) == 1 and values[0] in domain else None


def make_domain(values: DomainLike) -> tuple[Number, ...]:
    """``values`` as a domain: exact, sorted; duplicates and emptiness are errors.

    Text is read as :func:`parse_domain` reads it; a float is taken by its decimal text.

    >>> make_domain([2, 1])
    (1, 2)
    >>> make_domain("0..3"), make_domain((0.1, 1))
    ((0, 1, 2, 3), (Fraction(1, 10), 1))
    """
    if isinstance(values, str):
        return parse_domain(values)
    values = tuple(values)
    if not values:
        raise DomainError("the domain is empty")
    _check_size(len(values))
    exact = [exact_number(value) for value in values]
    seen: set[Number] = set()
    for value in exact:
        if value in seen:
            raise DomainError(f"the domain lists {format_number(value)} twice")
        seen.add(value)
    return tuple(sorted(exact))


def exact_number(value: Number | float | Decimal | str) -> Number:
    """One value of a domain, exactly: text as in a domain (``"1/3"``, ``"0.5"``), anything
    else by :func:`evalgame.numbers.exact` (a float through its decimal text, which is the
    number the person wrote).

    >>> exact_number(0.1), exact_number(Decimal("2.50")), exact_number("-1/2")
    (Fraction(1, 10), Fraction(5, 2), Fraction(-1, 2))
    >>> exact_number(float("nan"))
    Traceback (most recent call last):
    ...
    evalgame.errors.DomainError: nan is not a finite number
    """
    if isinstance(value, str):
        return _number(value)
    try:
        return exact(value)
    except (TypeError, ValueError) as error:
        raise DomainError(str(error)) from None


def format_domain(domain: tuple[Number, ...]) -> str:
    """A domain as short text: ``0..9`` for integer ranges, else a comma list.

    >>> format_domain((0, 1, 2)), format_domain((Fraction(1, 2), 1))
    ('0..2', '1/2,1')
    """
    if (
        len(domain) > 2
        and all(isinstance(value, int) for value in domain)
        and list(domain) == list(range(int(domain[0]), int(domain[-1]) + 1))
    ):
        return f"{domain[0]}..{domain[-1]}"
    return ",".join(format_number(value) for value in domain)


def _number(text: str) -> Number:
    """One entry of a list of values.

    >>> parse_domain("0..9,9")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evalgame.errors.DomainError: '0..9' is a range inside a list: a domain is one range ...
    """
    if _RANGE.match(text):
        raise DomainError(
            f"{text.strip()!r} is a range inside a list: a domain is one range (0..9) or a "
            "list of numbers (1,2,5), not both"
        )
    if not _NUMBER.match(text):
        raise DomainError(f"{text!r} is not an exact number (try 3, -2, 0.5 or 1/3)")
    numerator, _, denominator = text.replace(" ", "").partition("/")
    if denominator and int(denominator) == 0:
        raise DomainError(f"{text!r} divides by zero")
    value = Fraction(numerator) / (int(denominator) if denominator else 1)
    return normal(value)


def _check_size(size: int) -> None:
    if size > MAX_DOMAIN_SIZE:
        raise LimitError("the domain size", size, MAX_DOMAIN_SIZE, "use a smaller domain")
