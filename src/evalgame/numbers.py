"""The one exact number type, at the bottom of every layer: what it is, how it is made, printed.

A :data:`Number` is an ``int`` when it is integral and a :class:`~fractions.Fraction`
otherwise, never a float; :func:`normal` keeps it that way, :func:`exact` makes one from
anything a user may write (floats through their decimal text, so ``0.1`` is 1/10), and
:func:`format_number` prints one however many digits it has.

>>> exact(0.1), exact("-2/6"), exact(Fraction(6, 3))
(Fraction(1, 10), Fraction(-1, 3), 2)
>>> format_number(Fraction(-4, 8))
'-1/2'
"""

from __future__ import annotations

import math
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import TypeAlias

#: an exact number: int when integral, Fraction otherwise
Number: TypeAlias = Fraction | int


def normal(value: Number) -> Number:
    """``value`` as an ``int`` when it is integral, so that equal numbers look alike.

    >>> normal(Fraction(6, 3)), normal(Fraction(1, 2))
    (2, Fraction(1, 2))
    """
    # ``type(...) is`` rather than isinstance: Fraction's ABC metaclass makes isinstance slow
    if type(value) is Fraction and value.denominator == 1:
        return value.numerator
    return value


def exact(value: Number | float | Decimal | str) -> Number:
    """``value`` as an exact :data:`Number`: a float through its shortest decimal text (the
    number the user wrote, never its binary approximation), a string as ``3``, ``-0.5`` or
    ``1/3``.

    >>> exact(0.1), exact(Decimal("2.50")), exact(" 7/2 ")
    (Fraction(1, 10), Fraction(5, 2), Fraction(7, 2))

    Raises :class:`TypeError` for what is not a number (``True`` included) and
    :class:`ValueError` for infinities, NaN and malformed text.
    """
    if isinstance(value, bool):
        raise TypeError(f"{value!r} is not a number")
    if isinstance(value, int):
        return value
    if (isinstance(value, float) and not math.isfinite(value)) or (
        isinstance(value, Decimal) and not value.is_finite()
    ):
        raise ValueError(f"{value} is not a finite number")
    try:
        return normal(Fraction(repr(value) if isinstance(value, float) else value))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{value!r} is not an exact number (try 3, -2, 0.5 or 1/3)") from None
    except TypeError:
        raise TypeError(f"{value!r} is not a number") from None


def format_number(value: Number) -> str:
    """An exact number as text: ``3``, ``-1/2``, however many digits it has.

    >>> format_number(Fraction(-4, 8)), len(format_number(7**9000))
    ('-1/2', 7606)
    """
    value = normal(value)
    if isinstance(value, int):
        return _integer_text(value)
    return f"{_integer_text(value.numerator)}/{_integer_text(value.denominator)}"


def approximate(value: Number, places: int = 6) -> str:
    """``value`` as a decimal rounded to ``places`` places, or in scientific notation when
    it is beyond the range of a float.

    >>> approximate(Fraction(2, 3)), approximate(Fraction(10**400, 3), 3)
    ('0.666667', '3.333e+399')
    """
    try:
        return f"{float(value):.{places}f}"
    except OverflowError:
        value = Fraction(value)
        with localcontext() as context:
            context.prec = places + 2
            return f"{Decimal(value.numerator) / Decimal(value.denominator):.{places}e}"


def _integer_text(number: int) -> str:
    # str() refuses integers over 4300 digits (CPython's guard against slow conversions);
    # Decimal converts exactly without that limit.
    return str(number) if number.bit_length() < 14_000 else str(Decimal(number))
