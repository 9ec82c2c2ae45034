"""A game rebuilt from its moves: the stateless way to play (moves in, session out).

A caller that keeps no state between requests (the web page, a worker process) sends
every move so far; :func:`replay` plays them into a fresh session, checking each, and
:func:`answer` lets the engine move until it is the person's turn again.

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> session = replay(Session(TicTacToe()), ["5", "1"])
>>> session.moves_played, session.to_move.value
([5, 1], 'max')
>>> replay(Session(TicTacToe()), ["5", "5"])
Traceback (most recent call last):
...
evalgame.errors.IllegalMoveError: move 2: '5' is not a legal move here; choose one of ...
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from evalgame.errors import IllegalMoveError, LimitError
from evalgame.play.session import Session
from evalgame.search.protocol import Player

P = TypeVar("P")
M = TypeVar("M")

#: reads one move, as the caller sent it, at the session's position
Reader = Callable[[Session[P, M], Any], M]


def read_text(session: Session[P, M], text: Any) -> M:
    """The default reader: a move written as the game describes it."""
    return session.parse_move(str(text))


def replay(
    session: Session[P, M], moves: Iterable[Any], read: Reader[P, M] = read_text
) -> Session[P, M]:
    """Play ``moves`` in order on ``session`` and return it; an illegal move is refused as
    ``move N: why``."""
    for number, sent in enumerate(moves, 1):
        try:
            session.play(read(session, sent))
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number}: {error}") from None
    return session


def answer(
    session: Session[P, M], person: Player, choose: Callable[[Session[P, M]], M]
) -> list[int]:
    """The engine's moves (chosen by ``choose``) until ``person`` is to move or the game is
    over; the indices of those moves in the session's history."""
    start = len(session.history)
    while not session.is_over and session.to_move is not person:
        session.play(choose(session))
    return list(range(start, len(session.history)))


@dataclass(frozen=True)
class Limit:
    """At most ``most`` of something in a game a caller accepts, and what to tell a caller
    who asks for more.

    >>> Limit(8, "use fewer").check("the number of variables", 9)
    Traceback (most recent call last):
    ...
    evalgame.errors.LimitError: the number of variables is 9, over the limit of 8; use fewer
    """

    most: int
    advice: str

    def check(self, what: str, count: int) -> None:
        """Refuse ``count`` of ``what`` beyond the limit."""
        if count > self.most:
            raise LimitError(what, count, self.most, self.advice)
