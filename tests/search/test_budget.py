"""Budgets stop searches soon after their limit, whatever a node costs."""

from __future__ import annotations

from fractions import Fraction

import pytest

from evalgame.errors import SearchInterrupted
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats


def spend(budget: Budget, stats: SearchStats, clock: list[float], seconds_per_node: float) -> None:
    """Visit nodes on a fake clock until the budget stops the search."""
    for _ in range(10**7):
        clock[0] += seconds_per_node
        stats.nodes += 1
        budget.tick(stats)


@pytest.mark.parametrize("seconds_per_node", [1e-6, 1e-3, 1e-2, 0.2])
def test_a_time_budget_is_kept_whatever_a_node_costs(seconds_per_node: float) -> None:
    clock = [0.0]
    budget = Budget(seconds=1.0, clock=lambda: clock[0])
    with pytest.raises(SearchInterrupted, match="time budget"):
        spend(budget, SearchStats(), clock, seconds_per_node)
    assert clock[0] - 1.0 <= max(0.05, 2 * seconds_per_node)


def test_node_budget_and_bounds() -> None:
    budget = Budget(nodes=100)
    budget.prove(lower=3, upper=9)
    budget.prove(lower=2, upper=10)  # looser bounds do not replace tighter ones
    stats = SearchStats()
    with pytest.raises(SearchInterrupted) as stop:
        spend(budget, stats, [0.0], 0.0)
    assert stats.nodes <= 100 + 1024
    assert (stop.value.lower, stop.value.upper) == (Fraction(3), Fraction(9))


@pytest.mark.parametrize("seconds_per_node", [1e-6, 1e-2])
def test_a_cancelled_budget_stops_within_the_check_interval(seconds_per_node: float) -> None:
    clock = [0.0]
    budget = Budget(clock=lambda: clock[0], cancelled=lambda: clock[0] >= 1.0)
    with pytest.raises(SearchInterrupted, match="cancelled"):
        spend(budget, SearchStats(), clock, seconds_per_node)
    assert clock[0] - 1.0 <= max(0.05, 2 * seconds_per_node)
