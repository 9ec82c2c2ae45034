"""Exact values by exhaustive search, and the regions' values and tameness from their
definition (docs/tiling_search.md, "Tame regions and the sum rule").

The value of a position is the number of dominoes still placed under optimal play, MAX
wanting it large and MIN small. It is found by exhaustive search: tests "value ≥ v?" that
try every move (MIN to move) or moves until one reaches v (MAX), remembering for each
position (its live cells translated to the top left corner, so that a shape is searched
once wherever it lies) the bounds on its value that the tests proved. A region's values
are a = M(R) (MAX to move) and b = m(R) (MIN to move), found by that search — the sum rule
only suggests where to start testing; its tameness is conditions 1–4 of the definition,
checked on every region that every move leaves, recursively. Nothing here trusts the sum
rule: it only applies it (:meth:`Values.sum_rule`) to regions it has valued and found tame.

The same search is written in C (``_core.c``) and answers instead of the Python code below
when it is built and the board has at most 128 cells. It is built twice: the extension
``evalgame.certify._core`` with 64-bit sets of cells, and ``evalgame.certify._core128``
with 128-bit sets; a board takes the narrowest that holds it (:func:`core_class`), so the
boards of at most 64 cells keep the faster 64-bit code. The Python code is the reference
they are tested against (tests/certify/test_core.py) and answers otherwise, or with
``Values(grid, native=False)``.

>>> from evalgame.certify.board import Grid
>>> values = Values(Grid(1, 4))
>>> values.value(0b1111, True), values.value(0b1111, False)
(2, 1)
>>> values.region(0b1111)  # the I tetromino: a = 2, b = 1, tame and hot
(2, 1)
>>> values.sum_rule(0b1111, True, 20)
SumValue(value=2, total=2, hot=1)
"""

from __future__ import annotations

from typing import NamedTuple

from evalgame.certify.board import Grid

try:
    import evalgame.certify._core as _core
except ImportError:  # built without a C compiler: the Python search answers
    _core = None  # type: ignore[assignment]
try:
    import evalgame.certify._core128 as _core128
except ImportError:
    _core128 = None  # type: ignore[assignment]

#: entries of the memo of bounds before it is emptied (about 150 bytes each)
MEMO_LIMIT = 4_000_000
#: the C core's tables in MB: bounds on positions' values (16 bytes an entry) and region
#: shapes (16 bytes each, twice: by shape and by place; both 32 bytes in _core128, which
#: holds half as many in the same size); the larger sizes on boards of more
#: than SMALL_BOARD cells, which meet many more regions (a 6×7 certificate: 812,000 shapes
#: valued, 654,000 given up with 32 MB; 734,000 and 63 with 512 MB, in about the same
#: time). A full table gives up entries; its pages are only touched as entries are stored
TABLE_MB, LARGE_TABLE_MB, SMALL_BOARD = 64.0, 1024.0, 36
SHAPES_MB, LARGE_SHAPES_MB = 32.0, 512.0
#: the widths of the C core's builds, narrowest first: the width of their sets of cells,
#: hence the most cells of a board each takes (``_core``: 64, ``_core128``: 128)
CORE_WIDTHS = (64, 128)
#: the largest board the C core takes
CORE_CELLS = CORE_WIDTHS[-1]


def core_class(cells: int, width: int | None = None) -> type[_core.Core] | None:
    """The C core's class for a board of ``cells`` cells: that of the narrowest build that
    holds it (or of the build of ``width`` bits, if it holds it), ``None`` if none is built
    that does.

    >>> core_class(64) is (None if _core is None else _core.Core)
    True
    >>> core_class(129) is None
    True
    """
    builds = (
        None if _core is None else _core.Core,
        None if _core128 is None else _core128.Core,
    )
    for bits, core in zip(CORE_WIDTHS, builds, strict=True):
        if core is not None and cells <= bits and width in (None, bits):
            return core
    return None


class SumValue(NamedTuple):
    """A position valued by the sum rule: its ``value``, N (``total``, the sum of its
    regions' values with MAX first) and h (``hot``, the number of hot regions)."""

    value: int
    total: int
    hot: int


class Values:
    """The exhaustive values of positions on one grid and the tameness of its regions,
    each shape searched once (both memos live as long as the object).

    The C core answers when it is built, ``native`` and the grid has at most 128 cells
    (:attr:`core`: the narrowest build that holds the grid, or that of ``width`` bits, for
    tests), with tables of ``table_mb`` MB (by default :data:`TABLE_MB`, or
    :data:`LARGE_TABLE_MB` above :data:`SMALL_BOARD` cells) and ``shapes_mb`` MB (likewise
    :data:`SHAPES_MB` or :data:`LARGE_SHAPES_MB`); else the
    Python search, with a memo of at most ``memo_limit`` entries.
    """

    def __init__(
        self,
        grid: Grid,
        memo_limit: int = MEMO_LIMIT,
        *,
        native: bool = True,
        table_mb: float | None = None,
        shapes_mb: float | None = None,
        width: int | None = None,
    ) -> None:
        self.grid = grid
        self.memo_limit = memo_limit
        small = grid.size <= SMALL_BOARD
        if table_mb is None:
            table_mb = TABLE_MB if small else LARGE_TABLE_MB
        if shapes_mb is None:
            shapes_mb = SHAPES_MB if small else LARGE_SHAPES_MB
        core = core_class(grid.size, width) if native else None
        #: the C core, when built, wanted and the board fits it
        self.core = None if core is None else core(grid.rows, grid.cols, table_mb, shapes_mb)
        #: position (its live cells in the corner) and side → bounds (low, high) on its value
        self._values: dict[int, tuple[int, int]] = {}
        #: region, translated to the corner → (a, b) when tame, None when wild
        self._regions: dict[int, tuple[int, int] | None] = {}

    def value(self, free: int, max_to_move: bool, guess: int | None = None) -> int:
        """The number of dominoes placed from the position ``free`` on under optimal play,
        found by tests "value ≥ v?" from ``guess`` up or down (any guess gives the value;
        a good one saves tests).

        >>> Values(Grid(3, 3)).value(0b111_111_111, True)  # the 3×3 board, MAX first
        4
        """
        if self.core is not None:
            guess = -1 if guess is None else min(max(guess, 0), CORE_CELLS)
            return self.core.value(free, max_to_move, guess)
        grid = self.grid
        free = grid.shifted(grid.live(free))
        value = free.bit_count() // 3 if guess is None else max(guess, 0)
        if self._at_least(free, max_to_move, value):
            while self._at_least(free, max_to_move, value + 1):
                value += 1
            return value
        value -= 1
        while not self._at_least(free, max_to_move, value):
            value -= 1
        return value

    def at_least(self, free: int, max_to_move: bool, bound: int) -> bool:
        """Whether the position ``free`` is worth at least ``bound`` dominoes.

        >>> values = Values(Grid(1, 4))
        >>> values.at_least(0b1111, True, 2), values.at_least(0b1111, False, 2)
        (True, False)
        """
        if self.core is not None:
            if bound <= 0 or 2 * bound > free.bit_count():  # no more than half the cells
                return bound <= 0
            return self.core.at_least(free, max_to_move, bound)
        grid = self.grid
        return self._at_least(grid.shifted(grid.live(free)), max_to_move, bound)

    def _at_least(self, free: int, max_to_move: bool, bound: int) -> bool:
        """:meth:`at_least` of a set already live and translated to the corner: every move
        searched (MIN to move) or until one reaches the bound (MAX), the bounds learnt
        on the value of each position remembered."""
        if bound <= 0:
            return True
        memo = self._values
        key = free << 1 | max_to_move
        known = memo.get(key)
        if known is not None:
            low, high = known
            if low >= bound:
                return True
            if high < bound:
                return False
        else:  # no more dominoes than cells of either colour
            black = (free & self.grid.black).bit_count()
            low, high = 0, min(black, free.bit_count() - black)
            if high < bound:
                return False
        grid = self.grid
        cols, not_last, folds, first_row = grid.cols, grid.not_last, grid.folds, grid.first_row
        get, search = memo.get, self._at_least
        other, need = not max_to_move, bound - 1
        # MAX looks for a move to a position worth ``need``, MIN for one to a position
        # worth less; each position after a move made live (as in Grid.live), and searched
        # only if its remembered bounds do not decide
        found, moved = not max_to_move, False
        right = free & (free >> 1) & not_last
        down = free & (free >> cols)
        for pairs, step in ((right, 1), (down, cols)):
            while pairs and found != max_to_move:
                cell = pairs & -pairs
                pairs ^= cell
                child = free ^ (cell | cell << step)
                r = child & (child >> 1) & not_last
                d = child & (child >> cols)
                child = r | (r << 1) | d | (d << cols)
                if child:  # translated to the corner (as in Grid.shifted)
                    child >>= ((child & -child).bit_length() - 1) // cols * cols
                    folded = child
                    for fold in folds:
                        folded |= folded >> fold
                    folded &= first_row
                    child >>= (folded & -folded).bit_length() - 1
                moved = True
                bounds = get(child << 1 | other)
                if bounds is not None and bounds[0] >= need:
                    reached = True
                elif bounds is not None and bounds[1] < need:
                    reached = False
                else:
                    reached = search(child, other, need)
                if reached == max_to_move:
                    found = max_to_move
        if not moved:
            found, low, high = False, 0, 0
        else:
            low = max(low, 1)
        if found:
            low = max(low, bound)
        else:
            high = min(high, bound - 1)
        if len(memo) >= self.memo_limit:
            memo.clear()
        memo[key] = (low, high)
        return found

    def region(self, region: int) -> tuple[int, int] | None:
        """(a, b) of a region (a connected set of at least two cells) when it is tame,
        ``None`` when it is wild. By the definition, R is tame when

        1. t = a − b is 0 (cold) or 1 (hot);
        2. every region left by every move is tame;
        3. every move x has ⌊e/2⌋ ≤ g ≤ ⌈e/2⌉, where A and H are the sums of a and of t
           over the regions x leaves, g = 1 + A − a and e = H − t;
        4. if R is hot, some move has g = ⌈e/2⌉ and some move has g = ⌊e/2⌋.

        A region is valued once per shape, up to translation and the 8 symmetries of the
        square lattice (:meth:`Grid.shape`; the C core keys its table of shapes the same
        way). Why that is exact: a translation, rotation or reflection maps the region's
        cells one to one onto its image's and adjacent cells onto adjacent cells, so it
        maps dominoes onto dominoes, every move and every region a move leaves onto the
        image's, the game tree onto the image's game tree; a and b (values of that tree)
        and conditions 1–4 (stated on a, b and the regions each move leaves, recursively)
        are the same for both. Nothing outside the region enters them: its values and
        tameness do not depend on where it lies on the board or on the board's blocked
        cells.

        >>> values = Values(Grid(3, 3))
        >>> values.region(0b11), values.region(0b111)  # domino and I tromino: cold
        ((1, 1), (1, 1))
        >>> values.region(0b111_101_111) is None  # the ring round a hole: wild
        True
        """
        if self.core is not None:
            a, b, tame = self.core.region(region)
            return (a, b) if tame else None
        grid = self.grid
        place = grid.shifted(region)
        if place in self._regions:
            return self._regions[place]
        key = grid.shape(place)  # a shape is valued once, whichever way it lies
        if key not in self._regions:
            self._regions[key] = self._tame(key)
        self._regions[place] = self._regions[key]
        return self._regions[key]

    def _tame(self, key: int) -> tuple[int, int] | None:
        """:meth:`region` of a region translated to the corner, not yet valued."""
        grid = self.grid
        options = []  # (A, H) of each move
        for move in grid.moves(key):
            total = hot = 0
            for part in grid.regions(key ^ move):
                values = self.region(part)
                if values is None:  # condition 2
                    return None
                total += values[0]
                hot += values[0] - values[1]
            options.append((total, hot))
        # the sum rule's values guide the search, which alone decides them
        a = self.value(key, True, max(1 + total - -(-hot // 2) for total, hot in options))
        b = self.value(key, False, min(1 + total - hot // 2 for total, hot in options))
        t = a - b
        tame = t in (0, 1)  # condition 1
        highs = lows = False
        for total, hot in options:
            g, e = 1 + total - a, hot - t
            low, high = e // 2, -(-e // 2)
            tame = tame and low <= g <= high  # condition 3
            highs = highs or g == high
            lows = lows or g == low
        tame = tame and (t == 0 or (highs and lows))  # condition 4
        return (a, b) if tame else None

    def sum_rule(self, free: int, max_to_move: bool, most_cells: int) -> SumValue | None:
        """The value of the position ``free`` by the sum rule — N − ⌊h/2⌋ with MAX to
        move, N − ⌈h/2⌉ with MIN — when each of its regions has at most ``most_cells``
        cells and is tame; ``None`` otherwise.

        >>> Values(Grid(1, 9)).sum_rule(0b1111_0_1111, False, 4)  # two I tetrominoes
        SumValue(value=3, total=4, hot=2)
        """
        if self.core is not None:
            summed = self.core.sum_rule(free, min(max(most_cells, 0), CORE_CELLS))
            if summed is None:
                return None
            total, hot = summed
        else:
            regions = self.grid.regions(free)
            if any(region.bit_count() > most_cells for region in regions):
                return None
            total = hot = 0
            for region in regions:
                values = self.region(region)
                if values is None:
                    return None
                total += values[0]
                hot += values[0] - values[1]
        value = total - (hot // 2 if max_to_move else -(-hot // 2))
        return SumValue(value, total, hot)
