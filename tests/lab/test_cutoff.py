"""Cut-offs and evaluation functions against a naive depth-limited minimax written here,
and the horizon effect found by search checked move by move."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from evalgame.errors import GameError, LimitError
from evalgame.games.classic.catalog import parse_target
from evalgame.lab.cutoff import EVALUATIONS, cutoff_state, find_horizon
from evalgame.numbers import Number
from evalgame.play.replay import replay
from evalgame.play.session import Session
from evalgame.search.protocol import Game, Player
from tests.games.naive import naive_value


def naive_depth(game: Game[Any, Any], position: Any, depth: int, evaluation: Any) -> Number:
    """Plain minimax to ``depth`` plies, the horizon scored by ``evaluation``."""
    moves = game.moves(position)
    if not moves:
        value = game.payoff(position)
        assert value is not None
        return value
    if depth == 0:
        return evaluation(game, position)  # type: ignore[no-any-return]
    values = [naive_depth(game, game.play(position, m), depth - 1, evaluation) for m in moves]
    return max(values) if game.to_move(position) is Player.MAX else min(values)


@pytest.mark.parametrize(
    ("spec", "moves", "depth", "evaluation"),
    [
        ("tictactoe", [], 2, "lines"),
        ("tictactoe", ["1", "3"], 3, "centre"),
        ("tictactoe", ["5", "1", "9"], 1, "zero"),
        ("connect4:4x4", ["2", "1", "2"], 3, "windows"),
        ("connect4:4x4", ["1", "1"], 2, "centre"),
    ],
)
def test_estimates_and_exact_values(
    spec: str, moves: list[str], depth: int, evaluation: str
) -> None:
    found = cutoff_state(spec, moves, depth, evaluation)
    game = parse_target(spec).game
    position = replay(Session(game), moves).position
    evaluate = EVALUATIONS[found["kind"]][evaluation][0]
    legal = game.moves(position)
    by_move = {game.describe_move(position, m): game.play(position, m) for m in legal}
    assert [row["move"] for row in found["rows"]] == list(by_move)
    for row in found["rows"]:
        after = by_move[row["move"]]
        assert Fraction(row["estimate"]) == naive_depth(game, after, depth - 1, evaluate)
        assert Fraction(row["exact"]) == naive_value(game, after)
    # the depth-d search plays a move of the best estimate; each depth's value is minimax's
    best = max if game.to_move(position) is Player.MAX else min
    assert found["chosen"]["estimate"] == str(best(Fraction(r["estimate"]) for r in found["rows"]))
    for iteration in found["iterations"]:
        expected = naive_depth(game, position, iteration["depth"], evaluate)
        assert Fraction(iteration["value"]) == expected


@pytest.mark.parametrize(
    ("spec", "depth", "evaluation"),
    [("tictactoe", 1, "lines"), ("tictactoe", 2, "centre"), ("connect4:4x4", 2, "windows")],
)
def test_a_horizon_effect_found_by_search(spec: str, depth: int, evaluation: str) -> None:
    found = find_horizon(spec, depth, evaluation)
    game = parse_target(spec).game
    position = replay(Session(game), found["moves"]).position
    mover = game.to_move(position)
    sign = 1 if mover is Player.MAX else -1
    chosen, best = found["chosen"], found["best"]
    assert sign * Fraction(chosen["exact"]) < sign * Fraction(best["exact"])  # exactly worse
    assert found["deeper"] > depth
    deeper = cutoff_state(spec, found["moves"], found["deeper"], evaluation)
    assert deeper["chosen"]["exact"] == best["exact"]  # the deeper search plays right
    shallower = cutoff_state(spec, found["moves"], depth, evaluation)
    assert shallower["chosen"] == chosen
    # the line: the chosen move, then best play to the end, which is worth chosen's value
    session = replay(Session(game), found["moves"])
    for step in found["line"]:
        session.play(session.parse_move(step["move"]))
    assert session.is_over
    assert session.payoff() == Fraction(chosen["exact"])
    assert found["line"][0]["move"] == chosen["move"]


def test_refusals() -> None:
    with pytest.raises(GameError, match="tic-tac-toe and connect-four"):
        cutoff_state("kayles:5", [], 2, "zero")
    with pytest.raises(GameError, match="unknown evaluation"):
        cutoff_state("tictactoe", [], 2, "windows")
    with pytest.raises(LimitError, match="depth"):
        cutoff_state("tictactoe", [], 9, "zero")
    with pytest.raises(LimitError, match="cells"):
        cutoff_state("connect4:5x5", [], 2, "zero")
