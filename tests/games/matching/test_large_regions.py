"""The kernel's tame regions of 15–20 cells and its crumbs beside them, against the
certificate checker's exhaustive search — an implementation of the definitions that shares
no code with the kernel (src/evalgame/certify).

8×8 was proven with regions of up to 20 cells in the kernel's database; the other tests of
the database and of crumbs stop at 8–14 cells, where brute force in Python is quick.
"""

from __future__ import annotations

import random

import pytest

from evalgame.certify.board import Grid
from evalgame.certify.values import Values
from evalgame.games.matching import native
from evalgame.games.matching.native import LARGE_GRAPH_OPTIONS, NativeSolver
from evalgame.games.tiling.board import Board

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

ROWS, COLS = 6, 6


def random_region(rng: random.Random, cells: int) -> int:
    """A random connected set of ``cells`` cells of the 6×6 grid, grown cell by cell."""
    board = Board(ROWS, COLS)
    region = 1 << rng.randrange(ROWS * COLS)
    while region.bit_count() < cells:
        frontier = board.neighbourhood(region) & ~region
        choices = [cell for cell in range(ROWS * COLS) if frontier >> cell & 1]
        region |= 1 << rng.choice(choices)
    return region


@pytest.mark.slow
def test_regions_of_15_to_20_cells_agree_with_the_checker() -> None:
    """Values a, b and tameness: the kernel's database against the checker's definition."""
    rng = random.Random(20)
    kernel = NativeSolver(
        Board(ROWS, COLS), table_mb=4, options=LARGE_GRAPH_OPTIONS, tame_mb=256, tame_cells=20
    )
    checker = Values(Grid(ROWS, COLS))
    kinds = {"tame": 0, "wild": 0}
    for cells in range(15, 21):
        for _ in range(12):
            region = random_region(rng, cells)
            a, b, tame = kernel.region_values(region)
            exact = (checker.value(region, True), checker.value(region, False))
            expected = checker.region(region)
            assert tame == (expected is not None), format(region, "x")
            if tame:
                assert (a, b) == expected == exact, format(region, "x")
            elif a is not None and b is not None:
                assert (a, b) == exact, format(region, "x")
            kinds["tame" if tame else "wild"] += 1
    assert kinds["tame"] > 20  # both kinds occur: the comparison is not one-sided
    assert kinds["wild"] > 0


@pytest.mark.slow
def test_crumbs_beside_large_tame_regions_agree_with_exhaustive_search() -> None:
    """Positions on 6×6 of a region of 15–20 cells and a random part of the cells apart
    from it: the kernel with crumbs and the sum rule (tame regions to 20 cells) against the
    checker's exhaustive value, both sides to move."""
    rng = random.Random(21)
    board = Board(ROWS, COLS)
    checker = Values(Grid(ROWS, COLS))
    kernel = NativeSolver(
        board, table_mb=8, options=LARGE_GRAPH_OPTIONS, tame_mb=256, tame_cells=20
    )
    checked = 0
    for _ in range(30):
        large = random_region(rng, rng.randint(15, 20))
        rest = board.start & ~board.neighbourhood(large) & ~large
        free = large
        for cell in range(ROWS * COLS):  # crumbs: a random part of what is left apart
            if rest >> cell & 1 and rng.random() < 0.6:
                free |= 1 << cell
        for max_to_move in (True, False):
            assert kernel.value(free, max_to_move) == checker.value(free, max_to_move), format(
                free, "x"
            )
            checked += 1
    assert checked == 60
    assert kernel.kernel_stats()["tame_decided"] > 0
