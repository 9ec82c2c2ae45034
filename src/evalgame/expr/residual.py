"""Residual expressions: what is left of an expression once some variables hold values.

Expressions are kept in a hash-consed normal form, so that equal normal forms are one
integer id and a transposition table can key on them:

* instantiated subtrees fold to constants (an undefined one makes the whole residual
  :data:`INVALID`: every operator is strict, so no completion can be defined);
* ``+``/``-`` chains flatten into ``c + Σ kᵢ·tᵢ`` with like terms merged;
* ``*``/``/`` chains flatten into ``k · Π nᵢ^eᵢ / Π dⱼ^fⱼ`` with like factors merged on each
  side, but a numerator factor is never cancelled against a denominator factor (``x/x`` is
  undefined at x = 0, so it is not 1) and a denominator that has a denominator of its own
  stays whole (``1/(1/x)`` is not ``x``);
* operands of ``+`` and ``*`` are sorted, so commutative variants coincide.

Every rewrite keeps the value AND the set of assignments where the value is defined, which
is what makes equal ids mean equal games. Each node also carries exact interval bounds over
the domain, the granularity of its values and whether it is defined for every completion.

>>> algebra = Residuals(range(10))
>>> e = algebra.from_text("v + w + x - y - z")
>>> rest = algebra.substitute(algebra.substitute(e, "v", 7), "y", 7)
>>> rest == algebra.from_text("w + x - z")
True
>>> algebra.from_text("b*a + 2") == algebra.from_text("2 + a*b")
True
>>> algebra.interval(algebra.from_text("x/y"))
(0, 9)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from math import gcd
from typing import Any

from evalgame.errors import DomainError
from evalgame.expr import bounds
from evalgame.expr.bounds import Interval
from evalgame.expr.evaluate import Undefined, divide, power
from evalgame.expr.nodes import Bin, Neg, Node, Num, Number, Var, format_number, normal
from evalgame.expr.parser import parse_tree

_UNKNOWN = object()  # a step not computed yet

# node kinds
CONST, VAR, SUM, PROD, POW, UNDEFINED = range(6)
#: the id of the undefined residual (always id 0)
INVALID = 0

Ratio = tuple[int, int]  # an exact number as (numerator, denominator > 0) in lowest terms
Factors = tuple[tuple[int, int], ...]  # (node id, positive exponent), sorted by id
Terms = tuple[tuple[int, Number], ...]  # (node id, coefficient), sorted by id


class Residuals:
    """A store of hash-consed residual expressions over one domain.

    Node ``i`` has ``kind[i]``, a payload ``data[i]``, the variables it mentions
    ``names[i]`` and ``total[i]`` (defined for every completion); :meth:`interval` and
    :meth:`step` give its exact bounds and granularity, computed when first asked for.
    """

    def __init__(self, domain: Iterable[Number]) -> None:
        self.domain = tuple(sorted(normal(Fraction(value)) for value in domain))
        if not self.domain:
            raise DomainError("the domain is empty")
        self.kind: list[int] = []
        self.data: list[Any] = []
        self.names: list[frozenset[str]] = []
        self._intervals: list[Interval | None] = []
        self._steps: list[object] = []
        self.total: list[bool] = []
        self._ids: dict[tuple[int, Any], int] = {}
        self._substitutions: dict[tuple[int, str, Number], int] = {}
        self._domain_ratios = tuple(_ratio(value) for value in self.domain)
        self._canonical: dict[int, int] = {}
        self._uniform: dict[int, tuple[Ratio | None, ...]] = {}
        self._shapes: dict[int, int] = {}
        self._shape_ids: dict[tuple[Any, ...], int] = {}
        self._variable_step: Number | None = 0
        for value in self.domain:
            self._variable_step = bounds.step_gcd(self._variable_step, value)
        self._intern(UNDEFINED, (), frozenset(), (0, 0), 0)

    # ------------------------------------------------------------------ building

    def const(self, value: Number) -> int:
        """The constant ``value``."""
        value = normal(value)
        return self._intern(CONST, value, frozenset(), (value, value), _abs(value))

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

    # ------------------------------------------------------------------ using

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

    def canonical(self, node: int) -> int:
        """``node`` with its variables renamed ``#0, #1, …`` in a name-blind order.

        Operands are ordered by their shape (the structure with names erased), then
        renamed in order of first appearance, so residuals that differ only by a renaming
        of variables usually get the same canonical node. Equal results always mean the
        residuals are equal up to a renaming — which, every variable ranging over the same
        domain, is an isomorphism of the games.

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

    def rename(self, node: int, renaming: dict[str, str]) -> int:
        """``node`` with its variables renamed by ``renaming`` (others unchanged).

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

    def uniform_value(self, node: int, value: Number) -> Number | None:
        """The value of ``node`` when every variable it mentions is ``value``.

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
        undefined. All values are computed in one pass with integers (memoised): this is
        the hot path of the strategy bounds, and Fraction objects would cost ten times more.
        """
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

    def constant(self, node: int) -> Number | None:
        """The value of a constant residual, else ``None``."""
        return self.data[node] if self.kind[node] == CONST else None

    def evaluate(self, node: int, values: dict[str, Number]) -> Number | None:
        """The value of ``node`` when every variable it mentions is set by ``values``."""
        for name in self.names[node]:
            node = self.substitute(node, name, values[name])
        return None if node == INVALID else self.constant(node)

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

    # ------------------------------------------------------------------ interning

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

    def _intern(
        self, kind: int, data: Any, names: frozenset[str], interval: Interval, step: Number | None
    ) -> int:
        """A leaf node (constant, variable, undefined) with its known bounds and step."""
        node = self._ids.get((kind, data))
        if node is None:
            node = self._append(kind, data, names, kind != UNDEFINED)
            self._intervals[node] = interval
            self._steps[node] = step
        return node

    def _append(self, kind: int, data: Any, names: frozenset[str], total: bool) -> int:
        node = len(self.kind)
        self._ids[(kind, data)] = node
        self.kind.append(kind)
        self.data.append(data)
        self.names.append(names)
        self.total.append(total)
        self._intervals.append(None)
        self._steps.append(_UNKNOWN)
        return node

    # ------------------------------------------------------------------ bounds (lazy)

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
        if known is _UNKNOWN:
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
            step: Number | None = _abs(const)
            for term, k in terms:
                step = bounds.step_gcd(step, _times(self.step(term), _abs(k)))
            return step
        if kind == PROD and not data[2]:
            coefficient, numerator, _ = data
            step = _abs(coefficient)
            for factor, exponent in numerator:
                step = _product_step(step, _power_or_none(self.step(factor), exponent))
            return step
        return None

    def __len__(self) -> int:
        return len(self.kind)


def _merge(into: dict[int, int], factors: Factors, exponent: int) -> None:
    for node, power_ in factors:
        into[node] = into.get(node, 0) + power_ * exponent


def _abs(value: Number) -> Number:
    return -value if value < 0 else value


def _product_step(a: Number | None, b: Number | None) -> Number | None:
    return None if a is None or b is None else normal(a * b)


def _times(step: Number | None, k: Number) -> Number | None:
    return None if step is None else normal(step * k)


def _power_or_none(step: Number | None, exponent: int) -> Number | None:
    return None if step is None else normal(step**exponent)


def _signed(k: Number, text: str) -> str:
    if k == 1:
        return f"+ {text}"
    if k == -1:
        return f"- {text}"
    sign = "+ " if k > 0 else "- "
    return f"{sign}{format_number(_abs(k))}*{text}"


def variables_of(algebra: Residuals, node: int) -> Sequence[str]:
    """The variables ``node`` mentions, sorted."""
    return sorted(algebra.names[node])


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
