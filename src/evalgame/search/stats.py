"""Search statistics, counted the same way by every algorithm.

>>> stats = SearchStats()
>>> stats.nodes += 3
>>> stats.as_dict()["nodes"]
3
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass


@dataclass
class SearchStats:
    """Counters every solver fills in; all are plain integers.

    * ``nodes`` — positions the search entered (each call on a position counts once),
    * ``leaves`` — terminal positions whose payoff was computed,
    * ``alpha_cutoffs`` / ``beta_cutoffs`` — cut-offs at MIN nodes (the remaining children of
      a MIN node pruned because its value is already ≤ α) and at MAX nodes (≥ β),
    * ``alpha_pruned`` / ``beta_pruned`` — nodes of the full game tree inside the subtrees
      those cut-offs skipped (only when the game provides ``subtree_size``),
    * ``table_hits`` — positions answered (or cut off) by the transposition table,
      ``table_pruned`` the nodes of the subtrees those hits skipped, ``table_size`` the
      number of entries at the end,
    * ``bound_cutoffs`` — positions cut off by the game's static bounds, ``bound_pruned``
      the nodes of the subtrees those cut-offs skipped and of the moves the game's
      ``order`` hook left out as dominated,
    * ``researches`` — re-searches (NegaScout) or passes (MTD(f)), ``iterations`` the
      depths completed by iterative deepening,
    * ``edges`` — moves examined by a search over the graph of positions (DAG solvers).
    """

    nodes: int = 0
    leaves: int = 0
    alpha_cutoffs: int = 0
    beta_cutoffs: int = 0
    alpha_pruned: int = 0
    beta_pruned: int = 0
    table_hits: int = 0
    table_pruned: int = 0
    table_size: int = 0
    bound_cutoffs: int = 0
    bound_pruned: int = 0
    researches: int = 0
    iterations: int = 0
    edges: int = 0

    @property
    def pruned(self) -> int:
        """All nodes skipped by cut-offs and table hits."""
        return self.alpha_pruned + self.beta_pruned + self.table_pruned + self.bound_pruned

    def count_pruned(self, skipped: int, *, cut: bool, maximizing: bool) -> None:
        """Count ``skipped`` nodes of the full tree that a position's loop over its children
        left unsearched: by a cut-off at a MAX node (β) or a MIN node (α), or, without a
        cut-off, in the moves the game's ``order`` hook left out as dominated.

        >>> stats = SearchStats()
        >>> stats.count_pruned(7, cut=True, maximizing=False)
        >>> stats.alpha_pruned, stats.pruned
        (7, 7)
        """
        if not cut:
            self.bound_pruned += skipped
        elif maximizing:
            self.beta_pruned += skipped
        else:
            self.alpha_pruned += skipped

    def as_dict(self) -> dict[str, int]:
        """The counters as a JSON-ready dictionary (``pruned`` included)."""
        result = dataclasses.asdict(self)
        result["pruned"] = self.pruned
        return result

    def add(self, other: SearchStats) -> None:
        """Add ``other``'s counters to these (``table_size`` takes the larger)."""
        for field in dataclasses.fields(self):
            if field.name == "table_size":
                self.table_size = max(self.table_size, other.table_size)
            else:
                setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))
