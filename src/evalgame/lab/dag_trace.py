"""The DAG lab's searches watched: the steps the engine's own searches take, noted as JSON.

* :class:`Watched` and :class:`Finished` — backward induction's DFS on the graph of
  positions: a vertex entered (grey) when its moves are first asked for, finished (black)
  when its value is stored;
* :class:`Tracing` — alpha-beta on the unfolded tree, with the (α, β) window it brings to
  each node, what it returns there and its cut-offs;
* :class:`StarTracing` — Star1 and Star2, with their probes and chance cut-offs;
* :func:`full_walk` — the steps of a search that searches every node (minimax).

>>> from evalgame.lab.dag_tree import read_game, unfold, UnfoldedTree
>>> game = read_game("[[3,12],[2]]")
>>> tree = UnfoldedTree(game, unfold(game))
>>> steps = full_walk(tree, [0, 1, 2], lambda node: 3)
>>> " ".join(f"{step['step']} {step['position']}," for step in steps)
'enter root, enter 1, enter 1.1, leave 1.1, leave 1, leave root,'
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any

from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag_tree import UnfoldedTree, optional_number
from evalgame.numbers import Number, format_number, normal
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game, Player
from evalgame.search.searcher import INF, Searcher
from evalgame.search.star import Kind, StarSearcher
from evalgame.search.table import TranspositionTable
from evalgame.search.window import Bound


class Watched(Game[str, str]):
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


class Finished(dict[Hashable, Number | None]):
    """The table of solved vertices of backward induction: a vertex turns black as its value
    is stored."""

    def __init__(self, steps: list[dict[str, Any]]) -> None:
        super().__init__()
        self.steps = steps

    def __setitem__(self, vertex: Hashable, value: Number | None) -> None:
        super().__setitem__(vertex, value)
        self.steps.append({"step": "leave", "position": vertex, "value": optional_number(value)})


class Tracing(Searcher[int, str]):
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
        assert isinstance(tree, UnfoldedTree)
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
            "value": optional_number(value),
            "bound": bound,
        }
        if self.stats.table_hits > hits and position not in tree.entered:
            step["table"] = True  # answered by the table: its moves never asked for
        self.steps.append(step)
        return value


class StarTracing(StarSearcher[int, str]):
    """Star1 or Star2 on the unfolded tree, noting each step as :class:`Tracing` does."""

    def __init__(
        self, context: SearchContext[int, str], lower: Number, upper: Number, *, probe: bool
    ) -> None:
        super().__init__(context, lower, upper, probe=probe)
        self.steps: list[dict[str, Any]] = []
        self.tree = context.game
        assert isinstance(self.tree, UnfoldedTree)

    def _name(self, node: int) -> str:
        assert isinstance(self.tree, UnfoldedTree)
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
        assert isinstance(tree, UnfoldedTree)
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


def full_walk(
    tree: UnfoldedTree,
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
            "value": optional_number(value_of(node)),
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


def _bound(bound: Bound) -> str:
    """A window's end as text: ``-inf``, ``+inf`` or the exact number."""
    if bound == INF:
        return "+inf"
    if bound == -INF:
        return "-inf"
    assert isinstance(bound, int | Fraction)
    return format_number(bound)
