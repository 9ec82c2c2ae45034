from __future__ import annotations

import json
from pathlib import Path

import pytest

from evalgame.errors import GameError
from evalgame.games.classic.catalog import LIMITS, is_game_target, parse_target
from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.dice import Pig
from evalgame.games.classic.heap_play import HeapPlay
from evalgame.games.classic.impartial import (
    DawsonsKayles,
    GrundysGame,
    HeapGame,
    HeapSum,
    Kayles,
    Nim,
    SubtractionGame,
)
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.search.grundy import PlayConvention


def test_games_by_name(tmp_path: Path) -> None:
    assert isinstance(parse_target("tictactoe").game, TicTacToe)
    board = parse_target("connect4:4X5").game
    assert isinstance(board, ConnectFour)
    assert (board.rows, board.cols) == (4, 5)
    assert parse_target("connect4").too_big == ("the number of cells", 42, 25)
    pig = parse_target("pig:12:4:3")
    assert isinstance(pig.game, Pig)
    assert (pig.game.target, pig.game.faces, pig.game.turns) == (12, 4, 3)
    assert pig.chance
    assert pig.algorithm == "expectiminimax"
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"start": "s", "positions": {"s": {"value": 1}}}))
    dag = parse_target(f"dag:{path}")
    assert isinstance(dag.game, DagGame)
    assert dag.algorithm == "backward-induction"


def test_heap_games_by_name() -> None:
    cases: dict[str, tuple[type[HeapGame], tuple[int, ...]]] = {
        "nim:3,4,5": (Nim, (3, 4, 5)),
        "takeaway:12": (SubtractionGame, (12,)),
        "subtraction:1,3,4:9": (SubtractionGame, (9,)),
        "grundy:7": (GrundysGame, (7,)),
        "kayles:6": (Kayles, (6,)),
        "kayles:3,4": (Kayles, (3, 4)),
        "dawson:5": (DawsonsKayles, (5,)),
    }
    for text, (kind, heaps) in cases.items():
        target = parse_target(text)
        assert isinstance(target.game, HeapPlay)
        assert isinstance(target.game.heaps, kind)
        assert target.game.heaps.initial() == heaps
        assert target.game.convention is PlayConvention.NORMAL
        assert not target.chance
    misere = parse_target("nim:1,1:misere").game
    assert isinstance(misere, HeapPlay)
    assert misere.convention is PlayConvention.MISERE
    assert "misère" in misere.name
    assert parse_target("kayles:200").too_big is not None  # too many positions to search
    subtraction = parse_target("subtraction:2,5:30").game
    assert isinstance(subtraction, HeapPlay)
    assert isinstance(subtraction.heaps, SubtractionGame)
    assert subtraction.heaps.subtraction == (2, 5)


def test_a_sum_of_different_heap_games() -> None:
    target = parse_target("kayles:3 + nim:4,1 + subtraction:1,2:5:misere")
    assert isinstance(target.game, HeapPlay)
    assert target.game.convention is PlayConvention.MISERE
    total = target.game.heaps
    assert isinstance(total, HeapSum)
    assert [type(c) for c in total.components] == [Kayles, Nim, SubtractionGame]
    assert total.initial() == ((3,), (1, 4), (5,))
    assert total.name == "kayles 3 + nim 1 4 + subtraction:1,2 5"


def test_what_is_a_game_target() -> None:
    assert is_game_target("tictactoe")
    assert is_game_target("Connect4")
    assert is_game_target("nim:1,2")
    assert not is_game_target("x*(y-z)")
    assert not is_game_target("(10-X)*Y")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("chess", "unknown game"),
        ("kayles:3+chess:4", "not a heap game"),
        ("kayles:3+nim", "nim is written nim:3,4,5"),
        ("nim:1,1,1,1,1,1+kayles:1,1,1,1,1,1,1", "at most 12 heaps"),
        ("tictactoe:3", "unknown game"),
        ("connect4:4", "ROWSxCOLS"),
        ("connect4:40x40", "1–16 rows"),
        ("pig:", "pig takes a target"),
        ("pig:0", "between 1 and"),
        ("pig:10:1", "between 2 and"),
        ("pig:10:6:2:9", "pig takes a target"),
        ("nim:", "nim is written"),
        ("nim:1,,2", "whole number"),
        ("nim:" + ",".join(["1"] * 13), "at most 12 heaps"),
        ("nim:5000", "between 0 and 1000"),
        ("kayles", "kayles:N"),
        ("grundy:7:9", "grundy:N"),
        ("subtraction:0,1:5", "between 1 and"),
        ("dag:/nonexistent/file.json", "cannot read"),
    ],
)
def test_bad_names(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        parse_target(text)


def test_a_size_limit_names_itself_and_can_be_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(GameError, match=r"LIMITS\['heap'\] .* raise it from Python"):
        parse_target("nim:5000")
    monkeypatch.setitem(LIMITS, "heap", 5000)
    assert parse_target("nim:5000").game is not None
