"""Exact null windows: a window edge infinitesimally above or below a value.

Integer engines test "value ≥ γ" with the window (γ−1, γ). Rational values have no "γ−1",
so a :class:`Edge` stands for γ⁻ (just below γ) or γ⁺ (just above γ): no game value lies
strictly between γ⁻ and γ, so "v ≤ γ⁻" means "v < γ" and "v ≥ γ⁺" means "v > γ". Numbers
compare with edges directly, so alpha-beta runs unchanged on such windows.

>>> from fractions import Fraction
>>> below(3) < 3 < above(3)
True
>>> Fraction(5, 2) <= below(3), 3 <= below(3), 3 >= above(3)
(True, False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from evalgame.numbers import Number

#: a window edge: a value, ±∞ (floats are used only as these sentinels) or an :class:`Edge`
Bound: TypeAlias = "Number | float | Edge"


@dataclass(frozen=True, slots=True)
class Edge:
    """``value`` shifted by an infinitesimal: ``side`` is −1 (just below) or +1 (just above).

    Against a number ``x`` an edge is never equal, so ``<`` and ``<=`` agree (and ``>``
    and ``>=``): γ⁻ < x ⟺ γ ≤ x, γ⁺ < x ⟺ γ < x, γ⁻ > x ⟺ γ > x, γ⁺ > x ⟺ γ ≥ x. Null-window
    searches compare values with edges at every node, hence these direct formulas.
    """

    value: Number | float
    side: int

    def __lt__(self, other: Bound) -> bool:
        if isinstance(other, Edge):
            return (self.value, self.side) < (other.value, other.side)
        return self.value <= other if self.side < 0 else self.value < other

    def __le__(self, other: Bound) -> bool:
        if isinstance(other, Edge):
            return (self.value, self.side) <= (other.value, other.side)
        return self.value <= other if self.side < 0 else self.value < other

    def __gt__(self, other: Bound) -> bool:
        if isinstance(other, Edge):
            return (self.value, self.side) > (other.value, other.side)
        return self.value >= other if self.side > 0 else self.value > other

    def __ge__(self, other: Bound) -> bool:
        if isinstance(other, Edge):
            return (self.value, self.side) >= (other.value, other.side)
        return self.value >= other if self.side > 0 else self.value > other


def below(value: Number | float) -> Edge:
    """γ⁻: the edge just below ``value``."""
    return Edge(value, -1)


def above(value: Number | float) -> Edge:
    """γ⁺: the edge just above ``value``."""
    return Edge(value, +1)
