"""The registry of solvers: every registered solver agrees with a naive minimax on small
games, from the start and from later positions, and its null-window test keeps the
fail-soft contract."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError
from evalgame.expr.nodes import Node as ExpressionNode
from evalgame.expr.nodes import to_text
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.solvers import CHOICES, TREE
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.share import GraphShare
from evalgame.games.graph.solve import SOLVERS as GRAPH_SOLVERS
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.game import MatchingGame
from evalgame.games.matching.solvers import matching_solvers
from evalgame.games.tiling.game import TilingGame
from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player
from evalgame.search.registry import SOLVERS, Solver, choose, describe
from evalgame.web.models import Algorithm, TreeAlgorithm
from tests.games.graph.naive_share import small_graphs
from tests.games.matching.naive_matching import NaiveEdge, graphs
from tests.games.naive import naive_value
from tests.strategies import Node, TreeGame, domains, expression_trees, replay, trees

#: the engine's solvers that refuse chance positions
DETERMINISTIC = [name for name in SOLVERS if name != "expectiminimax"]
#: the matching game's solvers, the C kernel's table kept small
MATCHING_SOLVERS = matching_solvers(table_mb=1)
FEW = settings(max_examples=25)


def check_test(solver: Solver, game: Game[Any, Any], position: Any, gamma: Number) -> None:
    """The fail-soft contract of :meth:`Solver.test` against the exact value."""
    value = naive_value(game, game.initial() if position is None else position)
    for strict in (False, True):
        bound = solver.test(game, position, gamma, strict=strict)
        if value is None:
            assert bound is None, (solver.name, strict)
            continue
        assert bound is not None, (solver.name, strict)
        if bound > gamma or (bound == gamma and not strict):
            assert value >= bound, (solver.name, strict, gamma, bound)
        else:
            assert value <= bound, (solver.name, strict, gamma, bound)


def agree(table: Mapping[str, Solver], game: Game[Any, Any], position: Any = None) -> None:
    """Every solver of ``table`` finds the naive value of ``position`` and a line that
    attains it."""
    start = game.initial() if position is None else position
    expected = naive_value(game, start)
    for name, solver in table.items():
        result = solver(game, position)
        assert result.value == expected, name
        if expected is not None:
            assert naive_value(game, replay(game, result.pv, start)) == expected, name


@pytest.mark.parametrize("name", DETERMINISTIC)
@FEW
@given(tree=trees(), gamma=st.fractions(-5, 5, max_denominator=2))
def test_engine_solvers_agree_with_minimax(name: str, tree: Node, gamma: Fraction) -> None:
    game = TreeGame(tree, keyed=True)
    assert SOLVERS[name](game).value == naive_value(game, game.initial())
    check_test(SOLVERS[name], game, None, gamma)


@pytest.mark.parametrize("name", ["expectiminimax", "backward-induction"])
@FEW
@given(tree=trees(chance_nodes=True, invalid=False, affine=True))
def test_solvers_of_chance_games_agree_with_expectiminimax(name: str, tree: Node) -> None:
    game = TreeGame(tree, keyed=True)
    assert SOLVERS[name](game).value == naive_value(game, game.initial())


@FEW
@given(
    tree=expression_trees(("a", "b", "c"), max_leaves=6),
    domain=domains(3),
    min_first=st.booleans(),
)
def test_evaluate_solvers_agree_with_minimax(
    tree: ExpressionNode, domain: tuple[Number, ...], min_first: bool
) -> None:
    game = EValuate(to_text(tree), domain, first=Player.MIN if min_first else Player.MAX)
    agree(CHOICES, game)


def test_evaluate_solvers_solve_whole_games_only() -> None:
    game = EValuate("x*y")
    later = game.play(game.initial(), 3)
    with pytest.raises(GameError, match="from its start"):
        CHOICES["residual"](game, later)
    with pytest.raises(GameError, match="e-Valuate games"):
        CHOICES["paper"](TilingGame(2, 2))


@FEW
@given(graph=graphs(max_vertices=6), first=st.sampled_from([Player.MAX, Player.MIN]))
def test_matching_solvers_agree_with_minimax_from_any_position(
    graph: tuple[int, list[NaiveEdge]], first: Player
) -> None:
    n, edges = graph
    game = MatchingGame(BitGraph(n, edges), first)
    agree(MATCHING_SOLVERS, game)
    start = game.initial()
    for move in game.moves(start)[:2]:  # later positions: the solver adds the edges placed
        later = game.play(start, move)
        agree(MATCHING_SOLVERS, game, later)
        value = naive_value(game, later)
        assert value is not None
        for gamma in (value - 1, value, value + Fraction(1, 2), value + 1):
            check_test(MATCHING_SOLVERS["solver"], game, later, gamma)


@FEW
@given(graph=small_graphs(max_vertices=4, max_edges=5), k=st.integers(1, 2))
def test_graph_solvers_agree_with_minimax(graph: Any, k: int) -> None:
    agree(GRAPH_SOLVERS, GraphShare(incidence(graph, "V", "E"), k))


def test_the_web_offers_the_names_of_the_registry() -> None:
    assert list(get_args(Algorithm)) == list(CHOICES)
    assert list(get_args(TreeAlgorithm)) == list(TREE)


def test_names_are_looked_up_and_described() -> None:
    assert choose(SOLVERS, "mtdf") is SOLVERS["mtdf"]
    with pytest.raises(GameError, match="choose one of alphabeta, negascout"):
        choose(SOLVERS, "quantum")
    text = describe(CHOICES)
    for name, solver in CHOICES.items():
        assert f"{name}: {solver.description}" in text
        assert "\n" not in solver.description
