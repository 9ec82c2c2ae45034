"""Retrograde analysis: win, loss or draw in a game whose positions may repeat.

Backward induction needs a DAG; a game that can come back to a position may never end. Here
each terminal position counts for its sign — payoff > 0 a win for MAX, < 0 a loss, 0 a
draw — and a game that goes on for ever is a draw. The label of every position comes from
two *attractor* computations, each Θ(V + E), working backwards from the terminals:

* MAX can force a win from the set W built by: the winning terminals; a MAX position with
  a move into W; a MIN position all of whose moves lead into W. Nothing else: from outside
  W, MIN always has a move that stays outside (or the game ends without a win), so MIN can
  avoid a win for ever;
* symmetrically MIN can force a loss (for MAX) from the set L;
* every other position is a draw: neither player can force the game to a terminal that
  favours them, so each can hold the other to a draw or to endless play.

Positions are added to an attractor in order of the number of moves the winner needs, so
``distance`` is that number: the fewest moves to force the win (the loser delaying it
as long as possible).

>>> from evalgame.games.classic.dag_file import DagGame
>>> game = DagGame.from_data({"start": "a", "positions": {
...     "a": {"player": "max", "moves": ["b", "lose"]},
...     "b": {"player": "min", "moves": ["a", "win"]},
...     "win": {"value": 1}, "lose": {"value": -1}}}, acyclic=False)
>>> result = retrograde(game)
>>> result.outcome["a"], result.outcome["b"]   # MIN at b keeps going back to a: a draw
(<Outcome.DRAW: 'draw'>, <Outcome.DRAW: 'draw'>)
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from evalgame.errors import GameError
from evalgame.search.protocol import Game, Player

P = TypeVar("P")
M = TypeVar("M")


class Outcome(enum.Enum):
    """The result of a position under best play, for MAX."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"


@dataclass
class Retrograde(Generic[P]):
    """The outcome of every position reachable from the start, keyed by ``game.key``.

    ``distance`` gives, for a won or lost position, the number of moves the winner needs;
    ``order`` lists the positions in the order they were labelled (the terminals first).
    """

    positions: dict[Hashable, P]
    outcome: dict[Hashable, Outcome]
    distance: dict[Hashable, int]
    order: list[Hashable] = field(default_factory=list)
    edges: int = 0


def retrograde(game: Game[P, M], position: P | None = None) -> Retrograde[P]:
    """Label every position reachable from ``position`` (default: the start) win, loss or
    draw for MAX; a CHANCE position is refused (it needs probabilities, not a label)."""
    root = game.initial() if position is None else position

    def key(position: P) -> Hashable:
        found = game.key(position)
        if found is None:
            raise GameError(f"{game.name} gives no transposition key for {position!r}")
        return found

    positions: dict[Hashable, P] = {key(root): root}
    successors: dict[Hashable, list[Hashable]] = {}
    predecessors: dict[Hashable, list[Hashable]] = {key(root): []}
    queue = deque([key(root)])
    edges = 0
    while queue:  # every reachable position, and its moves both ways
        vertex = queue.popleft()
        current = positions[vertex]
        if game.moves(current) and game.to_move(current) is Player.CHANCE:
            raise GameError(
                f"{game.name} has chance positions: retrograde analysis labels positions "
                "win, loss or draw only when the players alone move"
            )
        children = [game.play(current, move) for move in game.moves(current)]
        successors[vertex] = [key(child) for child in children]
        edges += len(children)
        for child, child_key in zip(children, successors[vertex], strict=True):
            if child_key not in positions:
                positions[child_key] = child
                predecessors[child_key] = []
                queue.append(child_key)
            predecessors[child_key].append(vertex)

    result = Retrograde(positions, {}, {}, edges=edges)
    for outcome, wins in ((Outcome.WIN, Player.MAX), (Outcome.LOSS, Player.MIN)):
        sign = 1 if wins is Player.MAX else -1
        targets = [v for v, p in positions.items() if not successors[v] and _sign(game, p) == sign]
        _attract(game, result, successors, predecessors, targets, wins, outcome)
    # the draws: terminals worth 0 first, then the positions of endless play
    for vertex in sorted(positions, key=lambda vertex: bool(successors[vertex])):
        if vertex not in result.outcome:
            result.outcome[vertex] = Outcome.DRAW
            result.order.append(vertex)
    return result


def _sign(game: Game[P, M], position: P) -> int:
    payoff = game.payoff(position)
    if payoff is None:
        raise GameError(f"{game.name}: a terminal position has no value")
    return (payoff > 0) - (payoff < 0)


def _attract(
    game: Game[P, M],
    result: Retrograde[P],
    successors: dict[Hashable, list[Hashable]],
    predecessors: dict[Hashable, list[Hashable]],
    targets: list[Hashable],
    winner: Player,
    outcome: Outcome,
) -> None:
    """Add to ``result`` the positions from which ``winner`` forces the game into
    ``targets``, nearest first."""
    left = {vertex: len(set(moves)) for vertex, moves in successors.items()}
    queue = deque(targets)
    for vertex in targets:
        result.outcome[vertex] = outcome
        result.distance[vertex] = 0
        result.order.append(vertex)
    while queue:
        vertex = queue.popleft()
        for parent in dict.fromkeys(predecessors[vertex]):  # each edge's parent once
            if parent in result.outcome:
                continue
            if game.to_move(result.positions[parent]) is not winner:
                left[parent] -= 1  # one more of the loser's moves leads into the set
                if left[parent]:
                    continue
            result.outcome[parent] = outcome
            result.distance[parent] = result.distance[vertex] + 1
            result.order.append(parent)
            queue.append(parent)
