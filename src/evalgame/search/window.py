"""Exact null windows: a window edge infinitesimally above or below a value.

Integer engines test "value ≥ γ" with the window (γ−1, γ). Rational values have no "γ−1",
so a :class:`Edge` stands for γ⁻ (just below γ) or γ⁺ (just above γ): no game value lies
strictly between γ⁻ and γ, so "v ≤ γ⁻" means "v < γ" and "v ≥ γ⁺" means "v > γ". Numbers
compare with edges directly, so alpha-beta runs unchanged on such windows.

>>> below(3) < 3 < above(3)
True
>>> Fraction(5, 2) <= below(3), 3 <= below(3), 3 >= above(3)
(True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TypeAlias

from evalgame.search.protocol import Value

#: a window edge: a value, ±∞ (floats are used only as these sentinels) or an :class:`Edge`
Bound: TypeAlias = "Value | float | Edge"


@dataclass(frozen=True, slots=True)
class Edge:
    """``value`` shifted by an infinitesimal: ``side`` is −1 (just below) or +1 (just above)."""

    value: Value | float
    side: int

    def _compare(self, other: object) -> int | None:
        """−1, 0 or +1 as ``self`` is below, at or above ``other`` (``None``: not comparable)."""
        value: Value | float
        if isinstance(other, Edge):
            value, side = other.value, other.side
        elif isinstance(other, int | float | Fraction):
            value, side = other, 0
        else:
            return None
        if self.value != value:
            return -1 if self.value < value else 1
        return (self.side > side) - (self.side < side)

    def __lt__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order < 0

    def __le__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order <= 0

    def __gt__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order > 0

    def __ge__(self, other: object) -> bool:
        order = self._compare(other)
        return NotImplemented if order is None else order >= 0


def below(value: Value | float) -> Edge:
    """γ⁻: the edge just below ``value``."""
    return Edge(value, -1)


def above(value: Value | float) -> Edge:
    """γ⁺: the edge just above ``value``."""
    return Edge(value, +1)
