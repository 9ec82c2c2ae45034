"""The walk of a tree search: the nodes it entered, in order, as it ran.

The search is not re-implemented here: it runs on a *recording proxy* of the game, which
notes each node the search enters (every search calls ``budget.tick`` and then ``moves``
once per node it enters). :func:`walk` returns that record with the search's own result;
:mod:`evalgame.lab.tree` turns it into the statuses and steps of a drawn tree.

>>> from evalgame.games.evaluate.game import EValuate
>>> from evalgame.expr.expression import parse
>>> game = EValuate(parse("X+1"), (0, 1))
>>> payoffs = {((0,), None): 1, ((1,), None): 2}  # the leaves X=0 and X=1
>>> record = walk(game, payoffs, "alphabeta")
>>> record.result.value, record.entered
(2, [(), (0,), (0, 'X'), (1,), (1, 'X')])
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from evalgame.games.evaluate.game import EValuate, Move, Position
from evalgame.games.evaluate.solvers import TREE
from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.protocol import Game, Player
from evalgame.search.registry import choose
from evalgame.search.result import SearchResult
from evalgame.search.stats import SearchStats

#: a node of the tree, named by the moves that lead to it from the root
Path: TypeAlias = tuple[Move, ...]


@dataclass
class Walk:
    """What a search did: its result and the nodes it entered, in the order it entered them."""

    result: SearchResult[Move]
    entered: list[Path]


def walk(game: EValuate, payoffs: dict[Position, Number | None], algorithm: str) -> Walk:
    """Run the tree search ``algorithm`` (one of
    :data:`~evalgame.games.evaluate.solvers.TREE`) on ``game``, whose leaves' values are
    ``payoffs``, and record it; the value order is ``game``'s own.
    """
    recorder = _Recorder(game, payoffs)
    result = choose(TREE, algorithm)(recorder, budget=recorder.budget)
    return Walk(result, recorder.entered)


@dataclass
class _TickBudget(Budget):
    """A budget that notes each node a search enters (every search ticks once per node)."""

    ticked: bool = False

    def tick(self, stats: SearchStats) -> None:
        self.ticked = True
        super().tick(stats)


#: a position of the recording proxy: the path from the root and the game's position
_Tracked: TypeAlias = tuple[Path, Position]


class _Recorder(Game[_Tracked, Move]):
    """The e-Valuate game, positions tagged with their path; records the nodes entered.

    A search enters a node by ticking its budget and then asking for the node's moves;
    ``moves`` calls not preceded by a tick (checks of the principal variation) are ignored.
    """

    def __init__(self, game: EValuate, payoffs: dict[Position, Number | None]) -> None:
        self.game = game
        self.payoffs = payoffs  # the leaves' values, already computed
        self.name = game.name
        self.budget = _TickBudget()
        self.entered: list[Path] = []

    def initial(self) -> _Tracked:
        return (), self.game.initial()

    def to_move(self, position: _Tracked) -> Player:
        return self.game.to_move(position[1])

    def moves(self, position: _Tracked) -> Sequence[Move]:
        if self.budget.ticked:
            self.budget.ticked = False
            self.entered.append(position[0])
        return self.game.moves(position[1])

    def play(self, position: _Tracked, move: Move) -> _Tracked:
        path, inner = position
        return (*path, move), self.game.play(inner, move)

    def payoff(self, position: _Tracked) -> Number | None:
        return self.payoffs[position[1]]

    def key(self, position: _Tracked) -> Hashable:
        return self.game.key(position[1])

    def subtree_size(self, position: _Tracked) -> int:
        return self.game.subtree_size(position[1])
