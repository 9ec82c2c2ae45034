"""The m×n board as a graph: cells are vertices, adjacent cells are edges, dominoes are edges.

Cell ``(r, c)`` is vertex ``r·cols + c``. The board's symmetries (8 for a square board,
4 otherwise) act on whole bitmasks through byte tables, and each connected region of free
cells has a *shape*: a key shared by all congruent regions (translated, rotated or
reflected), because congruent regions induce isomorphic graphs.

>>> board = Board(2, 3)
>>> board.cells(board.full)[:4]
[(0, 0), (0, 1), (0, 2), (1, 0)]
>>> board.domino(board.edge((0, 0), (1, 0)))
((0, 0), (1, 0))
>>> len(board.symmetries), len(Board(3, 3).symmetries)
(4, 8)

A board may have blocked cells (holes): its graph is still the whole grid, and the game
starts with the blocked cells already covered. The value of a position depends only on the
graph its free cells induce, so the grid's symmetries and translations still merge
positions soundly. :func:`parse_board` reads a board drawn as text:

>>> holed = parse_board("..#/...")
>>> holed.blocked_cells, holed.drawing()
([(0, 2)], '..#/...')
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from pathlib import Path

from evalgame.errors import BoardError, GraphError, InputError
from evalgame.games.matching.bitgraph import BitGraph, Permutation, bits

#: a cell of the board: (row, column), both counted from 0
Cell = tuple[int, int]
#: a domino: its two cells, the smaller first
Domino = tuple[Cell, Cell]

#: a board side longer than this is refused
MAX_SIDE = 64
#: boards with more cells than this are refused
MAX_CELLS = 1024
#: regions up to this many cells are recognised by their shape
SHAPE_LIMIT = 16
#: how a board is drawn: a free cell, a blocked one, and what joins rows on one line
FREE, BLOCKED, ROW_SEPARATOR = ".", "#", "/"


def check_size(rows: int, cols: int) -> None:
    """Refuse a board that is empty or absurdly large, with a clear message.

    >>> check_size(0, 3)
    Traceback (most recent call last):
    ...
    evalgame.errors.InputError: a board needs at least one row and one column, not 0×3
    """
    if rows < 1 or cols < 1:
        raise InputError(f"a board needs at least one row and one column, not {rows}×{cols}")
    if rows > MAX_SIDE or cols > MAX_SIDE or rows * cols > MAX_CELLS:
        raise InputError(
            f"a {rows}×{cols} board is too large: at most {MAX_SIDE} per side and {MAX_CELLS} cells"
        )


def _transforms(rows: int, cols: int) -> list[Callable[[int, int], Cell]]:
    """The board's symmetries as maps of cells."""
    last_r, last_c = rows - 1, cols - 1
    maps: list[Callable[[int, int], Cell]] = [
        lambda r, c: (last_r - r, last_c - c),
        lambda r, c: (r, last_c - c),
        lambda r, c: (last_r - r, c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (last_c - c, last_r - r),
            lambda r, c: (c, last_r - r),
            lambda r, c: (last_c - c, r),
        ]
    return maps


class Board(BitGraph):
    """The ``rows × cols`` grid graph, with fast shift-based set operations; the cells
    ``blocked`` are covered from the start (see the module doc)."""

    def __init__(self, rows: int, cols: int, blocked: Iterable[Cell] = ()) -> None:
        check_size(rows, cols)
        self.rows, self.cols = rows, cols
        cell_edges = [
            (r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)
        ]
        cell_edges += [
            (r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)
        ]
        automorphisms = [
            [t(r, c)[0] * cols + t(r, c)[1] for r in range(rows) for c in range(cols)]
            for t in _transforms(rows, cols)
        ]
        labels = [f"{r},{c}" for r in range(rows) for c in range(cols)]
        super().__init__(rows * cols, cell_edges, automorphisms=automorphisms, labels=labels)
        first_column = sum(1 << (r * cols) for r in range(rows))
        self._not_first = self.full & ~first_column
        self._not_last = self.full & ~(first_column << (cols - 1))
        #: the blocked cells, and the free cells the game starts from
        self.blocked = sum(1 << self.cell(r, c) for r, c in set(blocked))
        self.start = self.full & ~self.blocked

    @property
    def blocked_cells(self) -> list[Cell]:
        """The blocked cells, row by row."""
        return self.cells(self.blocked)

    def label(self) -> str:
        """``3×4``, or with blocked cells the board's :meth:`drawing`.

        >>> Board(3, 4).label(), Board(1, 3, [(0, 1)]).label()
        ('3×4', '.#.')
        """
        return self.drawing() if self.blocked else f"{self.rows}×{self.cols}"

    def drawing(self) -> str:
        """The board as :func:`parse_board` reads it: rows of ``.`` and ``#`` joined by ``/``.

        >>> Board(2, 2, [(1, 0)]).drawing()
        '../#.'
        """
        return ROW_SEPARATOR.join(
            "".join(
                BLOCKED if self.blocked >> (r * self.cols + c) & 1 else FREE
                for c in range(self.cols)
            )
            for r in range(self.rows)
        )

    def cell(self, r: int, c: int) -> int:
        """The vertex of cell ``(r, c)``; a cell off the board is an :class:`InputError`."""
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise InputError(f"cell ({r}, {c}) is off the {self.rows}×{self.cols} board")
        return r * self.cols + c

    def cells(self, mask: int) -> list[Cell]:
        """The cells of the set ``mask``, row by row."""
        return [divmod(v, self.cols) for v in bits(mask)]

    def edge(self, first: Cell, second: Cell) -> int:
        """The two-bit mask of the domino on two adjacent cells.

        >>> Board(2, 2).edge((0, 0), (1, 1))
        Traceback (most recent call last):
        ...
        evalgame.errors.GraphError: cells (0, 0) and (1, 1) are not adjacent
        """
        u, v = self.cell(*first), self.cell(*second)
        if not self.adjacency[u] >> v & 1:
            raise GraphError(f"cells {first} and {second} are not adjacent")
        return 1 << u | 1 << v

    def domino(self, edge: int) -> Domino:
        """The two cells of a two-bit edge mask, the smaller first."""
        first, second = self.cells(edge)
        return first, second

    def describe(self, edge: int) -> str:
        """A domino as ``(r,c)–(r,c)``."""
        (r1, c1), (r2, c2) = self.domino(edge)
        return f"({r1},{c1})–({r2},{c2})"

    def neighbourhood(self, mask: int) -> int:
        """The cells with a side-neighbour in ``mask`` (four shifts)."""
        cols = self.cols
        return (
            ((mask & self._not_last) << 1)
            | ((mask & self._not_first) >> 1)
            | (mask << cols)
            | (mask >> cols)
        ) & self.full

    def components(self, mask: int) -> list[int]:
        """The connected regions of ``mask``, lowest cell first (flood fill by shifts)."""
        cols, not_first, not_last = self.cols, self._not_first, self._not_last
        found = []
        while mask:
            component = frontier = mask & -mask
            while frontier:
                frontier = (
                    (
                        ((frontier & not_last) << 1)
                        | ((frontier & not_first) >> 1)
                        | (frontier << cols)
                        | (frontier >> cols)
                    )
                    & mask
                    & ~component
                )
                component |= frontier
            found.append(component)
            mask &= ~component
        return found

    def neighbour_counts(self, mask: int) -> tuple[int, int]:
        """The cells with at least one, and with at least two, side-neighbours in ``mask``."""
        cols, full = self.cols, self.full
        ones = twos = 0
        for shifted in (
            (mask & self._not_last) << 1,
            (mask & self._not_first) >> 1,
            (mask << cols) & full,
            mask >> cols,
        ):
            twos |= ones & shifted
            ones |= shifted
        return ones, twos

    def edges_within(self, mask: int) -> list[int]:
        """The dominoes that fit on the free cells ``mask``: horizontal first, then vertical."""
        found = [3 << c for c in bits(mask & (mask >> 1) & self._not_last)]
        found += [(1 | 1 << self.cols) << c for c in bits(mask & (mask >> self.cols))]
        return found

    def component_class(self, component: int) -> int | None:
        """The shape of a small region: the least code of its 8 congruent copies.

        A region cut to its ``h × w`` bounding box, its cells numbered row by row, is coded
        ``bits << 14 | h << 7 | w``; congruent regions share the least such code.

        Regions of more than :data:`SHAPE_LIMIT` cells get ``None`` (their shape would cost
        more to compute than it saves).

        >>> board = Board(3, 3)
        >>> board.component_class(0b11) == board.component_class(0b1001)
        True
        """
        if component.bit_count() > SHAPE_LIMIT:
            return None
        return self.shape(component)

    def shape(self, region: int) -> int:
        """The shape of a region of any size (see :meth:`component_class`): the same on
        every board, since it depends only on the cells up to translation, rotation and
        reflection.

        >>> Board(2, 3).shape(0b11) == Board(5, 5).shape(0b100001)
        True
        """
        return _least_congruent(*self._pack(region))

    def _pack(self, region: int) -> tuple[int, int, int]:
        """``region`` cut to its bounding box: ``(bits row by row, height, width)``."""
        cols = self.cols
        top = ((region & -region).bit_length() - 1) // cols
        height = (region.bit_length() - 1) // cols - top + 1
        region >>= top * cols
        row_mask = (1 << cols) - 1
        occupied = 0
        rest = region
        while rest:
            occupied |= rest & row_mask
            rest >>= cols
        left = (occupied & -occupied).bit_length() - 1
        width = occupied.bit_length() - left
        width_mask = (1 << width) - 1
        packed = 0
        for row in range(height):
            packed |= (region >> (row * cols + left) & width_mask) << (row * width)
        return packed, height, width


def parse_board(text: str) -> Board:
    """A board drawn as text: rows of ``.`` (free) and ``#`` (blocked) cells, one row a line
    or joined by ``/``. A row of another length or another character is a
    :class:`~evalgame.errors.BoardError` pointing at it.

    >>> parse_board("...\\n#..").drawing()
    '.../#..'
    >>> parse_board("../.#./..")
    Traceback (most recent call last):
    ...
    evalgame.errors.BoardError: a row of 3 cells where row 1 has 2 at row 2, column 3
    """
    body = text.strip("\r\n")
    lines = [line.rstrip() for line in body.splitlines()] if "\n" in body else body.split("/")
    if not body.strip():
        raise InputError("the board is empty: draw its rows with . (free) and # (blocked)")
    width = len(lines[0])
    blocked = []
    for r, line in enumerate(lines):
        for c, char in enumerate(line):
            if char not in (FREE, BLOCKED):
                raise BoardError(f"{char!r} is not a cell (. free, # blocked)", line, r, c)
            if char == BLOCKED:
                blocked.append((r, c))
        if len(line) != width:
            raise BoardError(
                f"a row of {len(line)} cells where row 1 has {width}",
                line,
                r,
                min(len(line), width),
            )
    check_size(len(lines), width)
    return Board(len(lines), width, blocked)


def read_board(text_or_path: str) -> Board:
    """:func:`parse_board` of a drawing, or of the file it names (one row a line).

    >>> read_board("#./..").blocked_cells
    [(0, 0)]
    """
    path = Path(text_or_path)
    try:
        is_file = path.is_file()
    except OSError:  # not a possible file name (too long...): a drawing
        is_file = False
    if not is_file:
        return parse_board(text_or_path)
    try:
        return parse_board(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the board file {path}: {error}") from None


@functools.lru_cache(maxsize=1 << 20)
def _least_congruent(packed: int, height: int, width: int) -> int:
    """The least code over the 8 congruences of a packed region (see ``component_class``)."""
    return min(
        symmetry(packed) << 14 | rows << 7 | cols
        for symmetry, rows, cols in _box_symmetries(height, width)
    )


@functools.cache
def _box_symmetries(height: int, width: int) -> list[tuple[Permutation, int, int]]:
    """The 8 congruences of a ``height × width`` box as permutations of its packed bits."""
    found = []
    for turn in range(8):
        rows, cols = (width, height) if turn & 4 else (height, width)
        images = []
        for r in range(height):
            for c in range(width):
                rr, cc = (c, r) if turn & 4 else (r, c)
                rr = rows - 1 - rr if turn & 1 else rr
                cc = cols - 1 - cc if turn & 2 else cc
                images.append(rr * cols + cc)
        found.append((Permutation(images), rows, cols))
    return found
