"""The shared search bookkeeping: Ctrl-C and deep recursion become clean errors."""

from __future__ import annotations

import pytest

from evalgame.errors import GameError, SearchInterrupted
from evalgame.search.alphabeta import alphabeta
from tests.strategies import Position, TreeGame, leaf, node


class Interrupted(TreeGame):
    """Someone presses Ctrl-C while the search plays its first move."""

    def play(self, position: Position, move: int) -> Position:
        raise KeyboardInterrupt


def test_ctrl_c_becomes_search_interrupted() -> None:
    with pytest.raises(SearchInterrupted, match="Ctrl-C"):
        alphabeta(Interrupted(node("max", leaf(1))))


def test_deep_recursion_becomes_a_game_error() -> None:
    tree = leaf(0)
    for _ in range(5000):
        tree = node("max", tree)
    with pytest.raises(GameError, match="explicit stack"):
        alphabeta(TreeGame(tree))
