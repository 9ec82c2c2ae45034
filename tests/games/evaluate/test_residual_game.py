"""The residual game: equal keys mean equal games, bounds hold, moves lose nothing."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.expr.nodes import Node, to_text
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.numbers import Number
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.table import TranspositionTable
from tests.strategies import domains, expression_trees

NAMES = ("a", "b", "c")
slow_ok = settings(max_examples=80)


def random_position(game: ResidualEValuate, data: st.DataObject) -> tuple[Any, Any]:
    """A random position of the residual game and the same position of the plain game."""
    plain = EValuate(game.expression, game.domain, first=game.proposer)
    position, twin = game.initial(), plain.initial()
    for _ in range(data.draw(st.integers(0, 2 * len(plain.variables)))):
        if game.is_terminal(position):
            break
        move: Any
        if position[1] is None:
            move = data.draw(st.sampled_from(game.domain))
        else:
            move = data.draw(st.sampled_from(position[2]))  # any free variable
        position, twin = game.play(position, move), plain.play(twin, move)
    return position, twin


def plain_value(game: ResidualEValuate, twin: Any) -> Number | None:
    return minimax(EValuate(game.expression, game.domain, first=game.proposer), twin).value


@slow_ok
@given(expression_trees(NAMES, max_leaves=7), domains(3), st.data())
def test_equal_keys_mean_equal_games(tree: Node, domain: tuple[Number, ...], data: Any) -> None:
    game = ResidualEValuate(to_text(tree), domain)
    one, one_twin = random_position(game, data)
    two, two_twin = random_position(game, data)
    if game.key(one) != game.key(two):
        return
    first, second = plain_value(game, one_twin), plain_value(game, two_twin)
    assert (first is None) == (second is None)
    if first is not None and second is not None:
        (s1, c1), (s2, c2) = game.affine(one), game.affine(two)
        assert Fraction(first - c1) / s1 == Fraction(second - c2) / s2


@slow_ok
@given(expression_trees(NAMES, max_leaves=7), domains(3), st.data())
def test_residual_positions_keep_the_value_and_bounds_hold(
    tree: Node, domain: tuple[Number, ...], data: Any
) -> None:
    game = ResidualEValuate(to_text(tree), domain)
    position, twin = random_position(game, data)
    expected = plain_value(game, twin)
    assert minimax(game, position).value == expected
    if expected is not None:
        low, high = game.bounds(position)
        assert low is None or low <= expected
        assert high is None or expected <= high


@pytest.mark.parametrize("text", ["a*b - c", "a/(b+c) - a*c", "(a-b)*(c-a)", "a - b*c + c"])
def test_a_table_shared_with_another_process_keeps_the_values(text: str) -> None:
    # two instances stand for two processes of a proof: the second met other residuals
    # first, so its residuals have other ids; each of its searches starts from the bounds
    # the first one's table exported
    here, there = ResidualEValuate(text, range(3)), ResidualEValuate(text, range(3))
    there.play(there.play(there.initial(), 2), "c")
    table = TranspositionTable(shared_from=1)  # every search's bounds exported
    mtdf(here, here.initial(), table=table)
    exported = table.export()
    assert exported

    def check(position: Any, depth: int) -> None:
        shared = TranspositionTable()
        shared.absorb(exported)
        assert mtdf(there, position, table=shared).value == minimax(there, position).value
        if depth and not there.is_terminal(position):
            for move in there.moves(position):
                check(there.play(position, move), depth - 1)

    check(there.initial(), 3)


def test_interchangeable_variables_are_offered_once() -> None:
    game = ResidualEValuate("v+w+x-y-z")
    proposed = game.play(game.initial(), 7)
    assert game.moves(proposed) == ["v", "y"]
    tail = ResidualEValuate("x - x + y")  # x no longer matters: one stand-in
    assert tail.moves(tail.play(tail.initial(), 1)) == ["x", "y"]
