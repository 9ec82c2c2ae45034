"""The hash-consed store under :class:`~evalgame.expr.residual.Residuals`: one row per node.

A node is an integer id; row ``i`` holds its kind, its payload, the variables it mentions,
whether it is defined for every completion, and (filled lazily) its interval and step.
Equal ``(kind, payload)`` pairs get one id, so equal normal forms are equal integers.

>>> store = Store(range(3))
>>> store.kind[INVALID] == UNDEFINED, len(store)
(True, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from evalgame.errors import DomainError
from evalgame.expr import bounds
from evalgame.expr.bounds import Interval
from evalgame.numbers import Number, normal

#: a step not computed yet
UNKNOWN = object()

# node kinds
CONST, VAR, SUM, PROD, POW, UNDEFINED = range(6)
#: the id of the undefined residual (always id 0)
INVALID = 0

Factors = tuple[tuple[int, int], ...]  # (node id, positive exponent), sorted by id
Terms = tuple[tuple[int, Number], ...]  # (node id, coefficient), sorted by id


class Store:
    """The rows of every node built so far over one domain (see the module doc)."""

    def __init__(self, domain: Iterable[Number]) -> None:
        self.domain = tuple(sorted(normal(Fraction(value)) for value in domain))
        if not self.domain:
            raise DomainError("the domain is empty")
        self.kind: list[int] = []
        self.data: list[Any] = []
        self.names: list[frozenset[str]] = []
        self.total: list[bool] = []
        self._intervals: list[Interval | None] = []
        self._steps: list[object] = []
        self._ids: dict[tuple[int, Any], int] = {}
        self._variable_step: Number | None = 0
        for value in self.domain:
            self._variable_step = bounds.step_gcd(self._variable_step, value)
        self._intern(UNDEFINED, (), frozenset(), (0, 0), 0)

    def constant(self, node: int) -> Number | None:
        """The value of a constant residual, else ``None``."""
        return self.data[node] if self.kind[node] == CONST else None

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
        self._steps.append(UNKNOWN)
        return node

    def __len__(self) -> int:
        return len(self.kind)


def absolute(value: Number) -> Number:
    """``|value|``, keeping the type (an int stays an int).

    >>> absolute(-3), absolute(Fraction(-1, 2))
    (3, Fraction(1, 2))
    """
    return -value if value < 0 else value
