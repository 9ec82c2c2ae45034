"""The DAG lab's game read, and the tree it unfolds to: the tree searches' game.

A position reached along two paths is two nodes of the tree; the tree searches walk it as
:class:`UnfoldedTree` (the moves as given) or :class:`OrderedTree` (each player's best move
first, or last, by the exact values).

>>> game = read_game("[[3,12,8],[2,4,6]]")
>>> tree_size(game), [node.position for node in unfold(game)][:3]
(9, ['root', '1', '1.1'])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from evalgame.errors import GameError
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.numbers import Number, format_number
from evalgame.play.replay import Limit
from evalgame.search.graph import postorder
from evalgame.search.protocol import Game, Player

Order = Literal["given", "best", "worst"]

#: most positions of a game in the lab (a drawing of more is drawn collapsed)
MAX_LAB_POSITIONS = 5_000
#: most nodes of the tree a game unfolds to, for the tree searches (a 3⁷ tree has 3 280)
MAX_LAB_TREE_NODES = 5_000
POSITIONS = Limit(MAX_LAB_POSITIONS, "`evalgame dag FILE` solves larger games")
TREE_NODES = Limit(
    MAX_LAB_TREE_NODES,
    "the tree searches draw smaller trees; 'dfs' solves the game on its graph of positions",
)


def read_game(raw: object, *, acyclic: bool = True) -> DagGame:
    """A game from the ``docs/dag.md`` object (floats decoded as Decimals) or a nested list;
    ``acyclic=False`` accepts positions that repeat (for
    :func:`~evalgame.lab.dag_label.label_game`).

    >>> read_game("[1, [2, 3]]").moves("2")
    ('2.1', '2.2')
    """
    if isinstance(raw, str):
        game = parse_nested_tree(raw)
    else:
        game = DagGame.from_data(raw, acyclic=acyclic)
    POSITIONS.check("the number of positions", len(game.nodes))
    return game


@dataclass
class TreeNode:
    """A node of the tree a game unfolds to: its position and its children's node ids."""

    position: str
    parent: int | None
    children: list[int] = field(default_factory=list)


def tree_size(game: DagGame) -> int:
    """The number of nodes of the tree ``game`` unfolds to (one DFS over its positions).

    >>> tree_size(DagGame.from_data({"start": "a", "positions": {
    ...     "a": {"player": "max", "moves": ["b", "c"]},
    ...     "b": {"player": "min", "moves": ["c"]}, "c": {"value": 1}}}))
    4
    """
    sizes: dict[Hashable, int] = {}
    moves = game.moves
    for vertex, position, _ in postorder(game.start, str, lambda p: [(m, m) for m in moves(p)]):
        sizes[vertex] = 1 + sum(sizes[child] for child in moves(position))
    return sizes[game.start]


def unfold(game: DagGame) -> list[TreeNode]:
    """The tree ``game`` unfolds to, its nodes numbered in pre-order (children in file order)."""
    TREE_NODES.check("the number of nodes of the game's tree", tree_size(game))
    nodes: list[TreeNode] = []
    stack: list[tuple[str, int | None]] = [(game.start, None)]
    while stack:
        position, parent = stack.pop()
        if parent is not None:
            nodes[parent].children.append(len(nodes))
        nodes.append(TreeNode(position, parent))
        stack.extend((move, len(nodes) - 1) for move in reversed(game.moves(position)))
    return nodes


class UnfoldedTree(Game[int, str]):
    """The tree ``game`` unfolds to; a position is a node id, a move the name of the position
    it leads to. Notes the nodes in the order a search first asks for their moves."""

    def __init__(
        self,
        game: DagGame,
        nodes: list[TreeNode],
        evaluation: Callable[[str], Number] | None = None,
    ) -> None:
        self.game = game
        self.nodes = nodes
        self.name = game.name
        self.entered: dict[int, None] = {}
        self.evaluation = evaluation

    def key(self, position: int) -> Hashable:
        return self.nodes[position].position  # a position reached twice is one entry

    def evaluate(self, position: int) -> Number:
        if self.evaluation is None:
            raise GameError("this search has no evaluation function")
        return self.evaluation(self.nodes[position].position)

    def initial(self) -> int:
        return 0

    def to_move(self, position: int) -> Player:
        return self.game.to_move(self.nodes[position].position)

    def moves(self, position: int) -> Sequence[str]:
        self.entered.setdefault(position)
        return self.game.moves(self.nodes[position].position)

    def play(self, position: int, move: str) -> int:
        index = self.game.moves(self.nodes[position].position).index(move)
        return self.nodes[position].children[index]

    def payoff(self, position: int) -> Number | None:
        return self.game.payoff(self.nodes[position].position)

    def probability(self, position: int, move: str) -> Fraction:
        return self.game.probability(self.nodes[position].position, move)


class OrderedTree(UnfoldedTree):
    """The tree with each player's best move first (``worst``: last), by exact value."""

    def __init__(
        self,
        game: DagGame,
        nodes: list[TreeNode],
        values: dict[str, Number],
        worst: bool,
        evaluation: Callable[[str], Number] | None = None,
    ) -> None:
        super().__init__(game, nodes, evaluation)
        self.values = values
        self.worst = worst

    def order(self, position: int, moves: Sequence[str]) -> Sequence[str]:
        best_first = self.to_move(position) is Player.MAX
        return sorted(moves, key=self.values.__getitem__, reverse=best_first != self.worst)


def unfolded_tree(
    game: DagGame,
    nodes: list[TreeNode],
    exact: dict[str, Number],
    order: Order,
    evaluation: Callable[[str], Number] | None,
) -> UnfoldedTree:
    if order == "given":
        return UnfoldedTree(game, nodes, evaluation)
    return OrderedTree(game, nodes, exact, order == "worst", evaluation)


def optional_number(value: Number | None) -> str | None:
    return None if value is None else format_number(value)
