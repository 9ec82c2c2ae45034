"""Uniform values: a residual with every variable set to the same domain value.

All domain values are computed in one pass with integer pairs, the hot path of the
strategy bounds (Fraction objects would cost ten times more).

>>> from evalgame.expr.residual import Residuals
>>> algebra = Residuals(range(3))
>>> algebra.uniform_values(algebra.from_text("(a+1)/b"))
(None, (2, 1), (3, 2))
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import gcd

from evalgame.expr.evaluate import Undefined, power
from evalgame.expr.residual.store import CONST, PROD, SUM, UNDEFINED, VAR, Store
from evalgame.numbers import Number, normal

Ratio = tuple[int, int]  # an exact number as (numerator, denominator > 0) in lowest terms


class UniformValues(Store):
    """The values of each node under the uniform assignments (memoised)."""

    def __init__(self, domain: Iterable[Number]) -> None:
        super().__init__(domain)
        self._uniform: dict[int, tuple[Ratio | None, ...]] = {}
        self._domain_ratios = tuple(_ratio(value) for value in self.domain)

    def uniform_value(self, node: int, value: Number) -> Number | None:
        """The value of ``node`` when every variable it mentions is ``value``.

        >>> from evalgame.expr.residual import Residuals
        >>> algebra = Residuals(range(10))
        >>> algebra.uniform_value(algebra.from_text("(a+b)/c"), 3), algebra.uniform_value(
        ...     algebra.from_text("a/b"), 0)
        (2, None)
        """
        pair = self.uniform_values(node)[self.domain.index(value)]
        return None if pair is None else normal(Fraction(*pair))

    def uniform_values(self, node: int) -> tuple[Ratio | None, ...]:
        """For each domain value d, ``node`` with every variable set to d, as an exact
        ``(numerator, denominator)`` pair (denominator > 0, lowest terms) or ``None`` where
        undefined."""
        known = self._uniform.get(node)
        if known is None:
            known = self._uniform_values(node)
            self._uniform[node] = known
        return known

    def _uniform_values(self, node: int) -> tuple[Ratio | None, ...]:
        kind, data = self.kind[node], self.data[node]
        if kind == CONST:
            constant = Fraction(data)
            return ((constant.numerator, constant.denominator),) * len(self.domain)
        if kind == VAR:
            return self._domain_ratios
        if kind == UNDEFINED:
            return (None,) * len(self.domain)
        if kind == SUM:
            const, terms = data
            parts = [(_ratio(k), self.uniform_values(term)) for term, k in terms]
            return tuple(_sum(_ratio(const), parts, i) for i in range(len(self.domain)))
        if kind == PROD:
            coefficient, numerator, denominator = data
            top = [(self.uniform_values(f), e) for f, e in numerator]
            bottom = [(self.uniform_values(f), e) for f, e in denominator]
            return tuple(
                _product(_ratio(coefficient), top, bottom, i) for i in range(len(self.domain))
            )
        bases, exponents = self.uniform_values(data[0]), self.uniform_values(data[1])
        return tuple(_raise(b, e) for b, e in zip(bases, exponents, strict=True))


def _ratio(value: Number) -> Ratio:
    if type(value) is int:
        return value, 1
    return value.numerator, value.denominator


def _lowest(numerator: int, denominator: int) -> Ratio:
    if denominator < 0:
        numerator, denominator = -numerator, -denominator
    divisor = gcd(numerator, denominator)
    return numerator // divisor, denominator // divisor


def _sum(const: Ratio, parts: list[tuple[Ratio, tuple[Ratio | None, ...]]], i: int) -> Ratio | None:
    numerator, denominator = const
    for (k_num, k_den), values in parts:
        value = values[i]
        if value is None:
            return None
        v_num, v_den = value
        numerator = numerator * k_den * v_den + k_num * v_num * denominator
        denominator = denominator * k_den * v_den
    return _lowest(numerator, denominator)


def _product(
    coefficient: Ratio,
    top: list[tuple[tuple[Ratio | None, ...], int]],
    bottom: list[tuple[tuple[Ratio | None, ...], int]],
    i: int,
) -> Ratio | None:
    numerator, denominator = coefficient
    for values, exponent in top:
        value = values[i]
        if value is None:
            return None
        numerator *= value[0] ** exponent
        denominator *= value[1] ** exponent
    for values, exponent in bottom:
        value = values[i]
        if value is None or value[0] == 0:
            return None
        numerator *= value[1] ** exponent
        denominator *= value[0] ** exponent
    return _lowest(numerator, denominator)


def _raise(base: Ratio | None, exponent: Ratio | None) -> Ratio | None:
    if base is None or exponent is None or exponent[1] != 1:
        return None
    try:
        result = power(Fraction(*base), exponent[0])
    except Undefined:
        return None
    result = Fraction(result)
    return result.numerator, result.denominator
