"""Iterative deepening: exact once deep enough, best move so far under a tiny budget."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError, SearchInterrupted
from evalgame.search.budget import Budget
from evalgame.search.iterative import iterative_deepening
from tests.samples import sample
from tests.strategies import TreeGame, leaf, node, replay, trees, value_of


@settings(max_examples=sample(100))
@given(trees(affine=True, max_depth=5), st.booleans())
def test_exact_once_deep_enough(tree: tuple[Any, ...], keyed: bool) -> None:
    game = TreeGame(tree, keyed=keyed)
    result = iterative_deepening(game)
    assert result.exact
    assert result.value == value_of(game)
    assert result.stats.iterations == result.depth
    if result.value is not None:
        assert game.payoff(replay(game, result.pv)) == result.value


@settings(max_examples=sample(100))
@given(trees(affine=True, max_depth=5), st.integers(1, 3))
def test_depth_limit(tree: tuple[Any, ...], depth: int) -> None:
    game = TreeGame(tree, keyed=True)
    result = iterative_deepening(game, max_depth=depth)
    assert result.value == value_of(game, depth=result.depth)
    assert result.depth is not None
    assert result.depth <= depth
    if not result.exact:
        assert result.depth == depth


def wide_tree() -> tuple[Any, ...]:
    # MAX picks among 5 MIN nodes whose estimates say the third is best
    def subtree(i: int) -> tuple[Any, ...]:
        leaves = [node("max", leaf(i), leaf(-i), estimate=i) for _ in range(5)]
        return node("min", *leaves, estimate=10 if i == 2 else i)

    return node("max", *(subtree(i) for i in range(5)))


def test_tiny_budget_returns_the_best_move_so_far() -> None:
    result = iterative_deepening(TreeGame(wide_tree()), budget=Budget(nodes=12, check_every=1))
    assert (result.depth, result.exact, result.best_move, result.value) == (1, False, 2, 10)


def test_no_iteration_completed() -> None:
    with pytest.raises(SearchInterrupted):
        iterative_deepening(TreeGame(wide_tree()), budget=Budget(nodes=2, check_every=1))


def test_bad_depth() -> None:
    with pytest.raises(GameError, match="at least 1"):
        iterative_deepening(TreeGame(wide_tree()), max_depth=0)
