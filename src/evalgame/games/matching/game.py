"""The matching game on any graph, as a :class:`~evalgame.search.protocol.Game`.

MAX and MIN alternately choose an edge whose two ends are both free (uncovered) until the
chosen edges form a *maximal* matching; the value is the number of edges chosen (under
optimal play from an empty board: the *game matching number*). On the grid graph of a
board it is the tiling game of the paper's §6 (:mod:`evalgame.games.tiling.game`).

Moves are two-bit edge masks. The optional hooks give the engine what the specialised
solver uses: a transposition key of the reduced region (dead vertices dropped,
equimatchable components counted as passes whose number matters only by parity, shapes and
symmetries merged) with :meth:`MatchingGame.affine` carrying the moves already made and the
even part of the passes, static bounds, and a move order.

>>> from evalgame.games.matching.bitgraph import BitGraph
>>> from evalgame.search import alphabeta
>>> path = MatchingGame(BitGraph(4, [(0, 1), (1, 2), (2, 3)]))
>>> alphabeta(path).value                  # MAX takes an end edge, MIN the other end
2
>>> alphabeta(MatchingGame(path.graph, first=Player.MIN)).value   # MIN takes the middle
1
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from evalgame.errors import GameError, IllegalMoveError
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.region import KeyMode, RegionAnalyser, order_key
from evalgame.games.matching.solver import strategy_bound
from evalgame.numbers import Number
from evalgame.search.protocol import Game, Player


class MatchingPosition(NamedTuple):
    """A position: the free vertices, the edges chosen so far, and who chooses next."""

    free: int
    placed: int
    to_move: Player


class MatchingGame(Game[MatchingPosition, int]):
    """The matching game on ``graph``, ``first`` to move (MAX or MIN), played on the
    vertices ``start`` (default: all; the others are covered from the start, so the game is
    the one on the subgraph ``start`` induces)."""

    name = "matching"

    def __init__(
        self,
        graph: BitGraph,
        first: Player = Player.MAX,
        *,
        keys: KeyMode = "shapes",
        start: int | None = None,
    ) -> None:
        if first is Player.CHANCE:
            raise GameError("the first player must be MAX or MIN")
        self.graph = graph
        self.first = first
        self.start = graph.full if start is None else start & graph.full
        self.analyser = RegionAnalyser(graph, keys)

    def initial(self) -> MatchingPosition:
        """No edge chosen yet."""
        return MatchingPosition(self.start, 0, self.first)

    def to_move(self, position: MatchingPosition) -> Player:
        """Who chooses the next edge."""
        return position.to_move

    def moves(self, position: MatchingPosition) -> list[int]:
        """The edges with both ends free."""
        return self.graph.edges_within(position.free)

    def play(self, position: MatchingPosition, move: int) -> MatchingPosition:
        """Choose the edge ``move``; an edge that is not free is an :class:`IllegalMoveError`."""
        if move.bit_count() != 2 or move not in self.graph.edges_within(position.free & move):
            raise IllegalMoveError(f"{self._name(move)} is not an edge with both ends free")
        return MatchingPosition(
            position.free & ~move, position.placed + 1, position.to_move.opponent
        )

    def payoff(self, position: MatchingPosition) -> int:
        """The number of edges chosen."""
        return position.placed

    def key(self, position: MatchingPosition) -> Hashable:
        """The reduced region and the player to move."""
        return self.analyser.analyse(position.free).key, position.to_move

    def affine(self, position: MatchingPosition) -> tuple[Number, Number]:
        """Value = reduced value + edges chosen + the even part of the passes."""
        return 1, position.placed + (self.analyser.analyse(position.free).passes & ~1)

    def bounds(self, position: MatchingPosition) -> tuple[Number, Number]:
        """Edges chosen plus proven bounds on the edges still to come."""
        region = self.analyser.analyse(position.free)
        max_to_move = position.to_move is Player.MAX
        lower = max(region.lower, strategy_bound(region.upper, max_to_move))
        return position.placed + lower, position.placed + region.upper

    def order(self, position: MatchingPosition, moves: Sequence[int]) -> list[int]:
        """The moves by :func:`~evalgame.games.matching.region.order_key`."""
        max_to_move = position.to_move is Player.MAX
        analyse, free = self.analyser.analyse, position.free

        def rank(move: int) -> tuple[int, int, int]:
            return order_key(self.graph, free & ~move, max_to_move, analyse(free & ~move).upper)

        return sorted(moves, key=rank)

    def describe_move(self, position: MatchingPosition, move: int) -> str:
        """The edge as ``u–v`` (a domino as ``(r,c)–(r,c)``)."""
        return self.graph.describe(move)

    def _name(self, move: int) -> str:
        if move.bit_count() == 2 and move <= self.graph.full:
            return self.graph.describe(move)
        return f"the vertex set {move:#b}"
