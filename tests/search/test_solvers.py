"""Every solver agrees with minimax and the tree reference, and its PV attains the value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.search.alphabeta import alphabeta
from evalgame.search.chance import expectiminimax
from evalgame.search.dag import backward_induction
from evalgame.search.iterative import iterative_deepening
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.paper_alphabeta import paper_alphabeta
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable
from tests.samples import sample
from tests.strategies import TreeGame, replay, trees, value_of

Solver = Callable[[TreeGame], SearchResult[int]]

SOLVERS: dict[str, Solver] = {
    "alphabeta": lambda g: alphabeta(g),
    "alphabeta+table": lambda g: alphabeta(g, table=TranspositionTable()),
    "alphabeta+small table": lambda g: alphabeta(g, table=TranspositionTable(max_entries=3)),
    "negascout": lambda g: negascout(g),
    "negascout+table": lambda g: negascout(g, table=TranspositionTable()),
    "mtdf": lambda g: mtdf(g),
    "mtdf guess 2": lambda g: mtdf(g, first_guess=2),
    "paper": lambda g: paper_alphabeta(g),
    "paper+table": lambda g: paper_alphabeta(g, table=True),
    "dag": lambda g: backward_induction(g),
    "expectiminimax": lambda g: expectiminimax(g, table=TranspositionTable()),
    "iterative deepening": lambda g: iterative_deepening(g),
}


@pytest.mark.parametrize("name", SOLVERS)
@settings(max_examples=sample(80))
@given(
    tree=trees(affine=True),
    bounds=st.none() | st.tuples(st.integers(0, 2), st.integers(0, 2)),
    reverse=st.booleans(),
    dominance=st.booleans(),
)
def test_solver_agrees_with_minimax(
    name: str,
    tree: tuple[Any, ...],
    bounds: tuple[int, int] | None,
    reverse: bool,
    dominance: bool,
) -> None:
    game = TreeGame(tree, keyed=True, bounds=bounds, reverse=reverse, dominance=dominance)
    result = SOLVERS[name](game)
    assert result.value == minimax(game).value == value_of(game)
    assert result.exact
    if result.value is None:
        assert result.pv == ()
    else:
        assert game.payoff(replay(game, result.pv)) == result.value
