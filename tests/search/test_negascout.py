"""NegaScout: agreement on random trees, re-search counts, null windows at work."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.search.negascout import negascout
from evalgame.search.table import TranspositionTable
from tests.samples import sample
from tests.strategies import TreeGame, leaf, node, replay, trees, value_of


def test_researches_only_when_a_test_fails_high() -> None:
    # MIN values 3, 2, 4: child 2 fails its test "> 3", child 3 passes and is re-searched
    tree = node(
        "max",
        node("min", leaf(3), leaf(5)),
        node("min", leaf(2), leaf(9)),
        node("min", leaf(4), leaf(8)),
    )
    result = negascout(TreeGame(tree))
    assert (result.value, result.pv, result.stats.researches) == (4, (2, 0), 1)


def test_best_move_first_needs_no_research() -> None:
    tree = node("max", node("min", leaf(4), leaf(8)), node("min", leaf(3), leaf(5)))
    assert negascout(TreeGame(tree)).stats.researches == 0


@settings(max_examples=sample(150))
@given(trees(affine=True, max_depth=5), st.booleans(), st.booleans())
def test_random_trees(tree: tuple[Any, ...], keyed: bool, use_table: bool) -> None:
    game = TreeGame(tree, keyed=keyed)
    result = negascout(game, table=TranspositionTable() if use_table else None)
    assert result.value == value_of(game)
    if result.value is not None:
        assert game.payoff(replay(game, result.pv)) == result.value
