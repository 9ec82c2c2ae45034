"""Residuals printed as expressions, for messages and tests.

>>> from evalgame.expr.residual import Residuals
>>> algebra = Residuals(range(10))
>>> algebra.text(algebra.from_text("3 - 2*x + y/z"))
'y / z - 2*x + 3'
"""

from __future__ import annotations

from evalgame.expr.residual.store import CONST, PROD, SUM, UNDEFINED, VAR, Store, absolute
from evalgame.numbers import Number, format_number


class Text(Store):
    """The text of a node."""

    def text(self, node: int) -> str:
        """``node`` printed as an expression (for messages and tests)."""
        kind, data = self.kind[node], self.data[node]
        if kind == UNDEFINED:
            return "undefined"
        if kind == CONST:
            return format_number(data)
        if kind == VAR:
            return str(data)
        if kind == SUM:
            const, terms = data
            parts = [_signed(k, self._factor_text(t)) for t, k in terms]
            if const:
                parts.append(("+ " if const > 0 else "- ") + format_number(abs(const)))
            text = " ".join(parts)
            return text[2:] if text.startswith("+ ") else "-" + text[2:]
        if kind == PROD:
            coefficient, numerator, denominator = data
            top = " * ".join(self._power_text(n, e) for n, e in numerator) or "1"
            if coefficient != 1:
                top = (
                    f"{format_number(coefficient)} * {top}"
                    if numerator
                    else format_number(coefficient)
                )
            if not denominator:
                return top
            bottom = " * ".join(self._power_text(d, e) for d, e in denominator)
            return f"{top} / ({bottom})" if len(denominator) > 1 else f"{top} / {bottom}"
        base, exponent = data
        return f"{self._factor_text(base)}^({self.text(exponent)})"

    def _factor_text(self, node: int) -> str:
        text = self.text(node)
        return f"({text})" if self.kind[node] == SUM else text

    def _power_text(self, node: int, exponent: int) -> str:
        text = self._factor_text(node)
        if self.kind[node] == PROD:
            text = f"({text})"
        return text if exponent == 1 else f"{text}^{exponent}"


def _signed(k: Number, text: str) -> str:
    if k == 1:
        return f"+ {text}"
    if k == -1:
        return f"- {text}"
    sign = "+ " if k > 0 else "- "
    return f"{sign}{format_number(absolute(k))}*{text}"
