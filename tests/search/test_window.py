"""Window edges γ⁻ and γ⁺ compare with every exact value as infinitesimal shifts."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from evalgame.search.window import above, below

numbers = st.integers(-5, 5) | st.fractions(-5, 5, max_denominator=4)


@given(numbers, numbers)
def test_edges_against_numbers(v: Fraction, gamma: Fraction) -> None:
    assert (v <= below(gamma)) == (v < gamma)
    assert (v >= above(gamma)) == (v > gamma)
    assert (v >= below(gamma)) == (v >= gamma)
    assert (v <= above(gamma)) == (v <= gamma)
    assert (below(gamma) < v) == (gamma <= v)
    assert (above(gamma) > v) == (gamma >= v)
    assert (below(gamma) > v) == (below(gamma) >= v) == (gamma > v)
    assert (above(gamma) < v) == (above(gamma) <= v) == (gamma < v)
    assert below(gamma) != gamma


@given(numbers, numbers)
def test_edges_against_edges(a: Fraction, b: Fraction) -> None:
    assert (below(a) < below(b)) == (a < b)
    assert below(a) < above(a)
    assert (above(a) <= below(b)) == (a < b)
    assert (above(a) >= below(b)) == (a >= b)
    assert (below(a) > above(b)) == (a > b)
    assert max(below(a), a) == a
    assert below(a) > float("-inf")
    assert above(a) < float("inf")
