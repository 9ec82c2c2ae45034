"""The result every solver returns: an exact value, a principal variation and statistics.

>>> from evalgame.search.stats import SearchStats
>>> result = SearchResult(value=18, pv=("a", "b"), stats=SearchStats(), algorithm="minimax")
>>> result.value, result.best_move
(18, 'a')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from evalgame.numbers import Number
from evalgame.search.stats import SearchStats

M = TypeVar("M")


@dataclass(frozen=True)
class SearchResult(Generic[M]):
    """What a search found.

    * ``value`` — the exact value to MAX, or ``None`` when no leaf below is valid;
    * ``pv`` — a principal variation: moves from the searched position that attain
      ``value`` when both sides play them (``()`` at a terminal or invalid position);
    * ``exact`` — ``False`` when ``value`` is heuristic (a depth-limited search that did not
      reach every terminal), in which case ``depth`` is the depth completed.
    """

    value: Number | None
    pv: tuple[M, ...]
    stats: SearchStats
    algorithm: str
    exact: bool = True
    depth: int | None = None

    @property
    def best_move(self) -> M | None:
        """The first move of the principal variation (``None`` if there is none)."""
        return self.pv[0] if self.pv else None
