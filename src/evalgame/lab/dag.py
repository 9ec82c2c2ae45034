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

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from evalgame.errors import GameError, InputError
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.numbers import Number, format_number, normal
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
from evalgame.search.star import Kind, StarSearcher
from evalgame.search.table import TranspositionTable
from evalgame.search.window import Bound

LabAlgorithm = Literal[
    "dfs", "minimax", "alphabeta", "expectiminimax", "star1", "star2", "retrograde"
]
#: the searches that find exact values (retrograde analysis labels win, loss or draw)
ALGORITHMS: tuple[LabAlgorithm, ...] = (
    "dfs", "minimax", "alphabeta", "expectiminimax", "star1", "star2",
)  # fmt: skip
Order = Literal["given", "best", "worst"]
Evaluation = Literal["estimate", "zero", "mean", "first"]
#: what a search cut off at a depth sees at its horizon, by name
EVALUATIONS: dict[str, str] = {
    "estimate": "the position's 'estimate' in the game",
    "zero": "0 everywhere",
    "mean": "the mean of the leaves below (every line equally likely)",
    "first": "the leaf reached by always playing the first move (one quick playout)",
}

#: most positions of a game in the lab (a drawing of more is drawn collapsed)
MAX_LAB_POSITIONS = 5_000
#: most nodes of the tree a game unfolds to, for the tree searches (a 3⁷ tree has 3 280)
MAX_LAB_TREE_NODES = 5_000
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


class _Ordered(_Tree):
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


class _Tracing(Searcher[int, str]):
    """The engine's alpha-beta, noting the window it brings to each node and what it returns
    (a table's answers and the horizon's estimates marked as such)."""

    def __init__(
        self, context: SearchContext[int, str], table: TranspositionTable | None = None
    ) -> None:
        super().__init__(context, table, use_bounds=False)
        self.steps: list[dict[str, Any]] = []
        self.called: set[int] = set()

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
        self.called.add(position)
        self.steps.append(
            {
                "step": "enter",
                "node": position,
                "position": node.position,
                "alpha": _bound(alpha),
                "beta": _bound(beta),
            }
        )
        hits = self.stats.table_hits
        value = super().search(position, alpha, beta, depth, scout)
        searched = [child for child in node.children if child in self.called]
        if node.children and position in tree.entered and depth != 0 and value is not None:
            pruned = [child for child in node.children if child not in self.called]
            if searched and pruned:
                maximizing = tree.to_move(position) is Player.MAX
                self.steps.append(
                    {
                        "step": "cut",
                        "node": position,
                        "position": node.position,
                        "kind": "beta" if maximizing else "alpha",
                        "pruned": pruned,
                    }
                )
        bound = "exact"  # a leaf's value is, whatever the window
        if node.children and depth == 0:
            bound = "estimate"  # the horizon: the evaluation function's
        elif node.children and value is not None and value <= alpha:
            bound = "upper"  # the value is at most this
        elif node.children and value is not None and value >= beta:
            bound = "lower"  # the value is at least this
        step = {
            "step": "leave",
            "node": position,
            "position": node.position,
            "value": _number(value),
            "bound": bound,
        }
        if self.stats.table_hits > hits and position not in tree.entered:
            step["table"] = True  # answered by the table: its moves never asked for
        self.steps.append(step)
        return value


class _StarTracing(StarSearcher[int, str]):
    """Star1 or Star2 on the unfolded tree, noting each step as :class:`_Tracing` does."""

    def __init__(
        self, context: SearchContext[int, str], lower: Number, upper: Number, *, probe: bool
    ) -> None:
        super().__init__(context, lower, upper, probe=probe)
        self.steps: list[dict[str, Any]] = []
        self.tree = context.game
        assert isinstance(self.tree, _Tree)

    def _name(self, node: int) -> str:
        assert isinstance(self.tree, _Tree)
        return self.tree.nodes[node].position

    def entered(self, position: int, alpha: Bound, beta: Bound, probe: bool) -> None:
        step = {
            "step": "enter",
            "node": position,
            "position": self._name(position),
            "alpha": _bound(alpha),
            "beta": _bound(beta),
        }
        if probe:
            step["probe"] = True
        self.steps.append(step)

    def left(self, position: int, value: Fraction, kind: Kind) -> None:
        bound = "exact" if not self.game.moves(position) else kind
        self.steps.append(
            {
                "step": "leave",
                "node": position,
                "position": self._name(position),
                "value": format_number(value),
                "bound": bound,
            }
        )

    def cut(
        self,
        position: int,
        kind: str,
        searched: int,
        terms: list[tuple[Fraction, Fraction, Fraction]] | None,
    ) -> None:
        tree = self.tree
        assert isinstance(tree, _Tree)
        moves = tree.moves(position)
        if tree.to_move(position) is not Player.CHANCE:
            moves = tree.order(position, moves)  # the order the search took them in
        step: dict[str, Any] = {
            "step": "cut",
            "node": position,
            "position": self._name(position),
            "kind": kind,
            "pruned": [tree.play(position, move) for move in moves[searched:]],
        }
        if terms is not None:  # the bound the chance position returns: Σ p·hi or Σ p·lo
            ends = [hi if kind == "star-low" else lo for _, lo, hi in terms]
            total = sum((p * end for (p, _, _), end in zip(terms, ends, strict=True)), Fraction())
            step["value"] = format_number(normal(total))
            step["terms"] = [
                {"p": format_number(p), "lo": format_number(lo), "hi": format_number(hi)}
                for p, lo, hi in terms
            ]
        self.steps.append(step)

    def probed(self, position: int, move: str, value: Fraction, kind: Kind) -> None:
        self.steps.append(
            {
                "step": "probe",
                "node": position,
                "position": self._name(position),
                "through": self.game.play(position, move),
                "value": format_number(value),
                "bound": kind,
            }
        )

    def reused(self, position: int, value: Fraction) -> None:
        self.steps.append(
            {
                "step": "reuse",
                "node": position,
                "position": self._name(position),
                "value": format_number(value),
            }
        )


@dataclass(frozen=True)
class Options:
    """How a tree search is run: the move order, a table, a depth cut-off with an
    evaluation, and the bounds on every leaf that Star1 and Star2 prune with (``None``:
    the smallest and the largest leaf)."""

    order: Order = "given"
    table: bool = False
    depth: int | None = None
    evaluation: Evaluation = "estimate"
    bounds: tuple[Number, Number] | None = None


def walk_game(
    game: DagGame,
    algorithm: LabAlgorithm,
    budget: Budget | None = None,
    options: Options | None = None,
) -> dict[str, Any]:
    """``algorithm`` on ``game``, step by step, with the exact values and node counts (JSON)."""
    if algorithm == "retrograde":
        return label_game(game)
    options = options or Options()
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
    chance = any(game.to_move(position) is Player.CHANCE for position in exact)
    _check_options(game, algorithm, options, chance)
    leaves = [value for position, value in exact.items() if not game.moves(position)]
    bounds = options.bounds or (min(leaves), max(leaves))
    if any(not bounds[0] <= leaf <= bounds[1] for leaf in leaves):
        raise InputError(
            f"the bounds [{format_number(bounds[0])}, {format_number(bounds[1])}] do not hold "
            f"for every leaf (they range from {format_number(min(leaves))} to "
            f"{format_number(max(leaves))}): Star1 and Star2 prune only with true bounds"
        )
    evaluation = _evaluation(game, options.evaluation) if options.depth is not None else None
    answer["counts"].update(_tree_counts(game, nodes, exact, budget, options, bounds, evaluation))
    answer["bounds"] = [format_number(bounds[0]), format_number(bounds[1])]
    if algorithm == "dfs":
        return answer
    answer["tree"] = [{"position": node.position, "parent": node.parent} for node in nodes]
    answer["options"] = {
        "order": options.order,
        "table": options.table,
        "depth": options.depth,
        "evaluation": options.evaluation if options.depth is not None else None,
    }
    tree = _tree(game, nodes, exact, options.order, evaluation)
    if algorithm == "alphabeta":
        context = SearchContext(tree, budget)
        table = TranspositionTable() if options.table else None
        searcher = _Tracing(context, table)
        with context.running():
            value = searcher.search(0, -INF, INF, options.depth)
        steps = searcher.steps
        answer["stats"] = {
            "nodes": context.stats.nodes,
            "alpha_cutoffs": context.stats.alpha_cutoffs,
            "beta_cutoffs": context.stats.beta_cutoffs,
            "table_hits": context.stats.table_hits,
        }
        if options.depth is not None:
            answer["horizon"] = _horizon(game, tree, exact, value, options.depth, steps)
    elif algorithm in ("star1", "star2"):
        context = SearchContext(tree, budget)
        star = _StarTracing(context, *bounds, probe=algorithm == "star2")
        with context.running():
            star.search(0, -INF, INF)
        steps = star.steps
        distinct = {step["node"] for step in steps if step["step"] == "enter"}
        answer["stats"] = {
            "nodes": len(distinct),
            "visits": context.stats.nodes,
            "chance_cutoffs": star.chance_cutoffs,
            "alpha_cutoffs": context.stats.alpha_cutoffs,
            "beta_cutoffs": context.stats.beta_cutoffs,
        }
    elif options.depth is not None:  # minimax to a depth: every node down to it, estimated
        heuristic = _horizon_values(tree, options.depth)
        entered = [node for node in range(len(nodes)) if node in heuristic]
        steps = _full_walk(tree, entered, lambda node: heuristic[node][0], heuristic)
        answer["horizon"] = _horizon(game, tree, exact, heuristic[0][0], options.depth, steps)
        tree.entered.update(dict.fromkeys(entered))
    else:  # a full search: the order it enters the nodes is all there is to watch
        search = minimax if algorithm == "minimax" else expectiminimax
        search(tree, budget=budget)
        steps = _full_walk(tree, list(tree.entered), lambda node: exact[nodes[node].position])
    positions = (nodes[node].position for node in tree.entered)
    answer.update(visited=list(dict.fromkeys(positions)), steps=steps)
    return answer


def _check_options(game: DagGame, algorithm: str, options: Options, chance: bool) -> None:
    """Refuse options the search does not take, in the page's words."""
    if options.depth is not None:
        if algorithm not in ("minimax", "alphabeta"):
            raise InputError("a depth cut-off applies to minimax and alpha-beta")
        if chance:
            raise InputError("minimax and alpha-beta take no chance positions")
        if options.depth < 1:
            raise InputError(f"the depth cut-off must be at least 1, not {options.depth}")
    if options.table and algorithm != "alphabeta":
        raise InputError("a transposition table is offered with alpha-beta")
    if options.order != "given" and algorithm not in ("alphabeta", "star1", "star2"):
        raise InputError("the move order applies to alpha-beta, Star1 and Star2")


def _tree(
    game: DagGame,
    nodes: list[TreeNode],
    exact: dict[str, Number],
    order: Order,
    evaluation: Callable[[str], Number] | None,
) -> _Tree:
    if order == "given":
        return _Tree(game, nodes, evaluation)
    return _Ordered(game, nodes, exact, order == "worst", evaluation)


def _evaluation(game: DagGame, name: Evaluation) -> Callable[[str], Number]:
    """The evaluation function ``name`` on the positions of ``game``."""
    if name == "estimate":
        return game.evaluate
    if name == "zero":
        return lambda position: 0
    if name == "first":

        def first(position: str) -> Number:
            while game.moves(position):
                position = game.moves(position)[0]
            value = game.payoff(position)
            assert value is not None  # a leaf of a DAG game has a value
            return value

        return first
    sums: dict[Hashable, tuple[Fraction, int]] = {}
    moves = game.moves
    for vertex, position, _ in postorder(game.start, str, lambda p: [(m, m) for m in moves(p)]):
        if not moves(position):
            sums[vertex] = (Fraction(game.payoff(position) or 0), 1)
        else:
            parts = [sums[child] for child in moves(position)]
            sums[vertex] = (sum((t for t, _ in parts), Fraction(0)), sum(n for _, n in parts))
    return lambda position: normal(sums[position][0] / sums[position][1])


def _horizon_values(tree: _Tree, depth: int) -> dict[int, tuple[Number, str]]:
    """Minimax to ``depth`` on the tree: each node down to it, with its value and whether
    that is exact, an ``estimate`` at the horizon, or backed up from one (``backed``)."""
    values: dict[int, tuple[Number, str]] = {}
    level = {0: 0}
    order = [0]
    for node in order:  # breadth first: parents before children
        if level[node] < depth:
            for child in tree.nodes[node].children:
                level[child] = level[node] + 1
                order.append(child)
    for node in reversed(order):
        children = tree.nodes[node].children
        if not children:
            payoff = tree.payoff(node)
            assert payoff is not None
            values[node] = (payoff, "exact")
        elif level[node] == depth:
            values[node] = (tree.evaluate(node), "estimate")
        else:
            found = [values[child] for child in children]
            pick = max if tree.to_move(node) is Player.MAX else min
            best = pick(value for value, _ in found)
            backed = any(kind != "exact" for _, kind in found)
            values[node] = (best, "backed" if backed else "exact")
    return values


def _horizon(
    game: DagGame,
    tree: _Tree,
    exact: dict[str, Number],
    value: Number | None,
    depth: int,
    steps: list[dict[str, Any]],
) -> dict[str, Any]:
    """What the search cut off at ``depth`` chose at the root, against the exact values:
    the horizon effect when its move is exactly worse than the best."""
    root = tree.nodes[0]
    returned = {
        step["node"]: step["value"]
        for step in steps
        if step["step"] == "leave" and step["node"] in root.children
    }
    chosen = next(
        (tree.nodes[child].position for child in root.children
         if returned.get(child) == _number(value)),
        None,
    )  # fmt: skip
    maximizing = game.to_move(root.position) is Player.MAX
    best = exact[root.position]
    answer: dict[str, Any] = {
        "depth": depth,
        "estimate": _number(value),
        "chosen": chosen,
        "chosen_exact": None if chosen is None else format_number(exact[chosen]),
        "exact": format_number(best),
        "best": [
            tree.nodes[child].position for child in root.children
            if exact[tree.nodes[child].position] == best
        ],
    }  # fmt: skip
    lost = chosen is not None and (exact[chosen] < best if maximizing else exact[chosen] > best)
    answer["effect"] = lost
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
    "star1",
    "star2",
    "star2_visits",
)


def _tree_counts(
    game: DagGame,
    nodes: list[TreeNode],
    exact: dict[str, Number],
    budget: Budget | None,
    options: Options,
    bounds: tuple[Number, Number],
    evaluation: Callable[[str], Number] | None,
) -> dict[str, int | None]:
    """The size of the tree and the nodes each search enters on it, with the options' table
    and depth cut-off; minimax and alpha-beta only when no position is a chance position
    (``None`` otherwise), Star1 and Star2 (distinct nodes, and Star2's visits with its
    re-searches) only without a depth cut-off."""
    counts: dict[str, int | None] = dict.fromkeys(TREE_COUNTS)
    counts["tree"] = len(nodes)
    depth = options.depth
    if depth is None:
        counts["expectiminimax"] = expectiminimax(_Tree(game, nodes), budget=budget).stats.nodes
        for name, probe in (("star1", False), ("star2", True)):
            context = SearchContext(_tree(game, nodes, exact, options.order, None), budget)
            star = _StarCount(context, *bounds, probe=probe)
            with context.running():
                star.search(0, -INF, INF)
            counts[name] = len(star.seen)
            if probe:
                counts["star2_visits"] = context.stats.nodes
    if any(game.to_move(position) is Player.CHANCE for position in exact):
        return counts
    if depth is None:
        counts["minimax"] = minimax(_Tree(game, nodes), budget=budget).stats.nodes
    else:
        counts["minimax"] = len(_horizon_values(_Tree(game, nodes, evaluation), depth))
    for name, order in (
        ("alphabeta", "given"),
        ("alphabeta_best", "best"),
        ("alphabeta_worst", "worst"),
    ):
        ordered = _tree(game, nodes, exact, order, evaluation)  # type: ignore[arg-type]
        table = TranspositionTable() if options.table else None
        found = alphabeta(ordered, use_bounds=False, budget=budget, table=table, depth=depth)
        counts[name] = found.stats.nodes
    return counts


class _StarCount(StarSearcher[int, str]):
    """Star1 or Star2, noting the distinct nodes it enters."""

    def __init__(
        self, context: SearchContext[int, str], lower: Number, upper: Number, *, probe: bool
    ) -> None:
        super().__init__(context, lower, upper, probe=probe)
        self.seen: set[int] = set()

    def entered(self, position: int, alpha: Bound, beta: Bound, probe: bool) -> None:
        self.seen.add(position)


def _full_walk(
    tree: _Tree,
    entered: list[int],
    value_of: Callable[[int], Number],
    kinds: dict[int, tuple[Number, str]] | None = None,
) -> list[dict[str, Any]]:
    """The steps of a search that entered ``entered`` in depth-first order and searched every
    node fully: a node is left, with its value, when the search enters a node outside its
    subtree, or at the end (``kinds``: which values are estimates, or backed up from them)."""
    steps: list[dict[str, Any]] = []
    path: list[int] = []

    def leave(node: int) -> None:
        step = {
            "step": "leave",
            "node": node,
            "position": tree.nodes[node].position,
            "value": _number(value_of(node)),
        }
        if kinds is not None and kinds[node][1] == "estimate":
            step["bound"] = "estimate"
        steps.append(step)

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
    if node.estimate is not None:
        described["estimate"] = format_number(node.estimate)
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
