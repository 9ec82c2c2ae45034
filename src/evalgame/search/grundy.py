"""Impartial games (seed 003): mex, Grundy values (nimbers), joins, normal and misère play.

In an impartial game both players have the same options, and under *normal play* the
player who cannot move loses. The Grundy value of a position is the mex (minimum excluded
value) of its options' values; the player to move wins iff it is not 0, and the value of a
join A*B is [A] xor [B]. Under *misère play* (the last mover loses) none of this holds, so
misère positions are solved by search only: the Grundy functions take no play convention
at all, and misère play is reached through :func:`misere_winner` or
``ImpartialAsGame(game, PlayConvention.MISERE)``.

>>> class Subtraction(ImpartialGame[int]):   # take 1 or 2 from one heap
...     def initial(self): return 5
...     def options(self, n): return [n - k for k in (1, 2) if k <= n]
>>> grundy_value(Subtraction()), normal_play_winner(Subtraction())
(2, 'first')
>>> join_grundy([grundy_value(Subtraction(), 5), 2]), grundy_value(Join([Subtraction()] * 2))
(0, 0)
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import reduce
from operator import xor
from typing import Any, Generic, Literal, TypeVar

from evalgame.errors import GameError
from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.graph import postorder
from evalgame.search.protocol import Game, Player

P = TypeVar("P")
T = TypeVar("T")

Winner = Literal["first", "second"]


class ImpartialGame(ABC, Generic[P]):
    """An impartial game: a start position and the options (next positions) of each."""

    #: a short name used in messages
    name: str = "impartial game"

    @abstractmethod
    def initial(self) -> P:
        """The starting position."""

    @abstractmethod
    def options(self, position: P) -> Sequence[P]:
        """The positions one move can reach (either player may make any of them)."""

    def key(self, position: P) -> Hashable:
        """A key shared only by positions with the same game tree (default: the position)."""
        return position


class PlayConvention(enum.Enum):
    """Who wins when no move is left: the player who moved last (NORMAL) or not (MISERE)."""

    NORMAL = "normal"
    MISERE = "misère"


def mex(values: Iterable[int]) -> int:
    """The minimum excluded value: the least natural number not among ``values``.

    >>> mex([0, 1, 3]), mex([]), mex([1, 2])
    (2, 0, 0)
    """
    present = set(values)
    result = 0
    while result in present:
        result += 1
    return result


def join_grundy(values: Iterable[int]) -> int:
    """The Grundy value of a join of games with Grundy ``values``: their xor.

    >>> join_grundy([3, 4, 5])
    2
    """
    return reduce(xor, values, 0)


def grundy_value(
    game: ImpartialGame[P], position: P | None = None, *, budget: Budget | None = None
) -> int:
    """The Grundy value (nimber) of ``position`` (default: the start) under normal play."""
    return _solve(game, position, budget, mex)


def normal_play_winner(game: ImpartialGame[P], position: P | None = None) -> Winner:
    """Who wins ``position`` under normal play: the player to move iff its value is not 0."""
    return "first" if grundy_value(game, position) else "second"


def misere_winner(
    game: ImpartialGame[P], position: P | None = None, *, budget: Budget | None = None
) -> Winner:
    """Who wins ``position`` under misère play (the last mover loses), by search.

    >>> class Nim(ImpartialGame[tuple[int, ...]]):
    ...     def initial(self): return (1, 1)
    ...     def options(self, heaps):
    ...         return [heaps[:i] + (k,) + heaps[i + 1:] for i, h in enumerate(heaps)
    ...                 for k in range(h)]
    >>> normal_play_winner(Nim()), misere_winner(Nim())
    ('second', 'first')
    """
    # the player to move wins when stuck, or when some move leaves the opponent losing
    wins = _solve(game, position, budget, lambda replies: not replies or not all(replies))
    return "first" if wins else "second"


def misere_nim_wins(heaps: Sequence[int]) -> bool:
    """Whether the player to move wins misère Nim on ``heaps`` (who takes the last loses).

    Bouton's rule (1902): while some heap has 2 or more, exactly as in normal play (the
    XOR of the sizes is not 0); when every heap has 0 or 1, when the number of 1s is even
    (the XOR is 0). *Proof*, by induction on the total size. All heaps ≤ 1: each move
    removes one 1, so the players alternate to the end and the player to move takes the
    last one (and loses) exactly when the number of 1s is odd. Some heap ≥ 2 with XOR 0:
    every move either leaves a heap ≥ 2 and XOR ≠ 0 (a win for the opponent, by induction)
    or takes the only heap ≥ 2 — impossible with XOR 0, since two heaps ≥ 2 would be
    needed. Some heap ≥ 2 with XOR ≠ 0: with two or more heaps ≥ 2, the normal-play move
    to XOR 0 leaves a heap ≥ 2 (it changes one heap), a loss for the opponent; with one,
    reduce it to 0 or 1 so that the number of 1s left is odd — a loss for the opponent.
    ``tests/lab/test_impartial.py`` and ``tests/search/test_grundy.py`` check the rule
    against a search of every position.

    >>> misere_nim_wins([1, 1]), misere_nim_wins([1]), misere_nim_wins([2, 2]), misere_nim_wins([3])
    (True, False, False, True)
    """
    total = reduce(xor, heaps, 0)
    if any(size >= 2 for size in heaps):
        return total != 0
    return total == 0


def misere_nim_move(heaps: Sequence[int]) -> tuple[int, int, int] | None:
    """A winning move of misère Nim on ``heaps`` as (heap index, from, to), or ``None``
    when the player to move loses or has no move (by Bouton's rule, above).

    >>> [misere_nim_move(heaps) for heaps in ([1, 2], [3, 3], [1, 1, 1], [5])]
    [(1, 2, 0), None, None, (0, 5, 1)]
    """
    if not misere_nim_wins(heaps) or not any(heaps):
        return None
    large = [i for i, size in enumerate(heaps) if size >= 2]
    if len(large) == 1:
        # leave an odd number of heaps of 1: the opponent takes the last
        index = large[0]
        ones = sum(1 for size in heaps if size == 1)
        return index, heaps[index], 0 if ones % 2 else 1
    if not large:
        index = heaps.index(1)  # an even number of 1s: take one, leave an odd number
        return index, 1, 0
    total = reduce(xor, heaps, 0)
    index = next(i for i, size in enumerate(heaps) if size ^ total < size)
    return index, heaps[index], heaps[index] ^ total


def _solve(
    game: ImpartialGame[P],
    position: P | None,
    budget: Budget | None,
    rule: Callable[[list[T]], T],
) -> T:
    """``rule`` applied over the game graph from the bottom up (explicit stack)."""
    if not isinstance(game, ImpartialGame):
        raise GameError(
            f"{getattr(game, 'name', game)!r} is not an ImpartialGame; Grundy values and "
            "misère search take the impartial game itself, without a play convention"
        )
    root = game.initial() if position is None else position
    context = SearchContext(ImpartialAsGame(game, PlayConvention.NORMAL), budget)
    values: dict[Hashable, T] = {}

    def options(position: P) -> list[tuple[None, P]]:
        context.enter()
        found = game.options(position)
        context.stats.edges += len(found)
        return [(None, option) for option in found]

    with context.running():
        for key, _, edges in postorder(root, game.key, options):
            values[key] = rule([values[k] for _, _, k in edges])
    return values[game.key(root)]


class Join(ImpartialGame[tuple[Any, ...]]):
    """The join (sum) A*B*…: a move is a move in exactly one component.

    A position is the tuple of the components' positions.
    """

    def __init__(self, components: Sequence[ImpartialGame[Any]]) -> None:
        self.components = tuple(components)
        self.name = " * ".join(component.name for component in self.components)

    def initial(self) -> tuple[Any, ...]:
        return tuple(component.initial() for component in self.components)

    def options(self, position: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        return [
            (*position[:i], option, *position[i + 1 :])
            for i, component in enumerate(self.components)
            for option in component.options(position[i])
        ]

    def key(self, position: tuple[Any, ...]) -> Hashable:
        return tuple(c.key(p) for c, p in zip(self.components, position, strict=True))


class ImpartialAsGame(Game[tuple[P, Player], P]):
    """An impartial game as a MAX/MIN :class:`Game` under a play convention.

    A position is ``(impartial position, player to move)``, MAX first; a move is the option
    moved to. The payoff is +1 if MAX wins and −1 if MIN wins: under normal play the player
    who cannot move loses, under misère play that player wins.

    >>> class Pile(ImpartialGame[int]):
    ...     def initial(self): return 2
    ...     def options(self, n): return list(range(n))
    >>> from evalgame.search.minimax import minimax
    >>> minimax(ImpartialAsGame(Pile(), PlayConvention.NORMAL)).value
    1
    >>> minimax(ImpartialAsGame(Pile(), PlayConvention.MISERE)).value
    1
    """

    def __init__(self, impartial: ImpartialGame[P], convention: PlayConvention) -> None:
        self.impartial = impartial
        self.convention = convention
        self.name = f"{impartial.name} ({convention.value} play)"

    def initial(self) -> tuple[P, Player]:
        return self.impartial.initial(), Player.MAX

    def to_move(self, position: tuple[P, Player]) -> Player:
        return position[1]

    def moves(self, position: tuple[P, Player]) -> Sequence[P]:
        return self.impartial.options(position[0])

    def play(self, position: tuple[P, Player], move: P) -> tuple[P, Player]:
        return move, position[1].opponent

    def payoff(self, position: tuple[P, Player]) -> Number:
        stuck_loses = self.convention is PlayConvention.NORMAL
        max_stuck = position[1] is Player.MAX
        return -1 if max_stuck == stuck_loses else 1

    def key(self, position: tuple[P, Player]) -> Hashable:
        return self.impartial.key(position[0]), position[1]

    def bounds(self, position: tuple[P, Player]) -> tuple[Number, Number]:
        return -1, 1
