"""The separator bound: a proven lower bound on a board position from cells taken away.

By monotonicity (docs/tiling_search.md, "Monotonicity") a position is worth at least the
position with any set S of its free cells covered, whoever moves first. When the cells left
fall into tame regions of at most ``size_limit`` cells, the sum rule values that smaller
position exactly, without search (:mod:`.tame`). S is chosen by straight cuts: a region
too large for the database, or not tame, loses the cells of one row or column of the board
(the line with the fewest of its cells, weighted against the larger side it leaves), and
the pieces are treated alike, at most :data:`CUTS` cuts in all. This is the reference of
the C kernel's option ``separator`` (``kernel/separator.c``), which makes the same cuts.

>>> from evalgame.games.tiling.board import Board
>>> board = Board(3, 7)       # 21 cells: more than the database's 16
>>> bin(best_line(board, board.full))     # the middle column is cut: two 3×3 squares left
'0b100000010000001000'
>>> separator_bound(board, TameRegions(board), board.full, max_to_move=True)  # the value: 9
8
"""

from __future__ import annotations

from collections.abc import Callable

from evalgame.games.matching.tame import RegionValue, TameRegions, sum_rule
from evalgame.games.tiling.board import Board

#: the number of cuts the bound makes before it gives up
CUTS = 4


def best_line(board: Board, region: int) -> int:
    """The cells of ``region`` on the row or column to cut: the least ``8·|S| + (the larger
    number of cells on either side)``, rows before columns, the lower index first on ties.

    >>> board = Board(4, 4)
    >>> bin(best_line(board, 0b0000_0000_1111_1111))   # a 2×4 rectangle: column 1 (a tie)
    '0b100010'
    """
    cols, size = board.cols, region.bit_count()
    best, best_score = 0, 1 << 30
    row_mask = (1 << cols) - 1
    for r in range(board.rows):
        line = region & (row_mask << (r * cols))
        before = region & ((1 << (r * cols)) - 1)
        best, best_score = _better(line, before, size, best, best_score)
    column = sum(1 << (r * cols) for r in range(board.rows))
    for c in range(cols):
        line = region & (column << c)
        before = region & sum(column << i for i in range(c))
        best, best_score = _better(line, before, size, best, best_score)
    return best


def _better(line: int, before: int, size: int, best: int, best_score: int) -> tuple[int, int]:
    """The line and score kept after ``line`` is considered."""
    if not line:
        return best, best_score
    cut, low = line.bit_count(), before.bit_count()
    score = 8 * cut + max(low, size - cut - low)
    return (line, score) if score < best_score else (best, best_score)


def separator_cut(
    board: Board,
    region_value: Callable[[int], RegionValue | None],
    free: int,
    *,
    size_limit: int,
    cuts: int = CUTS,
) -> tuple[int, list[RegionValue]] | None:
    """The cells S the cuts take from ``free`` and the values of the tame regions left
    (see the module doc), ``None`` when the cuts run out first. ``region_value`` values a
    region of at most ``size_limit`` cells (``None``: not valued), whatever database
    answers: the Python one here, the kernel's for a certificate's cut (format 2).

    >>> board = Board(3, 7)
    >>> cut, values = separator_cut(board, TameRegions(board).region, board.full, size_limit=16)
    >>> cut == best_line(board, board.full), values[0]
    (True, RegionValue(a=4, b=4, tame=True))
    """
    pending = board.components(board.core(free))
    values = []
    removed = made = 0
    while pending:
        region = pending.pop()
        if region.bit_count() <= size_limit:
            value = region_value(region)
            if value is not None and value.tame:
                values.append(value)
                continue
        made += 1
        if made > cuts:
            return None
        line = best_line(board, region)
        removed |= line
        pending += board.components(board.core(region & ~line))
    return removed, values


def separator_bound(
    board: Board, regions: TameRegions, free: int, max_to_move: bool, *, cuts: int = CUTS
) -> int | None:
    """A proven lower bound on the moves still to come from ``free`` (see the module
    doc), ``None`` when the cuts run out before every piece is tame."""
    found = separator_cut(board, regions.region, free, size_limit=regions.size_limit, cuts=cuts)
    if found is None:
        return None
    after_max, after_min = sum_rule(found[1])
    return after_max if max_to_move else after_min
