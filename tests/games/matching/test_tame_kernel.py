"""Tame regions in the C kernel: the region database against brute force, and the option
``tame`` (positions of small tame regions decided by the sum rule) against searches
without it.

The sum rule is a theorem (docs/tiling_search.md, "Tame regions and the sum rule"); what
is tested here is that the kernel computes the database and applies the rule as proven:
every polyomino of at most 8 cells against the naive game value, the one wild one among
them (the 3×3 ring), random graphs, sums of regions, and the values of boards with holes
with the option on, against the Python solver (the reference) and the kernel without it.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.games.matching import native
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.native import DEFAULT_OPTIONS, OPTIONS, NativeSolver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.matching.tame import TameRegions
from evalgame.games.tiling.board import Board, parse_board
from tests.games.matching.naive_matching import (
    game_value,
    grid_edges,
    induced,
    random_boards,
    shape,
)
from tests.samples import sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

WITH_RULE = DEFAULT_OPTIONS | OPTIONS["tame"]
WITHOUT_RULE = DEFAULT_OPTIONS & ~OPTIONS["tame"]

Cells = tuple[tuple[int, int], ...]


def polyominoes(most: int) -> list[Cells]:
    """Every free polyomino of 2 to ``most`` cells, grown cell by cell (naive shapes)."""
    found: list[Cells] = []
    layer = {shape({(0, 0)})}
    for _ in range(most - 1):
        layer = {
            shape({*cells, (r + dr, c + dc)})
            for cells in layer
            for r, c in cells
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if (r + dr, c + dc) not in cells
        }
        found += sorted(layer)
    return found


def naive(cells: Cells, max_first: bool) -> int:
    """The naive game value of the cells on an 8×8 grid."""
    return game_value(induced(grid_edges(8, 8), [r * 8 + c for r, c in cells]), max_first)


def mask(cells: Cells, cols: int = 8) -> int:
    return sum(1 << (r * cols + c) for r, c in cells)


RING: Cells = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2))


def test_every_polyomino_up_to_8_cells_against_brute_force() -> None:
    """532 free polyominoes: (a, b) equal the naive values; all tame but the 3×3 ring."""
    solver = NativeSolver(Board(8, 8), table_mb=1)
    shapes = polyominoes(8)
    assert len(shapes) == 1 + 2 + 5 + 12 + 35 + 108 + 369
    wild = []
    for cells in shapes:
        a, b, tame = solver.region_values(mask(cells))
        assert (a, b) == (naive(cells, True), naive(cells, False)), cells
        if not tame:
            wild.append(cells)
    assert wild == [shape(set(RING))]
    assert solver.region_values(mask(RING)) == (3, 4, False)  # whoever moves first loses one


def test_regions_that_can_reach_the_ring() -> None:
    """The ring with a tail of two cells: one move leaves the ring alone, so its values are
    exact but it is not tame; with a tail of four, a move leaves the ring beside a domino,
    a sum the rule cannot value."""
    solver = NativeSolver(Board(3, 7), table_mb=1)
    short = (*RING, (1, 3), (1, 4))
    edges = induced(grid_edges(3, 7), [r * 7 + c for r, c in short])
    expected = (game_value(edges, True), game_value(edges, False), False)
    assert solver.region_values(mask(short, cols=7)) == expected
    long = mask((*short, (1, 5), (1, 6)), cols=7)
    assert solver.region_values(long) == (None, None, False)


def test_a_position_with_the_ring_is_left_to_the_search() -> None:
    board = parse_board("...#../.#.#../...#..")
    for max_first in (True, False):
        reference = MatchingSolver(board).value(board.start, max_first)
        for cells in (8, 16):
            solver = NativeSolver(board, table_mb=1, options=WITH_RULE, tame_cells=cells)
            lower, upper = solver.bounds(board.start, max_first)
            assert lower < upper  # the ring is wild: not decided
            assert solver.value(board.start, max_first) == reference


def test_sums_of_polyominoes_are_decided_by_the_rule() -> None:
    """Two or three polyominoes apart on a board: the bounds are the exact value."""
    rng = random.Random(3)
    shapes = [cells for cells in polyominoes(6) if cells != shape(set(RING))]
    board = Board(7, 9)
    for _ in range(150):
        free = 0
        for corner in rng.sample([(0, 0), (0, 5), (4, 0), (4, 5)], rng.randint(2, 3)):
            cells = rng.choice(shapes)
            if max(r for r, _ in cells) > 2 or max(c for _, c in cells) > 3:
                continue
            free |= sum(1 << ((r + corner[0]) * 9 + c + corner[1]) for r, c in cells)
        edges = induced(grid_edges(7, 9), [v for v in range(63) if free >> v & 1])
        solver = NativeSolver(board, table_mb=1, options=WITH_RULE)
        for max_first in (True, False):
            value = game_value(edges, max_first)
            assert solver.bounds(free, max_first) == (value, value)
    assert solver.kernel_stats()["tame_decided"] > 0


@st.composite
def connected_graphs(draw: st.DrawFn) -> BitGraph:
    """A random connected graph of 2 to 9 vertices (a random tree plus random edges)."""
    n = draw(st.integers(2, 9))
    edges = {(draw(st.integers(0, v - 1)), v) for v in range(1, n)}
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges |= set(draw(st.lists(st.sampled_from(pairs), max_size=8)))
    return BitGraph(n, sorted(edges))


@settings(max_examples=200, deadline=None)
@given(connected_graphs())
def test_regions_of_graphs_off_the_grid_against_brute_force(graph: BitGraph) -> None:
    """Keyed by vertex masks: the values, when given, are the naive ones."""
    a, b, tame = NativeSolver(graph, table_mb=1).region_values(graph.full)
    edges = frozenset(graph.edges)
    if a is not None:
        assert (a, b) == (game_value(edges, True), game_value(edges, False))
    if tame:
        assert a is not None
        assert b is not None
        assert a - b in (0, 1)


def test_bad_regions_are_refused() -> None:
    solver = NativeSolver(Board(3, 3), table_mb=1)
    for bad, message in ((0b1, "connected"), (0b101, "connected"), (1 << 20, "outside")):
        with pytest.raises(ValueError, match=message):
            solver.region_values(bad)


def check(board: Board, reference: int, max_to_move: bool, gamma: int, cells: int) -> None:
    """The kernel with the rule: the value, and a null-window test's verdict and bound."""
    solver = NativeSolver(board, table_mb=1, options=WITH_RULE, tame_mb=4, tame_cells=cells)
    assert solver.value(board.start, max_to_move) == reference, board.drawing()
    fresh = NativeSolver(board, table_mb=1, options=WITH_RULE, tame_mb=4, tame_cells=cells)
    result = fresh.test(board.start, max_to_move, gamma)
    assert (result >= gamma) == (reference >= gamma), board.drawing()
    assert reference >= result if result >= gamma else reference <= result


@pytest.mark.slow
def test_against_the_python_solver_on_200_boards_with_holes() -> None:
    rng = random.Random(6)
    for board in random_boards(seed=29, count=sample(200), most_free=20):
        for max_to_move in (True, False):
            value = MatchingSolver(board).value(board.start, max_to_move)
            check(board, value, max_to_move, value + rng.choice((-1, 0, 1)), rng.choice((8, 20)))


@pytest.mark.slow
def test_against_the_kernel_without_the_rule_on_200_larger_boards() -> None:
    rng = random.Random(7)
    for board in random_boards(seed=31, count=sample(200), most_free=25):
        for max_to_move in (True, False):
            plain = NativeSolver(board, table_mb=1, options=WITHOUT_RULE)
            value = plain.value(board.start, max_to_move)
            check(board, value, max_to_move, value + rng.choice((-1, 0, 1)), rng.choice((12, 18)))


def test_every_published_value_is_rederived_with_the_rule() -> None:
    """Every exact value of docs/results.md (docs/tiling_results.json), rule on."""
    data = json.loads((Path(__file__).parents[3] / "docs" / "tiling_results.json").read_text())
    assert data["values"]
    for row in data["values"].values():
        board = Board(row["rows"], row["cols"])
        for first, max_to_move in (("max_first", True), ("min_first", False)):
            solver = NativeSolver(board, table_mb=16, options=WITH_RULE, tame_mb=16)
            assert solver.value(board.full, max_to_move) == row[first]["value"]


def regions_agree(kernel: NativeSolver, reference: TameRegions, board: Board, free: int) -> int:
    """Assert that the kernel values every region of ``free`` of at most 16 cells as the
    Python reference does; how many regions were compared."""
    compared = 0
    for region in board.components(board.core(free)):
        if region.bit_count() <= 16:
            python = reference.region(region)
            expected = (None, None, False) if python is None else tuple(python)
            assert kernel.region_values(region) == expected, board.drawing()
            compared += 1
    return compared


def test_the_kernels_database_equals_the_python_reference() -> None:
    """Regions and positions of random boards with holes: the kernel's region values equal
    those of :class:`~evalgame.games.matching.tame.TameRegions` (the Python reference),
    and the kernel decides a position exactly when the reference does, with its values."""
    rng = random.Random(11)
    compared = decided = 0
    for board in random_boards(seed=41, count=60, most_free=22):
        cells = rng.choice((10, 16))
        kernel = NativeSolver(board, table_mb=1, options=WITH_RULE, tame_mb=4, tame_cells=cells)
        reference = TameRegions(board, size_limit=cells)
        free = board.start
        while board.core(free):
            compared += regions_agree(kernel, reference, board, free)
            before = kernel.kernel_stats()["tame_decided"]
            bounds = kernel.bounds(free, True)[0], kernel.bounds(free, False)[0]
            kernel_decides = kernel.kernel_stats()["tame_decided"] > before
            python_decides = reference.decide(free)
            assert kernel_decides == (python_decides is not None), board.drawing()
            if python_decides is not None:
                assert bounds == python_decides
                decided += 1
            free &= ~rng.choice(board.edges_within(board.core(free)))
    assert compared > 500
    assert decided > 100
