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

from evalgame.games.classic.impartial import HeapGame, Heaps
from evalgame.search.grundy import ImpartialAsGame, PlayConvention
from evalgame.search.protocol import Player


class HeapPlay(ImpartialAsGame[Heaps]):
    """``heaps`` under ``convention``: MAX moves first, +1 when MAX wins, −1 when MIN wins."""

    def __init__(self, heaps: HeapGame, convention: PlayConvention) -> None:
        super().__init__(heaps, convention)
        self.heaps = heaps
        start = " ".join(map(str, heaps.initial())) or "no heaps"
        self.name = f"{heaps.name} {start}"
        if convention is PlayConvention.MISERE:
            self.name += " (misère)"

    def describe_move(self, position: tuple[Heaps, Player], move: Heaps) -> str:
        return self.heaps.describe_option(position[0], move)

    def render(self, position: tuple[Heaps, Player]) -> str:
        """The heaps, whose turn it is, and the play convention."""
        heaps = " ".join(map(str, position[0])) or "none"
        return f"heaps: {heaps} · {position[1].name} to move · {self.convention.value} play"
