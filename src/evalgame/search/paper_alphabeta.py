"""Algorithm 1 of the e-Valuate paper (seed 001), exactly: alpha-beta without deep cut-offs.

Each node receives only its parent's current value (``parent_αβ``): a MAX node stops
(a *beta cut-off*) once its value reaches ``maxval ≥ parent_αβ``, a MIN node (an *alpha
cut-off*) once ``minval ≤ parent_αβ``; a child updates its parent only when strictly
better. The nodes of the full game tree inside the skipped subtrees are counted as
``beta_pruned``/``alpha_pruned``: for e-Valuate these are the paper's
``(9 − i)·(T(h/2) − 1)/10`` and ``j·T((h − 1)/2)``. With ``table=True`` every fully
evaluated MAX node (no beta cut-off at it, nor at a MAX child whose value it took) is
stored with its value and principal variation and returned on later visits, as in the
paper (``table_pruned`` counts the subtree below each such hit).

For games where the same player may move twice in a row, a node of the same kind as its
parent inherits its parent's ``parent_αβ``; with alternating moves this is Algorithm 1.

>>> from evalgame.search.examples import NestedTree
>>> result = paper_alphabeta(NestedTree([[3, 5], [2, 9, 1]]))
>>> result.value, result.pv, result.stats.alpha_cutoffs, result.stats.nodes
(3, (0, 0), 1, 6)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext, refuse_chance
from evalgame.search.protocol import Game, Player
from evalgame.search.pv import attains, walk
from evalgame.search.result import SearchResult
from evalgame.search.searcher import INF, Searcher, from_key_class, to_key_class
from evalgame.search.table import TranspositionTable

P = TypeVar("P")
M = TypeVar("M")


def paper_alphabeta(
    game: Game[P, M],
    position: P | None = None,
    *,
    table: bool = False,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """The value, principal variation and prune counts of Algorithm 1 from ``position``."""
    root = game.initial() if position is None else position
    search = _Algorithm1(game, SearchContext(game, budget), table)
    with search.context.running():
        search.context.measure_sizes(root)
        first = game.to_move(root) if game.moves(root) else Player.MAX
        never = INF if first is Player.MAX else -INF  # the root is never cut off
        value, pv, _ = search.node(root, never, first, never)
        if value is not None and table and not attains(game, root, pv, value):
            # a stored line came from another position with the same key: walk a new one
            search.context.sizes = False
            pv = walk(Searcher(search.context, TranspositionTable()), root, value, None)
    stats = search.context.stats
    stats.table_size = len(search.stored)
    return SearchResult(
        value=None if value is None else normal(value),
        pv=pv,
        stats=stats,
        algorithm="alpha-beta (paper's Algorithm 1)" + (" with table" if table else ""),
    )


class _Algorithm1(Generic[P, M]):
    """One run of Algorithm 1 on ``game``; with ``table``, the fully evaluated MAX nodes
    are kept in :attr:`stored` (by key, in the coordinates of the key class)."""

    def __init__(self, game: Game[P, M], context: SearchContext[P, M], table: bool) -> None:
        self.game = game
        self.context = context
        self.stats = context.stats
        self.table = table
        self.stored: dict[Hashable, tuple[Number | None, tuple[M, ...]]] = {}

    def node(
        self, position: P, parent_value: Number | float, parent: Player, inherited: Number | float
    ) -> tuple[Number | None, tuple[M, ...], bool]:
        """The value and line of ``position``, whose parent (a ``parent`` node) has the
        current value ``parent_value`` and received ``inherited`` from its own parent; and
        whether a cut-off made that value only a bound."""
        game = self.game
        self.context.enter()
        moves = game.moves(position)
        if not moves:
            self.stats.leaves += 1
            return game.payoff(position), (), False
        player = game.to_move(position)
        if player is Player.CHANCE:
            raise refuse_chance(game)
        bound = parent_value if player is not parent else inherited
        key = game.key(position) if self.table and player is Player.MAX else None
        if key is not None and key in self.stored:
            return self._recall(position, key)
        best, line, bounded = self._children(position, moves, player, bound)
        if key is not None and not bounded:  # a MAX node cut off is not fully evaluated
            self.stored[key] = (to_key_class(best, *game.affine(position)), line)
        return best, line, bounded

    def _recall(self, position: P, key: Hashable) -> tuple[Number | None, tuple[M, ...], bool]:
        """The stored value and line of ``position`` (a table hit)."""
        self.stats.table_hits += 1
        if self.context.sizes:
            self.stats.table_pruned += self.context.size(position) - 1
        value, line = self.stored[key]
        return from_key_class(value, *self.game.affine(position)), line, False

    def _children(
        self, position: P, moves: Sequence[M], player: Player, bound: Number | float
    ) -> tuple[Number | None, tuple[M, ...], bool]:
        """The best value and line among the children of ``position`` (a ``player`` node),
        until the value passes ``bound``; and whether that value is only a bound.

        It is when some children were cut off, and also when the child that passed
        ``bound`` is a node of the same player that was itself cut off: that child
        searched against the same ``bound``, so its value is a bound on the same side,
        even when it was the last child and nothing was cut here."""
        game, stats, context = self.game, self.stats, self.context
        maximizing = player is Player.MAX
        best: Number | None = None  # maxval / minval; None stands for the paper's ∓∞
        line: tuple[M, ...] = ()
        seen = 0  # tree nodes in the children searched so far
        cut = False  # a cut-off left some of the ordered moves unsearched
        bounded = False  # best is only a bound
        ordered = game.order(position, moves)
        for index, move in enumerate(ordered):
            child = game.play(position, move)
            current = best if best is not None else -INF if maximizing else INF
            value, child_line, child_bounded = self.node(child, current, player, bound)
            if context.sizes:
                seen += context.size(child)
            if value is not None and (
                best is None or (value > best if maximizing else value < best)
            ):
                best, line = value, (move, *child_line)
            if best is not None and (best >= bound if maximizing else best <= bound):
                cut = index + 1 < len(ordered)
                if cut and maximizing:
                    stats.beta_cutoffs += 1
                elif cut:
                    stats.alpha_cutoffs += 1
                bounded = cut or child_bounded
                break
        if context.sizes and (cut or len(ordered) < len(moves)):
            skipped = context.size(position) - 1 - seen
            stats.count_pruned(skipped, cut=cut, maximizing=maximizing)
        return best, line, bounded
