"""The game-agnostic search engine: every solver works on :class:`Game` only."""

from evalgame.search.alphabeta import alphabeta, null_window_test
from evalgame.search.budget import Budget
from evalgame.search.minimax import minimax
from evalgame.search.protocol import Game, Player, Value
from evalgame.search.pv import principal_variation
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats
from evalgame.search.table import Entry, TranspositionTable

__all__ = [
    "Budget",
    "Entry",
    "Game",
    "Player",
    "SearchResult",
    "SearchStats",
    "TranspositionTable",
    "Value",
    "alphabeta",
    "minimax",
    "null_window_test",
    "principal_variation",
]
