"""The oracle's principal variations reach the end of the game and attain the value.

The residual game stops early (a constant residual, or one variable read off directly);
players and summaries need whole lines, so :meth:`Oracle.solve` continues them.
"""

from __future__ import annotations

import pytest

from evalgame.expr.domain import parse_domain
from evalgame.games.evaluate.game import EValuate, Position
from evalgame.games.evaluate.oracle import Oracle
from tests.games.naive import naive_value


def positions(game: EValuate) -> list[Position]:
    """Every position of the game (depth-first, each once)."""
    found: dict[Position, None] = {}
    stack = [game.initial()]
    while stack:
        position = stack.pop()
        if position in found:
            continue
        found[position] = None
        stack.extend(game.play(position, move) for move in game.moves(position))
    return list(found)


@pytest.mark.parametrize(
    ("expression", "domain"),
    [("0*X + Y", "0..2"), ("(X-X)*Y + Z", "0..2"), ("X*(Y-Z)", "0..2"), ("x/y", "-1..1")],
)
def test_lines_run_to_the_end_and_attain_the_value(expression: str, domain: str) -> None:
    game = EValuate(expression, parse_domain(domain))
    oracle = Oracle(game)
    for position in positions(game):
        result = oracle.solve(position)
        assert result.value == naive_value(game, position)
        if result.value is None:
            continue
        end = position
        for move in result.pv:
            end = game.play(end, move)
        assert game.is_terminal(end)
        assert game.payoff(end) == result.value
