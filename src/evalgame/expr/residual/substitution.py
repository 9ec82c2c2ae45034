"""Setting variables: what is left of a residual once a variable holds a value.

>>> from evalgame.expr.residual import Residuals
>>> algebra = Residuals(range(10))
>>> e = algebra.from_text("v + w + x - y - z")
>>> rest = algebra.substitute(algebra.substitute(e, "v", 7), "y", 7)
>>> rest == algebra.from_text("w + x - z")
True
"""

from __future__ import annotations

from collections.abc import Iterable

from evalgame.expr.residual.normal import NormalForms
from evalgame.expr.residual.store import INVALID, PROD, SUM, VAR
from evalgame.numbers import Number


class Substitution(NormalForms):
    """Memoised substitution of one variable, and full evaluation."""

    def __init__(self, domain: Iterable[Number]) -> None:
        super().__init__(domain)
        self._substitutions: dict[tuple[int, str, Number], int] = {}

    def substitute(self, node: int, name: str, value: Number) -> int:
        """``node`` with variable ``name`` set to ``value`` (memoised)."""
        if name not in self.names[node]:
            return node
        key = (node, name, value)
        result = self._substitutions.get(key)
        if result is None:
            result = self._substitute(node, name, value)
            self._substitutions[key] = result
        return result

    def _substitute(self, node: int, name: str, value: Number) -> int:
        kind, data = self.kind[node], self.data[node]
        if kind == VAR:
            return self.const(value)
        if kind == SUM:
            const, terms = data
            return self.linear(const, [(self.substitute(t, name, value), k) for t, k in terms])
        if kind == PROD:
            coefficient, numerator, denominator = data
            return self.product(
                coefficient,
                [(self.substitute(n, name, value), e) for n, e in numerator],
                [(self.substitute(d, name, value), e) for d, e in denominator],
            )
        base, exponent = data
        return self.raise_to(
            self.substitute(base, name, value), self.substitute(exponent, name, value)
        )

    def evaluate(self, node: int, values: dict[str, Number]) -> Number | None:
        """The value of ``node`` when every variable it mentions is set by ``values``."""
        for name in self.names[node]:
            node = self.substitute(node, name, values[name])
        return None if node == INVALID else self.constant(node)
