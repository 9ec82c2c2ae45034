"""Exact values by exhaustive search, and the regions' values and tameness from their
definition (docs/tiling_search.md, "Tame regions and the sum rule").

The value of a position is the number of dominoes still placed under optimal play, MAX
wanting it large and MIN small: plain minimax over every move, remembered by free set (its
live cells translated to the top left corner, so that a shape is searched once wherever it
lies). A region's values are a = M(R) (MAX to move) and b = m(R) (MIN to move), found by
that same search; its tameness is conditions 1–4 of the definition, checked on every region
that every move leaves, recursively. Nothing here trusts the sum rule: it only applies it
(:meth:`Values.sum_rule`) to regions it has valued and found tame.

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

#: entries of the memo of values before it is emptied (about 100 bytes each)
MEMO_LIMIT = 4_000_000


class SumValue(NamedTuple):
    """A position valued by the sum rule: its ``value``, N (``total``, the sum of its
    regions' values with MAX first) and h (``hot``, the number of hot regions)."""

    value: int
    total: int
    hot: int


class Values:
    """The exhaustive values of positions on one grid and the tameness of its regions,
    each shape searched once (both memos live as long as the object)."""

    def __init__(self, grid: Grid, memo_limit: int = MEMO_LIMIT) -> None:
        self.grid = grid
        self.memo_limit = memo_limit
        self._values: dict[int, int] = {}
        #: region, translated to the corner → (a, b) when tame, None when wild
        self._regions: dict[int, tuple[int, int] | None] = {}

    def value(self, free: int, max_to_move: bool) -> int:
        """The number of dominoes placed from the position ``free`` on under optimal play.

        >>> Values(Grid(3, 3)).value(0b111_111_111, True)  # the 3×3 board, MAX first
        4
        """
        grid = self.grid
        return self._search(grid.shifted(grid.live(free)), max_to_move)

    def _search(self, free: int, max_to_move: bool) -> int:
        """:meth:`value` of a set already live and translated to the corner."""
        memo = self._values
        key = free << 1 | max_to_move
        known = memo.get(key)
        if known is not None:
            return known
        grid = self.grid
        cols, not_last, shifted, search = grid.cols, grid.not_last, grid.shifted, self._search
        # the moves (as in Grid.moves), and after each the live cells (as in Grid.live)
        right = free & (free >> 1) & not_last
        down = free & (free >> cols)
        moves = []
        while right:
            low = right & -right
            moves.append(low | low << 1)
            right ^= low
        while down:
            low = down & -down
            moves.append(low | low << cols)
            down ^= low
        if max_to_move:  # no more dominoes than cells of either colour
            black = (free & grid.black).bit_count()
            most = min(black, free.bit_count() - black)
        else:
            most = 1  # nor fewer than one once a domino fits
        best, other = 0, not max_to_move
        for move in moves:
            child = free ^ move
            right = child & (child >> 1) & not_last
            down = child & (child >> cols)
            child = shifted(right | (right << 1) | down | (down << cols))
            found = memo.get(child << 1 | other)
            found = 1 + (search(child, other) if found is None else found)
            if best == 0 or (found > best if max_to_move else found < best):
                best = found
                if best == most:
                    break
        if len(memo) >= self.memo_limit:
            memo.clear()
        memo[key] = best
        return best

    def region(self, region: int) -> tuple[int, int] | None:
        """(a, b) of a region (a connected set of at least two cells) when it is tame,
        ``None`` when it is wild. By the definition, R is tame when

        1. t = a − b is 0 (cold) or 1 (hot);
        2. every region left by every move is tame;
        3. every move x has ⌊e/2⌋ ≤ g ≤ ⌈e/2⌉, where A and H are the sums of a and of t
           over the regions x leaves, g = 1 + A − a and e = H − t;
        4. if R is hot, some move has g = ⌈e/2⌉ and some move has g = ⌊e/2⌋.

        >>> values = Values(Grid(3, 3))
        >>> values.region(0b11), values.region(0b111)  # domino and I tromino: cold
        ((1, 1), (1, 1))
        >>> values.region(0b111_101_111) is None  # the ring round a hole: wild
        True
        """
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
        a, b = self._search(key, True), self._search(key, False)
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
