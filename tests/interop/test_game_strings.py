"""Game strings: game_string writes what OpenSpiel's own parser reads back unchanged, and
check_game_string refuses, naming the parameter, exactly the strings OpenSpiel's parser
stops at or misreads (OpenSpiel itself is the ground truth)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from evalgame.errors import GameError  # noqa: E402
from evalgame.interop.game_strings import check_game_string  # noqa: E402
from evalgame.interop.openspiel import game_string, load, load_game  # noqa: E402

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "game.json")

ORDINARY: list[tuple[str, dict[str, Any]]] = [
    ("evaluate", {"expression": "(10-X)*Y", "domain": "0..9"}),
    ("evaluate", {"expression": "x*(y-z)", "domain": [0, "1/2", 5], "first": "min"}),
    ("evaluate", {"expression": "-x/(y+1)", "domain": "5"}),
    ("tiling", {"rows": 2, "cols": 5}),
    ("tiling", {"board": "..#/...", "first": "min"}),
    ("tiling", {"board": "...."}),  # all dots: written as rows and cols
    ("graph", {"graph": "grid:2x3", "colour": "E", "share": "V", "colours": 3}),
    ("impartial", {"rule": "subtraction", "heaps": [7], "subtract": [2, 3]}),
    ("impartial", {"rule": "kayles", "heaps": (3, 4), "convention": "misere"}),
    ("dag", {"file": EXAMPLE}),
    ("dag", {}),
]


@pytest.mark.parametrize(("family", "parameters"), ORDINARY)
def test_game_string_is_what_openspiel_reads_back(family: str, parameters: dict[str, Any]) -> None:
    text = game_string(family, **parameters)
    game = pyspiel.load_game(text)
    assert str(game) == text == str(load(family, **parameters))
    read = pyspiel.game_parameters_from_string(text)
    assert read.pop("name") == f"evalgame_{family}"
    assert check_game_string(text) == read == game.get_parameters()


BAD = [
    ("evalgame_evaluate(domain=0..9)", "domain"),  # OpenSpiel: CHECK_TRUE(success)
    ("evalgame_evaluate(domain=1-2)", "domain"),
    ("evalgame_tiling(board=....)", "board"),
    ("evalgame_evaluate(domain=5)", "domain"),  # a number where a word is needed
    ("evalgame_evaluate(domain=-1.5)", "domain"),
    ("evalgame_tiling(rows=2.0)", "rows"),
    ("evalgame_tiling(rows=two)", "rows"),
    ("evalgame_tiling(first=true)", "first"),
    ("evalgame_evaluate(expression=x*(y-z))", "expression"),  # read as a game
    ("evalgame_evaluate(expression=x,y)", "expression"),  # y dropped
    ("evalgame_evaluate(expression=x=y)", "expression"),
    ("evalgame_evaluate(expression=x*y", ")"),
    ("evalgame_tiling(colour=3)", "colour"),
]


@pytest.mark.parametrize(("text", "parameter"), BAD)
def test_a_string_openspiel_stops_at_or_misreads_is_refused_naming_the_parameter(
    text: str, parameter: str
) -> None:
    try:
        game = pyspiel.load_game(text)
    except pyspiel.SpielError:
        pass  # stopped
    else:  # misread: OpenSpiel's value is not the one written
        written = text.split(f"{parameter}=", 1)[1].removesuffix(")")
        assert game.get_parameters()[parameter] != written
    with pytest.raises(GameError, match=re.escape(parameter)):
        check_game_string(text)
    with pytest.raises(GameError, match=r"game_string|closing bracket|parameters: "):
        load_game(text)


def test_a_value_game_strings_cannot_hold_is_refused_by_game_string() -> None:
    with pytest.raises(GameError, match="rule"):
        game_string("graph", rule="mono,parity")
    with pytest.raises(GameError, match="'go'"):
        game_string("go")


def test_load_game_is_pyspiel_load_game_on_a_good_string() -> None:
    text = "evalgame_tiling(board=#../...,first=min)"
    assert str(load_game(text)) == str(pyspiel.load_game(text))
    assert str(load_game("evalgame_dag")) == "evalgame_dag(file=examples/game.json)"
