"""A textbook game tree written as nested lists, read into a :class:`DagGame`.

``[[3,12,8],[2,4,6],[14,5,2]]`` is a tree whose root is MAX's; the players alternate level
by level, so here three MIN positions lead to nine leaves. Leaves are exact numbers
(``3``, ``-1/2``, ``0.25``). Positions are named by the 1-based path to them: ``root``,
then ``1``, ``2``, …, then ``1.1``, ``1.2``, … — so a move is the name of the position it
leads to, as in the ``docs/dag.md`` format. A malformed text is an
:class:`~evalgame.errors.ExpressionError` with the place of the first bad character.

>>> game = parse_nested_tree("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
>>> game.moves("root"), game.moves("2"), game.payoff("3.1"), game.to_move("1")
(('1', '2', '3'), ('2.1', '2.2', '2.3'), 14, <Player.MIN: 'min'>)
>>> parse_nested_tree("[[3, 12], [2,, 4]]")
Traceback (most recent call last):
...
evalgame.errors.ExpressionError: expected a number or '[' at position 14
"""

from __future__ import annotations

import re

from evalgame.errors import ExpressionError, GameError
from evalgame.games.classic.dag_file import DagGame, Node, parse_exact
from evalgame.search.protocol import Player

#: the name of the root position
ROOT = "root"

_NUMBER = re.compile(r"-?(\d+(\.\d*)?|\.\d+)(/\d+)?")
_SPACE = re.compile(r"\s*")


def parse_nested_tree(text: str) -> DagGame:
    """The game of the nested-list tree ``text``: MAX moves at the root, then MIN, and so on."""
    nodes: dict[str, Node] = {}
    index = _skip(text, 0)
    if index == len(text):
        raise ExpressionError("the tree is empty: write a list like [[3,12],[2,4]]", text, 0)
    end = _read(text, index, nodes)
    end = _skip(text, end)
    if end != len(text):
        raise ExpressionError("unexpected text after the tree", text, end)
    return DagGame(ROOT, nodes)


def _skip(text: str, index: int) -> int:
    match = _SPACE.match(text, index)
    assert match is not None  # \s* always matches
    return match.end()


def _read(text: str, index: int, nodes: dict[str, Node]) -> int:
    """Read the tree starting at ``text[index]`` into ``nodes``; return where it ends."""
    # an explicit stack of (name, depth, names of the children read so far): a deep tree
    # needs no recursion
    stack: list[tuple[str, int, list[str]]] = []
    name = ROOT
    while True:
        index = _skip(text, index)
        if index < len(text) and text[index] == "[":
            stack.append((name, len(stack), []))
            index = _skip(text, index + 1)
            if index < len(text) and text[index] == "]":
                raise ExpressionError("an empty list: a position needs a move", text, index)
            name = _child(name, 1)
            continue
        match = _NUMBER.match(text, index)
        if match is None:
            raise ExpressionError("expected a number or '['", text, index)
        try:
            value = parse_exact(match.group(), "a leaf")
        except GameError as error:
            raise ExpressionError(str(error), text, index) from None
        nodes[name] = Node(None, (), value, ())
        index = match.end()
        # close every list that ends here, then go on with the next sibling
        while True:
            if not stack:
                return index
            parent, depth, children = stack[-1]
            children.append(name)
            index = _skip(text, index)
            if index < len(text) and text[index] == ",":
                name = _child(parent, len(children) + 1)
                index += 1
                break
            if index < len(text) and text[index] == "]":
                stack.pop()
                player = Player.MAX if depth % 2 == 0 else Player.MIN
                nodes[parent] = Node(player, tuple(children), None, ())
                name = parent
                index += 1
                continue
            raise ExpressionError("expected ',' or ']'", text, index)


def _child(parent: str, number: int) -> str:
    return str(number) if parent == ROOT else f"{parent}.{number}"
