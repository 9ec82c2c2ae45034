"""The translation both adapters share: parameters that survive a game string, action
numbers, validity, and the core working without the optional libraries."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given

from evalgame.errors import ExpressionError, GameError, IllegalMoveError
from evalgame.expr.expression import parse
from evalgame.expr.nodes import to_text
from evalgame.games.evaluate.game import EValuate
from evalgame.interop.evaluate import (
    EvaluateTranslation,
    domain_word,
    from_rpn,
    read_expression,
    to_rpn,
)
from evalgame.interop.families import translation
from evalgame.search import minimax
from tests.strategies import domains, expression_trees

#: what OpenSpiel's game strings split on, or read as a number or a truth value
_NOT_A_WORD = set("(),=")


def looks_like_a_number(word: str) -> bool:
    return all(ch in "0123456789-." for ch in word) or word.lower() in ("true", "false")


@given(expression_trees())
def test_reverse_polish_notation_keeps_the_expression(tree: Any) -> None:
    expression = parse(to_text(tree))
    text = to_rpn(expression)
    assert not _NOT_A_WORD & set(text)
    again = from_rpn(text)
    assert again.tree == expression.tree
    assert again.variables == expression.variables
    assert read_expression(text).tree == expression.tree


@given(domains(max_size=5))
def test_a_domain_word_reads_back_and_is_never_taken_for_a_number(
    domain: tuple[Any, ...],
) -> None:
    word = domain_word(domain)
    assert not _NOT_A_WORD & set(word)
    assert not looks_like_a_number(word)
    parameters = {"expression": "x", "domain": word, "first": "max"}
    assert EvaluateTranslation.from_parameters(parameters).evaluate.domain == domain


@pytest.mark.parametrize(
    ("family", "parameters"),
    [
        ("evaluate", {"expression": "x/y + 2*y/z - z/x", "domain": "1/2,1", "first": "min"}),
        ("evaluate", {"expression": "-(a^2) - b", "domain": [-1, 0, Fraction(1, 2)]}),
        ("tiling", {"rows": 2, "cols": 3, "first": "min"}),
        ("graph", {"graph": "grid:2x2", "colour": "E", "share": "V", "colours": 3}),
        ("impartial", {"rule": "subtraction", "heaps": [7], "subtract": "2, 3"}),
        ("impartial", {"rule": "grundy", "heaps": "[5 3]", "convention": "Misere"}),
    ],
)
def test_parameters_are_words_that_rebuild_the_same_game(
    family: str, parameters: dict[str, Any]
) -> None:
    first = translation(family, **parameters)
    canonical = first.parameters()
    for value in canonical.values():
        assert isinstance(value, int) or not (
            _NOT_A_WORD & set(value) or looks_like_a_number(value)
        )
    again = translation(family, **canonical)
    assert again.parameters() == canonical
    assert again.actions == first.actions


def test_e_valuate_actions_propose_then_place_two_a_round() -> None:
    t = translation("evaluate", expression="(10-X)*Y", domain="0..9")
    start = t.initial()
    assert (t.player(start), t.legal(start)) == (0, list(range(10)))
    proposed = t.play(start, 5)
    assert (t.player(proposed), t.legal(proposed)) == (1, [10, 11])
    assert t.action_text(proposed, 10) == "X"
    finished = t.play(t.play(t.play(proposed, 10), 9), 11)
    assert t.player(finished) is None
    assert t.value(finished) == 45
    assert t.text(finished).endswith("over, value 45")
    with pytest.raises(IllegalMoveError):
        t.play(proposed, 3)


def test_min_proposing_makes_player_1_move_first() -> None:
    t = translation("evaluate", expression="x-y", domain="0..2", first="min")
    assert t.player(t.initial()) == 1
    assert t.text(t.initial()).endswith("MIN to move")


def test_moves_without_a_defined_ending_are_not_offered() -> None:
    """1/(x-y) over {0, 1}: once 0 is on x, proposing 0 again leaves only x = y = 0."""
    t = translation("evaluate", expression="1/(x-y)", domain="0..1")
    after = t.play(t.play(t.initial(), 0), 2)  # 0 on x
    assert t.legal(after) == [1]
    # the game tree restricted to the offered moves has the solver's value
    assert _value(t, t.initial()) == minimax(EValuate("1/(x-y)", "0..1")).value


def _value(t: Any, position: Any) -> Any:
    player = t.player(position)
    if player is None:
        return t.value(position)
    children = [_value(t, t.play(position, action)) for action in t.legal(position)]
    return max(children) if player == 0 else min(children)


def test_an_expression_never_defined_is_refused() -> None:
    with pytest.raises(GameError, match="no way of playing it to the end is defined"):
        translation("evaluate", expression="1/(x-x)", domain="0..3")


def test_observations_have_their_declared_shape_and_are_zeros_and_ones() -> None:
    for t in (
        translation("evaluate", expression="x*(y-z)", domain="0..3"),
        translation("tiling", rows=2, cols=3),
        translation("graph"),
        translation("impartial", rule="kayles", heaps=[4, 1]),
    ):
        position = t.initial()
        while t.player(position) is not None:
            array = t.observe(position)
            assert array.shape == t.shape
            assert set(array.flat) <= {0, 1}
            position = t.play(position, t.legal(position)[-1])


@pytest.mark.parametrize(
    ("family", "parameters", "message"),
    [
        ("evaluate", {"colours": 2}, "no parameter 'colours'"),
        ("tiling", {"rows": "two"}, "rows must be a whole number"),
        ("tiling", {"first": "both"}, "first is max or min"),
        ("graph", {"graph": "grid:2x2,3"}, "may not contain"),
        ("impartial", {"heaps": "3 x"}, "heaps are whole numbers"),
        ("impartial", {"rule": "chess"}, "rule is one of nim, grundy"),
        ("impartial", {"heaps": [30, 30]}, "60 counters; at most 40"),
    ],
)
def test_bad_parameters_get_a_clear_error(
    family: str, parameters: dict[str, Any], message: str
) -> None:
    with pytest.raises(GameError, match=message):
        translation(family, **parameters)


def test_a_bad_reverse_polish_expression_points_at_the_word() -> None:
    with pytest.raises(ExpressionError) as caught:
        from_rpn("x y + *")
    assert caught.value.position == 6


def test_the_core_never_imports_the_optional_libraries() -> None:
    code = (
        "import sys, evalgame, evalgame.interop.families; "
        "evalgame.interop.families.translation('tiling'); "
        "print(sorted({'pyspiel', 'pettingzoo', 'gymnasium'} & set(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
