"""An independent, deliberately naive reference solver for tests: plain recursive
expectiminimax over the five required methods of the protocol (no hooks, no pruning)."""

from __future__ import annotations

from typing import Any

from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player


def naive_value(game: Game[Any, Any], position: Any) -> Number | None:
    """The exact value of ``position`` (``None`` when every leaf below it is invalid)."""
    moves = game.moves(position)
    if not moves:
        return game.payoff(position)
    player = game.to_move(position)
    children = [(m, naive_value(game, game.play(position, m))) for m in moves]
    if player is Player.CHANCE:
        total: Number = 0
        for move, value in children:
            assert value is not None
            total += game.probability(position, move) * value
        return total
    valid = [v for _, v in children if v is not None]
    if not valid:
        return None
    return max(valid) if player is Player.MAX else min(valid)
