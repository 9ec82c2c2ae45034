"""A game in progress: the position, the moves so far, undo, hints and the verdict.

A :class:`Session` works on any :class:`~evalgame.search.protocol.Game`. Two things are
pluggable: which moves may be played (``playable``, e.g. only moves whose subtree holds a
valid leaf) and how the end is judged (``verdict``; by default the sign of the payoff
decides: first player wins / draw / second player wins).

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> session = Session(TicTacToe())
>>> for text in ["5", "1", "9", "3", "2", "8", "4", "6", "7"]:
...     _ = session.play(session.parse_move(text))
>>> session.is_over, session.payoff(), session.verdict().text
(True, 0, 'draw')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from evalgame.errors import GameError, IllegalMoveError
from evalgame.numbers import Number
from evalgame.play.verdict import Outcome, Verdict
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult

P = TypeVar("P")
M = TypeVar("M")
T = TypeVar("T")

#: an exact solver: the value and best line of a position
Solver = Callable[[Game[Any, Any], Any], SearchResult[Any]]
#: whether a move may be played at a position
Playable = Callable[[Game[Any, Any], Any, Any], bool]


#: judges a finished session
VerdictRule = Callable[["Session[Any, Any]"], Verdict]


def payoff_verdict(session: Session[Any, Any]) -> Verdict:
    """The classic verdict: the sign of the final payoff to MAX (the first player)."""
    value = session.payoff()
    if value is None:
        return Verdict(None, "no valid result", decided=False)
    outcome = Outcome.of(value)
    return Verdict(outcome.winner, outcome.value)


def solvable_moves(solver: Solver) -> Playable:
    """A ``playable`` rule: moves after which ``solver`` finds a valid value."""

    def playable(game: Game[Any, Any], position: Any, move: Any) -> bool:
        return solver(game, game.play(position, move)).value is not None

    return playable


class Session(Generic[P, M]):
    """A game from ``position`` (default: the start), with its history.

    ``solver`` answers :meth:`hint`; ``playable`` filters the legal moves; ``verdict``
    judges the end.
    """

    def __init__(
        self,
        game: Game[P, M],
        position: P | None = None,
        *,
        solver: Solver | None = None,
        playable: Playable | None = None,
        verdict: VerdictRule = payoff_verdict,
    ) -> None:
        self.game = game
        self.start: P = game.initial() if position is None else position
        self.position: P = self.start
        self.history: list[tuple[P, M]] = []
        self.solver = solver
        self.playable = playable
        self.verdict_rule = verdict

    @property
    def moves_played(self) -> list[M]:
        """The moves played so far, in order."""
        return [move for _, move in self.history]

    @property
    def to_move(self) -> Player:
        """Who chooses now (MAX, MIN or CHANCE)."""
        return self.game.to_move(self.position)

    def legal_moves(self) -> list[M]:
        """The moves that may be played now (the game's moves, filtered by ``playable``)."""
        moves = list(self.game.moves(self.position))
        if self.playable is None:
            return moves
        return [m for m in moves if self.playable(self.game, self.position, m)]

    def is_legal(self, move: M) -> bool:
        """Whether ``move`` may be played now (checks that move alone: a ``playable`` rule
        may cost a search per move)."""
        if move not in self.game.moves(self.position):
            return False
        return self.playable is None or self.playable(self.game, self.position, move)

    @property
    def is_over(self) -> bool:
        """Whether no move can be played any more."""
        return not self.legal_moves()

    def describe(self, move: M) -> str:
        """``move`` as people read and type it at the current position."""
        return self.game.describe_move(self.position, move)

    def choices(self, moves: Sequence[M] | None = None) -> str:
        """``moves`` (by default the legal ones) as people read them, in reading order:
        numbered moves (cells, columns) ascending, others in the game's order.

        >>> from evalgame.games.classic.tictactoe import TicTacToe
        >>> Session(TicTacToe()).choices()  # the engine tries the centre first
        '1, 2, 3, 4, 5, 6, 7, 8, 9'
        """
        return ", ".join(reading_order([self.describe(m) for m in moves or self.legal_moves()]))

    def parse_move(self, text: str) -> M:
        """The legal move whose description is ``text`` (spaces ignored; case too, unless
        two moves differ only by case, as variables ``x`` and ``X`` do)."""
        wanted = "".join(text.split())
        legal = self.legal_moves()
        written = {"".join(self.describe(move).split()): move for move in legal}
        if wanted in written:
            return written[wanted]
        folded = [move for key, move in written.items() if key.lower() == wanted.lower()]
        if len(folded) == 1:
            return folded[0]
        if not legal:
            raise IllegalMoveError("the game is over")
        choices = self.choices(legal)
        if any(
            "".join(self.describe(m).split()).lower() == wanted.lower()
            for m in self.game.moves(self.position)
        ):
            raise IllegalMoveError(
                f"{text.strip()} leads only to positions without a valid result "
                f"(e.g. a division by zero); choose one of {choices}"
            )
        raise IllegalMoveError(
            f"{text.strip()!r} is not a legal move here; choose one of {choices}"
        )

    def play(self, move: M) -> P:
        """Play ``move``; an illegal move raises :class:`IllegalMoveError` with the reason."""
        if not self.is_legal(move):
            legal = self.legal_moves()
            if not legal:
                raise IllegalMoveError("the game is over")
            if move in self.game.moves(self.position):
                raise IllegalMoveError(
                    f"{self.describe(move)} leads only to positions without a valid result"
                )
            choices = self.choices(legal)
            raise IllegalMoveError(f"{move!r} is not a legal move here; choose one of {choices}")
        self.history.append((self.position, move))
        self.position = self.game.play(self.position, move)
        return self.position

    def undo(self) -> M:
        """Take back the last move and return it."""
        if not self.history:
            raise IllegalMoveError("there is no move to undo")
        self.position, move = self.history.pop()
        return move

    def hint(self) -> list[tuple[M, Number | None]]:
        """Each legal move with the exact value of the position it leads to."""
        if self.solver is None:
            raise GameError(f"no solver is available for hints in {self.game.name}")
        solver = self.solver
        return [
            (m, solver(self.game, self.game.play(self.position, m)).value)
            for m in self.legal_moves()
        ]

    def payoff(self) -> Number | None:
        """The payoff to MAX of the final position (``None`` if it has no valid result)."""
        if not self.is_over:
            raise GameError("the game is not over yet")
        if self.game.moves(self.position):
            return None  # stuck: every move was filtered out as unplayable
        return self.game.payoff(self.position)

    def verdict(self) -> Verdict:
        """Who won, by the session's verdict rule."""
        if not self.is_over:
            raise GameError("the game is not over yet")
        return self.verdict_rule(self)


def reading_order(items: list[T], name: Callable[[T], str] = str) -> list[T]:
    """Moves (or anything ``name`` names as a move) as people scan them: numbers
    ascending when every name is a whole number, else as given.

    >>> reading_order(["5", "1", "10", "2"]), reading_order(["Y", "X"])
    (['1', '2', '5', '10'], ['Y', 'X'])
    """
    if items and all(name(item).isdigit() for item in items):
        return sorted(items, key=lambda item: int(name(item)))
    return items
