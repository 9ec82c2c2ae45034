"""Renaming variables, and the canonical renaming that makes isomorphic residuals equal.

>>> from evalgame.expr.residual import Residuals
>>> algebra = Residuals(range(10))
>>> algebra.canonical(algebra.from_text("a - b")) == algebra.canonical(algebra.from_text("y - z"))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from evalgame.expr.residual.normal import NormalForms
from evalgame.expr.residual.store import CONST, POW, PROD, SUM, VAR
from evalgame.numbers import Number, format_number


class Renaming(NormalForms):
    """Renamed copies of residuals and name-blind shapes (memoised)."""

    def __init__(self, domain: Iterable[Number]) -> None:
        super().__init__(domain)
        self._canonical: dict[int, int] = {}
        self._shapes: dict[int, int] = {}
        self._shape_ids: dict[tuple[Any, ...], int] = {}
        self._portable: dict[int, str] = {}

    def canonical(self, node: int) -> int:
        """``node`` with its variables renamed ``#0, #1, …`` in a name-blind order.

        Operands are ordered by their shape (the structure with names erased), then
        renamed in order of first appearance, so residuals that differ only by a renaming
        of variables usually get the same canonical node. Equal results always mean the
        residuals are equal up to a renaming — which, every variable ranging over the same
        domain, is an isomorphism of the games.

        >>> from evalgame.expr.residual import Residuals
        >>> algebra = Residuals(range(10))
        >>> one = algebra.from_text("2*a - b + c/a")
        >>> two = algebra.from_text("y/x - z + 2*x")
        >>> algebra.canonical(one) == algebra.canonical(two)
        True
        """
        known = self._canonical.get(node)
        if known is None:
            renaming: dict[str, str] = {}
            self._visit_in_shape_order(node, renaming)
            known = self._renamed(node, renaming, {})
            self._canonical[node] = known
        return known

    def portable(self, node: int) -> str:
        """A text of ``node`` that is the same in every process (ids number nodes in the
        order a process builds them, so they are not), and different for different nodes:
        operands are sorted by their own text, and every operand is written with its
        length first, so no two structures read alike (memoised).

        >>> from evalgame.expr.residual import Residuals
        >>> one, two = Residuals(range(10)), Residuals(range(10))
        >>> _ = two.from_text("c*d")   # the other process met other residuals first
        >>> one.portable(one.from_text("a*b + c*d")) == two.portable(two.from_text("c*d + a*b"))
        True
        >>> one.portable(one.from_text("a - b"))
        'S1:07:1:12:Va8:2:-12:Vb'
        """
        known = self._portable.get(node)
        if known is not None:
            return known
        kind, data = self.kind[node], self.data[node]
        if kind == SUM:
            const, terms = data
            parts = [_field(format_number(const))]
            parts += sorted(_field(_field(format_number(k)) + self._field(t)) for t, k in terms)
        elif kind == PROD:
            coefficient, numerator, denominator = data
            parts = [_field(format_number(coefficient))]
            for factors in (numerator, denominator):
                parts.append(
                    _field("".join(sorted(self._field(n) + _field(str(e)) for n, e in factors)))
                )
        elif kind == POW:
            parts = [self._field(data[0]), self._field(data[1])]
        elif kind == CONST:
            parts = [format_number(data)]
        else:  # a variable's name, or nothing for the undefined residual
            parts = [str(data) if kind == VAR else ""]
        known = "CVSPWU"[kind] + "".join(parts)
        self._portable[node] = known
        return known

    def _field(self, node: int) -> str:
        return _field(self.portable(node))

    def rename(self, node: int, renaming: dict[str, str]) -> int:
        """``node`` with its variables renamed by ``renaming`` (others unchanged).

        >>> from evalgame.expr.residual import Residuals
        >>> algebra = Residuals(range(3))
        >>> e = algebra.from_text("x - y")
        >>> algebra.rename(e, {"x": "y", "y": "x"}) == algebra.from_text("y - x")
        True
        """
        full = {name: renaming.get(name, name) for name in self.names[node]}
        return self._renamed(node, full, {})

    def shape(self, node: int) -> int:
        """An id of the structure of ``node`` with variable names erased (memoised)."""
        known = self._shapes.get(node)
        if known is not None:
            return known
        kind, data = self.kind[node], self.data[node]
        signature: tuple[Any, ...]
        if kind == VAR:
            signature = (VAR,)
        elif kind == SUM:
            signature = (SUM, data[0], tuple(sorted((self.shape(t), k) for t, k in data[1])))
        elif kind == PROD:
            coefficient, numerator, denominator = data
            signature = (
                PROD,
                coefficient,
                tuple(sorted((self.shape(n), e) for n, e in numerator)),
                tuple(sorted((self.shape(d), e) for d, e in denominator)),
            )
        elif kind == POW:
            signature = (POW, self.shape(data[0]), self.shape(data[1]))
        else:
            signature = (kind, data)
        known = self._shape_ids.setdefault(signature, len(self._shape_ids))
        self._shapes[node] = known
        return known

    def _ordered_children(self, node: int) -> list[int]:
        kind, data = self.kind[node], self.data[node]
        if kind == SUM:
            pairs: list[tuple[int, Number]] = list(data[1])
            return [t for _, _, t in sorted((self.shape(t), k, t) for t, k in pairs)]
        if kind == PROD:
            _, numerator, denominator = data
            top = sorted((self.shape(n), e, n) for n, e in numerator)
            bottom = sorted((self.shape(d), e, d) for d, e in denominator)
            return [n for _, _, n in top] + [d for _, _, d in bottom]
        if kind == POW:
            return [data[0], data[1]]
        return []

    def _visit_in_shape_order(self, node: int, renaming: dict[str, str]) -> None:
        if self.kind[node] == VAR:
            renaming.setdefault(self.data[node], f"#{len(renaming)}")
            return
        for child in self._ordered_children(node):
            if not self.names[child] <= renaming.keys():
                self._visit_in_shape_order(child, renaming)

    def _renamed(self, node: int, renaming: dict[str, str], memo: dict[int, int]) -> int:
        if not self.names[node]:
            return node
        known = memo.get(node)
        if known is not None:
            return known
        kind, data = self.kind[node], self.data[node]
        if kind == VAR:
            result = self.var(renaming[data])
        elif kind == SUM:
            result = self.linear(
                data[0], [(self._renamed(t, renaming, memo), k) for t, k in data[1]]
            )
        elif kind == PROD:
            coefficient, numerator, denominator = data
            result = self.product(
                coefficient,
                [(self._renamed(n, renaming, memo), e) for n, e in numerator],
                [(self._renamed(d, renaming, memo), e) for d, e in denominator],
            )
        else:
            result = self.raise_to(
                self._renamed(data[0], renaming, memo), self._renamed(data[1], renaming, memo)
            )
        memo[node] = result
        return result


def _field(text: str) -> str:
    """``text`` with its length in front, so that fields in a row read back one way."""
    return f"{len(text)}:{text}"
