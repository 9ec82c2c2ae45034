"""Retrograde analysis against a brute force written here: depth-limited searches."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError
from evalgame.games.classic.dag_file import DagGame
from evalgame.search.retrograde import Outcome, retrograde
from tests.samples import sample


@st.composite
def graphs(draw: Any) -> dict[str, Any]:
    """A small game in the docs/dag.md format whose positions may repeat."""
    count = draw(st.integers(1, 7))
    names = [f"p{i}" for i in range(count)]
    positions: dict[str, Any] = {}
    for name in names:
        if draw(st.booleans()):
            positions[name] = {"value": draw(st.sampled_from([-2, 0, 3]))}
        else:
            moves = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
            player = draw(st.sampled_from(["max", "min"]))
            positions[name] = {"player": player, "moves": moves}
    return {"start": "p0", "positions": positions}


def forced_within(game: DagGame, sign: int) -> Callable[[str, int], bool]:
    """Whether the player who wants a terminal of this sign forces one within ``depth``
    moves: a plain depth-limited search over the game."""
    wants = "max" if sign > 0 else "min"

    @functools.cache
    def forced(position: str, depth: int) -> bool:
        moves = game.moves(position)
        if not moves:
            payoff = game.payoff(position)
            assert payoff is not None
            return (payoff > 0) - (payoff < 0) == sign
        if depth == 0:
            return False
        results = [forced(move, depth - 1) for move in moves]
        mover = game.to_move(position).name.lower()
        return any(results) if mover == wants else all(results)

    return forced


@settings(max_examples=sample(300), deadline=None)
@given(graphs())
def test_outcomes_and_distances_are_the_brute_force_ones(data: dict[str, Any]) -> None:
    game = DagGame.from_data(data, acyclic=False)
    result = retrograde(game)
    horizon = len(game.nodes)  # a forced win needs at most as many moves as positions
    win, loss = forced_within(game, 1), forced_within(game, -1)
    for position in result.positions:
        name = str(position)
        expected = (
            Outcome.WIN
            if win(name, horizon)
            else Outcome.LOSS
            if loss(name, horizon)
            else Outcome.DRAW
        )
        assert result.outcome[position] == expected, name
        if expected is not Outcome.DRAW:
            forced = win if expected is Outcome.WIN else loss
            fewest = next(n for n in range(horizon + 1) if forced(name, n))
            assert result.distance[position] == fewest, name
    assert sorted(map(str, result.order)) == sorted(map(str, result.positions))


def test_a_game_that_can_repeat() -> None:
    game = DagGame.from_data(
        {
            "start": "a",
            "positions": {
                "a": {"player": "max", "moves": ["b", "c", "e"]},
                "b": {"player": "min", "moves": ["a", "win"]},
                "c": {"player": "min", "moves": ["win", "d"]},
                "d": {"player": "max", "moves": ["win", "c"]},  # MAX ends it at once
                "e": {"player": "max", "moves": ["f"]},
                "f": {"player": "min", "moves": ["e", "win"]},  # MIN goes back for ever
                "win": {"value": 1},
            },
        },
        acyclic=False,
    )
    result = retrograde(game)
    assert result.outcome["a"] is Outcome.WIN  # through c: MIN cannot escape
    assert result.distance["a"] == 3  # a → c → d → win, MIN delaying
    assert result.outcome["b"] is Outcome.WIN  # going back to a does not save MIN
    assert result.distance["b"] == 4
    assert result.outcome["e"] is Outcome.DRAW
    assert result.outcome["f"] is Outcome.DRAW
    assert result.edges == 12


def test_chance_is_refused() -> None:
    game = DagGame.from_data(
        {
            "start": "s",
            "positions": {
                "s": {"player": "chance", "moves": ["a", "b"], "probabilities": ["1/2", "1/2"]},
                "a": {"value": 1},
                "b": {"value": -1},
            },
        }
    )
    with pytest.raises(GameError, match="chance"):
        retrograde(game)
