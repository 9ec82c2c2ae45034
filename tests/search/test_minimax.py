"""Plain minimax against values computed straight from the tree tuples."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings

from evalgame.errors import GameError, SearchInterrupted
from evalgame.search.budget import Budget
from evalgame.search.minimax import minimax
from tests.samples import sample
from tests.strategies import TreeGame, chance, leaf, node, replay, tree_size, trees, value_of


@settings(max_examples=sample(150))
@given(trees())
def test_value_pv_and_node_count(tree: tuple[object, ...]) -> None:
    game = TreeGame(tree)
    result = minimax(game)
    assert result.value == value_of(game)
    assert result.stats.nodes == tree_size(tree)
    if result.value is None:
        assert result.pv == ()
    else:
        assert game.payoff(replay(game, result.pv)) == result.value


def test_hand_example_with_invalid_leaves() -> None:
    tree = node("max", node("min", leaf(3), leaf(None)), node("min", leaf(None), leaf(None)))
    result = minimax(TreeGame(tree))
    assert (result.value, result.pv) == (3, (0, 0))
    assert minimax(TreeGame(node("min", leaf(None)))).value is None


def test_terminal_root() -> None:
    result = minimax(TreeGame(leaf(Fraction(7, 2))))
    assert (result.value, result.pv, result.stats.leaves) == (Fraction(7, 2), (), 1)


def test_refuses_chance_nodes() -> None:
    tree = chance((Fraction(1, 2), leaf(1)), (Fraction(1, 2), leaf(2)))
    with pytest.raises(GameError, match="expectiminimax"):
        minimax(TreeGame(tree))


def test_node_budget() -> None:
    tree = node("max", *(node("min", leaf(i), leaf(-i)) for i in range(50)))
    with pytest.raises(SearchInterrupted):
        minimax(TreeGame(tree), budget=Budget(nodes=20, check_every=1))
