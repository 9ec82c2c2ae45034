"""The one number type: normalisation, exact conversion and printing."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalgame.errors import DomainError
from evalgame.expr.domain import make_domain
from evalgame.numbers import approximate, exact, format_number, normal


@given(st.fractions())
def test_normal_keeps_the_value_and_makes_integers_ints(value: Fraction) -> None:
    result = normal(value)
    assert result == value
    assert isinstance(result, int) == (value.denominator == 1)


@given(st.floats(allow_nan=False, allow_infinity=False))
def test_a_float_becomes_the_decimal_it_prints_as(value: float) -> None:
    # ground truth: Decimal reads the float's shortest text exactly, independently of Fraction
    result = exact(value)
    assert Fraction(Decimal(repr(value))) == result
    assert float(result) == value  # and it still rounds back to the same float


def test_floats_never_become_binary_fractions() -> None:
    assert exact(0.1) == Fraction(1, 10) != Fraction(0.1)
    assert make_domain((0.1, 1)) == (Fraction(1, 10), 1)
    assert exact(2.0) == 2
    assert type(exact(2.0)) is int


@pytest.mark.parametrize(
    ("text", "expected"),
    [("3", 3), ("-0.5", Fraction(-1, 2)), (" 7/2 ", Fraction(7, 2)), ("4/2", 2), ("1e3", 1000)],
)
def test_text_is_read_exactly(text: str, expected: Fraction | int) -> None:
    result = exact(text)
    assert result == expected
    assert type(result) is type(expected)


def test_decimals_and_fractions_are_exact() -> None:
    assert exact(Decimal("2.50")) == Fraction(5, 2)
    assert type(exact(Fraction(6, 3))) is int


@pytest.mark.parametrize("value", [float("nan"), float("inf"), Decimal("NaN"), "x", "1/0", ""])
def test_what_is_no_finite_number_is_a_value_error(value: object) -> None:
    with pytest.raises(ValueError, match="not a"):
        exact(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, None, [1], 1j])
def test_what_is_no_number_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="not a number"):
        exact(value)  # type: ignore[arg-type]


def test_a_domain_of_unusable_values_is_a_domain_error() -> None:
    with pytest.raises(DomainError, match="not a finite number"):
        make_domain((1, float("nan")))
    with pytest.raises(DomainError, match="twice"):
        make_domain((0.5, Fraction(1, 2)))


@given(st.fractions())
def test_format_number_reads_back(value: Fraction) -> None:
    assert exact(format_number(value)) == value


def test_numbers_print_whatever_their_size() -> None:
    huge = 7**20000  # past CPython's 4300-digit limit of str(int)
    text = format_number(huge)
    assert Decimal(text) == Decimal(huge)
    assert len(text) == 16902
    assert format_number(Fraction(-huge, 3)) == f"-{text}/3"
    assert approximate(Fraction(10**400, 3), 2) == "3.33e+399"
