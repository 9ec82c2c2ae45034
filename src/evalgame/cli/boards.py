"""Boards for people: rich renderings of the shipped games' positions.

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> game = TicTacToe()
>>> board(game, game.play(game.initial(), 5)).plain.splitlines()[2]
' 4 │ X │ 6 '
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.search.protocol import Game

STONES = {"X": "bold blue", "O": "bold red"}


def board(game: Game[Any, Any], position: Any) -> Text:
    """``position`` drawn for a person: free cells of tic-tac-toe show the number to type."""
    if isinstance(game, TicTacToe):
        return _tictactoe(game, position)
    if isinstance(game, ConnectFour):
        return _connect4(game, position)
    render = getattr(game, "render", None)
    return Text(render(position) if callable(render) else str(position))


def _tictactoe(game: TicTacToe, position: Any) -> Text:
    cells = game.render(position).split()
    text = Text()
    for row in range(3):
        for col in range(3):
            mark = cells[3 * row + col]
            if mark == ".":
                text.append(f" {3 * row + col + 1} ", style="dim")
            else:
                text.append(f" {mark} ", style=STONES[mark])
            if col < 2:
                text.append("│")
        if row < 2:
            text.append("\n───┼───┼───\n")
    return text


def _connect4(game: ConnectFour, position: Any) -> Text:
    text = Text()
    for line in game.render(position).split("\n"):
        for mark in line.split():
            text.append(f" {mark}", style=STONES.get(mark, "dim"))
        text.append("\n")
    text.append("".join(f"{c + 1:>2}" for c in range(game.cols)), style="dim")
    return text
