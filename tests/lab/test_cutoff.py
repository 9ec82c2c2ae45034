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
        ("connect4:4x4", ["1", "1", "4", "4"], 2, "centre"),
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


def naive_ends(game: Game[Any, Any], position: Any) -> int | None:
    """Plies to the end of a won game, the winner hurrying and the loser delaying, both
    keeping the exact value (by naive minimax); ``None`` for a draw."""
    value = naive_value(game, position)
    if game.is_terminal(position):
        return 0
    if value == 0:
        return None
    lengths = []
    for move in game.moves(position):
        after = game.play(position, move)
        if naive_value(game, after) == value:
            later = naive_ends(game, after)
            assert later is not None
            lengths.append(1 + later)
    assert value is not None
    wins = (value > 0) == (game.to_move(position) is Player.MAX)
    return min(lengths) if wins else max(lengths)


@pytest.mark.parametrize(
    ("spec", "depth", "evaluation", "used"),
    [
        ("tictactoe", 2, "zero", 2),
        ("tictactoe", 3, "lines", 3),
        ("tictactoe", 1, "centre", 2),  # depth 1 sees no loss to push away: 2 is tried next
        ("tictactoe", 5, "zero", 3),  # nothing from 5 to 8 in tic-tac-toe: then 4, 3
    ],
)
def test_the_textbook_horizon_effect_found_by_search(
    spec: str, depth: int, evaluation: str, used: int
) -> None:
    """An unavoidable loss, seen within the horizon after some moves; the depth-limited
    search plays a delaying threat that pushes it past the horizon — all checked by naive
    minimax (exact values, plies to the end, depth-limited estimates)."""
    found = find_horizon(spec, depth, evaluation)
    assert (found["depth"], found["asked"]) == (used, depth)
    game = parse_target(spec).game
    evaluate = EVALUATIONS[found["kind"]][evaluation][0]
    position = replay(Session(game), found["moves"]).position
    mover = game.to_move(position)
    lost = -1 if mover is Player.MAX else 1
    assert naive_value(game, position) == lost == Fraction(found["value"])  # unavoidable
    by_move = {
        game.describe_move(position, m): game.play(position, m) for m in game.moves(position)
    }
    for row in found["rows"]:
        after = by_move[row["move"]]
        assert Fraction(row["exact"]) == lost  # every move loses
        assert row["ends_in"] == 1 + naive_ends(game, after)  # type: ignore[operator]
        assert Fraction(row["estimate"]) == naive_depth(game, after, used - 1, evaluate)
    chosen = found["chosen"]
    shown = cutoff_state(spec, found["moves"], used, evaluation)["chosen"]
    assert (chosen["move"], chosen["estimate"]) == (shown["move"], shown["estimate"])
    assert chosen["ends_in"] > used  # its loss lies past the horizon, unseen
    assert Fraction(chosen["estimate"]) != lost
    assert any(row["ends_in"] <= used for row in found["rows"])  # others' losses are seen
    # a delaying threat: some reply lets the mover win at once, so the reply is forced
    after = by_move[chosen["move"]]
    assert any(
        game.is_terminal(game.play(game.play(after, reply), move))
        and game.payoff(game.play(game.play(after, reply), move)) == -lost
        for reply in game.moves(after)
        if not game.is_terminal(game.play(after, reply))
        for move in game.moves(game.play(after, reply))
    )
    # the shallowest deeper search that sees the loss
    assert Fraction(found["estimate"]) == naive_depth(game, position, used, evaluate) != lost
    if found["deeper"] is not None:
        assert naive_depth(game, position, found["deeper"], evaluate) == lost
        for between in range(used + 1, found["deeper"]):
            assert naive_depth(game, position, between, evaluate) != lost
    # the line: the delaying move, then hurried and delayed play to the loss
    session = replay(Session(game), found["moves"])
    for step in found["line"]:
        session.play(session.parse_move(step["move"]))
        here = session.position
        assert Fraction(step["estimate"]) == naive_depth(game, here, used, evaluate)
    assert session.is_over
    assert session.payoff() == lost
    assert len(found["line"]) == chosen["ends_in"]
    assert found["line"][0]["move"] == chosen["move"]
    assert found["line"][-1]["estimate"] == found["value"]  # the loss, in view at last


def test_refusals() -> None:
    with pytest.raises(GameError, match="tic-tac-toe and connect-four"):
        cutoff_state("kayles:5", [], 2, "zero")
    with pytest.raises(GameError, match="unknown evaluation"):
        cutoff_state("tictactoe", [], 2, "windows")
    with pytest.raises(LimitError, match="depth"):
        cutoff_state("tictactoe", [], 9, "zero")
    with pytest.raises(LimitError, match="cells"):
        cutoff_state("connect4:5x5", [], 2, "zero")
