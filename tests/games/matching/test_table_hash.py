"""The kernel's tables spread 8×8 positions over all their buckets.

A key is a set of free cells, mostly ones on an 8×8 board. Hashed as the key times an odd
constant (low bits fed by the key's low bits only), 8×8 positions crowded into few
buckets: an 8 MB transposition table a fifth full replaced an entry at 2 of every 5 stores,
and 200,000 saved proof numbers put up to 48 in one bucket of 4, so a later sitting lost
the decided answers of whole first moves. With every key bit mixed into the index
(``mix64`` in the kernel), a table far from full gives up nothing. With the old hash each
check below fails (1,087 replacements; of 10,000 saved entries 8,733 came back).
"""

from __future__ import annotations

import pytest

from evalgame.games.matching import native
from evalgame.games.matching.native import NativeSolver
from evalgame.games.tiling.board import Board

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")


def test_a_transposition_table_far_from_full_replaces_no_entry() -> None:
    board = Board(8, 8)
    solver = NativeSolver(board, table_mb=8)
    solver.prove(board.full, False, 26, max_nodes=20_000, table_mb=8)
    stats = solver.kernel_stats()
    assert 1_000 < stats["table_entries"] < stats["table_capacity"] // 20
    assert stats["replacements"] == 0


def test_saved_numbers_all_come_back_in_a_table_far_from_full() -> None:
    board = Board(8, 8)
    solver = NativeSolver(board, table_mb=8)
    solver.prove(board.full, True, 27, max_nodes=30_000, table_mb=64)
    saved = solver.numbers(10_000)
    later = NativeSolver(board, table_mb=8)
    assert later.learn_numbers(saved, table_mb=4) == 10_000  # room for 174,762
    assert len(later.numbers(20_000)) == len(saved)
