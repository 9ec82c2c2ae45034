"""Heap games played as two-player games: the engine's adapter, with moves people can read.

A move ``5>2`` turns a heap of 5 into a heap of 2; ``7>3+4`` splits a heap of 7 into 3 and
4; ``3>0`` removes a heap of 3.

>>> from evalgame.games.classic.impartial import Nim
>>> game = HeapPlay(Nim([3, 4, 5]), PlayConvention.NORMAL)
>>> start = game.initial()
>>> [game.describe_move(start, m) for m in game.moves(start)][:3]
['3>0', '3>1', '3>2']
>>> game.render(start)
'heaps: 3 4 5 · MAX to move · normal play'
"""

from __future__ import annotations

from typing import Any

from evalgame.games.classic.impartial import HeapGame, HeapSum
from evalgame.search.grundy import ImpartialAsGame, PlayConvention
from evalgame.search.protocol import Player


class HeapPlay(ImpartialAsGame[Any]):
    """``heaps`` (one heap game, or a sum of different ones) under ``convention``: MAX moves
    first, +1 when MAX wins, −1 when MIN wins.

    >>> from evalgame.games.classic.impartial import Kayles, Nim
    >>> game = HeapPlay(HeapSum([Kayles([3]), Nim([2])]), PlayConvention.MISERE)
    >>> game.name, game.render(game.initial())
    ('kayles 3 + nim 2 (misère)', 'heaps: kayles 3 + nim 2 · MAX to move · misère play')
    """

    def __init__(self, heaps: HeapGame | HeapSum, convention: PlayConvention) -> None:
        super().__init__(heaps, convention)
        self.heaps = heaps
        if isinstance(heaps, HeapSum):
            self.name = heaps.name
        else:
            self.name = f"{heaps.name} {heaps.show(heaps.initial()) if heaps.heaps else 'no heaps'}"
        if convention is PlayConvention.MISERE:
            self.name += " (misère)"

    def describe_move(self, position: tuple[Any, Player], move: Any) -> str:
        return self.heaps.describe_option(position[0], move)

    def render(self, position: tuple[Any, Player]) -> str:
        """The heaps, whose turn it is, and the play convention."""
        heaps = self.heaps.show(position[0])
        return f"heaps: {heaps} · {position[1].name} to move · {self.convention.value} play"
