"""The bookkeeping every solver shares: statistics, budget, sizes of pruned subtrees.

A solver creates one :class:`SearchContext`, calls :meth:`SearchContext.enter` once per
node it visits and runs inside :meth:`SearchContext.running`, which turns Ctrl-C into
:class:`~evalgame.errors.SearchInterrupted` and a too-deep recursion into a clear error.

>>> from evalgame.search.examples import NestedTree
>>> context = SearchContext(NestedTree([1, 2]), None)
>>> with context.running():
...     context.enter()
>>> context.stats.nodes
1
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Generic, TypeVar

from evalgame.errors import GameError
from evalgame.search.budget import Budget
from evalgame.search.protocol import Game
from evalgame.search.stats import SearchStats

P = TypeVar("P")
M = TypeVar("M")


class SearchContext(Generic[P, M]):
    """The game, the budget and the statistics of one search.

    ``sizes`` is true when the game can tell subtree sizes (checked once, on the root):
    only then do solvers count the nodes inside pruned subtrees.
    """

    def __init__(
        self, game: Game[P, M], budget: Budget | None, stats: SearchStats | None = None
    ) -> None:
        self.game = game
        self.budget = budget if budget is not None else Budget()
        self.stats = stats if stats is not None else SearchStats()
        self.sizes = False

    def measure_sizes(self, root: P) -> None:
        """Count pruned nodes from now on if the game knows the size of ``root``'s subtree."""
        self.sizes = self.game.subtree_size(root) is not None

    def size(self, position: P) -> int:
        """The number of nodes in the full game tree below ``position`` (itself included)."""
        return self.game.subtree_size(position) or 0

    def enter(self) -> None:
        """Count one visited node against the statistics and the budget."""
        self.stats.nodes += 1
        self.budget.tick(self.stats)

    @contextmanager
    def running(self) -> Iterator[None]:
        """Run a search: Ctrl-C becomes SearchInterrupted, deep recursion a GameError."""
        with self.budget.guard(self.stats):
            try:
                yield
            except RecursionError:
                raise GameError(
                    f"{self.game.name} is too deep for a recursive search (Python allows "
                    f"about {sys.getrecursionlimit()} nested calls); backward induction "
                    "keeps an explicit stack and handles deep games (-a backward-induction)"
                ) from None


def refuse_chance(game: Game[P, M]) -> GameError:
    """The error a deterministic solver raises when it meets a CHANCE position."""
    return GameError(f"{game.name} has chance nodes: use expectiminimax")
