"""e-Valuate: the game on arithmetic expressions, its solvers and its analysis."""

from evalgame.games.evaluate.about import Info, info
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.oracle import Oracle
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.games.evaluate.solve import RUNNERS, Solution, solve
from evalgame.games.evaluate.treesize import tree_size, tree_size_bounds
from evalgame.games.evaluate.vectorized import PositionValues, solve_positions

__all__ = [
    "RUNNERS",
    "EValuate",
    "Info",
    "Oracle",
    "PositionValues",
    "ResidualEValuate",
    "Solution",
    "info",
    "solve",
    "solve_positions",
    "tree_size",
    "tree_size_bounds",
]
