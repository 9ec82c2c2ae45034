"""MTD(f): agreement, passes, and proven bounds when a budget stops it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import SearchInterrupted
from evalgame.search.budget import Budget
from evalgame.search.mtdf import mtdf
from tests.samples import sample
from tests.strategies import TreeGame, leaf, node, replay, trees, value_of


@settings(max_examples=sample(150))
@given(
    trees(affine=True, max_depth=5),
    st.none() | st.fractions(-5, 5, max_denominator=3),
    st.none() | st.tuples(st.integers(0, 3), st.integers(0, 3)),
)
def test_random_trees(tree: tuple[Any, ...], guess: Fraction | None, bounds: Any) -> None:
    game = TreeGame(tree, keyed=True, bounds=bounds)
    result = mtdf(game, first_guess=guess)
    assert result.value == value_of(game)
    assert result.stats.researches >= 1
    if result.value is not None:
        assert game.payoff(replay(game, result.pv)) == result.value


def test_passes_from_a_guess() -> None:
    tree = node(
        "max", node("min", leaf(3), leaf(5)), node("min", leaf(2), leaf(9)), node("min", leaf(4))
    )
    # ≥ 0? yes, 3; > 3? yes, 4; > 4? no: the value is 4
    assert mtdf(TreeGame(tree), first_guess=0).stats.researches == 3
    assert mtdf(TreeGame(tree), first_guess=4).stats.researches == 2  # ≥ 4? yes; > 4? no


@settings(max_examples=sample(100))
@given(trees(invalid=False, max_depth=5), st.integers(1, 60))
def test_interrupted_search_reports_proven_bounds(tree: tuple[Any, ...], nodes: int) -> None:
    game = TreeGame(tree, keyed=True)
    true = value_of(game)
    assert true is not None
    budget = Budget(nodes=nodes, check_every=1)
    try:
        result = mtdf(game, first_guess=-10, budget=budget)
    except SearchInterrupted:
        result = None
    if result is not None:
        assert result.value == true
    # what the budget recorded (and a stop reports) are proven bounds
    assert budget.lower is None or budget.lower <= true
    assert budget.upper is None or true <= budget.upper


def test_interruption_after_a_pass_carries_its_bound() -> None:
    tree = node("max", *(node("min", leaf(i), leaf(i + 1)) for i in range(20)))
    with pytest.raises(SearchInterrupted) as stop:
        mtdf(TreeGame(tree), first_guess=0, budget=Budget(nodes=50, check_every=1))
    assert stop.value.lower is not None  # the first pass (≥ 0? yes, at least 0) is proven
    assert stop.value.lower <= 19
    assert "proven bounds" in stop.value.pretty()
