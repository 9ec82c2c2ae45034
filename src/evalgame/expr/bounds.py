"""Exact interval arithmetic: sound bounds on an expression over a domain.

An interval is ``(low, high)`` with exact ends, ``None`` standing for −∞ (low) or +∞ (high).
Division needs care: a divisor whose interval contains 0 is only bounded away from 0 when
its nonzero values are known to be at least some ``step`` in size (see :func:`reciprocal`).

>>> add((1, 2), (0, None))
(1, None)
>>> multiply((-1, 2), (3, 4))
(-4, 8)
>>> reciprocal((0, 4), step=1)  # nonzero values of an integer in [0, 4] lie in [1, 4]
(Fraction(1, 4), 1)
"""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from typing import TypeAlias

from evalgame.expr.evaluate import divide
from evalgame.numbers import Number, normal

Bound: TypeAlias = Number | None
Interval: TypeAlias = tuple[Bound, Bound]

EVERYTHING: Interval = (None, None)


def point(value: Number) -> Interval:
    """The interval holding just ``value``."""
    return value, value


def add(a: Interval, b: Interval) -> Interval:
    """All sums x + y with x in a and y in b."""
    low = None if a[0] is None or b[0] is None else a[0] + b[0]
    high = None if a[1] is None or b[1] is None else a[1] + b[1]
    return low, high


def scale(a: Interval, k: Number) -> Interval:
    """All products k·x with x in a."""
    if k == 0:
        return 0, 0
    low = None if a[0] is None else normal(a[0] * k)
    high = None if a[1] is None else normal(a[1] * k)
    return (low, high) if k > 0 else (high, low)


_INFINITY = float("inf")


def multiply(a: Interval, b: Interval) -> Interval:
    """All products x·y with x in a and y in b (the extremes lie at the corners)."""
    products = [_product(x, y) for x in _extended(a) for y in _extended(b)]
    return _finite(min(products)), _finite(max(products))


def _finite(value: Number | float) -> Bound:
    # only the infinities are floats here
    return value if not isinstance(value, float) else None


def _extended(a: Interval) -> tuple[Number | float, Number | float]:
    return (-_INFINITY if a[0] is None else a[0]), (_INFINITY if a[1] is None else a[1])


def _product(x: Number | float, y: Number | float) -> Number | float:
    """x·y on the extended line, with 0·∞ = 0 (intervals hold only finite numbers)."""
    if x == 0 or y == 0:
        return 0
    if type(x) is float or type(y) is float:
        return _INFINITY if (x > 0) == (y > 0) else -_INFINITY
    return x * y


def power(a: Interval, exponent: int) -> Interval:
    """All powers xᵉ (e ≥ 0) with x in a."""
    if exponent == 0:
        return 1, 1
    low, high = a
    if exponent % 2 == 1:
        return (None if low is None else low**exponent, None if high is None else high**exponent)
    if low is not None and low >= 0:
        return low**exponent, None if high is None else high**exponent
    if high is not None and high <= 0:
        return high**exponent, None if low is None else low**exponent
    top = None if low is None or high is None else max(low**exponent, high**exponent)
    return 0, top


def reciprocal(a: Interval, step: Number | None = None) -> Interval:
    """All 1/x with x in a and x ≠ 0; ``step`` is a proven lower bound on |x| for x ≠ 0.

    When a holds no nonzero value at all, every such division is undefined and any
    interval is sound: (0, 0) is returned.
    """
    low, high = a
    if (low is not None and low > 0) or (high is not None and high < 0):
        return _inverse(high, 0), _inverse(low, 0)
    if step is None or step <= 0:
        return EVERYTHING
    parts: list[Interval] = []
    if low is None or low <= -step:  # nonzero values in [low, -step]
        parts.append((-divide(1, step), _inverse(low, 0)))
    if high is None or high >= step:  # nonzero values in [step, high]
        parts.append((_inverse(high, 0), divide(1, step)))
    if not parts:
        return 0, 0
    result = parts[0]
    for part in parts[1:]:
        result = hull(result, part)
    return result


def _inverse(value: Bound, at_infinity: Number) -> Number:
    return at_infinity if value is None else divide(1, value)


def contains_zero(a: Interval) -> bool:
    """Whether 0 lies in ``a``."""
    return (a[0] is None or a[0] <= 0) and (a[1] is None or a[1] >= 0)


def hull(a: Interval, b: Interval) -> Interval:
    """The smallest interval holding both ``a`` and ``b``."""
    low = None if a[0] is None or b[0] is None else min(a[0], b[0])
    high = None if a[1] is None or b[1] is None else max(a[1], b[1])
    return low, high


def step_gcd(a: Number | None, b: Number | None) -> Number | None:
    """The largest g with both a and b multiples of g (``None``: unknown; 0 is neutral).

    >>> step_gcd(Fraction(1, 2), Fraction(1, 3))
    Fraction(1, 6)
    """
    if a is None or b is None:
        return None
    if a == 0:
        return b if b >= 0 else -b
    if b == 0:
        return a if a >= 0 else -a
    fa, fb = Fraction(a), Fraction(b)
    numerator = gcd(fa.numerator * fb.denominator, fb.numerator * fa.denominator)
    return normal(Fraction(numerator, fa.denominator * fb.denominator))
