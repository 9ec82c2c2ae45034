"""Reduced regions: sound bounds, correct passes, and keys that only merge equal values."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalgame.games.matching.bitgraph import BitGraph, bits
from evalgame.games.matching.region import KeyMode, RegionAnalyser, order_key
from evalgame.games.tiling import board as tiling_board
from evalgame.games.tiling.board import Board
from tests.games.matching.naive_matching import (
    NaiveEdge,
    game_value,
    graphs,
    grid_edges,
    induced,
    max_matching,
    min_maximal,
)


def naive(edges: list[NaiveEdge], mask: int, max_to_move: bool) -> int:
    return game_value(induced(edges, bits(mask)), max_to_move)


@given(graphs(max_vertices=8), st.integers(0, 2**8 - 1))
def test_bounds_and_passes_on_graphs(graph: tuple[int, list[NaiveEdge]], raw: int) -> None:
    n, edges = graph
    analyser = RegionAnalyser(BitGraph(n, edges))
    free = raw & ((1 << n) - 1)
    region = analyser.analyse(free)
    sub = induced(edges, bits(free))
    assert region.lower <= min_maximal(sub) <= max_matching(sub) <= region.upper
    assert analyser.min_maximal(free) == min_maximal(sub)
    # equimatchable parts: every maximal matching of them has `passes` edges
    spare = induced(edges, bits(region.spare))
    assert min_maximal(spare) == max_matching(spare) == region.passes
    assert not region.core & region.spare
    assert induced(edges, bits(region.core | region.spare)) == sub


@pytest.mark.parametrize("keys", ["shapes", "symmetry", "raw"])
@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (2, 5), (3, 4)])
def test_equal_keys_mean_equal_values(keys: KeyMode, rows: int, cols: int) -> None:
    """Every free set of the board, grouped by key: value − even passes is constant."""
    board = Board(rows, cols)
    analyser = RegionAnalyser(board, keys)
    edges = grid_edges(rows, cols)
    seen: dict[object, int] = {}
    for free in range(board.full + 1):
        region = analyser.analyse(free)
        for max_to_move in (True, False):
            reduced = naive(edges, free, max_to_move) - (region.passes & ~1)
            assert seen.setdefault((region.key, max_to_move), reduced) == reduced


def test_keys_mixing_shapes_and_symmetric_sets_mean_equal_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only tiny regions get shapes here; the others are keyed by the board's symmetries."""
    monkeypatch.setattr(tiling_board, "SHAPE_LIMIT", 4)
    board = Board(2, 7)
    analyser = RegionAnalyser(board)
    edges = grid_edges(2, 7)
    seen: dict[object, int] = {}
    mixed = 0
    for free in range(board.full + 1):
        region = analyser.analyse(free)
        mixed += region.key[0] != 0 and len(region.key) > 2
        reduced = naive(edges, free, True) - (region.passes & ~1)
        assert seen.setdefault(region.key, reduced) == reduced
    assert mixed > 0


def test_shapes_merge_more_than_symmetries_and_symmetries_more_than_raw() -> None:
    board = Board(3, 4)
    counts = {
        keys: len({RegionAnalyser(board, keys).analyse(free).key for free in range(board.full + 1)})
        for keys in ("shapes", "symmetry", "raw")
    }
    assert counts["shapes"] < counts["symmetry"] < counts["raw"]


def test_equimatchable_pieces_become_passes() -> None:
    board = Board(4, 4)
    analyser = RegionAnalyser(board)
    square = 0b0011_0011  # a 2×2 square: every maximal tiling has 2 dominoes
    assert analyser.analyse(square).passes == 2
    tee = 1 << board.cell(0, 0) | 1 << board.cell(0, 1) | 1 << board.cell(0, 2)
    tee |= 1 << board.cell(1, 1)
    assert analyser.analyse(tee).passes == 1
    line = sum(1 << board.cell(0, c) for c in range(4))  # 1 or 2 dominoes: not a pass
    assert analyser.analyse(line).passes == 0


def test_dead_cells_are_dropped() -> None:
    board = Board(3, 3)
    corners = sum(1 << board.cell(r, c) for r, c in itertools.product((0, 2), repeat=2))
    region = RegionAnalyser(board).analyse(corners)
    assert (region.core, region.passes, region.lower, region.upper) == (0, 0, 0, 0)


def test_order_key_prefers_keeping_cells_alive_for_max() -> None:
    board = Board(1, 6)
    # 0-1 leaves 2..5 alive (up to 2 more); 1-2 kills cell 0 and leaves 3..5 (1 more)
    keep = order_key(board, 0b111100, True, 2)
    kill = order_key(board, 0b111001, True, 1)
    assert keep < kill
    assert order_key(board, 0b111001, False, 1) < order_key(board, 0b111100, False, 2)
