"""evalgame: solve and play e-Valuate and other finite two-player games, exactly.

>>> import evalgame
>>> solution = evalgame.solve("X*(Y-Z)")
>>> solution.value, solution.line()
(18, '6→Y, 4→Z, 9→X')
>>> evalgame.fairness("(10-X)*Y").random.max_wins
Fraction(9, 50)

Domains and players are given as on the command line, or as numbers and players:

>>> evalgame.solve("x*y - z", domain="0..9", first="min").value
-2
>>> evalgame.solve("x*y - z", domain=(0.5, 1)).domain  # a float is its decimal text
(Fraction(1, 2), 1)

In a notebook :func:`tree`, :func:`tiling` and :func:`share` show their pictures, and
:func:`play` plays against the engine in the input box (see ``docs/notebook.ipynb``).
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

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
from evalgame.numbers import Number

if TYPE_CHECKING:
    from evalgame.analysis.fairness import fairness
    from evalgame.expr import Expression, parse, parse_domain
    from evalgame.games.evaluate import EValuate, Solution, solve, tree_size
    from evalgame.games.evaluate.vectorized import solve_positions
    from evalgame.search import (
        Budget,
        Game,
        Player,
        SearchResult,
        SearchStats,
        TranspositionTable,
        alphabeta,
        backward_induction,
        expectiminimax,
        iterative_deepening,
        minimax,
        mtdf,
        negascout,
        paper_alphabeta,
    )

#: the module each name of the API comes from, imported when the name is first used: a
#: command of the command line imports ``evalgame`` and then only what it needs
#: (``fairness`` and ``solve_positions`` need numpy; BENCHMARKS.md, "Start-up")
_LAZY = {
    **dict.fromkeys(("Expression", "parse", "parse_domain"), "evalgame.expr"),
    **dict.fromkeys(("EValuate", "Solution", "solve", "tree_size"), "evalgame.games.evaluate"),
    **dict.fromkeys(
        (
            "Budget",
            "Game",
            "Player",
            "SearchResult",
            "SearchStats",
            "TranspositionTable",
            "alphabeta",
            "backward_induction",
            "expectiminimax",
            "iterative_deepening",
            "minimax",
            "mtdf",
            "negascout",
            "paper_alphabeta",
        ),
        "evalgame.search",
    ),
    "fairness": "evalgame.analysis.fairness",
    "solve_positions": "evalgame.games.evaluate.vectorized",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value  # found directly from now on
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})  # the lazy names too, for completion in notebooks


__all__ = [
    "Budget",
    "CycleError",
    "DomainError",
    "EValuate",
    "EvalgameError",
    "Expression",
    "ExpressionError",
    "Game",
    "GameError",
    "GraphError",
    "IllegalMoveError",
    "InputError",
    "LimitError",
    "Number",
    "Player",
    "SearchInterrupted",
    "SearchResult",
    "SearchStats",
    "Solution",
    "TranspositionTable",
    "alphabeta",
    "backward_induction",
    "expectiminimax",
    "fairness",
    "iterative_deepening",
    "minimax",
    "mtdf",
    "negascout",
    "paper_alphabeta",
    "parse",
    "parse_domain",
    "play",
    "share",
    "solve",
    "solve_positions",
    "tiling",
    "tree",
    "tree_size",
]

# The notebook's entry points (light to import: their modules load on first call).
# ``evalgame.play`` is the function, though ``evalgame/play/`` is also a package: importing
# the package first and binding the name after makes the binding final — later imports of
# its modules (``evalgame.play.session``) set attributes of the package, not this one.
import evalgame.play  # noqa: E402, F401
from evalgame.interactive import play, share, tiling, tree  # noqa: E402
