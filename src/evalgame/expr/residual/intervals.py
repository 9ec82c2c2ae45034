"""Exact bounds and granularity of residuals, computed when first asked for.

>>> from evalgame.expr.residual import Residuals
>>> algebra = Residuals(range(10))
>>> node = algebra.from_text("2*x + 4")
>>> algebra.interval(node), algebra.step(node)
((4, 22), 2)
"""

from __future__ import annotations

from evalgame.expr import bounds
from evalgame.expr.bounds import Interval
from evalgame.expr.residual.store import PROD, SUM, UNKNOWN, Store, absolute
from evalgame.numbers import Number, normal


class Intervals(Store):
    """Lazy interval bounds and steps over the store's rows."""

    def interval(self, node: int) -> Interval:
        """Exact bounds on the value of ``node`` over every completion where it is defined."""
        known = self._intervals[node]
        if known is None:
            known = self._compute_interval(node)
            self._intervals[node] = known
        return known

    def step(self, node: int) -> Number | None:
        """A granularity: every value of ``node`` is an integer multiple of it (``None``:
        unknown; 0: the value is always 0)."""
        known = self._steps[node]
        if known is UNKNOWN:
            known = self._compute_step(node)
            self._steps[node] = known
        return known  # type: ignore[return-value]

    def _compute_interval(self, node: int) -> Interval:
        kind, data = self.kind[node], self.data[node]
        if kind == SUM:
            const, terms = data
            interval = bounds.point(const)
            for term, k in terms:
                interval = bounds.add(interval, bounds.scale(self.interval(term), k))
            return interval
        if kind == PROD:
            coefficient, numerator, denominator = data
            interval = bounds.point(coefficient)
            for factor, exponent in numerator:
                interval = bounds.multiply(interval, bounds.power(self.interval(factor), exponent))
            for factor, exponent in denominator:
                divisor = bounds.power(self.interval(factor), exponent)
                step = _power_or_none(self.step(factor), exponent)
                interval = bounds.multiply(interval, bounds.reciprocal(divisor, step))
            return interval
        return bounds.EVERYTHING

    def _compute_step(self, node: int) -> Number | None:
        kind, data = self.kind[node], self.data[node]
        if kind == SUM:
            const, terms = data
            step: Number | None = absolute(const)
            for term, k in terms:
                step = bounds.step_gcd(step, _times(self.step(term), absolute(k)))
            return step
        if kind == PROD and not data[2]:
            coefficient, numerator, _ = data
            step = absolute(coefficient)
            for factor, exponent in numerator:
                step = _times(_power_or_none(self.step(factor), exponent), step)
            return step
        return None


def _times(step: Number | None, k: Number | None) -> Number | None:
    return None if step is None or k is None else normal(step * k)


def _power_or_none(step: Number | None, exponent: int) -> Number | None:
    return None if step is None else normal(step**exponent)
