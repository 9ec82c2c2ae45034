"""Tic-tac-toe on bitboards, with the board's eight symmetries folded into the table key.

A position is a pair ``(x, o)`` of 9-bit masks (bit ``3·row + col``); X is MAX and moves
first. The payoff is +1 when X has three in a row, −1 when O has, 0 for a full board.
Moves are the cells numbered 1–9 in reading order — the numbers the command line shows
and reads, so a line reads the same in Python and in the terminal (move ``m`` is bit
``m − 1``).

>>> game = TicTacToe()
>>> position = game.play(game.initial(), 5)
>>> print(game.render(position))
. . .
. X .
. . .
>>> game.describe_move(position, 1)
'1'
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction

from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player

Position = tuple[int, int]

LINES = (0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124)
FULL = 0o777
#: centre first, then corners, then edges: the classical move order (as bits)
CELL_ORDER = (4, 0, 2, 6, 8, 1, 3, 5, 7)


def _has_line(bits: int) -> bool:
    return any(bits & line == line for line in LINES)


def _permute(cells: Sequence[int]) -> list[int]:
    """A table mapping each 9-bit mask to its image under ``cell i → cells[i]``."""
    return [sum(1 << cells[i] for i in range(9) if mask >> i & 1) for mask in range(512)]


def _symmetries() -> list[list[int]]:
    def cell(r: int, c: int) -> int:
        return 3 * r + c

    maps = []
    for transpose in (False, True):
        for flip_rows in (False, True):
            for flip_cols in (False, True):
                cells = []
                for i in range(9):
                    r, c = divmod(i, 3)
                    if transpose:
                        r, c = c, r
                    cells.append(cell(2 - r if flip_rows else r, 2 - c if flip_cols else c))
                maps.append(_permute(cells))
    return maps


WON = [_has_line(mask) for mask in range(512)]
SYMMETRIES = _symmetries()
#: THREATS[mask]: the cells that would give the stones ``mask`` a line
THREATS = [sum(1 << c for c in range(9) if WON[mask | 1 << c]) for mask in range(512)]
#: MOVES[taken]: the moves to the empty cells (numbered 1–9), in CELL_ORDER
MOVES = [tuple(c + 1 for c in CELL_ORDER if not taken >> c & 1) for taken in range(512)]


#: LEAST_IMAGE[mask]: the least image of ``mask`` under the eight symmetries
LEAST_IMAGE = [min(table[mask] for table in SYMMETRIES) for mask in range(512)]
#: LEAST_MAPS[mask]: the symmetries that map ``mask`` to its least image. The symmetric key
#: ``min(t[x] | t[o] << 9)`` is reached by one of those for ``o`` (usually one or two of the
#: eight), so only they need trying.
LEAST_MAPS = [
    [table for table in SYMMETRIES if table[mask] == LEAST_IMAGE[mask]] for mask in range(512)
]


class TicTacToe(Game[Position, int]):
    """Tic-tac-toe; ``symmetry=False`` keys positions without folding symmetric boards.

    >>> game = TicTacToe()
    >>> game.payoff((0o007, 0o030))
    1
    >>> game.key((1, 0)) == game.key((1 << 8, 0))  # corners are equivalent
    True
    """

    name = "tictactoe"
    all_leaves_valid = True

    def __init__(self, symmetry: bool = True) -> None:
        self.symmetry = symmetry

    def initial(self) -> Position:
        return (0, 0)

    def to_move(self, position: Position) -> Player:
        x, o = position
        return Player.MAX if x.bit_count() == o.bit_count() else Player.MIN

    def moves(self, position: Position) -> Sequence[int]:
        x, o = position
        if WON[x] or WON[o]:
            return ()
        return MOVES[x | o]

    def play(self, position: Position, move: int) -> Position:
        x, o = position
        if x.bit_count() == o.bit_count():
            return (x | 1 << move - 1, o)
        return (x, o | 1 << move - 1)

    def payoff(self, position: Position) -> Number:
        x, o = position
        return 1 if WON[x] else -1 if WON[o] else 0

    def key(self, position: Position) -> Hashable:
        x, o = position
        if not self.symmetry:
            return x | o << 9
        maps = LEAST_MAPS[o]
        image = maps[0][x] if len(maps) == 1 else min([table[x] for table in maps])
        return image | LEAST_IMAGE[o] << 9

    def bounds(self, position: Position) -> tuple[Number, Number]:
        return -1, 1

    def order(self, position: Position, moves: Sequence[int]) -> Sequence[int]:
        """Winning moves first, then moves that block the opponent's line, then the rest."""
        x, o = position
        mine, theirs = (x, o) if x.bit_count() == o.bit_count() else (o, x)
        free = FULL & ~(x | o)
        for cells in (THREATS[mine] & free, THREATS[theirs] & free):  # winning, then blocking
            first = [m for m in moves if cells >> m - 1 & 1] if cells else []
            if first:
                return first + [m for m in moves if not cells >> m - 1 & 1]
        return moves

    def evaluate(self, position: Position) -> Number:
        """Open lines weighted by stones on them, X's minus O's, scaled into (−1, 1)."""
        x, o = position
        score = 0
        for line in LINES:
            if not line & o:
                score += (line & x).bit_count()
            if not line & x:
                score -= (line & o).bit_count()
        return Fraction(score, 25)

    def describe_move(self, position: Position, move: int) -> str:
        return str(move)

    def render(self, position: Position) -> str:
        """The board as three lines of ``X``, ``O`` and ``.``."""
        x, o = position
        marks = ["X" if x >> i & 1 else "O" if o >> i & 1 else "." for i in range(9)]
        return "\n".join(" ".join(marks[3 * r : 3 * r + 3]) for r in range(3))
