"""A tiny example game for documentation: a game tree written as nested lists.

Leaves are values (``None`` for an invalid leaf); MAX moves at the root and the players
alternate. Move ``i`` goes to the ``i``-th subtree.

>>> game = NestedTree([[3, 5], [2, 9]])
>>> game.moves(game.initial()), game.payoff(game.play(game.play(game.initial(), 1), 0))
([0, 1], 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeAlias

from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player

#: a nested list of values (``None`` marks an invalid leaf)
Tree: TypeAlias = Number | Sequence["Tree"] | None
Node: TypeAlias = Number | tuple["Node", ...] | None


class NestedTree(Game[tuple[Node, int], int]):
    """The game tree ``tree``; a position is ``(subtree, depth)``."""

    name = "nested tree"

    def __init__(self, tree: Tree) -> None:
        self.tree = _freeze(tree)

    def initial(self) -> tuple[Node, int]:
        return self.tree, 0

    def to_move(self, position: tuple[Node, int]) -> Player:
        return Player.MAX if position[1] % 2 == 0 else Player.MIN

    def moves(self, position: tuple[Node, int]) -> list[int]:
        node = position[0]
        return list(range(len(node))) if isinstance(node, tuple) else []

    def play(self, position: tuple[Node, int], move: int) -> tuple[Node, int]:
        node, depth = position
        assert isinstance(node, tuple)
        return node[move], depth + 1

    def payoff(self, position: tuple[Node, int]) -> Number | None:
        node = position[0]
        assert not isinstance(node, tuple)
        return node


def _freeze(tree: Tree) -> Node:
    if tree is None or isinstance(tree, int | Fraction):
        return tree
    return tuple(_freeze(child) for child in tree)
