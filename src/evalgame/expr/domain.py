"""Domains: the finite set of values MAX proposes from.

``0..9`` is an integer range; ``1,2,5``, ``-1/2,0,1/2`` and ``0.5,1.5`` are lists of exact
numbers. A domain is returned sorted, without duplicates (a duplicate is an error).

>>> parse_domain("0..3")
(0, 1, 2, 3)
>>> parse_domain("0.5, -1/2")
(Fraction(-1, 2), Fraction(1, 2))
"""

from __future__ import annotations

import re
from fractions import Fraction

from evalgame.errors import DomainError, EvalgameError, LimitError
from evalgame.expr.nodes import MAX_LITERAL_DIGITS, Number, format_number, normal

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


def make_domain(values: list[Number] | tuple[Number, ...]) -> tuple[Number, ...]:
    """``values`` as a domain: exact, sorted; duplicates and emptiness are errors.

    >>> make_domain([2, 1])
    (1, 2)
    """
    if not values:
        raise DomainError("the domain is empty")
    _check_size(len(values))
    exact = [normal(Fraction(value)) for value in values]
    seen: set[Number] = set()
    for value in exact:
        if value in seen:
            raise DomainError(f"the domain lists {format_number(value)} twice")
        seen.add(value)
    return tuple(sorted(exact))


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
