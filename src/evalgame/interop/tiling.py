"""The tiling game for the adapters: a domino per action, the board as two planes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from evalgame.games.matching.game import MatchingPosition
from evalgame.games.tiling.game import TilingGame
from evalgame.interop.translation import (
    Observation,
    Parameter,
    Translation,
    first_player,
    whole_number,
    with_defaults,
)


class TilingTranslation(Translation[MatchingPosition, int]):
    """The tiling game: an action places one domino, numbered as the board lists them
    (horizontal ones row by row, then vertical ones). The observation has two planes of the
    board's shape: free cells, covered cells."""

    family = "tiling"
    title = "the tiling game"
    defaults: ClassVar[Mapping[str, Parameter]] = {"rows": 3, "cols": 3, "first": "max"}

    def __init__(self, game: TilingGame) -> None:
        self.tiling = game
        board = game.board
        most = board.rows * board.cols // 2  # a grid has a matching this large
        super().__init__(
            game,
            game.moves(game.initial()),
            max_length=most,
            shape=(board.rows, board.cols, 2),
            value_range=(0, most),
            always_valid=True,
        )

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> TilingTranslation:
        settings = with_defaults(cls, parameters)
        rows, cols = whole_number(settings, "rows"), whole_number(settings, "cols")
        return cls(TilingGame(rows, cols, first_player(settings)))

    def parameters(self) -> dict[str, Parameter]:
        board = self.tiling.board
        return {"rows": board.rows, "cols": board.cols, "first": self.tiling.first.value}

    def observe(self, position: MatchingPosition) -> Observation:
        board = self.tiling.board
        free = np.array(
            [position.free >> cell & 1 for cell in range(board.rows * board.cols)], np.int8
        ).reshape(board.rows, board.cols)
        return np.stack([free, 1 - free], axis=-1)

    def picture(self, position: MatchingPosition) -> str:
        board = self.tiling.board
        return "\n".join(
            " ".join(
                "." if position.free >> (r * board.cols + c) & 1 else "#" for c in range(board.cols)
            )
            for r in range(board.rows)
        )
