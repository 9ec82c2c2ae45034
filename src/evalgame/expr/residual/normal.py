"""Building residuals in normal form: constants, variables, sums, products, powers.

* instantiated subtrees fold to constants (an undefined one makes the whole residual
  :data:`~evalgame.expr.residual.store.INVALID`: every operator is strict, so no completion
  can be defined);
* ``+``/``-`` chains flatten into ``c + Σ kᵢ·tᵢ`` with like terms merged;
* ``*``/``/`` chains flatten into ``k · Π nᵢ^eᵢ / Π dⱼ^fⱼ`` with like factors merged on each
  side, but a numerator factor is never cancelled against a denominator factor (``x/x`` is
  undefined at x = 0, so it is not 1) and a denominator that has a denominator of its own
  stays whole (``1/(1/x)`` is not ``x``);
* operands of ``+`` and ``*`` are sorted, so commutative variants coincide.

Every rewrite keeps the value AND the set of assignments where the value is defined.

>>> from evalgame.expr.residual import Residuals
>>> algebra = Residuals(range(10))
>>> algebra.from_text("b*a + 2") == algebra.from_text("2 + a*b")
True
>>> algebra.from_text("x/x") == algebra.const(1)
False
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from evalgame.expr import bounds
from evalgame.expr.evaluate import Undefined, divide, power
from evalgame.expr.nodes import Bin, Neg, Node, Num, Var
from evalgame.expr.parser import parse_tree
from evalgame.expr.residual.intervals import Intervals
from evalgame.expr.residual.store import (
    CONST,
    INVALID,
    POW,
    PROD,
    SUM,
    UNDEFINED,
    VAR,
    Factors,
    Terms,
    absolute,
)
from evalgame.numbers import Number, normal


class NormalForms(Intervals):
    """Constructors that return the id of a node in normal form."""

    def const(self, value: Number) -> int:
        """The constant ``value``."""
        value = normal(value)
        return self._intern(CONST, value, frozenset(), (value, value), absolute(value))

    def var(self, name: str) -> int:
        """The variable ``name``."""
        return self._intern(
            VAR, name, frozenset((name,)), (self.domain[0], self.domain[-1]),
            self._variable_step,
        )  # fmt: skip

    def from_text(self, text: str) -> int:
        """The residual of an expression given as text."""
        return self.from_tree(parse_tree(text))

    def from_tree(self, tree: Node) -> int:
        """The residual of a parsed expression tree (iterative: deep trees are fine)."""
        done: dict[int, int] = {}
        stack: list[tuple[Node, bool]] = [(tree, False)]
        while stack:
            node, expanded = stack.pop()
            if isinstance(node, Num):
                done[id(node)] = self.const(node.value)
            elif isinstance(node, Var):
                done[id(node)] = self.var(node.name)
            elif not expanded:
                stack.append((node, True))
                children = [node.operand] if isinstance(node, Neg) else [node.left, node.right]
                stack.extend((child, False) for child in children)
            elif isinstance(node, Neg):
                done[id(node)] = self.linear(0, [(done[id(node.operand)], -1)])
            else:
                assert isinstance(node, Bin)
                done[id(node)] = self.binary(node.op, done[id(node.left)], done[id(node.right)])
        return done[id(tree)]

    def binary(self, op: str, a: int, b: int) -> int:
        """``a op b`` in normal form."""
        if op == "+":
            return self.linear(0, [(a, 1), (b, 1)])
        if op == "-":
            return self.linear(0, [(a, 1), (b, -1)])
        if op == "*":
            return self.product(1, [(a, 1), (b, 1)], [])
        if op == "/":
            return self.product(1, [(a, 1)], [(b, 1)])
        return self.raise_to(a, b)

    def linear(self, const: Number, pairs: Iterable[tuple[int, Number]]) -> int:
        """``const + Σ k·t`` over ``pairs`` of (node, k), flattened and merged."""
        collected: dict[int, Number] = {}
        for node, k in pairs:
            kind = self.kind[node]
            if kind == UNDEFINED:
                return INVALID
            if kind == CONST:
                const += k * self.data[node]
            elif kind == SUM:
                inner_const, terms = self.data[node]
                const += k * inner_const
                for term, coefficient in terms:
                    collected[term] = collected.get(term, 0) + k * coefficient
            elif kind == PROD and self.data[node][0] != 1:
                coefficient, numerator, denominator = self.data[node]
                unit = self._finish_product(1, dict(numerator), dict(denominator))
                collected[unit] = collected.get(unit, 0) + k * coefficient
            else:
                collected[node] = collected.get(node, 0) + k
        terms = tuple(
            sorted((node, normal(k)) for node, k in collected.items() if k or not self.total[node])
        )
        const = normal(const)
        if not terms:
            return self.const(const)
        if len(terms) == 1 and const == 0:
            node, k = terms[0]
            return node if k == 1 else self.product(k, [(node, 1)], [])
        return self._make_sum(const, terms)

    def product(
        self,
        coefficient: Number,
        numerator: Iterable[tuple[int, int]],
        denominator: Iterable[tuple[int, int]],
    ) -> int:
        """``coefficient · Π nᵉ / Π dᶠ``, flattened without cancelling across the bar."""
        top: dict[int, int] = {}
        bottom: dict[int, int] = {}
        for node, exponent in numerator:
            kind = self.kind[node]
            if kind == UNDEFINED:
                return INVALID
            if kind == CONST:
                coefficient *= self.data[node] ** exponent
            elif kind == PROD:
                inner, inner_top, inner_bottom = self.data[node]
                coefficient *= inner**exponent
                _merge(top, inner_top, exponent)
                _merge(bottom, inner_bottom, exponent)
            else:
                top[node] = top.get(node, 0) + exponent
        for node, exponent in denominator:
            kind = self.kind[node]
            if kind == UNDEFINED:
                return INVALID
            if kind == CONST:
                if self.data[node] == 0:
                    return INVALID
                coefficient = divide(coefficient, self.data[node] ** exponent)
            elif kind == PROD and not self.data[node][2]:
                inner, inner_top, _ = self.data[node]
                if inner == 0:
                    return INVALID  # the divisor is 0 wherever it is defined
                coefficient = divide(coefficient, inner**exponent)
                _merge(bottom, inner_top, exponent)
            else:
                bottom[node] = bottom.get(node, 0) + exponent
        return self._finish_product(normal(coefficient), top, bottom)

    def _finish_product(
        self, coefficient: Number, top: dict[int, int], bottom: dict[int, int]
    ) -> int:
        numerator = tuple(sorted(top.items()))
        denominator = tuple(sorted(bottom.items()))
        if coefficient == 0 and not denominator and all(self.total[n] for n, _ in numerator):
            return self.const(0)
        if not numerator and not denominator:
            return self.const(coefficient)
        if not denominator and len(numerator) == 1 and numerator[0][1] == 1:
            node = numerator[0][0]
            if coefficient == 1:
                return node
            if self.kind[node] == SUM and coefficient != 0:
                return self.linear(0, [(node, coefficient)])
        return self._make_product(coefficient, numerator, denominator)

    def raise_to(self, base: int, exponent: int) -> int:
        """``base ^ exponent``; constant integer exponents become products."""
        if self.kind[base] == UNDEFINED or self.kind[exponent] == UNDEFINED:
            return INVALID
        if self.kind[exponent] == CONST:
            value = self.data[exponent]
            if Fraction(value).denominator != 1:
                return INVALID
            if self.kind[base] == CONST:
                try:
                    return self.const(power(self.data[base], value))
                except Undefined:
                    return INVALID
            if value > 0:
                return self.product(1, [(base, int(value))], [])
            if value < 0:
                return self.product(1, [], [(base, -int(value))])
            if self.total[base]:
                return self.const(1)
        return self._make_power(base, exponent)

    def _make_sum(self, const: Number, terms: Terms) -> int:
        data = (const, terms)
        node = self._ids.get((SUM, data))
        if node is not None:
            return node
        names = frozenset().union(*(self.names[t] for t, _ in terms))
        return self._append(SUM, data, names, all(self.total[t] for t, _ in terms))

    def _make_product(self, coefficient: Number, numerator: Factors, denominator: Factors) -> int:
        data = (coefficient, numerator, denominator)
        node = self._ids.get((PROD, data))
        if node is not None:
            return node
        total = all(self.total[n] for n, _ in numerator) and all(
            self.total[d] and not bounds.contains_zero(self.interval(d)) for d, _ in denominator
        )
        names = frozenset().union(*(self.names[n] for n, _ in numerator + denominator))
        return self._append(PROD, data, names, total)

    def _make_power(self, base: int, exponent: int) -> int:
        node = self._ids.get((POW, (base, exponent)))
        if node is not None:
            return node
        return self._append(POW, (base, exponent), self.names[base] | self.names[exponent], False)


def _merge(into: dict[int, int], factors: Factors, exponent: int) -> None:
    for node, power_ in factors:
        into[node] = into.get(node, 0) + power_ * exponent
