"""Principal variations walked with exact tests."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError
from evalgame.search.pv import attains, principal_variation
from evalgame.search.table import TranspositionTable
from tests.samples import sample
from tests.strategies import TreeGame, leaf, node, replay, trees, value_of


@settings(max_examples=sample(150))
@given(trees(affine=True), st.booleans(), st.booleans())
def test_walk_attains_the_value(tree: tuple[Any, ...], keyed: bool, use_table: bool) -> None:
    game = TreeGame(tree, keyed=keyed, reverse=True)
    value = value_of(game)
    if value is None:
        return
    table = TranspositionTable() if use_table else None
    line = principal_variation(game, None, value, table=table)
    assert game.payoff(replay(game, line)) == value
    assert attains(game, game.initial(), line, value)


@settings(max_examples=sample(100))
@given(trees(affine=True, max_depth=5), st.integers(0, 3))
def test_walk_to_the_horizon(tree: tuple[Any, ...], depth: int) -> None:
    game = TreeGame(tree)
    value = value_of(game, depth=depth)
    if value is None:
        return
    line = principal_variation(game, None, value, depth=depth)
    end = replay(game, line)
    if game.moves(end):
        assert len(line) == depth
        assert game.evaluate(end) == value
    else:
        assert game.payoff(end) == value


def test_wrong_value_is_an_error() -> None:
    game = TreeGame(node("max", node("min", leaf(3), leaf(5)), leaf(2)))
    with pytest.raises(GameError, match="no move"):
        principal_variation(game, None, 4)
    assert not attains(game, game.initial(), (0,), 3)  # not at a terminal
    assert not attains(game, game.initial(), (7,), 3)  # illegal
