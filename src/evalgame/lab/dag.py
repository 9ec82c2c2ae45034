"""The DAG and tree lab (seeds 002 and 004): a search on a game given by hand, step by step.

The game is a :class:`~evalgame.games.classic.dag_file.DagGame` (the ``docs/dag.md``
format, or a nested-list tree). The searches are the engine's own, watched, never
re-implemented:

* ``dfs`` — :func:`~evalgame.search.dag.backward_induction` on the graph of positions: a
  vertex turns grey when the search first asks for its moves, and black, with its VALUE,
  when the search stores its value (Θ(V + E): each vertex and each edge once);
* ``minimax`` and ``expectiminimax`` — the tree searches on the tree the graph unfolds to
  (a position reached along two paths is two nodes): every node entered, in order;
* ``alphabeta`` — the engine's fail-soft alpha-beta (full window, moves in the file's
  order, no table, no static bounds): the (α, β) window it brought to every node, the value
  it returned there (exact, or a bound), and its cut-offs — a *beta* cut-off at a MAX node,
  an *alpha* cut-off at a MIN node — with the children they pruned.

Beside the walk, the node counts of minimax and alpha-beta with the children as given, best
first and worst first (ordered by their exact values), and the exact value of every position.

>>> from evalgame.games.classic.nested_tree import parse_nested_tree
>>> lab = walk_game(parse_nested_tree("[[3,12,8],[2,4,6],[14,5,2]]"), "alphabeta")
>>> lab["value"], [step["pruned"] for step in lab["steps"] if step["step"] == "cut"]
('3', [[7, 8]])
>>> lab["counts"]["minimax"], lab["counts"]["alphabeta"], lab["counts"]["alphabeta_best"]
(13, 11, 9)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.numbers import Number, format_number
from evalgame.play.replay import Limit
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.chance import expectiminimax
from evalgame.search.context import SearchContext
from evalgame.search.dag import backward_induction
from evalgame.search.graph import postorder
from evalgame.search.minimax import minimax
from evalgame.search.protocol import Game, Player
from evalgame.search.retrograde import retrograde
from evalgame.search.searcher import INF, Searcher
from evalgame.search.window import Bound

LabAlgorithm = Literal["dfs", "minimax", "alphabeta", "expectiminimax", "retrograde"]
#: the searches that find exact values (retrograde analysis labels win, loss or draw)
ALGORITHMS: tuple[LabAlgorithm, ...] = ("dfs", "minimax", "alphabeta", "expectiminimax")

#: most positions of a game in the lab (a drawing of more is not read)
MAX_LAB_POSITIONS = 400
#: most nodes of the tree a game unfolds to, for the tree searches
MAX_LAB_TREE_NODES = 2_000
POSITIONS = Limit(MAX_LAB_POSITIONS, "`evalgame dag FILE` solves larger games")
TREE_NODES = Limit(
    MAX_LAB_TREE_NODES,
    "the tree searches draw smaller trees; 'dfs' solves the game on its graph of positions",
)

PLAYER_NAMES = {Player.MAX: "max", Player.MIN: "min", Player.CHANCE: "chance"}


def read_game(raw: object, *, acyclic: bool = True) -> DagGame:
    """A game from the ``docs/dag.md`` object (floats decoded as Decimals) or a nested list;
    ``acyclic=False`` accepts positions that repeat (for :func:`label_game`).

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


class _Watched(Game[str, str]):
    """``game`` as is; notes the positions in the order the search first asks for their moves
    (each vertex is expanded once; later calls check the principal variation)."""

    def __init__(self, game: DagGame) -> None:
        self.game = game
        self.name = game.name
        self.entered: dict[str, None] = {}
        self.steps: list[dict[str, Any]] = []
        self.edges = 0

    def initial(self) -> str:
        return self.game.start

    def to_move(self, position: str) -> Player:
        return self.game.to_move(position)

    def moves(self, position: str) -> Sequence[str]:
        moves = self.game.moves(position)
        if position not in self.entered:
            self.entered[position] = None
            self.edges += len(moves)
            self.steps.append(
                {
                    "step": "enter",
                    "position": position,
                    "vertices": len(self.entered),
                    "edges": self.edges,
                }
            )
        return moves

    def play(self, position: str, move: str) -> str:
        return self.game.play(position, move)

    def payoff(self, position: str) -> Number | None:
        return self.game.payoff(position)

    def key(self, position: str) -> Hashable:
        return position

    def probability(self, position: str, move: str) -> Fraction:
        return self.game.probability(position, move)


class _Finished(dict[Hashable, Number | None]):
    """The table of solved vertices of backward induction: a vertex turns black as its value
    is stored."""

    def __init__(self, steps: list[dict[str, Any]]) -> None:
        super().__init__()
        self.steps = steps

    def __setitem__(self, vertex: Hashable, value: Number | None) -> None:
        super().__setitem__(vertex, value)
        self.steps.append({"step": "leave", "position": vertex, "value": _number(value)})


class _Tree(Game[int, str]):
    """The tree ``game`` unfolds to; a position is a node id, a move the name of the position
    it leads to. Notes the nodes in the order a search first asks for their moves."""

    def __init__(self, game: DagGame, nodes: list[TreeNode]) -> None:
        self.game = game
        self.nodes = nodes
        self.name = game.name
        self.entered: dict[int, None] = {}

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


class _Ordered(_Tree):
    """The tree with each player's best move first (``worst``: last), by exact value."""

    def __init__(
        self, game: DagGame, nodes: list[TreeNode], values: dict[str, Number], worst: bool
    ) -> None:
        super().__init__(game, nodes)
        self.values = values
        self.worst = worst

    def order(self, position: int, moves: Sequence[str]) -> Sequence[str]:
        best_first = self.to_move(position) is Player.MAX
        return sorted(moves, key=self.values.__getitem__, reverse=best_first != self.worst)


class _Tracing(Searcher[int, str]):
    """The engine's alpha-beta, noting the window it brings to each node and what it returns."""

    def __init__(self, context: SearchContext[int, str]) -> None:
        super().__init__(context, use_bounds=False)
        self.steps: list[dict[str, Any]] = []

    def search(
        self,
        position: int,
        alpha: Bound,
        beta: Bound,
        depth: int | None = None,
        scout: bool = False,
    ) -> Number | None:
        tree = self.game
        assert isinstance(tree, _Tree)
        node = tree.nodes[position]
        self.steps.append(
            {
                "step": "enter",
                "node": position,
                "position": node.position,
                "alpha": _bound(alpha),
                "beta": _bound(beta),
            }
        )
        value = super().search(position, alpha, beta, depth, scout)
        searched = sum(child in tree.entered for child in node.children)
        if 0 < searched < len(node.children):
            maximizing = tree.to_move(position) is Player.MAX
            self.steps.append(
                {
                    "step": "cut",
                    "node": position,
                    "position": node.position,
                    "kind": "beta" if maximizing else "alpha",
                    "pruned": node.children[searched:],
                }
            )
        bound = "exact"  # a leaf's value is, whatever the window
        if node.children and value is not None and value <= alpha:
            bound = "upper"  # the value is at most this
        elif node.children and value is not None and value >= beta:
            bound = "lower"  # the value is at least this
        self.steps.append(
            {
                "step": "leave",
                "node": position,
                "position": node.position,
                "value": _number(value),
                "bound": bound,
            }
        )
        return value


def walk_game(
    game: DagGame, algorithm: LabAlgorithm, budget: Budget | None = None
) -> dict[str, Any]:
    """``algorithm`` on ``game``, step by step, with the exact values and node counts (JSON)."""
    if algorithm == "retrograde":
        return label_game(game)
    watched = _Watched(game)
    values = _Finished(watched.steps)
    result = backward_induction(watched, values=values, budget=budget)
    exact: dict[str, Number] = {str(k): v for k, v in values.items() if v is not None}
    answer: dict[str, Any] = {
        "algorithm": algorithm,
        "start": game.start,
        "value": _number(result.value),
        "values": {position: format_number(value) for position, value in exact.items()},
        "pv": list(result.pv),
        "positions": [_position(game, name) for name in game.nodes],
        "tree": None,
        "counts": {"vertices": result.stats.nodes, "edges": result.stats.edges},
        "visited": list(watched.entered),
        "steps": watched.steps,
    }
    if algorithm == "dfs" and tree_size(game) > MAX_LAB_TREE_NODES:
        answer["counts"].update(dict.fromkeys(TREE_COUNTS))  # the graph alone is searched
        return answer
    nodes = unfold(game)
    answer["counts"].update(_tree_counts(game, nodes, exact, budget))
    if algorithm == "dfs":
        return answer
    answer["tree"] = [{"position": node.position, "parent": node.parent} for node in nodes]
    tree = _Tree(game, nodes)
    if algorithm == "alphabeta":
        context = SearchContext(tree, budget)
        searcher = _Tracing(context)
        with context.running():
            searcher.search(0, -INF, INF)
        steps = searcher.steps
        answer["stats"] = {
            "nodes": context.stats.nodes,
            "alpha_cutoffs": context.stats.alpha_cutoffs,
            "beta_cutoffs": context.stats.beta_cutoffs,
        }
    else:  # a full search: the order it enters the nodes is all there is to watch
        search = minimax if algorithm == "minimax" else expectiminimax
        search(tree, budget=budget)
        steps = _full_walk(tree, list(tree.entered), exact)
    positions = (nodes[node].position for node in tree.entered)
    answer.update(visited=list(dict.fromkeys(positions)), steps=steps)
    return answer


def label_game(game: DagGame) -> dict[str, Any]:
    """Retrograde analysis of a game whose positions may repeat: win, loss or draw for MAX at
    every position, labelled in the order the analysis settles them (JSON).

    >>> lab = label_game(read_game({"start": "a", "positions": {
    ...     "a": {"player": "max", "moves": ["b", "x"]},
    ...     "b": {"player": "min", "moves": ["a", "y"]},
    ...     "x": {"value": 0}, "y": {"value": 1}}}, acyclic=False))
    >>> lab["outcome"], lab["outcomes"]["b"], [step["position"] for step in lab["steps"]]
    ('draw', 'draw', ['y', 'x', 'a', 'b'])
    """
    result = retrograde(game)
    outcomes = {str(p): outcome.value for p, outcome in result.outcome.items()}
    steps = [
        {
            "step": "label",
            "position": str(p),
            "outcome": outcomes[str(p)],
            "distance": result.distance.get(p),
        }
        for p in result.order
    ]
    return {
        "algorithm": "retrograde",
        "start": game.start,
        "value": None,
        "outcome": outcomes[game.start],
        "outcomes": outcomes,
        "distances": {str(p): d for p, d in result.distance.items()},
        "values": {},
        "pv": [],
        "positions": [_position(game, name) for name in game.nodes],
        "tree": None,
        "visited": [str(p) for p in result.positions],
        "steps": steps,
        "counts": {"vertices": len(result.positions), "edges": result.edges},
    }


#: the node counts of the searches on the tree a game unfolds to
TREE_COUNTS = (
    "tree",
    "minimax",
    "alphabeta",
    "alphabeta_best",
    "alphabeta_worst",
    "expectiminimax",
)


def _tree_counts(
    game: DagGame, nodes: list[TreeNode], exact: dict[str, Number], budget: Budget | None
) -> dict[str, int | None]:
    """The size of the tree and the nodes each search enters on it; minimax and alpha-beta
    only when no position is a chance position (``None`` otherwise)."""
    counts: dict[str, int | None] = dict.fromkeys(TREE_COUNTS)
    counts["tree"] = len(nodes)
    counts["expectiminimax"] = expectiminimax(_Tree(game, nodes), budget=budget).stats.nodes
    if all(game.to_move(position) is not Player.CHANCE for position in exact):
        counts["minimax"] = minimax(_Tree(game, nodes), budget=budget).stats.nodes
        for name, ordered in (
            ("alphabeta", _Tree(game, nodes)),
            ("alphabeta_best", _Ordered(game, nodes, exact, worst=False)),
            ("alphabeta_worst", _Ordered(game, nodes, exact, worst=True)),
        ):
            counts[name] = alphabeta(ordered, use_bounds=False, budget=budget).stats.nodes
    return counts


def _full_walk(tree: _Tree, entered: list[int], values: dict[str, Number]) -> list[dict[str, Any]]:
    """The steps of a search that entered ``entered`` in depth-first order and searched every
    node fully: a node is left, with its exact value, when the search enters a node outside
    its subtree, or at the end."""
    steps: list[dict[str, Any]] = []
    path: list[int] = []

    def leave(node: int) -> None:
        position = tree.nodes[node].position
        steps.append(
            {
                "step": "leave",
                "node": node,
                "position": position,
                "value": _number(values[position]),
            }
        )

    for node in entered:
        while path and path[-1] != tree.nodes[node].parent:
            leave(path.pop())
        position = tree.nodes[node].position
        steps.append({"step": "enter", "node": node, "position": position})
        path.append(node)
    while path:
        leave(path.pop())
    return steps


def _position(game: DagGame, name: str) -> dict[str, Any]:
    node = game.nodes[name]
    if node.player is None:
        return {"name": name, "player": "leaf", "value": _number(node.value)}
    described: dict[str, Any] = {
        "name": name,
        "player": PLAYER_NAMES[node.player],
        "moves": list(node.moves),
    }
    if node.probabilities:
        described["probabilities"] = [format_number(p) for p in node.probabilities]
    return described


def _number(value: Number | None) -> str | None:
    return None if value is None else format_number(value)


def _bound(bound: Bound) -> str:
    """A window's end as text: ``-inf``, ``+inf`` or the exact number."""
    if bound == INF:
        return "+inf"
    if bound == -INF:
        return "-inf"
    assert isinstance(bound, int | Fraction)
    return format_number(bound)
