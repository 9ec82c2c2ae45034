"""The specialised solver against the naive game value, on graphs, boards and mid-game positions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import SearchInterrupted
from evalgame.games.matching.bitgraph import BitGraph, bits
from evalgame.games.matching.region import KeyMode
from evalgame.games.matching.solver import MatchingSolver, strategy_bound
from evalgame.games.tiling.board import Board
from evalgame.search.budget import Budget
from tests.games.matching.naive_matching import (
    NaiveEdge,
    boards,
    game_value,
    graphs,
    grid_edges,
    induced,
    max_matching,
)


@given(graphs(max_vertices=8), st.booleans())
def test_graph_values_equal_the_naive_value(
    graph: tuple[int, list[NaiveEdge]], max_to_move: bool
) -> None:
    n, edges = graph
    solver = MatchingSolver(BitGraph(n, edges))
    assert solver.value(solver.graph.full, max_to_move) == game_value(frozenset(edges), max_to_move)


@settings(max_examples=60)
@given(boards, st.integers(0, 2**12 - 1), st.booleans())
def test_mid_game_positions_equal_the_naive_value(
    size: tuple[int, int], raw: int, max_to_move: bool
) -> None:
    rows, cols = size
    board = Board(rows, cols)
    free = raw & board.full
    expected = game_value(induced(grid_edges(rows, cols), bits(free)), max_to_move)
    assert MatchingSolver(board).value(free, max_to_move) == expected


@pytest.mark.parametrize("keys", ["shapes", "symmetry", "raw"])
def test_all_small_boards_both_players(keys: KeyMode) -> None:
    for rows in range(1, 5):
        for cols in range(rows, 5):
            board = Board(rows, cols)
            for max_to_move in (True, False):
                expected = game_value(frozenset(grid_edges(rows, cols)), max_to_move)
                solver = MatchingSolver(board, keys=keys)
                assert solver.value(board.full, max_to_move) == expected, (rows, cols)


@given(graphs(max_vertices=8), st.booleans())
def test_strategy_bound_is_sound(graph: tuple[int, list[NaiveEdge]], max_to_move: bool) -> None:
    _, edges = graph
    nu = max_matching(frozenset(edges))
    assert strategy_bound(nu, max_to_move) <= game_value(frozenset(edges), max_to_move) <= nu


def test_strategy_bound_is_tight_on_disjoint_paths_of_three_edges() -> None:
    """On k disjoint P4s MIN takes middles (ν falls by 2) and MAX takes ends: ⅔ν is reached."""
    for k in (1, 2, 3):
        edges = [(4 * i + j, 4 * i + j + 1) for i in range(k) for j in range(3)]
        nu = 2 * k
        value = MatchingSolver(BitGraph(4 * k, edges)).value((1 << 4 * k) - 1, False)
        assert value == game_value(frozenset(edges), False)
        assert value >= strategy_bound(nu, False)


@settings(max_examples=40)
@given(boards, st.booleans())
def test_principal_variation_is_legal_and_attains_the_value(
    size: tuple[int, int], max_to_move: bool
) -> None:
    rows, cols = size
    board = Board(rows, cols)
    result = MatchingSolver(board).solve(max_to_move)
    free = board.full
    for move in result.pv:
        assert move in board.edges_within(free)
        free &= ~move
    assert not board.edges_within(free)  # the final tiling is maximal
    assert len(result.pv) == result.value


@settings(max_examples=30)
@given(graphs(max_vertices=7), st.booleans())
def test_principal_variation_is_optimal_move_by_move(
    graph: tuple[int, list[NaiveEdge]], max_to_move: bool
) -> None:
    n, edges = graph
    result = MatchingSolver(BitGraph(n, edges)).solve(max_to_move)
    remaining = frozenset(edges)
    turn = max_to_move
    for move in result.pv:
        u, v = bits(move)
        rest = frozenset(e for e in remaining if not {u, v} & set(e))
        assert 1 + game_value(rest, not turn) == game_value(remaining, turn)
        remaining, turn = rest, not turn
    assert not remaining


def test_a_node_budget_stops_the_search_with_sound_bounds() -> None:
    board = Board(5, 5)
    solver = MatchingSolver(board, budget=Budget(nodes=50, check_every=1))
    with pytest.raises(SearchInterrupted) as stop:
        solver.solve(True)
    value = 12  # 5×5, MAX first (see docs/results.md; checked by the slow test below)
    assert stop.value.lower is not None
    assert stop.value.upper is not None
    assert stop.value.lower <= value <= stop.value.upper


@pytest.mark.slow
def test_five_by_five_against_the_engine() -> None:
    from evalgame.games.tiling.game import solve_tiling
    from evalgame.search.protocol import Player

    for first in (Player.MAX, Player.MIN):
        fast = solve_tiling(5, 5, first)
        engine = solve_tiling(5, 5, first, algorithm="mtdf")
        assert fast.value == engine.value == (12 if first is Player.MAX else 11)
