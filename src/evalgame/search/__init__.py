"""The game-agnostic search engine: every solver works on :class:`Game` only."""

from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta, null_window_test
from evalgame.search.budget import Budget
from evalgame.search.chance import expectiminimax
from evalgame.search.dag import backward_induction
from evalgame.search.grundy import (
    ImpartialAsGame,
    ImpartialGame,
    Join,
    PlayConvention,
    grundy_value,
    join_grundy,
    mex,
    misere_winner,
    normal_play_winner,
)
from evalgame.search.iterative import iterative_deepening
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.paper_alphabeta import paper_alphabeta
from evalgame.search.protocol import Game, Player
from evalgame.search.pv import principal_variation
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats
from evalgame.search.table import Entry, TranspositionTable

__all__ = [
    "Budget",
    "Entry",
    "Game",
    "ImpartialAsGame",
    "ImpartialGame",
    "Join",
    "Number",
    "PlayConvention",
    "Player",
    "SearchResult",
    "SearchStats",
    "TranspositionTable",
    "alphabeta",
    "backward_induction",
    "expectiminimax",
    "grundy_value",
    "iterative_deepening",
    "join_grundy",
    "mex",
    "minimax",
    "misere_winner",
    "mtdf",
    "negascout",
    "normal_play_winner",
    "null_window_test",
    "paper_alphabeta",
    "principal_variation",
]
