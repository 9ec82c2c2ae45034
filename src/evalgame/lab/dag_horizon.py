"""The DAG lab's depth cut-off: the evaluation functions at the horizon, minimax to a
depth, and the horizon effect (the move a cut-off search plays, against the exact best).

>>> from evalgame.lab.dag_tree import read_game, unfold, UnfoldedTree
>>> game = read_game("[[3,[12,-9]],[2,4]]")
>>> mean = evaluation_function(game, "mean")
>>> mean("1.2"), mean("root")
(Fraction(3, 2), Fraction(12, 5))
>>> tree = UnfoldedTree(game, unfold(game), mean)
>>> horizon_values(tree, 2)[0]  # max(min(3, ≈3/2), min(2, 4))
(2, 'backed')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any, Literal

from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag_tree import UnfoldedTree, optional_number
from evalgame.numbers import Number, format_number, normal
from evalgame.search.graph import postorder
from evalgame.search.protocol import Player

Evaluation = Literal["estimate", "zero", "mean", "first"]
#: what a search cut off at a depth sees at its horizon, by name
EVALUATIONS: dict[str, str] = {
    "estimate": "the position's 'estimate' in the game",
    "zero": "0 everywhere",
    "mean": "the mean of the leaves below (every line equally likely)",
    "first": "the leaf reached by always playing the first move (one quick playout)",
}


def evaluation_function(game: DagGame, name: Evaluation) -> Callable[[str], Number]:
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


def horizon_values(tree: UnfoldedTree, depth: int) -> dict[int, tuple[Number, str]]:
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


def horizon(
    game: DagGame,
    tree: UnfoldedTree,
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
         if returned.get(child) == optional_number(value)),
        None,
    )  # fmt: skip
    maximizing = game.to_move(root.position) is Player.MAX
    best = exact[root.position]
    answer: dict[str, Any] = {
        "depth": depth,
        "estimate": optional_number(value),
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
