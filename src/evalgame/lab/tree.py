"""The game tree of a small e-Valuate expression, as a search walked it.

:func:`game_tree` builds the whole tree (every node with its exact minimax value) and runs
one of the tree searches on it — ``minimax``, ``alphabeta`` (the paper's Algorithm 1) or
``paper`` (Algorithm 1 with the paper's value order and transposition table) — recording
the nodes it entered, in order (:mod:`evalgame.lab.tree_walk`). From that record:

* a visited node's children that were never entered were skipped by a cut-off — a *beta*
  cut-off at a MAX node, an *alpha* cut-off at a MIN node, as the paper names them;
* a visited inner node none of whose children was entered was answered by the table;
* each visited node has an *enter* and a *leave* step, so the order of evaluation can be
  replayed, and the value the search returned there (a bound at a cut node).

The tree's statistics are cross-checked against the search's own: the visited nodes are
exactly ``stats.nodes`` and the skipped subtrees add up to its pruned counts.

>>> tree = game_tree("(10-X)*Y", algorithm="alphabeta")
>>> tree.value, tree.stats.alpha_cutoffs
(45, 4)
>>> [tree.nodes[i].status.value for i in tree.nodes[tree.find(6)].children]
['visited', 'alpha']
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field
from typing import Any

from evalgame.errors import GameError, InputError, LimitError
from evalgame.expr.domain import DIGITS, DomainLike, domain_value, format_domain
from evalgame.expr.evaluate import number_bits
from evalgame.expr.expression import Expression
from evalgame.games.evaluate.game import EValuate, Move, Position, setting
from evalgame.games.evaluate.ordering import DEFAULT_SAMPLES, paper_value_order
from evalgame.games.evaluate.solvers import TREE
from evalgame.games.evaluate.treesize import tree_size
from evalgame.lab.tree_walk import Path, walk
from evalgame.numbers import Number, format_number
from evalgame.search.protocol import Player
from evalgame.search.registry import choose
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats

#: most variables a drawn or explored tree may have
MAX_TREE_VARIABLES = 3
#: most nodes a drawn or explored tree may have
MAX_TREE_NODES = 20_000
#: largest size in bits of the numbers in a tree (about 75 digits: they must fit a drawing)
MAX_TREE_NUMBER_BITS = 256


class Status(enum.Enum):
    """What the search did with a node."""

    VISITED = "visited"  # entered and searched
    TABLE = "table"  # entered and answered by the transposition table: its subtree skipped
    ALPHA = "alpha"  # skipped by an alpha cut-off at its MIN parent
    BETA = "beta"  # skipped by a beta cut-off at its MAX parent
    SKIPPED = "skipped"  # inside a subtree that a cut-off or a table answer skipped

    @property
    def entered(self) -> bool:
        """Whether the search entered the node."""
        return self in (Status.VISITED, Status.TABLE)


@dataclass
class Node:
    """One node of the game tree.

    ``player`` is who moves there (``None`` at a leaf); ``value`` its exact minimax value
    (``None``: no valid leaf below); ``result`` the value the search returned there, which
    at a node left by a cut-off is only a bound (``None`` if not entered or invalid);
    ``enter``/``leave`` the steps (0-based, over all enter and leave events) at which the
    search entered and left it, ``visit`` its place (0-based) among the nodes entered.
    """

    id: int
    parent: int | None
    move: Move | None
    position: Position
    player: Player | None
    value: Number | None = None
    children: list[int] = field(default_factory=list)
    status: Status = Status.SKIPPED
    result: Number | None = None
    enter: int | None = None
    leave: int | None = None
    visit: int | None = None
    principal: bool = False


@dataclass
class GameTree:
    """The game tree of ``expression`` and what ``algorithm`` did on it (see module doc)."""

    game: EValuate
    algorithm: str
    nodes: list[Node]
    result: SearchResult[Move]
    table: bool

    def __repr__(self) -> str:
        """One line, not the 400 nodes: the game, its value and what the search did.

        >>> game_tree("(10-X)*Y")
        <GameTree (10 - X) * Y over 0..9: minimax 45; alphabeta visited 329 of 431 nodes>
        """
        value = "none" if self.value is None else format_number(self.value)
        return (
            f"<GameTree {self.game.expression} over {format_domain(self.game.domain)}: "
            f"minimax {value}; {self.algorithm} visited {self.stats.nodes:,} of "
            f"{len(self.nodes):,} nodes>"
        )

    @property
    def root(self) -> Node:
        """The start of the game."""
        return self.nodes[0]

    @property
    def value(self) -> Number | None:
        """minimax(E) (``None``: every completion is undefined)."""
        return self.root.value

    @property
    def stats(self) -> SearchStats:
        """The search's own statistics."""
        return self.result.stats

    @property
    def steps(self) -> int:
        """The number of enter and leave events."""
        return 2 * sum(node.status.entered for node in self.nodes)

    def find(self, *moves: Move) -> int:
        """The id of the node reached by ``moves`` from the root."""
        node = self.root
        for move in moves:
            for child in node.children:
                if self.nodes[child].move == move:
                    node = self.nodes[child]
                    break
            else:
                raise GameError(f"no move {move!r} at {self.describe(node.id)}")
        return node.id

    def parse_path(self, text: str) -> Path:
        """The moves named by ``text``: values and variables alternately, comma-separated.

        >>> game_tree("(10-X)*Y").parse_path("5, X, 9")
        (5, 'X', 9)
        """
        moves: list[Move] = []
        for index, token in enumerate(part.strip() for part in text.split(",") if part.strip()):
            if index % 2:
                if token not in self.game.variables:
                    raise InputError(f"{token!r} is not a variable of the expression")
                moves.append(token)
                continue
            value = domain_value(token, self.game.domain)
            if value is None:
                raise InputError(f"{token!r} is not a value of the domain")
            moves.append(value)
        self.find(*moves)  # refuses a variable placed twice
        return tuple(moves)

    def path(self, node_id: int) -> Path:
        """The moves from the root to node ``node_id``."""
        moves: list[Move] = []
        node = self.nodes[node_id]
        while node.parent is not None:
            assert node.move is not None
            moves.append(node.move)
            node = self.nodes[node.parent]
        return tuple(reversed(moves))

    def describe(self, node_id: int) -> str:
        """A node as the paper names it: ``{5→X, 3}`` (``{}`` for the root)."""
        rounds = list(self.path(node_id))
        parts = [f"{self.label(rounds[i])}→{rounds[i + 1]}" for i in range(0, len(rounds) - 1, 2)]
        if len(rounds) % 2:
            parts.append(self.label(rounds[-1]))
        return "{" + ", ".join(parts) + "}"

    @staticmethod
    def label(move: Move) -> str:
        """A move as text: a value (``3``, ``-1/2``) or a variable name."""
        return move if isinstance(move, str) else format_number(move)

    def cut_at(self, node_id: int) -> bool:
        """Whether the search left node ``node_id`` by a cut-off (some children skipped)."""
        return any(
            self.nodes[child].status in (Status.ALPHA, Status.BETA)
            for child in self.nodes[node_id].children
        )

    def known(self, node_id: int) -> str | None:
        """What the search learned of a node: ``None`` where it never looked (pruned or
        skipped nodes, whose values alpha-beta never computes), a bound where it left by a
        cut-off (``≥ 50`` at a MAX node, ``≤ 36`` at a MIN node), else the exact value
        (``—``: no valid leaf below).

        >>> tree = game_tree("(10-X)*Y")
        >>> [tree.known(tree.find(*moves)) for moves in [(), (6,), (6, "Y"), (5, "Y")]]
        ['45', '≤ 36', None, '≥ 50']
        """
        node = self.nodes[node_id]
        if not node.status.entered:
            return None
        text = "—" if node.result is None else format_number(node.result)
        if node.result is not None and self.cut_at(node_id):
            return ("≥ " if node.player is Player.MAX else "≤ ") + text
        return text

    def subtree_size(self, node_id: int) -> int:
        """The number of nodes in the subtree of ``node_id`` (itself included)."""
        return self.game.subtree_size(self.nodes[node_id].position)

    def pruned(self, status: Status) -> int:
        """Nodes inside the subtrees skipped as ``status`` (ALPHA, BETA or TABLE)."""
        below = 1 if status is Status.TABLE else 0  # a table-answered node was itself visited
        return sum(
            self.subtree_size(node.id) - below for node in self.nodes if node.status is status
        )

    def as_json(self) -> dict[str, Any]:
        """The tree for the web page, compactly: one column per field, one row per node.

        Nodes are listed in preorder, siblings in move order. Moves, numbers and texts are given as
        indices into the ``labels``, ``numbers`` and ``texts`` lists (``-1``: none);
        ``status`` indexes ``statuses`` and ``player`` indexes ``players``.
        """
        labels, numbers, texts = _Interned(), _Interned(), _Interned()
        statuses = [status.value for status in Status]
        players = ["max", "min", "leaf"]
        columns: dict[str, list[int]] = {
            name: []
            for name in (
                "parent", "move", "player", "text", "proposal", "value", "result",
                "status", "enter", "leave", "pv",
            )
        }  # fmt: skip
        text = functools.cache(lambda values: self.game.text((values, None)))
        for node in self.nodes:
            values, proposal = node.position
            row = {
                "parent": -1 if node.parent is None else node.parent,
                "move": -1 if node.move is None else labels.index(self.label(node.move)),
                "player": players.index("leaf" if node.player is None else node.player.value),
                "text": texts.index(text(values)),
                "proposal": numbers.index(_number(proposal)),
                "value": numbers.index(_number(node.value)),
                "result": numbers.index(_number(node.result)),
                "status": statuses.index(node.status.value),
                "enter": -1 if node.enter is None else node.enter,
                "leave": -1 if node.leave is None else node.leave,
                "pv": int(node.principal),
            }
            for name, value in row.items():
                columns[name].append(value)
        return {
            "expression": self.game.expression.text,
            "variables": list(self.game.variables),
            "domain": [format_number(v) for v in self.game.domain],
            "algorithm": self.algorithm,
            "order": [format_number(v) for v in self.game.value_order],
            "table": self.table,
            "value": _number(self.value),
            "pv": [self.label(move) for move in self.result.pv],
            "stats": self.stats.as_dict(),
            "steps": self.steps,
            "labels": labels.items,
            "numbers": numbers.items,
            "texts": texts.items,
            "statuses": statuses,
            "players": players,
            "nodes": columns,
        }


class _Interned:
    """Distinct strings in order of first use; ``None`` is index -1."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self._index: dict[str, int] = {}

    def index(self, item: str | None) -> int:
        if item is None:
            return -1
        if item not in self._index:
            self._index[item] = len(self.items)
            self.items.append(item)
        return self._index[item]


def game_tree(
    expression: Expression | str,
    domain: DomainLike = DIGITS,
    *,
    algorithm: str = "alphabeta",
    seed: int = 0,
    max_nodes: int = MAX_TREE_NODES,
) -> GameTree:
    """The tree of ``expression`` over ``domain`` and the walk of ``algorithm`` on it.

    Refuses more than :data:`MAX_TREE_VARIABLES` variables or :data:`MAX_TREE_NODES` nodes.
    """
    choose(TREE, algorithm)  # an unknown name is refused before any work
    expression, domain, _ = setting(expression, domain, Player.MAX)
    n = len(expression.variables)
    if n > MAX_TREE_VARIABLES:
        raise LimitError(
            "the number of variables", n, MAX_TREE_VARIABLES, "trees are drawn for small games"
        )
    size = tree_size(n, len(domain))
    if size > max_nodes:
        raise LimitError("the game tree's size", size, max_nodes, "use a smaller domain")
    bits = number_bits(expression.tree, domain)
    if bits > MAX_TREE_NUMBER_BITS:
        raise LimitError(
            "the size in bits of the tree's numbers",
            bits,
            MAX_TREE_NUMBER_BITS,
            "trees are drawn for small numbers",
        )
    order = (
        paper_value_order(expression, domain, seed=seed, samples=DEFAULT_SAMPLES)
        if algorithm == "paper"
        else domain
    )
    game = EValuate(expression, domain, value_order=order)
    nodes = _build(game)
    leaves = {node.position: node.value for node in nodes if node.player is None}
    record = walk(game, leaves, algorithm)
    tree = GameTree(game, algorithm, nodes, record.result, table=algorithm == "paper")
    _replay(tree, record.entered)
    _check(tree)
    return tree


def _build(game: EValuate) -> list[Node]:
    """Every node of the tree in preorder (siblings in move order), with its exact value.

    Preorder numbering makes every subtree a run of consecutive ids after its root.
    """
    nodes: list[Node] = []
    stack: list[tuple[int | None, Move | None, Position]] = [(None, None, game.initial())]
    while stack:
        parent, move, position = stack.pop()
        node = Node(len(nodes), parent, move, position, _player(game, position))
        nodes.append(node)
        if parent is not None:
            nodes[parent].children.append(node.id)
        for child_move in reversed(game.moves(position)):
            stack.append((node.id, child_move, game.play(position, child_move)))
    payoffs: dict[Position, Number | None] = {}
    for node in reversed(nodes):  # children have larger ids than their parent
        if node.player is None:
            if node.position not in payoffs:
                payoffs[node.position] = game.payoff(node.position)
            node.value = payoffs[node.position]
            continue
        valid = [v for c in node.children if (v := nodes[c].value) is not None]
        if valid:
            node.value = max(valid) if node.player is Player.MAX else min(valid)
    return nodes


def _player(game: EValuate, position: Position) -> Player | None:
    return None if game.is_terminal(position) else game.to_move(position)


def _replay(tree: GameTree, entered: list[Path]) -> None:
    """Statuses, steps and returned values from the recorded order of entered nodes."""
    nodes = tree.nodes
    paths: list[Path] = [()]
    for node in nodes[1:]:  # parents come before their children
        assert node.parent is not None
        assert node.move is not None
        paths.append((*paths[node.parent], node.move))
    ids = {path: node_id for node_id, path in enumerate(paths)}
    step = 0
    stack: list[int] = []
    for visit, path in enumerate(entered):
        node_id = ids[path]
        nodes[node_id].visit = visit
        while stack and paths[stack[-1]] != path[: len(paths[stack[-1]])]:
            nodes[stack.pop()].leave = step
            step += 1
        if nodes[node_id].enter is not None:
            raise GameError(f"the search entered {tree.describe(node_id)} twice")
        nodes[node_id].enter = step
        nodes[node_id].status = Status.VISITED
        step += 1
        stack.append(node_id)
    while stack:
        nodes[stack.pop()].leave = step
        step += 1
    for node in reversed(nodes):  # children before parents
        if not node.status.entered:
            continue
        if node.player is None:
            node.result = node.value
            continue
        searched = [nodes[c] for c in node.children if nodes[c].status.entered]
        if not searched:  # answered by the table, which stores exact values
            node.status = Status.TABLE
            node.result = node.value
            continue
        valid = [c.result for c in searched if c.result is not None]
        if valid:
            node.result = max(valid) if node.player is Player.MAX else min(valid)
    for node in nodes:  # parents before children
        if node.parent is None:
            continue
        parent = nodes[node.parent]
        if node.status.entered:
            continue
        if parent.status is Status.VISITED:
            node.status = Status.BETA if parent.player is Player.MAX else Status.ALPHA
    node = tree.root
    node.principal = True
    for move in tree.result.pv:
        node = nodes[next(c for c in node.children if nodes[c].move == move)]
        node.principal = True


def _check(tree: GameTree) -> None:
    """The record agrees with the search's own statistics and value."""
    stats = tree.stats
    visited = sum(node.status.entered for node in tree.nodes)
    consistent = (
        visited == stats.nodes
        and tree.root.result == tree.result.value
        and tree.pruned(Status.ALPHA) == stats.alpha_pruned
        and tree.pruned(Status.BETA) == stats.beta_pruned
        and tree.pruned(Status.TABLE) == stats.table_pruned
    )
    if not consistent:
        raise GameError(f"the recorded walk of {tree.algorithm} disagrees with its statistics")


def _number(value: Number | None) -> str | None:
    return None if value is None else format_number(value)
