"""Expectiminimax: a hand computation with fractions, random trees, bad probabilities."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError
from evalgame.search.chance import expectiminimax
from evalgame.search.protocol import Player
from evalgame.search.table import TranspositionTable
from tests.samples import sample
from tests.strategies import TreeGame, chance, leaf, node, replay, trees, value_of

F = Fraction


def test_hand_computation() -> None:
    # MAX chooses a safe 2 or a gamble; in the gamble a die (1/6 each) is followed by MIN
    die = chance(*((F(1, 6), node("min", leaf(face), leaf(F(7, 2)))) for face in range(1, 7)))
    tree = node("max", leaf(2), die, chance((F(1, 3), leaf(None)), (F(2, 3), leaf(9))))
    # the die: faces 1, 2, 3 count, then 7/2 three times: (1+2+3)/6 + 3·(7/2)/6 = 11/4
    result = expectiminimax(TreeGame(tree))
    assert result.value == F(11, 4)
    assert result.pv == (1,)  # the last option is invalid: its 1/3 outcome is


@settings(max_examples=sample(150))
@given(trees(chance_nodes=True, affine=True), st.booleans(), st.booleans())
def test_random_trees(tree: tuple[Any, ...], keyed: bool, use_table: bool) -> None:
    game = TreeGame(tree, keyed=keyed)
    result = expectiminimax(game, table=TranspositionTable() if use_table else None)
    assert result.value == value_of(game)
    if result.value is not None:
        end = replay(game, result.pv)
        if game.moves(end):
            assert game.to_move(end) is Player.CHANCE
        else:
            assert game.payoff(end) == result.value


def test_probabilities_must_sum_to_one() -> None:
    tree = chance((F(1, 2), leaf(1)), (F(1, 3), leaf(2)))
    with pytest.raises(GameError, match="sum to 5/6"):
        expectiminimax(TreeGame(tree))


def test_probabilities_must_be_exact() -> None:
    tree = chance((0.5, leaf(1)), (0.5, leaf(2)))  # type: ignore[arg-type]

    class Floats(TreeGame):
        def probability(self, position: Any, move: int) -> Fraction:
            return position[0][3][move]  # type: ignore[no-any-return]

    with pytest.raises(GameError, match="exact"):
        expectiminimax(Floats(tree))
