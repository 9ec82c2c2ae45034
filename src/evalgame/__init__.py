"""evalgame: solve and play e-Valuate and other finite two-player games, exactly.

The public API is re-exported here; see the README for a tour.
"""

from evalgame.errors import (
    CycleError,
    DomainError,
    EvalgameError,
    ExpressionError,
    GameError,
    GraphError,
    IllegalMoveError,
    InputError,
    LimitError,
    SearchInterrupted,
)
from evalgame.search.budget import Budget
from evalgame.search.protocol import Game, Player, Value
from evalgame.search.stats import SearchStats

__all__ = [
    "Budget",
    "CycleError",
    "DomainError",
    "EvalgameError",
    "ExpressionError",
    "Game",
    "GameError",
    "GraphError",
    "IllegalMoveError",
    "InputError",
    "LimitError",
    "Player",
    "SearchInterrupted",
    "SearchStats",
    "Value",
]
