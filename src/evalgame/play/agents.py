"""Players for a :class:`~evalgame.play.session.Session`: people, solvers, dice and chance.

Every agent has ``name`` and ``choose(session)``, which returns a legal move (a
:class:`HumanAgent` may also return :data:`UNDO` or :data:`QUIT`). Agents are generic: they
see the game only through the session.

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> from evalgame.play.session import Session
>>> session = Session(TicTacToe())
>>> RandomAgent(seed=1).choose(session) in session.legal_moves()
True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable
from fractions import Fraction
from math import lcm
from typing import Any, Protocol

from evalgame.errors import GameError, IllegalMoveError, SearchInterrupted
from evalgame.numbers import Number
from evalgame.play.session import Session, Solver, reading_order
from evalgame.search.iterative import iterative_deepening
from evalgame.search.protocol import Player
from evalgame.search.result import SearchResult


class Command(enum.Enum):
    """What a person may ask for instead of a move."""

    UNDO = "undo"
    QUIT = "quit"


UNDO, QUIT = Command.UNDO, Command.QUIT


class Agent(Protocol):
    """Anything that picks a move in a session."""

    name: str

    def choose(self, session: Session[Any, Any]) -> Any:
        """A legal move of ``session`` (or a :class:`Command` for a person)."""


def sample(session: Session[Any, Any], rng: random.Random) -> Any:
    """A chance outcome drawn with its exact probability (integer arithmetic, no floats)."""
    game, position = session.game, session.position
    moves = session.legal_moves()
    weights = [Fraction(game.probability(position, m)) for m in moves]
    scale = lcm(*(w.denominator for w in weights))
    ticket = rng.randrange(sum(int(w * scale) for w in weights))
    for move, weight in zip(moves, weights, strict=True):
        ticket -= int(weight * scale)
        if ticket < 0:
            return move
    raise GameError("the probabilities of a chance position do not add up")  # pragma: no cover


class RandomAgent:
    """Plays uniformly at random among the legal moves; chance outcomes by their odds."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, session: Session[Any, Any]) -> Any:
        if session.to_move is Player.CHANCE:
            return sample(session, self.rng)
        return self.rng.choice(session.legal_moves())


class ChanceAgent(RandomAgent):
    """The dice: draws each chance outcome with its exact probability (seeded)."""

    name = "chance"


class OptimalAgent:
    """Plays the first move of a principal variation found by an exact ``solver``."""

    name = "optimal"

    def __init__(self, solver: Solver) -> None:
        self.solver = solver

    def choose(self, session: Session[Any, Any]) -> Any:
        result = self.solver(session.game, session.position)
        move = result.best_move
        if move is None or move not in session.legal_moves():
            raise GameError(f"the solver found no move to play in {session.game.name}")
        return move


class DepthLimitedAgent:
    """Iterative deepening with the game's evaluation function, within ``seconds``.

    It plays the best move of the deepest completed iteration (the first legal move if
    not even depth 1 completed in time). ``last`` is the search behind its last choice —
    how deep it looked (``depth``) and what it estimated (``value``, to MAX; ``exact`` when
    it reached every end of the game) — or ``None`` when not even depth 1 completed.

    >>> from evalgame.games.classic.tictactoe import TicTacToe
    >>> agent = DepthLimitedAgent(max_depth=2)
    >>> agent.choose(Session(TicTacToe())), agent.last.depth, agent.last.value, agent.last.exact
    (5, 2, Fraction(1, 25), False)
    """

    name = "depth"

    def __init__(self, seconds: float = 1.0, max_depth: int | None = None) -> None:
        if seconds <= 0:
            raise GameError(f"a depth-limited player needs a positive time, not {seconds}")
        self.seconds, self.max_depth = seconds, max_depth
        self.last: SearchResult[Any] | None = None

    def choose(self, session: Session[Any, Any]) -> Any:
        legal = session.legal_moves()
        self.last = None
        try:
            result = iterative_deepening(
                session.game, session.position, max_depth=self.max_depth, seconds=self.seconds
            )
        except SearchInterrupted:
            return legal[0]
        self.last = result
        move = result.best_move
        return move if move in legal else legal[0]


class HumanAgent:
    """A person, asked through ``ask(prompt) -> text`` and told things through ``tell``.

    Typing ``?`` shows the value of every legal move (when the session has a solver),
    ``u`` asks to undo, ``q`` to quit; anything else must describe a legal move, or the
    person is told why not and asked again.
    """

    name = "human"

    def __init__(
        self,
        ask: Callable[[str], str],
        tell: Callable[[str], None],
        describe_value: Callable[[Number | None], str] = str,
    ) -> None:
        self.ask, self.tell, self.describe_value = ask, tell, describe_value

    def choose(self, session: Session[Any, Any]) -> Any:
        choices = session.choices()
        while True:
            text = self.ask(f"your move ({choices}; ? hint, u undo, q quit)").strip()
            if text == "?":
                self.tell(self.hints(session))
            elif text.lower() in ("u", "undo"):
                if session.history:
                    return UNDO
                self.tell("there is no move to undo")
            elif text.lower() in ("q", "quit"):
                return QUIT
            else:
                try:
                    return session.parse_move(text)
                except IllegalMoveError as error:
                    self.tell(str(error))

    def hints(self, session: Session[Any, Any]) -> str:
        """A heading, then one line per legal move: its description, the value it leads to
        with best play after it, and a mark on the best moves.

        >>> from evalgame.games.classic.tictactoe import TicTacToe
        >>> from evalgame.play.solvers import exact_solver
        >>> session = Session(TicTacToe(), solver=exact_solver())
        >>> for _ in range(3):
        ...     _ = session.play(session.legal_moves()[0])
        >>> print(HumanAgent(input, print).hints(session))  # X on 5 and 3: O must block 7
        MIN to move — the value after each move, with best play from then on (MIN wants it small):
          2 → 1
          4 → 1
          6 → 1
          7 → 0   ← best
          8 → 1
          9 → 1
        """
        try:
            hints = session.hint()
        except (GameError, SearchInterrupted) as error:
            return f"no hint: {error}"
        mover = session.to_move
        valid = [value for _, value in hints if value is not None]
        best = (max if mover is Player.MAX else min)(valid) if valid else None
        wants = "large" if mover is Player.MAX else "small"
        rows = reading_order([(session.describe(move), value) for move, value in hints], _first)
        width = max((len(name) for name, _ in rows), default=0)
        lines = [
            f"{mover.name} to move — the value after each move, with best play from then on "
            f"({mover.name} wants it {wants}):"
        ]
        for name, value in rows:
            mark = "   ← best" if value is not None and value == best else ""
            lines.append(f"  {name.rjust(width)} → {self.describe_value(value)}{mark}")
        return "\n".join(lines)


def _first(row: tuple[str, Any]) -> str:
    return row[0]
