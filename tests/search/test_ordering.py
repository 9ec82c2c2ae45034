"""Move ordering with a remembered first move."""

from __future__ import annotations

from evalgame.search.ordering import ordered_moves
from tests.strategies import TreeGame, leaf, node

GAME = TreeGame(node("max", leaf(1), leaf(2), leaf(3)), reverse=True)


def test_game_order_with_a_hint_first() -> None:
    root = GAME.initial()
    assert list(ordered_moves(GAME, root, [0, 1, 2])) == [2, 1, 0]
    assert list(ordered_moves(GAME, root, [0, 1, 2], first=0)) == [0, 2, 1]
    assert list(ordered_moves(GAME, root, [0, 1, 2], first=2)) == [2, 1, 0]


def test_illegal_hint_is_ignored() -> None:
    assert list(ordered_moves(GAME, GAME.initial(), [0, 1, 2], first=9)) == [2, 1, 0]
