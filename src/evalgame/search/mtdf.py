"""MTD(f) for exact rational values: a sequence of memory-enhanced null-window tests.

Each pass is one exact test ("value ≥ γ?" or "value > γ?") against a transposition table
that keeps the work of earlier passes. Proven bounds ``lower ≤ value ≤ upper`` tighten
after every pass until they meet. A test returns an actual leaf value, so after a
fail-high with ``v`` the next pass asks "> v?" and after a fail-low "≥ v?": every pass
moves a bound to another leaf value, and there are finitely many. When both bounds are
known (the game's static bounds give the other one) the pass tests their midpoint
instead, which on random trees with widely spread values took about half the passes.
The bounds are recorded in the budget, so an interrupted search still reports them.

>>> from evalgame.search.examples import NestedTree
>>> result = mtdf(NestedTree([[3, 5], [2, 9], [4, 8]]), first_guess=0)
>>> result.value, result.pv, result.stats.researches
(4, (2, 0), 3)
"""

from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

from evalgame.numbers import Number, normal
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game
from evalgame.search.pv import walk
from evalgame.search.result import SearchResult
from evalgame.search.searcher import Searcher
from evalgame.search.table import TranspositionTable

P = TypeVar("P")
M = TypeVar("M")


def mtdf(
    game: Game[P, M],
    position: P | None = None,
    *,
    first_guess: Number | None = None,
    table: TranspositionTable | None = None,
    budget: Budget | None = None,
) -> SearchResult[M]:
    """The exact value and a principal variation of ``position`` (default: the start).

    The first pass tests "value ≥ ``first_guess``" (default: the middle of the game's
    static bounds, or 0). ``stats.researches`` counts the passes; the principal variation
    is walked down the table afterwards (its tests are counted in ``stats.nodes``). Pruned
    subtrees are not counted: the passes search the same subtrees again and again.
    """
    root = game.initial() if position is None else position
    context = SearchContext(game, budget)
    searcher = Searcher(context, table if table is not None else TranspositionTable())
    pv: tuple[M, ...] = ()
    with context.running():
        value = _converge(searcher, root, first_guess)
        if value is not None:
            pv = walk(searcher, root, value, None)
    return searcher.result(value, pv, "MTD(f)")


def _converge(searcher: Searcher[P, M], root: P, guess: Number | None) -> Number | None:
    """Test until the proven bounds on the value of ``root`` meet; ``None`` if invalid."""
    budget, stats = searcher.context.budget, searcher.stats
    lower, upper = searcher.game.bounds(root)  # these hold only if the root is valid
    if guess is None:
        if lower is not None and upper is not None:  # an int if it is one: cheaper to compare
            guess = normal(Fraction(lower + upper) / 2)
        else:
            guess = lower if lower is not None else upper if upper is not None else 0
    gamma, strict = guess, False
    while True:
        stats.researches += 1
        value = searcher.test(root, gamma, strict=strict)
        if value is None:
            return None
        if value > gamma if strict else value >= gamma:
            lower, (gamma, strict) = value, (value, True)  # next: is it even larger?
        else:
            upper, (gamma, strict) = value, (value, False)  # next: is it at least that?
        budget.prove(lower, upper)
        if lower == upper:
            return value
        if lower is not None and upper is not None:  # bisect (the game gave the other bound)
            gamma, strict = normal(Fraction(lower + upper) / 2), False
