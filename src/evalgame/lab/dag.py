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

This module runs the walk; the parts it puts together are beside it:
:mod:`~evalgame.lab.dag_tree` (the game read, the tree it unfolds to, in the order asked),
:mod:`~evalgame.lab.dag_trace` (the searches watched), :mod:`~evalgame.lab.dag_counts` (the
node counts), :mod:`~evalgame.lab.dag_horizon` (the depth cut-off and the horizon effect) and
:mod:`~evalgame.lab.dag_label` (the positions described; retrograde analysis's labels).

>>> from evalgame.games.classic.nested_tree import parse_nested_tree
>>> lab = walk_game(parse_nested_tree("[[3,12,8],[2,4,6],[14,5,2]]"), "alphabeta")
>>> lab["value"], [step["pruned"] for step in lab["steps"] if step["step"] == "cut"]
('3', [[7, 8]])
>>> lab["counts"]["minimax"], lab["counts"]["alphabeta"], lab["counts"]["alphabeta_best"]
(13, 11, 9)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from evalgame.errors import InputError
from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag_counts import TREE_COUNTS, tree_counts
from evalgame.lab.dag_horizon import Evaluation, evaluation_function, horizon, horizon_values
from evalgame.lab.dag_label import describe_position, label_game
from evalgame.lab.dag_trace import Finished, StarTracing, Tracing, Watched, full_walk
from evalgame.lab.dag_tree import (
    MAX_LAB_TREE_NODES,
    Order,
    optional_number,
    tree_size,
    unfold,
    unfolded_tree,
)
from evalgame.numbers import Number, format_number
from evalgame.search.budget import Budget
from evalgame.search.chance import expectiminimax
from evalgame.search.context import SearchContext
from evalgame.search.dag import backward_induction
from evalgame.search.minimax import minimax
from evalgame.search.protocol import Player
from evalgame.search.searcher import INF
from evalgame.search.table import TranspositionTable

LabAlgorithm = Literal[
    "dfs", "minimax", "alphabeta", "expectiminimax", "star1", "star2", "retrograde"
]
#: the searches that find exact values (retrograde analysis labels win, loss or draw)
ALGORITHMS: tuple[LabAlgorithm, ...] = (
    "dfs", "minimax", "alphabeta", "expectiminimax", "star1", "star2",
)  # fmt: skip


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
    watched = Watched(game)
    values = Finished(watched.steps)
    result = backward_induction(watched, values=values, budget=budget)
    exact: dict[str, Number] = {str(k): v for k, v in values.items() if v is not None}
    answer: dict[str, Any] = {
        "algorithm": algorithm,
        "start": game.start,
        "value": optional_number(result.value),
        "values": {position: format_number(value) for position, value in exact.items()},
        "pv": list(result.pv),
        "positions": [describe_position(game, name) for name in game.nodes],
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
    evaluation = (
        evaluation_function(game, options.evaluation) if options.depth is not None else None
    )
    counts = tree_counts(
        game,
        nodes,
        exact,
        budget,
        bounds,
        evaluation,
        order=options.order,
        table=options.table,
        depth=options.depth,
    )
    answer["counts"].update(counts)
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
    tree = unfolded_tree(game, nodes, exact, options.order, evaluation)
    if algorithm == "alphabeta":
        context = SearchContext(tree, budget)
        table = TranspositionTable() if options.table else None
        searcher = Tracing(context, table)
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
            answer["horizon"] = horizon(game, tree, exact, value, options.depth, steps)
    elif algorithm in ("star1", "star2"):
        context = SearchContext(tree, budget)
        star = StarTracing(context, *bounds, probe=algorithm == "star2")
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
        heuristic = horizon_values(tree, options.depth)
        entered = [node for node in range(len(nodes)) if node in heuristic]
        steps = full_walk(tree, entered, lambda node: heuristic[node][0], heuristic)
        answer["horizon"] = horizon(game, tree, exact, heuristic[0][0], options.depth, steps)
        tree.entered.update(dict.fromkeys(entered))
    else:  # a full search: the order it enters the nodes is all there is to watch
        search = minimax if algorithm == "minimax" else expectiminimax
        search(tree, budget=budget)
        steps = full_walk(tree, list(tree.entered), lambda node: exact[nodes[node].position])
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
