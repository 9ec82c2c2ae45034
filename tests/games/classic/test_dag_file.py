from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from evalgame.errors import CycleError, GameError
from evalgame.games.classic.dag_file import DagGame, parse_exact
from evalgame.play.solvers import exact_solver
from evalgame.search.protocol import Player
from tests.games.naive import naive_value

GOOD: dict[str, Any] = {
    "start": "s",
    "positions": {
        "s": {"player": "max", "moves": ["a", "b", "c"]},
        "a": {"value": 3},
        "b": {"player": "min", "moves": ["a", "d"]},
        "c": {"player": "chance", "moves": ["d", "e"], "probabilities": ["1/3", "2/3"]},
        "d": {"value": "7/2"},
        "e": {"value": "0.1"},
    },
}


def test_a_good_file(tmp_path: Path) -> None:
    text = json.dumps(GOOD)
    path = tmp_path / "game.json"
    path.write_text(text)
    game = DagGame.from_file(path)
    assert game.initial() == "s"
    assert game.to_move("b") is Player.MIN
    assert game.moves("s") == ("a", "b", "c")
    assert game.payoff("e") == Fraction(1, 10)
    assert game.probability("c", "e") == Fraction(2, 3)
    assert game.edges == 7
    # c = 1/3·7/2 + 2/3·1/10 = 7/6 + 1/15 = 37/30; b = min(3, 7/2) = 3; s = max(3, 3, 37/30)
    assert naive_value(game, "c") == Fraction(37, 30)
    assert naive_value(game, "s") == 3


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (4, 4),
        ("-12", -12),
        ("0.25", Fraction(1, 4)),
        (" 1/3 ", Fraction(1, 3)),
        ("6/3", 2),
        ("1e2", 100),
        ("-0.5", Fraction(-1, 2)),
    ],
)
def test_exact_numbers(raw: object, expected: object) -> None:
    assert parse_exact(raw, "v") == expected


def test_json_decimals_are_exact() -> None:
    game = DagGame.from_json('{"start": "a", "positions": {"a": {"value": 0.1}}}')
    assert game.payoff("a") == Fraction(1, 10)


@pytest.mark.parametrize(
    "raw", [True, None, "x", "1/0", "1/2/3", "", "nan", "inf", [1], {"a": 1}, "1e99999"]
)
def test_bad_numbers(raw: object) -> None:
    with pytest.raises(GameError, match="number"):
        parse_exact(raw, "v")


def bad(**positions: Any) -> str:
    return json.dumps({"start": "s", "positions": positions})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[1, 2]", "JSON object"),
        ("{", "not valid JSON"),
        ('{"start": "s", "positions": {"s": {"value": NaN}}}', "NaN"),
        ('{"positions": {"s": {"value": 1}}}', "'start'"),
        ('{"start": "s"}', "'positions'"),
        ('{"start": "s", "positions": {}}', "'positions'"),
        ('{"start": "s", "positions": {"s": {"value": 1}}, "x": 1}', "unknown top-level"),
        ('{"start": "t", "positions": {"s": {"value": 1}}}', "start position 't'"),
        (bad(s={"player": "max", "moves": ["a"]}), "'s' moves to unknown position 'a'"),
        (bad(s={"player": "max"}), "'s' needs a 'value'.*no 'moves'"),
        (bad(s={"moves": ["s"]}), "'s' needs a 'value'.*no 'player'"),
        (bad(s={"player": "paul", "moves": ["a"]}), "'s'.*max, min, chance"),
        (bad(s={"player": "max", "moves": []}), "'s'.*non-empty list"),
        (bad(s={"player": "max", "moves": "a"}), "'s'.*non-empty list"),
        (bad(s={"player": "max", "moves": [1]}), "'s'.*non-empty list"),
        (bad(s={"player": "max", "moves": ["a", "a"]}, a={"value": 1}), "'s' lists the same"),
        (bad(s={"value": 1, "player": "max"}), "'s' has a value"),
        (bad(s={"value": "one"}), "value of position 's'"),
        (bad(s={"valeu": 1}), "'s' has unknown field"),
        (bad(s=[1]), "position 's' must be an object"),
        (bad(s={"player": "chance", "moves": ["a"]}, a={"value": 1}), "'s'.*one probability"),
        (
            bad(s={"player": "chance", "moves": ["a"], "probabilities": ["1/2"]}, a={"value": 1}),
            "'s'.*sum to 1",
        ),
        (
            bad(
                s={"player": "chance", "moves": ["a", "b"], "probabilities": [2, -1]},
                a={"value": 1},
                b={"value": 1},
            ),
            "'s'.*≥ 0",
        ),
        (
            bad(s={"player": "max", "moves": ["a"], "probabilities": [1]}, a={"value": 1}),
            "'s'.*only chance",
        ),
    ],
)
def test_bad_files(text: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        DagGame.from_json(text)


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(GameError, match="cannot read"):
        DagGame.from_file(tmp_path / "missing.json")


def test_cycles_are_refused_when_the_file_is_read() -> None:
    unreachable = json.loads(json.dumps(GOOD))
    unreachable["positions"]["x"] = {"player": "max", "moves": ["y"]}
    unreachable["positions"]["y"] = {"player": "min", "moves": ["x", "a"]}
    with pytest.raises(CycleError) as error:
        DagGame.from_data(unreachable)
    assert sorted(map(str, error.value.cycle)) == ["x", "y"]


def test_an_optimal_player_solves_a_long_chain_once() -> None:
    """Asked for a move at every turn, backward induction keeps the vertices it solved:
    a chain of n positions costs n vertices in all, not n²/2."""
    n = 3000
    positions: dict[str, Any] = {
        f"p{i}": {"player": "max" if i % 2 else "min", "moves": [f"p{i + 1}"]} for i in range(n)
    }
    positions[f"p{n}"] = {"value": 1}
    game = DagGame.from_data({"start": "p0", "positions": positions})
    solver = exact_solver("backward-induction")
    position, visited = game.initial(), 0
    while game.moves(position):
        result = solver(game, position)
        visited += result.stats.nodes
        assert result.value == 1
        assert result.best_move is not None
        position = game.play(position, result.best_move)
    assert visited == n + 1


def test_moves_must_be_edges() -> None:
    game = DagGame.from_json(json.dumps(GOOD))
    with pytest.raises(GameError, match="not a move from position 'a'"):
        game.play("a", "s")
    with pytest.raises(GameError, match="not a chance position"):
        game.probability("s", "a")
