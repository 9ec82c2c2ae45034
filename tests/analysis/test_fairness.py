"""Fairness odds against a brute-force walk over the game tree with exact Fractions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.analysis.fairness import fairness
from evalgame.games.evaluate.game import EValuate, Position
from evalgame.numbers import Number
from evalgame.search.minimax import minimax
from evalgame.search.protocol import Player

Distribution = tuple[Fraction, Fraction, Fraction, Fraction]  # MAX, MIN, draw, undefined


def brute_force(text: str, domain: tuple[Number, ...], optimal: Player | None) -> Distribution:
    """Walk every path: random players average their children, an optimal one keeps to its
    minimax-optimal children and takes the best odds for itself among them."""
    game = EValuate(text, domain)
    target = minimax(game).value
    values: dict[Position, Number | None] = {}

    def value(position: Position) -> Number | None:
        if position not in values:
            values[position] = minimax(game, position).value
        return values[position]

    def walk(position: Position) -> Distribution:
        if game.is_terminal(position):
            final = game.payoff(position)
            if final is None or target is None:
                return (Fraction(0), Fraction(0), Fraction(0), Fraction(1))
            return (
                Fraction(final > target),
                Fraction(final < target),
                Fraction(final == target),
                Fraction(0),
            )
        player = game.to_move(position)
        children = [game.play(position, move) for move in game.moves(position)]
        if optimal is not player:
            parts = [walk(child) for child in children]
            return tuple(sum(p[i] for p in parts) / len(parts) for i in range(4))  # type: ignore[return-value]
        own = value(position)
        good = [c for c in children if own is not None and value(c) == own] or children[:1]
        mine = 0 if player is Player.MAX else 1
        return max((walk(child) for child in good), key=lambda d: (d[mine], d[2]))

    return walk(game.initial())


@pytest.mark.parametrize(
    ("text", "domain"),
    [
        ("(10-X)*Y", tuple(range(10))),
        ("X*(Y-Z)", (0, 1, 2, 3)),
        ("x/y - y/x", (0, 1, 2)),
        ("a - b*c", (-1, 0, 2)),
    ],
)
def test_against_brute_force(text: str, domain: tuple[Number, ...]) -> None:
    report = fairness(text, domain)
    for odds, optimal in [
        (report.random, None),
        (report.optimal_max, Player.MAX),
        (report.optimal_min, Player.MIN),
    ]:
        expected = brute_force(text, domain, optimal)
        assert (odds.max_wins, odds.min_wins, odds.draw, odds.undefined) == expected


@settings(max_examples=30)
@given(
    st.sampled_from(["x - y", "x*y - z", "(x - y)/z", "x^2 - y*z", "x - y + z", "-x*y"]),
    st.lists(st.sampled_from([-2, -1, 0, 1, 3]), min_size=1, max_size=3, unique=True),
)
def test_random_expressions_against_brute_force(text: str, values: list[int]) -> None:
    domain = tuple(sorted(values))
    report = fairness(text, domain)
    assert (
        report.optimal_max.max_wins,
        report.optimal_max.min_wins,
        report.optimal_max.draw,
        report.optimal_max.undefined,
    ) == brute_force(text, domain, Player.MAX)
    assert report.optimal_max.min_wins == 0 or report.minimax is None  # optimal MAX never loses


def test_only_plus_and_times_means_min_never_loses() -> None:
    report = fairness("a*b + c")
    assert report.only_plus_times
    assert report.never_loses == "MIN"
    assert report.random.max_wins == 0


def test_one_variable_means_min_never_loses() -> None:
    assert fairness("(x-4)*(x-6)").never_loses == "MIN"
