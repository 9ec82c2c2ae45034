"""The tiling game for the adapters: a domino per action, any board (``board=``, the
``evalgame tiling --board`` drawing), the board as three planes.

>>> t = TilingTranslation.from_parameters({"board": "..#/..."})
>>> t.parameters()
{'rows': 2, 'cols': 3, 'first': 'max', 'board': '..#/...'}
>>> print(t.text(t.play(t.initial(), t.action_number(t.initial(), "(0,0)-(0,1)"))))
x x #
. . .
MIN to move
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from evalgame.errors import GameError
from evalgame.games.matching.game import MatchingPosition
from evalgame.games.tiling.board import BLOCKED, FREE, Board, read_board
from evalgame.games.tiling.game import TilingGame
from evalgame.interop.render import Image, board_image
from evalgame.interop.translation import (
    Observation,
    Parameter,
    Translation,
    first_player,
    whole_number,
    with_defaults,
)

#: how :meth:`TilingTranslation.picture` draws a cell a domino covers (free cells are
#: ``.`` and blocked ones ``#``, as in a ``--board`` drawing)
COVERED = "x"


class TilingTranslation(Translation[MatchingPosition, int]):
    """The tiling game: an action places one domino, numbered as the board lists them
    (horizontal ones row by row, then vertical ones). The board is ``rows × cols``, or
    ``board``: a drawing with ``.`` a free cell and ``#`` a blocked one, rows joined by
    ``/`` (or a file holding it), as ``evalgame tiling --board`` reads it; its size is
    then the board's (``rows`` and ``cols`` other than the defaults must agree with it).

    The observation has three planes of the board's shape: free cells, cells covered by a
    domino, blocked cells. :attr:`max_length` is exact: the size of a maximum matching of
    the free cells (both players can play one out, and no game places more dominoes).
    """

    family = "tiling"
    title = "the tiling game"
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "rows": 3,
        "cols": 3,
        "first": "max",
        "board": "",
    }

    def __init__(self, game: TilingGame) -> None:
        self.tiling = game
        board = game.board
        most = board.max_matching(board.start)
        super().__init__(
            game,
            game.moves(game.initial()),
            max_length=most,
            shape=(board.rows, board.cols, 3),
            value_range=(0, most),
            always_valid=True,
        )

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> TilingTranslation:
        settings = with_defaults(cls, parameters)
        first = first_player(settings)
        drawing = str(settings["board"]).strip()
        if not drawing:
            rows, cols = whole_number(settings, "rows"), whole_number(settings, "cols")
            return cls(TilingGame(rows, cols, first))
        board = read_board(drawing)
        for name, size in (("rows", board.rows), ("cols", board.cols)):
            # OpenSpiel passes every parameter, the defaults included: only another value
            # than the default can be told from one not given
            if whole_number(settings, name) not in (size, cls.defaults[name]):
                raise GameError(
                    f"{name} is {settings[name]} but the board {board.drawing()} has {size}: "
                    f"give the board alone"
                )
        return cls(TilingGame(board.rows, board.cols, first, blocked=board.blocked_cells))

    def parameters(self) -> dict[str, Parameter]:
        """``rows``, ``cols``, ``first``, and ``board`` when some cell is blocked (a plain
        board's drawing could be all dots, which a game string reads as a number)."""
        board = self.tiling.board
        found: dict[str, Parameter] = {
            "rows": board.rows,
            "cols": board.cols,
            "first": self.tiling.first.value,
        }
        if board.blocked:
            found["board"] = board.drawing()
        return found

    def observe(self, position: MatchingPosition) -> Observation:
        board = self.tiling.board
        cells = range(board.rows * board.cols)
        blocked = np.array([board.blocked >> cell & 1 for cell in cells], np.int8)
        free = np.array([position.free >> cell & 1 for cell in cells], np.int8)
        planes = np.stack([free, 1 - free - blocked, blocked], axis=-1)
        return planes.reshape(board.rows, board.cols, 3)

    def picture(self, position: MatchingPosition) -> str:
        """The board: ``.`` free, ``x`` covered by a domino, ``#`` blocked."""
        return "\n".join(" ".join(row) for row in self.cell_marks(position))

    def image(self, position: MatchingPosition) -> Image:
        """The board as an image: free cells white, covered ones blue, blocked ones black."""
        return board_image(self.cell_marks(position))

    def cell_marks(self, position: MatchingPosition) -> list[list[str]]:
        """Each cell's mark, row by row (see :meth:`picture`)."""
        board: Board = self.tiling.board
        return [
            [
                FREE
                if position.free >> (r * board.cols + c) & 1
                else BLOCKED
                if board.blocked >> (r * board.cols + c) & 1
                else COVERED
                for c in range(board.cols)
            ]
            for r in range(board.rows)
        ]
