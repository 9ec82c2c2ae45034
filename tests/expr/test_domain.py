"""Domains: ranges, exact lists, and the errors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from evalgame.errors import DomainError, LimitError
from evalgame.expr.domain import format_domain, parse_domain


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0..9", tuple(range(10))),
        ("-2..2", (-2, -1, 0, 1, 2)),
        ("1,2,5", (1, 2, 5)),
        ("-1/2,0,1/2", (Fraction(-1, 2), 0, Fraction(1, 2))),
        ("0.5, 1.5", (Fraction(1, 2), Fraction(3, 2))),
        ("7", (7,)),
    ],
)
def test_parse(text: str, expected: tuple[Fraction | int, ...]) -> None:
    assert parse_domain(text) == expected


@pytest.mark.parametrize("text", ["", "1,,2", "3..1", "1,1", "0.5,1/2", "x", "1/0", "1e3"])
def test_bad_domains(text: str) -> None:
    with pytest.raises(DomainError):
        parse_domain(text)


def test_huge_domain_is_refused() -> None:
    with pytest.raises(LimitError, match="domain size"):
        parse_domain("0..100000")
    with pytest.raises(DomainError, match="too long"):
        parse_domain("1/" + "7" * 5000)


def test_format_round_trips() -> None:
    for text in ["0..9", "1,2,5", "-1/2,0,1/2"]:
        assert parse_domain(format_domain(parse_domain(text))) == parse_domain(text)
