"""The tiling game of the paper's §6 on any ``rows × cols`` board.

MAX and MIN alternately place a domino on two adjacent empty cells until the partial tiling
is maximal (no two adjacent cells are empty); the value is the number of dominoes. It is
the matching game (:mod:`evalgame.games.matching.game`) on the board's grid graph.

:func:`solve_tiling` solves it with any solver of the matching game
(:mod:`evalgame.games.matching.solvers`: the specialised one or the engine's) and returns
the value and a principal line of play; :func:`board_text` draws a board with its
dominoes numbered in order of play.

>>> solution = solve_tiling(3, 4)
>>> solution.value, len(solution.dominoes)
(5, 5)
>>> solve_tiling(3, 4, algorithm="alphabeta").value
5
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from evalgame.errors import InputError, LimitError
from evalgame.games.matching.game import MatchingGame
from evalgame.games.matching.native import MAX_VERTICES, Engine
from evalgame.games.matching.region import KeyMode
from evalgame.games.matching.solvers import matching_solvers
from evalgame.games.tiling.board import Board, Cell, Domino
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.registry import choose
from evalgame.search.stats import SearchStats


class TilingGame(MatchingGame):
    """The tiling game on a ``rows × cols`` board with the cells ``blocked`` covered from
    the start, ``first`` to move.

    >>> game = TilingGame(2, 2)
    >>> [game.board.domino(move) for move in game.moves(game.initial())]
    [((0, 0), (0, 1)), ((1, 0), (1, 1)), ((0, 0), (1, 0)), ((0, 1), (1, 1))]
    >>> holed = TilingGame(2, 2, blocked=[(0, 0)])
    >>> [holed.board.domino(move) for move in holed.moves(holed.initial())]
    [((1, 0), (1, 1)), ((0, 1), (1, 1))]
    """

    name = "tiling"

    def __init__(
        self,
        rows: int,
        cols: int,
        first: Player = Player.MAX,
        *,
        blocked: Iterable[Cell] = (),
        keys: KeyMode = "shapes",
    ) -> None:
        self.board = Board(rows, cols, blocked)
        super().__init__(self.board, first, keys=keys, start=self.board.start)

    def __repr__(self) -> str:
        """``<TilingGame 3×3, MAX first>`` (``<TilingGame ..#/..., MAX first>`` with holes)."""
        return f"<TilingGame {self.board.label()}, {self.first.name} first>"


@dataclass(frozen=True)
class TilingSolution:
    """The solved tiling game: its value and a principal line of play."""

    rows: int
    cols: int
    first: Player
    #: dominoes on the board at the end under optimal play
    value: int
    #: a principal line of play, in order (MAX's moves and MIN's alternate from ``first``)
    dominoes: tuple[Domino, ...]
    stats: SearchStats
    seconds: float
    algorithm: str
    #: the cells covered from the start, row by row
    blocked: tuple[Cell, ...] = ()

    def __repr__(self) -> str:
        """``<TilingSolution 4×4, MAX first: value 6 dominoes>``."""
        name = Board(self.rows, self.cols, self.blocked).label()
        return f"<TilingSolution {name}, {self.first.name} first: value {self.value} dominoes>"

    def __str__(self) -> str:
        return board_text(self.rows, self.cols, self.dominoes, self.blocked)

    def _repr_svg_(self) -> str:
        """The board at the end of the principal line, dominoes numbered and coloured by
        player, for notebooks."""
        return board_svg(
            self.rows, self.cols, self.dominoes, first=self.first, blocked=self.blocked
        )


def solve_tiling(
    rows: int,
    cols: int,
    first: Player = Player.MAX,
    *,
    blocked: Iterable[Cell] = (),
    algorithm: str = "solver",
    budget: Budget | None = None,
    engine: Engine = "auto",
    table_mb: int | None = None,
) -> TilingSolution:
    """Solve the tiling game exactly (see the module doc for an example), on the board
    with the cells ``blocked`` covered from the start.

    ``budget`` limits time or nodes; running out (or Ctrl-C) raises
    :class:`~evalgame.errors.SearchInterrupted` with the bounds proven so far. The
    specialised solver runs in the C kernel when it is built (``engine="auto"``), with a
    table of ``table_mb`` MB (``None``: a default for the board's size);
    ``engine="python"`` selects the reference solver.

    >>> from evalgame.games.tiling.board import parse_board
    >>> board = parse_board("..#/...")
    >>> solve_tiling(board.rows, board.cols, Player.MIN, blocked=board.blocked_cells).value
    2
    """
    game = TilingGame(rows, cols, first, blocked=blocked)
    if engine == "native" and algorithm == "solver":
        check_kernel_size(game.board)
    solver = choose(matching_solvers(engine, table_mb), algorithm)
    started = time.monotonic()
    result = solver(game, budget=budget)
    assert isinstance(result.value, int)
    return TilingSolution(
        rows,
        cols,
        first,
        result.value,
        tuple(game.board.domino(move) for move in result.pv),
        result.stats,
        time.monotonic() - started,
        result.algorithm,
        tuple(game.board.blocked_cells),
    )


def check_kernel_size(board: Board) -> None:
    """Refuse a board the C kernel cannot hold (its graph is the whole grid, holes
    included), saying which engine can.

    >>> check_kernel_size(Board(12, 12, [(0, 0)]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evalgame.errors.LimitError: the number of cells of the 12×12 board ... is 144, over the ...
    """
    if board.n > MAX_VERTICES:
        raise LimitError(
            f"the number of cells of the {board.rows}×{board.cols} board (blocked ones included)",
            board.n,
            MAX_VERTICES,
            f"the C kernel holds boards of at most {MAX_VERTICES} cells: use --engine python "
            '(engine="python"), or drop the blocked rows and columns at the edges',
        )


#: one piece of a drawn board: text and the index (in order of play) of its domino
Segment = tuple[str, int | None]


def board_segments(
    rows: int, cols: int, dominoes: Sequence[Domino], blocked: Iterable[Cell] = ()
) -> list[list[Segment]]:
    """The board drawn as lines of segments, each tagged with its domino's index.

    Cells show the 1-based number of the domino covering them (``·`` when empty, ``#``
    when blocked); the two
    cells of a domino are joined by ``─`` (``1─1``, ``1───1``, ``10─10``) or ``│``. A
    terminal colours the segments by their index; :func:`board_text` just joins them.
    """
    board = Board(rows, cols, blocked)
    walls = set(board.blocked_cells)
    owner: dict[tuple[int, int], int] = {}
    for number, (first, second) in enumerate(dominoes):
        board.edge(first, second)  # refuses cells off the board or not adjacent
        for cell in (first, second):
            if cell in owner:
                raise InputError(f"cell {cell} is covered by two dominoes")
            if cell in walls:
                raise InputError(f"cell {cell} is blocked: no domino covers it")
            owner[cell] = number
    width = len(str(len(dominoes))) if dominoes else 1
    lines: list[list[Segment]] = []
    for r in range(rows):
        cells: list[Segment] = []
        joints: list[Segment] = []
        for c in range(cols):
            index = owner.get((r, c))
            label = ("#" if (r, c) in walls else "·") if index is None else str(index + 1)
            right = index is not None and owner.get((r, c + 1)) == index
            left = index is not None and owner.get((r, c - 1)) == index
            if c:
                cells.append(("─" if left else " ", index if left else None))
                joints.append((" ", None))
            if right:
                label = label.ljust(width, "─")
            cells.append((label.rjust(width, "─" if left else " "), index))
            down = index is not None and owner.get((r + 1, c)) == index
            joints.append(("│".rjust(width) if down else " " * width, index if down else None))
        lines.append(cells)
        if r + 1 < rows:
            lines.append(joints)
    return lines


def board_text(
    rows: int, cols: int, dominoes: Sequence[Domino], blocked: Iterable[Cell] = ()
) -> str:
    """The board as plain text, dominoes numbered in order of play.

    >>> print(board_text(2, 3, [((0, 0), (0, 1)), ((0, 2), (1, 2))], blocked=[(1, 0)]))
    1─1 2
        │
    # · 2
    """
    return "\n".join(
        "".join(text for text, _ in line).rstrip()
        for line in board_segments(rows, cols, dominoes, blocked)
    )


#: the colours of MAX's and MIN's dominoes (as on the web page)
SVG_COLOURS = {Player.MAX: "#2f5f9e", Player.MIN: "#b0413e", None: "#6b8e23"}


def board_svg(
    rows: int,
    cols: int,
    dominoes: Sequence[Domino],
    *,
    first: Player | None = None,
    blocked: Iterable[Cell] = (),
    cell: int = 36,
) -> str:
    """The board as an SVG picture: dominoes numbered in order of play and, with ``first``,
    coloured by player (``first``'s, then the other's, alternately); blocked cells are
    left dark.

    >>> board_svg(1, 2, [((0, 0), (0, 1))], first=Player.MAX).count("<rect")
    4
    >>> board_svg(1, 3, [((0, 0), (0, 1))], blocked=[(0, 2)]).count("<rect")
    4
    """
    walls = set(blocked)
    board_text(rows, cols, dominoes, walls)  # refuses overlapping or impossible dominoes
    pad = 4
    width, height = cols * cell + 2 * pad, rows * cell + 2 * pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" rx="6" fill="#5d4a36"/>',
    ]
    for r in range(rows):
        for c in range(cols):
            if (r, c) in walls:
                continue
            x, y = pad + c * cell + 2, pad + r * cell + 2
            parts.append(
                f'<rect x="{x}" y="{y}" width="{cell - 4}" height="{cell - 4}" rx="3" '
                'fill="#f3ead9"/>'
            )
    for index, ((r1, c1), (r2, c2)) in enumerate(dominoes):
        player = None if first is None else first if index % 2 == 0 else first.opponent
        x, y = pad + min(c1, c2) * cell + 2, pad + min(r1, r2) * cell + 2
        w, h = (abs(c1 - c2) + 1) * cell - 4, (abs(r1 - r2) + 1) * cell - 4
        parts.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" '
            f'fill="{SVG_COLOURS[player]}"/>'
            f'<text x="{x + w / 2}" y="{y + h / 2 + 5}" text-anchor="middle" font-size="14" '
            f'font-weight="bold" fill="white">{index + 1}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
