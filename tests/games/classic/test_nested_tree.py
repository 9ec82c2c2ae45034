"""Nested-list trees: what they read to, and the place of every mistake."""

from __future__ import annotations

from fractions import Fraction

import pytest

from evalgame.errors import ExpressionError
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.search.protocol import Player


def test_textbook_tree() -> None:
    game = parse_nested_tree(" [[3, 12, 8], [2, 4, 6], [14, 5, 2]] ")
    assert game.start == "root"
    assert game.moves("root") == ("1", "2", "3")
    assert [game.payoff(f"2.{i}") for i in (1, 2, 3)] == [2, 4, 6]
    assert game.to_move("root") is Player.MAX
    assert game.to_move("3") is Player.MIN
    assert len(game.nodes) == 13
    assert game.edges == 12


def test_levels_alternate_and_depths_may_differ() -> None:
    game = parse_nested_tree("[1, [[-1/2, 0.25], 7]]")
    assert game.to_move("2") is Player.MIN
    assert game.to_move("2.1") is Player.MAX
    assert game.payoff("2.1.1") == Fraction(-1, 2)
    assert game.payoff("2.1.2") == Fraction(1, 4)
    assert game.payoff("1") == 1


def test_a_single_number_is_a_game_over() -> None:
    game = parse_nested_tree("5")
    assert game.moves("root") == ()
    assert game.payoff("root") == 5


@pytest.mark.parametrize(
    ("text", "position", "message"),
    [
        ("", 0, "empty"),
        ("[[3, 12], [2,, 4]]", 13, "expected a number"),
        ("[[3, 12], []]", 11, "empty list"),
        ("[[3, 12] [2]]", 9, "expected ',' or ']'"),
        ("[[3, 12], [2]", 13, "expected ',' or ']'"),
        ("[1, 2]]", 6, "after the tree"),
        ("[1, x]", 4, "expected a number"),
        ("[1, 1/0]", 4, "not an exact number"),
    ],
)
def test_mistakes_give_their_place(text: str, position: int, message: str) -> None:
    with pytest.raises(ExpressionError, match=message) as caught:
        parse_nested_tree(text)
    assert caught.value.position == position


def test_deep_trees_need_no_recursion() -> None:
    game = parse_nested_tree("[" * 5000 + "1" + "]" * 5000)
    assert len(game.nodes) == 5001
