"""The DAG lab's node counts: how many nodes each search enters on the tree a game unfolds
to, side by side (minimax, alpha-beta with the moves as given, best first and worst first,
expectiminimax, Star1 and Star2).

>>> from evalgame.lab.dag_tree import read_game, unfold
>>> game = read_game("[[3,12,8],[2,4,6],[14,5,2]]")
>>> values = {"root": 3, "1": 3, "2": 2, "3": 2}
>>> values.update((f"{i}.{j}", v) for i, row in enumerate([[3,12,8],[2,4,6],[14,5,2]], 1)
...               for j, v in enumerate(row, 1))
>>> counts = tree_counts(game, unfold(game), values, None, (2, 14), None)
>>> counts["tree"], counts["minimax"], counts["alphabeta"], counts["alphabeta_best"]
(13, 13, 11, 9)
"""

from __future__ import annotations

from collections.abc import Callable

from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag_horizon import horizon_values
from evalgame.lab.dag_tree import Order, TreeNode, UnfoldedTree, unfolded_tree
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.chance import expectiminimax
from evalgame.search.context import SearchContext
from evalgame.search.minimax import minimax
from evalgame.search.protocol import Player
from evalgame.search.searcher import INF
from evalgame.search.star import StarSearcher
from evalgame.search.table import TranspositionTable
from evalgame.search.window import Bound

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


def tree_counts(
    game: DagGame,
    nodes: list[TreeNode],
    exact: dict[str, Number],
    budget: Budget | None,
    bounds: tuple[Number, Number],
    evaluation: Callable[[str], Number] | None,
    *,
    order: Order = "given",
    table: bool = False,
    depth: int | None = None,
) -> dict[str, int | None]:
    """The size of the tree and the nodes each search enters on it, with the options' table
    and depth cut-off (``evaluation`` at the horizon) and Star's moves in ``order``;
    minimax and alpha-beta only when no position is a chance position (``None`` otherwise),
    Star1 and Star2 (distinct nodes, and Star2's visits with its re-searches) only without a
    depth cut-off."""
    counts: dict[str, int | None] = dict.fromkeys(TREE_COUNTS)
    counts["tree"] = len(nodes)
    if depth is None:
        unordered = UnfoldedTree(game, nodes)
        counts["expectiminimax"] = expectiminimax(unordered, budget=budget).stats.nodes
        for name, probe in (("star1", False), ("star2", True)):
            context = SearchContext(unfolded_tree(game, nodes, exact, order, None), budget)
            star = _StarCount(context, *bounds, probe=probe)
            with context.running():
                star.search(0, -INF, INF)
            counts[name] = len(star.seen)
            if probe:
                counts["star2_visits"] = context.stats.nodes
    if any(game.to_move(position) is Player.CHANCE for position in exact):
        return counts
    if depth is None:
        counts["minimax"] = minimax(UnfoldedTree(game, nodes), budget=budget).stats.nodes
    else:
        counts["minimax"] = len(horizon_values(UnfoldedTree(game, nodes, evaluation), depth))
    for name, by in (
        ("alphabeta", "given"),
        ("alphabeta_best", "best"),
        ("alphabeta_worst", "worst"),
    ):
        ordered = unfolded_tree(game, nodes, exact, by, evaluation)  # type: ignore[arg-type]
        found = alphabeta(
            ordered,
            use_bounds=False,
            budget=budget,
            table=TranspositionTable() if table else None,
            depth=depth,
        )
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
