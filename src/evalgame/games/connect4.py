"""Connect-four on a ``rows × cols`` board, on bitboards.

Each column takes ``rows + 1`` bits (bit ``col·(rows+1) + row``, row 0 at the bottom); the
spare top bit of each column keeps shifted lines from wrapping into the next column. A
position is ``(x, o, result)``: the masks of the first player's (X, MAX) and the second
player's (O, MIN) stones, and ``result`` = +1 / −1 once X / O has four in a row, else 0.
The payoff is that result (0 for a full board without a line). Moves are column indices,
shown to people as 1, 2, ...

The table key folds the left-right mirror image; :meth:`evaluate` scores open windows of
four for depth-limited play on boards too large to solve.

>>> game = ConnectFour(4, 4)
>>> position = game.initial()
>>> for column in (1, 1, 2, 2, 0):
...     position = game.play(position, column)
>>> print(game.render(position))
. . . .
. . . .
. O O .
X X X .
>>> game.order(position, game.moves(position))[0]  # O must block at column 4
3
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

from evalgame.errors import GameError
from evalgame.search.protocol import Game, Player, Value

Position = tuple[int, int, int]

#: windows weighted by the stones on them (0, 1, 2 or 3 of one colour, none of the other)
WINDOW_WEIGHTS = (0, 1, 4, 16)


class ConnectFour(Game[Position, int]):
    """Connect-four with ``rows`` rows and ``cols`` columns (the standard board is 6 × 7).

    >>> game = ConnectFour(6, 7)
    >>> game.moves(game.initial())  # centre columns first
    [3, 2, 4, 1, 5, 0, 6]
    >>> game.key(game.play(game.initial(), 0)) == game.key(game.play(game.initial(), 6))
    True
    """

    name = "connect4"

    def __init__(self, rows: int = 6, cols: int = 7) -> None:
        if not (1 <= rows <= 16 and 1 <= cols <= 16):
            raise GameError(f"a connect-four board needs 1–16 rows and columns, not {rows}×{cols}")
        self.rows, self.cols = rows, cols
        self.name = f"connect4:{rows}x{cols}"
        h = self.height = rows + 1
        self.bottom = [1 << (c * h) for c in range(cols)]
        self.top = [1 << (c * h + rows - 1) for c in range(cols)]
        self.column = [((1 << rows) - 1) << (c * h) for c in range(cols)]
        self.bottom_all = sum(self.bottom)
        self.board = sum(self.column)
        centre = (cols - 1) / 2
        self.column_order = sorted(range(cols), key=lambda c: (abs(c - centre), c))
        self.windows = self._windows()

    def _windows(self) -> list[int]:
        h, windows = self.height, []
        for c in range(self.cols):
            for r in range(self.rows):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    cells = [(c + i * dc, r + i * dr) for i in range(4)]
                    if all(0 <= cc < self.cols and 0 <= rr < self.rows for cc, rr in cells):
                        windows.append(sum(1 << (cc * h + rr) for cc, rr in cells))
        return windows

    def _four(self, bits: int) -> bool:
        """Whether ``bits`` holds four in a row in any direction."""
        for shift in (1, self.height, self.height + 1, self.height - 1):
            pairs = bits & (bits >> shift)
            if pairs & (pairs >> (2 * shift)):
                return True
        return False

    def initial(self) -> Position:
        return (0, 0, 0)

    def to_move(self, position: Position) -> Player:
        x, o, _ = position
        return Player.MAX if x.bit_count() == o.bit_count() else Player.MIN

    def moves(self, position: Position) -> Sequence[int]:
        x, o, result = position
        if result:
            return ()
        taken = x | o
        top = self.top
        return [c for c in self.column_order if not taken & top[c]]

    def _drop(self, taken: int, column: int) -> int:
        """The cell a stone dropped into ``column`` lands on."""
        return (taken + self.bottom[column]) & self.column[column] & ~taken

    def play(self, position: Position, move: int) -> Position:
        x, o, _ = position
        cell = self._drop(x | o, move)
        if x.bit_count() == o.bit_count():
            x |= cell
            return (x, o, 1 if self._four(x) else 0)
        o |= cell
        return (x, o, -1 if self._four(o) else 0)

    def payoff(self, position: Position) -> Value:
        return position[2]

    def key(self, position: Position) -> Hashable:
        """X's stones plus a marker above each column's top stone, mirror-folded."""
        x, o, _ = position
        code = x + (x | o) + self.bottom_all
        h, last, mask = self.height, self.cols - 1, (1 << self.height) - 1
        mirror = 0
        for c in range(self.cols):
            mirror |= ((code >> (c * h)) & mask) << ((last - c) * h)
        return min(code, mirror)

    def bounds(self, position: Position) -> tuple[Value, Value]:
        return -1, 1

    def order(self, position: Position, moves: Sequence[int]) -> Sequence[int]:
        """Winning moves first, then moves that block a line of the opponent, then the rest."""
        x, o, _ = position
        taken = x | o
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        wins, blocks, rest = [], [], []
        for move in moves:
            cell = self._drop(taken, move)
            if self._four(mine | cell):
                wins.append(move)
            elif self._four(theirs | cell):
                blocks.append(move)
            else:
                rest.append(move)
        return wins + blocks + rest

    def evaluate(self, position: Position) -> Value:
        """Open windows of four weighted by their stones, X's minus O's, within (−1, 1)."""
        x, o, result = position
        if result:
            return result
        score = 0
        for window in self.windows:
            if not window & o:
                score += WINDOW_WEIGHTS[(window & x).bit_count()]
            elif not window & x:
                score -= WINDOW_WEIGHTS[(window & o).bit_count()]
        return Fraction(score, 16 * len(self.windows) + 1)

    def describe_move(self, position: Position, move: int) -> str:
        return str(move + 1)

    def render(self, position: Position) -> str:
        """The board, top row first, as ``X``, ``O`` and ``.``."""
        x, o, _ = position
        lines = []
        for r in reversed(range(self.rows)):
            cells = []
            for c in range(self.cols):
                bit = 1 << (c * self.height + r)
                cells.append("X" if x & bit else "O" if o & bit else ".")
            lines.append(" ".join(cells))
        return "\n".join(lines)
