from __future__ import annotations

from fractions import Fraction

import pytest

from evalgame.errors import GameError
from evalgame.games.classic.dice import HOLD, ROLL, Pig, PigPosition
from evalgame.search.protocol import Player
from tests.games.naive import naive_value


def test_one_turn_each_with_a_coin() -> None:
    # MAX rolls 2 (p = 1/2) and wins, or rolls 1; then MIN rolls 2 and wins, or rolls 1: draw.
    game = Pig(target=2, faces=2, turns=2)
    assert naive_value(game, game.initial()) == Fraction(1, 4)


def test_hand_computed_instance_with_a_decision() -> None:
    # Target 3, faces {1, 2}, one turn each. Worked by hand:
    # MIN's turn against a = 0: 1/2·0 + 1/2·(hold at 2 wins for MIN: −1) = −1/2;
    # against a = 2: rolls 1 → MAX wins (+1); rolls 2 → hold draws, roll is 1/2·1 + 1/2·(−1) = 0.
    # MAX with turn total 2: hold → 1/2, roll → 1/2·(−1/2) + 1/2·1 = 1/4; so MAX holds.
    # Start: 1/2·(−1/2) + 1/2·(1/2) = 0.
    game = Pig(target=3, faces=2, turns=2)
    start = game.initial()
    assert naive_value(game, start) == 0
    after_two = game.play(start, "2")
    assert game.to_move(after_two) is Player.MAX
    assert naive_value(game, game.play(after_two, HOLD)) == Fraction(1, 2)
    assert naive_value(game, game.play(after_two, ROLL)) == Fraction(1, 4)


def test_rules_step_by_step() -> None:
    game = Pig(target=10, faces=6, turns=4)
    position = game.play(game.initial(), "4")
    assert position == PigPosition(0, 0, 4, True, 4, False)
    assert game.moves(position) == [HOLD, ROLL]
    position = game.play(game.play(position, ROLL), "5")
    assert position.total == 9
    held = game.play(position, HOLD)
    assert held == PigPosition(9, 0, 0, False, 3, True)
    assert game.to_move(held) is Player.CHANCE
    busted = game.play(held, "1")
    assert busted == PigPosition(9, 0, 0, True, 2, True)
    won = game.play(busted, "3")  # 9 + 3 reaches the target at once
    assert game.moves(won) == []
    assert game.payoff(won) == 1
    assert game.moves(game.play(busted, "1")) == game.moves(game.initial())  # MIN's last turn


def test_turn_limit_ends_the_game() -> None:
    game = Pig(target=10, faces=6, turns=1)
    position = game.play(game.play(game.initial(), "3"), HOLD)
    assert game.moves(position) == []
    assert game.payoff(position) == 1
    assert game.payoff(game.play(game.initial(), "1")) == 0


def test_probabilities_sum_to_one_and_value_is_a_probability_difference() -> None:
    game = Pig(target=6, faces=3, turns=4)
    start = game.initial()
    assert sum(game.probability(start, m) for m in game.moves(start)) == 1
    value = naive_value(game, start)
    assert isinstance(value, Fraction)
    assert -1 < value < 1


def test_bad_moves_and_parameters() -> None:
    game = Pig(target=5, faces=3, turns=2)
    with pytest.raises(GameError, match="not a move"):
        game.play(game.initial(), HOLD)
    with pytest.raises(GameError, match="faces"):
        Pig(target=5, faces=1)
