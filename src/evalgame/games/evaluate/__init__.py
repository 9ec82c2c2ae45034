"""e-Valuate: the game on arithmetic expressions, its solvers and its analysis."""

from typing import TYPE_CHECKING, Any

from evalgame.games.evaluate.about import Info, info
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.oracle import Oracle
from evalgame.games.evaluate.residual_game import ResidualEValuate
from evalgame.games.evaluate.solve import Solution, solve
from evalgame.games.evaluate.solvers import SOLVERS
from evalgame.games.evaluate.treesize import tree_size, tree_size_bounds

if TYPE_CHECKING:
    from evalgame.games.evaluate.vectorized import PositionValues, solve_positions


def __getattr__(name: str) -> Any:
    # the vectorised solver needs numpy: imported when first used, not with the package
    if name in ("PositionValues", "solve_positions"):
        from evalgame.games.evaluate import vectorized

        return getattr(vectorized, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SOLVERS",
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
