"""Connect-four on a ``rows × cols`` board, on bitboards.

Each column takes ``rows + 1`` bits (bit ``col·(rows+1) + row``, row 0 at the bottom); the
spare top bit of each column keeps shifted lines from wrapping into the next column. A
position is ``(x, o, result, code, mirror, x_wins, o_wins, x_to_move)``: the masks of the
first player's (X, MAX) and the second player's (O, MIN) stones, ``result`` = +1 / −1 once
X / O has four in a row (else 0), the position's unique code and that of its mirror image,
the cells that would complete four for X and for O (exact on the empty cells; a filled cell
may stay listed), and whether X moves next. All are kept up to date move by move: the table
key costs nothing, a move wins when it fills one of the mover's winning cells, and the move
order reads the threats off the position.
The payoff is that result (0 for a full board without a line). Moves are the columns
numbered 1, 2, … from the left — the numbers the command line shows and reads, so a line
reads the same in Python and in the terminal.

The table key folds the left-right mirror image; :meth:`order` tries a winning move alone,
a forced block alone, and otherwise never a move that hands the opponent a win, the moves
through the most windows still open first;
a side that can no longer win has its bound at a draw;
:meth:`evaluate` scores open windows of four for depth-limited play on large boards.

>>> game = ConnectFour(4, 4)
>>> position = game.initial()
>>> for column in (2, 2, 3, 3, 1):
...     position = game.play(position, column)
>>> print(game.render(position))
. . . .
. . . .
. O O .
X X X .
>>> game.order(position, game.moves(position))  # O must block at column 4
[4]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

from evalgame.errors import GameError
from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player

Position = tuple[int, int, int, int, int, int, int, bool]

#: windows weighted by the stones on them (0, 1, 2 or 3 of one colour, none of the other)
WINDOW_WEIGHTS = (0, 1, 4, 16)


class ConnectFour(Game[Position, int]):
    """Connect-four with ``rows`` rows and ``cols`` columns (the standard board is 6 × 7).

    >>> game = ConnectFour(6, 7)
    >>> game.moves(game.initial())  # centre columns first
    (4, 3, 5, 2, 6, 1, 7)
    >>> game.key(game.play(game.initial(), 1)) == game.key(game.play(game.initial(), 7))
    True
    """

    name = "connect4"
    all_leaves_valid = True

    def __init__(self, rows: int = 6, cols: int = 7) -> None:
        if not (1 <= rows <= 16 and 1 <= cols <= 16):
            raise GameError(f"a connect-four board needs 1–16 rows and columns, not {rows}×{cols}")
        self.rows, self.cols = rows, cols
        self.name = f"connect4:{rows}x{cols}"
        h = self.height = rows + 1
        # by move, 1..cols (index 0 is an empty mask): column c + 1 holds bits c·h + row
        self.bottom = [0] + [1 << (c * h) for c in range(cols)]
        self.top = [0] + [1 << (c * h + rows - 1) for c in range(cols)]
        self.column = [0] + [((1 << rows) - 1) << (c * h) for c in range(cols)]
        self.bottom_all = sum(self.bottom)
        self.top_all = sum(self.top)
        self.board = sum(self.column)
        centre = (cols + 1) / 2
        self.column_order = sorted(range(1, cols + 1), key=lambda c: (abs(c - centre), c))
        self.windows = self._windows()
        #: the mirror image of each cell, by the cell's bit
        self.image = {
            1 << (c * h + r): 1 << ((cols - 1 - c) * h + r)
            for c in range(cols)
            for r in range(rows)
        }
        #: the windows of four through each cell, by the cell's bit
        self.through = {
            1 << (c * h + r): tuple(w for w in self.windows if w >> (c * h + r) & 1)
            for c in range(cols)
            for r in range(rows)
        }
        #: shifts by one cell along a row and both diagonals
        self._shifts = (h, h - 1, h + 1)
        #: the legal moves by the mask of full columns' top cells, filled in as met
        self._moves: dict[int, tuple[int, ...]] = {}

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

    def winning_cells(self, bits: int) -> int:
        """The cells of the board that would complete four in a row for the stones ``bits``.

        Vertically, a cell completes four on top of three stones. Along a direction with
        shift ``s``, ``left`` marks the cells with stones one and two steps back, ``right``
        those with stones one and two steps ahead; a third stone further on, or one step on
        the other side, completes four. The spare top bit of each column is always empty,
        so no line wraps around. The three directions are unrolled (a loop over them took
        twice the time, and this is the solver's hottest function).
        """
        s, d, u = self._shifts
        cells = (bits << 1) & (bits << 2) & (bits << 3)
        back, ahead = bits << s, bits >> s
        left, right = back & (back << s), ahead & (ahead >> s)
        cells |= left & ((left << s) | ahead) | right & (back | (right >> s))
        back, ahead = bits << d, bits >> d
        left, right = back & (back << d), ahead & (ahead >> d)
        cells |= left & ((left << d) | ahead) | right & (back | (right >> d))
        back, ahead = bits << u, bits >> u
        left, right = back & (back << u), ahead & (ahead >> u)
        cells |= left & ((left << u) | ahead) | right & (back | (right >> u))
        return cells & self.board

    def initial(self) -> Position:
        return (0, 0, 0, self.bottom_all, self.bottom_all, 0, 0, True)

    def to_move(self, position: Position) -> Player:
        return Player.MAX if position[7] else Player.MIN

    def moves(self, position: Position) -> Sequence[int]:
        if position[2]:
            return ()
        full = (position[0] | position[1]) & self.top_all
        moves = self._moves.get(full)
        if moves is None:
            moves = tuple(c for c in self.column_order if not full & self.top[c])
            self._moves[full] = moves
        return moves

    def play(self, position: Position, move: int) -> Position:
        x, o, _, code, mirror, x_wins, o_wins, x_to_move = position
        cell = ((x | o) + self.bottom[move]) & self.column[move]
        # code = X's stones + all stones + bottom row: a stone of X adds its cell twice
        if x_to_move:
            x |= cell
            code, mirror = code + 2 * cell, mirror + 2 * self.image[cell]
            if cell & x_wins:
                return (x, o, 1, code, mirror, x_wins, o_wins, False)
            stones, wins = x, x_wins
        else:
            o |= cell
            code, mirror = code + cell, mirror + self.image[cell]
            if cell & o_wins:
                return (x, o, -1, code, mirror, x_wins, o_wins, True)
            stones, wins = o, o_wins
        # The mover's new winning cells: only the windows through the new stone change; one
        # of them may now lack a single stone (none: that would be a win). A loop over these
        # few windows costs a third of winning_cells.
        others = ~stones
        for window in self.through[cell]:
            missing = window & others
            if not missing & (missing - 1):
                wins |= missing
        if x_to_move:
            return (x, o, 0, code, mirror, wins, o_wins, False)
        return (x, o, 0, code, mirror, x_wins, wins, True)

    def payoff(self, position: Position) -> Number:
        return position[2]

    def key(self, position: Position) -> Hashable:
        """X's stones plus a marker above each column's top stone, mirror-folded."""
        code, mirror = position[3], position[4]
        return code if code <= mirror else mirror

    def bounds(self, position: Position) -> tuple[Number, Number]:
        """−1 … 1, narrowed to 0 on a side that has no window of four left free of the
        opponent's stones (it can no longer win): a board blocked for both is a draw.

        >>> game = ConnectFour(4, 4)
        >>> game.bounds(game.initial())
        (-1, 1)
        """
        x, o = position[0], position[1]
        board = self.board
        return (-1 if self._four(board & ~x) else 0, 1 if self._four(board & ~o) else 0)

    def order(self, position: Position, moves: Sequence[int]) -> Sequence[int]:
        """A winning move alone; else a forced block alone; else the moves that do not let
        the opponent win at once (all of them if every move does), most open windows first.

        Dropping moves is sound: a win is the best possible value; when the opponent
        threatens to win at once every other move loses; and a move that lets the
        opponent win at once loses, so it is never better than the moves kept.
        """
        if len(moves) < 2:
            return moves
        x, o, _, _, _, x_wins, o_wins, x_to_move = position
        mine, theirs = (x_wins, o_wins) if x_to_move else (o_wins, x_wins)
        playable = ((x | o) + self.bottom_all) & self.board
        column = self.column
        wins = mine & playable
        if wins:
            return [next(m for m in moves if wins & column[m])]
        forced = theirs & playable
        if forced:
            return [next(m for m in moves if forced & column[m])]
        losing = (theirs >> 1) & playable  # the opponent wins on top of these
        if losing:
            moves = [m for m in moves if not losing & column[m]] or moves[:1]
        return self._by_open_windows(x, o, moves) if len(moves) > 1 else moves

    def _by_open_windows(self, x: int, o: int, moves: Sequence[int]) -> list[int]:
        """Most windows of four through the landing cell still open to X or to O first
        (ties in centre-first order): the cells that matter most to both sides. On 4×4
        it halves the nodes of the static centre-first order; on 5×5 too."""
        stones, bottom, column, through = x | o, self.bottom, self.column, self.through
        scored = []
        for index, move in enumerate(moves):
            open_windows = 0
            for window in through[(stones + bottom[move]) & column[move]]:
                open_windows += (not window & x) + (not window & o)
            scored.append((-open_windows, index, move))
        scored.sort()
        return [move for _, _, move in scored]

    def evaluate(self, position: Position) -> Number:
        """Open windows of four weighted by their stones, X's minus O's, within (−1, 1)."""
        x, o, result = position[0], position[1], position[2]
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
        return str(move)

    def render(self, position: Position) -> str:
        """The board, top row first, as ``X``, ``O`` and ``.``."""
        x, o = position[0], position[1]
        lines = []
        for r in reversed(range(self.rows)):
            cells = []
            for c in range(self.cols):
                bit = 1 << (c * self.height + r)
                cells.append("X" if x & bit else "O" if o & bit else ".")
            lines.append(" ".join(cells))
        return "\n".join(lines)
