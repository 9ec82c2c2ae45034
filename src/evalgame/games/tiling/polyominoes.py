"""Free polyominoes: connected sets of cells of the square grid, up to translation, rotation
and reflection — every shape a region of free cells can take on a board.

Every polyomino of ``k + 1`` cells is one of ``k`` cells with a cell added (remove a leaf of
a spanning tree), so the polyominoes of each size come from those of the size before by
adding every neighbouring cell and keeping one copy of each :meth:`Board.shape`. They are
sets of cells of a board large enough for all of them, each with its bounding box at row 1,
column 1 (a free row and column all round, for the cells added next).

>>> board, levels = polyominoes(8)
>>> [len(level) for level in levels]      # OEIS A000105
[1, 1, 2, 5, 12, 35, 108, 369]
>>> [board.cells(mask) for mask in levels[1]]
[[(1, 1), (2, 1)]]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from evalgame.games.tiling.board import Board


def polyominoes(n: int) -> tuple[Board, list[list[int]]]:
    """The free polyominoes of 1 … ``n`` cells on a board that holds them all, one list
    per size, smallest first."""
    board = polyomino_board(n)
    levels = [[1 << board.cell(1, 1)]] if n >= 1 else []
    while len(levels) < n:
        levels.append(list(grow(board, levels[-1])))
    return board, levels


def polyomino_board(n: int) -> Board:
    """A board that holds every polyomino of at most ``n`` cells with a free row and
    column all round."""
    return Board(n + 2, n + 2)


def grow(board: Board, level: Iterable[int]) -> Iterator[int]:
    """The polyominoes of one more cell than those of ``level`` (all of one size, each
    with its bounding box at row 1, column 1), each as soon as it is found."""
    found: set[int] = set()
    for cells in level:
        around = board.neighbourhood(cells) & ~cells
        while around:
            cell = around & -around
            around ^= cell
            grown = cells | cell
            shape = board.shape(grown)
            if shape not in found:
                found.add(shape)
                yield _to_corner(board, grown)


def _to_corner(board: Board, cells: int) -> int:
    """``cells`` moved so that its bounding box starts at row 1, column 1."""
    cols = board.cols
    top = ((cells & -cells).bit_length() - 1) // cols
    left = min(column for _, column in board.cells(cells))
    shift = (top - 1) * cols + (left - 1)
    return cells >> shift if shift >= 0 else cells << -shift
