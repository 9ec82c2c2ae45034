"""is_linear: an expression it calls linear is affine in its variables (checked numerically)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from evalgame.expr.expression import parse
from evalgame.expr.nodes import Node, is_linear, to_text
from evalgame.games.evaluate.solve import solve
from evalgame.games.evaluate.solvers import choose_algorithm
from tests.strategies import expression_trees

NAMES = ("a", "b", "x")
points = st.lists(
    st.fractions(min_value=-5, max_value=5, max_denominator=4), min_size=9, max_size=9
)


@given(expression_trees(names=NAMES), points)
def test_linear_means_affine(tree: Node, numbers: list[Fraction]) -> None:
    """f(p) + f(q) = f(r) + f(p + q − r) for every affine f."""
    if not is_linear(tree):
        return
    expression = parse(to_text(tree))
    p, q, r = (dict(zip(NAMES, numbers[i : i + 3], strict=True)) for i in (0, 3, 6))
    s = {name: p[name] + q[name] - r[name] for name in NAMES}
    values = [expression.evaluate(point) for point in (p, q, r, s)]
    if None in values:  # a constant divisor of zero: undefined everywhere
        assert values == [None] * 4
        return
    fp, fq, fr, fs = values
    assert fp + fq == fr + fs  # type: ignore[operator]


def test_products_quotients_and_powers_of_variables_are_not_linear() -> None:
    for text in ("a*b", "a/(b+1)", "a^2", "-(x*(y-z))", "2/(a-a+1)"):
        assert not is_linear(parse(text).tree), text
    for text in ("3*a - b/2 + 7", "-(a+b)*(2-1/2)", "2^3*a", "(a+b)/4"):
        assert is_linear(parse(text).tree), text


def test_auto_picks_by_linearity_and_agrees_with_both() -> None:
    for text, picked in (("v+w+x-y-z", "residual"), ("x/y + 2*y/z - z/x", "mtdf")):
        assert choose_algorithm(parse(text)) == picked
        auto = solve(text)
        assert auto.algorithm == picked
        assert auto.value == solve(text, algorithm="residual").value
        assert auto.value == solve(text, algorithm="mtdf").value
