"""The board of a certificate: cells as bits, moves, symmetries, regions, matchings, drawings.

A set of cells is an ``int``, bit ``r·C + c`` for cell (r, c) of a grid of R rows and C
columns. A :class:`Grid` knows only its shape — the moves, regions and matchings of a set of
free cells do not depend on which other cells are blocked — and a :class:`Board` adds the
blocked cells and the symmetries that keep them in place.

>>> board = parse_board("..#/...")
>>> board.rows, board.cols, format(board.free, "b")
(2, 3, '111011')
>>> [board.cells_of(move) for move in board.moves(board.free)]
[(0, 1), (3, 4), (4, 5), (0, 3), (1, 4)]
>>> len(board.symmetries), len(parse_board("#../..#").symmetries)  # those that keep '#'
(1, 2)
>>> print(board.draw(board.free ^ 0b11, [(0, 1)]))
aa#
...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import getitem

from evalgame.errors import CertificateError

#: a domino as the certificate writes it: its two cell indices, in increasing order
Move = tuple[int, int]

#: the letters that draw placed dominoes, in the order they were placed
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def cells_of(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``, lowest first.

    >>> cells_of(0b10110)
    [1, 2, 4]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class Grid:
    """A grid of ``rows`` × ``cols`` cells and the bit operations on sets of its cells.

    >>> grid = Grid(2, 3)
    >>> grid.live(0b100011)  # cell 5 has no free neighbour: it can never be covered
    3
    >>> [format(region, "b") for region in grid.regions(0b111011)]
    ['111011']
    >>> grid.matching(0b111111)
    3
    """

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.size = rows * cols
        self.all = (1 << self.size) - 1
        self.columns = [
            sum(1 << (r * cols + c) for r in range(rows)) for c in range(cols)
        ]  #: the cells of each column
        self.not_last = self.all & ~self.columns[-1]  #: cells with a right neighbour
        self.not_first = self.all & ~self.columns[0]  #: cells with a left neighbour
        self.black = sum(1 << i for i in range(self.size) if (i // cols + i % cols) % 2 == 0)
        self.neighbours = [self.spread(1 << i) & ~(1 << i) for i in range(self.size)]
        self.first_row = (1 << cols) - 1  #: the cells of the first row
        #: shifts that OR every row onto the first
        self.folds = [cols << k for k in range(max(rows - 1, 0).bit_length())]
        self._shapes = Images(_grid_symmetries(rows, cols), self.size)

    def spread(self, cells: int) -> int:
        """``cells`` and their orthogonal neighbours on the grid."""
        cols = self.cols
        return (
            cells
            | ((cells << 1) & self.not_first)
            | ((cells >> 1) & self.not_last)
            | ((cells << cols) & self.all)
            | (cells >> cols)
        )

    def live(self, free: int) -> int:
        """``free`` without its cells that have no free neighbour (no domino covers them)."""
        right = free & (free >> 1) & self.not_last
        down = free & (free >> self.cols)
        return right | (right << 1) | down | (down << self.cols)

    def moves(self, free: int) -> list[int]:
        """Every domino that fits in ``free``, as a mask of its two cells: horizontal ones
        first, each kind by increasing first cell."""
        found = []
        right = free & (free >> 1) & self.not_last
        while right:
            low = right & -right
            found.append(low | low << 1)
            right ^= low
        down = free & (free >> self.cols)
        while down:
            low = down & -down
            found.append(low | low << self.cols)
            down ^= low
        return found

    @staticmethod
    def cells_of(move: int) -> Move:
        """The two cell indices, in increasing order, of a domino given as a mask."""
        low = move & -move
        return low.bit_length() - 1, move.bit_length() - 1

    def adjacent(self, i: int, j: int) -> bool:
        """Whether cells ``i`` < ``j`` are orthogonal neighbours."""
        return (j == i + 1 and i % self.cols != self.cols - 1) or j == i + self.cols

    def shifted(self, free: int) -> int:
        """``free`` translated up and left as far as it goes (a key up to translation).

        >>> format(Grid(3, 3).shifted(0b110_100_000), "b")  # cells (1, 2), (2, 1), (2, 2)
        '11010'
        """
        if not free:
            return 0
        cols = self.cols
        free >>= ((free & -free).bit_length() - 1) // cols * cols
        folded = free  # every row ORed onto the first: the columns in use
        for step in self.folds:
            folded |= folded >> step
        folded &= self.first_row
        return free >> ((folded & -folded).bit_length() - 1)

    def shape(self, free: int) -> int:
        """A key of ``free`` up to translation and the grid's symmetries: the smallest of
        its images, each translated to the corner (the same for two sets exactly when one
        is an image of the other).

        >>> grid = Grid(3, 3)
        >>> grid.shape(0b100_100), grid.shape(0b11), grid.shape(0b110_000_000)
        (3, 3, 3)
        """
        shifted = self.shifted
        return min(shifted(image) for image in self._shapes.all(free))

    def regions(self, free: int) -> list[int]:
        """The regions of ``free``: the connected components of its live cells, lowest
        first."""
        free = self.live(free)
        found = []
        while free:
            region = free & -free
            while True:
                grown = self.spread(region) & free
                if grown == region:
                    break
                region = grown
            found.append(region)
            free ^= region
        return found

    def matching(self, free: int) -> int:
        """The number of dominoes of a maximum matching of ``free``'s cells (augmenting
        paths from each black cell: the grid is bipartite)."""
        partner: dict[int, int] = {}  # white cell → its black partner
        neighbours = self.neighbours

        def augment(black: int, seen: list[int]) -> bool:
            options = neighbours[black] & free & ~seen[0]
            seen[0] |= options
            for white in cells_of(options):
                if white not in partner or augment(partner[white], seen):
                    partner[white] = black
                    return True
            return False

        size = 0
        for black in cells_of(free & self.black):
            size += augment(black, [0])
        return size


class Board(Grid):
    """A grid with its blocked cells: the free cells at the start and the board's group,
    the symmetries of the grid (8 when square, else 4) that map the blocked cells onto
    themselves, each a permutation of the cell indices."""

    def __init__(self, rows: int, cols: int, blocked: int = 0) -> None:
        super().__init__(rows, cols)
        self.blocked = blocked
        self.free = self.all & ~blocked
        self.symmetries = [
            perm for perm in _grid_symmetries(rows, cols) if _image(perm, blocked) == blocked
        ]
        self.inverses = [_inverse(perm) for perm in self.symmetries]
        self._images = Images(self.symmetries, self.size)

    def image(self, symmetry: int, free: int) -> int:
        """The image of the set ``free`` under the symmetry numbered ``symmetry``."""
        return self._images.all(free)[symmetry]

    def canonical(self, free: int) -> tuple[int, int]:
        """The canonical form of ``free`` (the smallest image under the board's group) and
        the number of a symmetry that sends ``free`` to it.

        >>> Board(1, 4).canonical(0b1100)  # mirrored: cells 2, 3 become cells 1, 0
        (3, 1)
        """
        images = self._images.all(free)
        best = min(images)
        return best, images.index(best)

    def back(self, symmetry: int, cell: int) -> int:
        """The cell that the symmetry numbered ``symmetry`` sends to ``cell``."""
        return self.inverses[symmetry][cell]

    def draw(self, free: int, placed: Sequence[Move] = ()) -> str:
        """The position as text, one line a row: ``.`` a free cell, ``#`` a blocked one, the
        dominoes ``placed`` by letters in their order (``a`` first), ``x`` any other cell."""
        marks = ["x"] * self.size
        for number, (i, j) in enumerate(placed):
            marks[i] = marks[j] = LETTERS[number] if number < len(LETTERS) else "*"
        for i in range(self.size):
            if self.blocked >> i & 1:
                marks[i] = "#"
            elif free >> i & 1:
                marks[i] = "."
        return "\n".join(
            "".join(marks[r * self.cols : (r + 1) * self.cols]) for r in range(self.rows)
        )


class Images:
    """The images of sets of cells under a list of permutations of the cells, by tables:
    the image of a set is the sum of the images of its bytes (they are disjoint).

    >>> Images([(0, 1, 2), (2, 1, 0)], 3).all(0b011)
    [3, 6]
    """

    def __init__(self, perms: Sequence[Sequence[int]], size: int) -> None:
        self._bytes = (size + 7) // 8
        self._tables = []
        for perm in perms:
            tables = []
            for k in range(self._bytes):
                table = [0] * 256
                for byte in range(1, 256):  # a byte's image: its lowest bit's and the rest's
                    low = (byte & -byte).bit_length() - 1
                    cell = 8 * k + low
                    table[byte] = table[byte & (byte - 1)] | (1 << perm[cell] if cell < size else 0)
                tables.append(table)
            self._tables.append(tables)

    def all(self, free: int) -> list[int]:
        """The image of ``free`` under each permutation, in their order."""
        data = free.to_bytes(self._bytes, "little")
        return [sum(map(getitem, tables, data)) for tables in self._tables]


def parse_board(text: str) -> Board:
    """The board written as rows joined by ``/``, top first, ``.`` free and ``#`` blocked.

    >>> parse_board("#../...").blocked
    1
    >>> parse_board("..x")
    Traceback (most recent call last):
    ...
    evalgame.errors.CertificateError: board '..x': 'x' is not a cell (row 1, column 3)
    """
    rows = text.split("/")
    if not all(rows):
        raise CertificateError(f"board {text!r}: an empty row")
    if len({len(row) for row in rows}) > 1:
        raise CertificateError(f"board {text!r}: rows of different lengths")
    blocked = 0
    for r, row in enumerate(rows):
        for c, char in enumerate(row):
            if char == "#":
                blocked |= 1 << (r * len(row) + c)
            elif char != ".":
                raise CertificateError(
                    f"board {text!r}: {char!r} is not a cell (row {r + 1}, column {c + 1})"
                )
    return Board(len(rows), len(rows[0]), blocked)


def _grid_symmetries(rows: int, cols: int) -> list[tuple[int, ...]]:
    """The symmetries of the grid as permutations of its cells, the identity first."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, r),
        ]
    perms = []
    for move in maps:
        perm = []
        for i in range(rows * cols):
            r, c = move(i // cols, i % cols)
            perm.append(r * cols + c)
        perms.append(tuple(perm))
    return list(dict.fromkeys(perms))  # a 1×1 or 1×N grid has fewer distinct ones


def _image(perm: Sequence[int], cells: int) -> int:
    """The image of the set ``cells`` under the permutation ``perm``."""
    return sum(1 << perm[i] for i in cells_of(cells))


def _inverse(perm: Sequence[int]) -> tuple[int, ...]:
    """The inverse permutation."""
    inverse = [0] * len(perm)
    for i, j in enumerate(perm):
        inverse[j] = i
    return tuple(inverse)
