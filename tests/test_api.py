"""The Python API as a notebook meets it: short reprs, pictures, and the command line's
ways of naming domains and players."""

from __future__ import annotations

import importlib
from decimal import Decimal
from fractions import Fraction

import pytest

import evalgame
from evalgame.errors import DomainError, GameError
from evalgame.games.tiling.game import board_svg
from evalgame.search.examples import NestedTree


def test_reprs_are_short_and_say_what_the_object_is() -> None:
    solution = evalgame.solve("X*(Y-Z)")
    tree = evalgame.tree("(10-X)*Y")
    shown = {
        repr(solution): "value 18",
        repr(tree): "minimax 45",
        repr(evalgame.parse("X*(Y-Z)")): "Expression('X*(Y-Z)')",
        repr(evalgame.EValuate("X*(Y-Z)")): "over 0..9",
        repr(evalgame.tiling(2, 3)): "2×3",
        repr(evalgame.share("friendship:3")): "MAX's share 4 of 9",
    }
    for text, expected in shown.items():
        assert expected in text
        assert len(text) < 120, text
        assert " at 0x" not in text


def test_notebook_pictures_and_tables() -> None:
    solution = evalgame.solve("x/y + 2*y/z - z/x")
    html = solution._repr_html_()
    assert "16/3 ≈ 5.33333" in html
    assert solution.line() in html
    tree_svg = evalgame.tree("(10-X)*Y")._repr_svg_()
    assert tree_svg is not None
    assert "<svg" in tree_svg
    board = evalgame.tiling(2, 3)._repr_svg_()
    assert board.startswith("<svg")
    assert board.count(">1</text>") == 1  # the dominoes are numbered in order of play
    assert "<svg" in evalgame.share("friendship:3")._repr_svg_()


def test_a_board_picture_refuses_an_impossible_board() -> None:
    with pytest.raises(evalgame.InputError):
        board_svg(2, 2, [((0, 0), (0, 1)), ((0, 1), (1, 1))])


def test_the_api_takes_what_the_command_line_takes() -> None:
    digits = evalgame.solve("x*y - z", domain=range(10))
    assert evalgame.solve("x*y - z", domain="0..9").value == digits.value
    by_name = evalgame.solve("x*y - z", first="min")
    assert by_name.value == evalgame.solve("x*y - z", first=evalgame.Player.MIN).value
    assert by_name.first is evalgame.Player.MIN
    # -minimax(-E): the paper's rule for MIN first, checked by an independent solver
    negated = evalgame.solve("-(x*y - z)", algorithm="minimax").value
    assert negated is not None
    assert by_name.value == -negated


@pytest.mark.parametrize(
    ("given", "exact"),
    [
        ((0.1, 1), (Fraction(1, 10), 1)),
        ((0.5, Decimal("1.25")), (Fraction(1, 2), Fraction(5, 4))),
        (["1/3", 2], (Fraction(1, 3), 2)),
        ("-1/2,0,1/2", (Fraction(-1, 2), 0, Fraction(1, 2))),
    ],
)
def test_floats_are_read_through_their_decimal_text(given: object, exact: tuple[object]) -> None:
    assert evalgame.solve("x - y", domain=given).domain == exact  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("domain", "first", "error", "message"),
    [
        ((float("nan"), 1), "max", DomainError, "not a finite number"),
        ((float("inf"),), "max", DomainError, "not a finite number"),
        ((True, 2), "max", DomainError, "not a number"),
        ("0..9", "chance", GameError, "max or min"),
        ("0..9", "first", GameError, "max or min"),
    ],
)
def test_clear_refusals(domain: object, first: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        evalgame.solve("x - y", domain=domain, first=first)  # type: ignore[arg-type]


@pytest.mark.parametrize("entry", [evalgame.tree, evalgame.solve])
def test_a_game_that_is_not_an_expression_is_refused_by_name(entry: object) -> None:
    """A game of one's own given where an expression belongs: an error that says so and
    where such a game goes, not an AssertionError from deep inside the parser."""
    with pytest.raises(GameError, match=r"expression .* not on a NestedTree; .*evalgame dag"):
        entry(NestedTree([[3, 12, 8], [2, 4, 6]]))  # type: ignore[operator]


def test_play_is_the_function_whatever_is_imported_later() -> None:
    for name in ("session", "agents", "tiling", "graph", "evaluate", "match"):
        importlib.import_module(f"evalgame.play.{name}")
    assert callable(evalgame.play)
    answers = iter(["4", "4", "u", "4", "4"])  # an undo on the way
    told: list[str] = []
    verdict = evalgame.play("X*(Y-Z)", ask=lambda _: next(answers), tell=told.append)
    assert verdict is not None
    assert "move taken back" in told
    assert any(line.startswith("the engine (MIN) plays") for line in told)
