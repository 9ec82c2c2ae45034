"""The protocol every game speaks, and the types the search engine shares.

A game is a subclass of :class:`Game`. Five methods are required: the starting position,
whose turn it is, the legal moves, the position after a move, and the payoff of a terminal
position (to MAX; ``None`` marks an *invalid* leaf, such as a division by zero in
e-Valuate). Everything else is an optional hook that makes search faster or richer.

Values are exact numbers (:data:`evalgame.numbers.Number`: ``int`` or ``Fraction``), never floats.

>>> class Countdown(Game[int, int]):
...     '''Players alternately take 1 or 2 from a pile; the player taking the last one wins.'''
...     def initial(self) -> int: return 4
...     def to_move(self, position: int) -> Player:
...         return Player.MAX if position % 2 == 0 else Player.MIN   # toy turn rule
...     def moves(self, position: int) -> list[int]: return [m for m in (1, 2) if m <= position]
...     def play(self, position: int, move: int) -> int: return position - move
...     def payoff(self, position: int) -> int: return 1
>>> game = Countdown()
>>> game.moves(game.initial())
[1, 2]
>>> game.is_terminal(0)
True
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Generic, TypeVar

from evalgame.errors import GameError
from evalgame.numbers import Number

P = TypeVar("P")  # a position
M = TypeVar("M")  # a move


class Player(enum.Enum):
    """Who chooses the move at a position."""

    MAX = "max"
    MIN = "min"
    CHANCE = "chance"

    @property
    def opponent(self) -> Player:
        """MAX for MIN and MIN for MAX (chance has no opponent)."""
        if self is Player.MAX:
            return Player.MIN
        if self is Player.MIN:
            return Player.MAX
        raise GameError("a chance node has no opponent")


class Game(ABC, Generic[P, M]):
    """A finite two-player zero-sum game, seen from MAX, who wants the payoff large.

    Required: :meth:`initial`, :meth:`to_move`, :meth:`moves`, :meth:`play`, :meth:`payoff`.
    Optional hooks (defaults are always correct, only slower):

    * :meth:`key` — a transposition key: two positions with equal keys have equal values
      (up to :meth:`affine`, see there). ``None`` means "do not store this position".
    * :meth:`affine` — ``(scale, offset)`` with ``scale > 0`` such that
      ``value(position) == scale * V + offset`` where ``V`` is shared by all positions with
      the same key. Lets a table share entries between positions that differ by a constant.
    * :meth:`bounds` — cheap proven bounds ``(lower, upper)`` on the value (``None`` = none).
    * :meth:`order` — the legal moves in the order to search them (best first); it may
      leave out moves proven no better for the mover than a move it keeps (a winning move
      makes every other move redundant), never all of them.
    * :meth:`probability` — for CHANCE positions, the probability of each outcome.
    * :meth:`evaluate` — a heuristic value for depth-limited search.
    * :meth:`subtree_size` — the number of nodes of the full game tree below a position
      (itself included), so that statistics can count the nodes a cut-off pruned.
    * :attr:`all_leaves_valid` — set it when :meth:`payoff` never returns ``None``.
    """

    #: a short name used in messages and statistics
    name: str = "game"

    def __repr__(self) -> str:
        """``<TicTacToe tictactoe>``: the class and the game's own name, not an address."""
        return f"<{type(self).__name__} {self.name}>"

    #: ``True`` promises that :meth:`payoff` never returns ``None`` (no invalid leaves):
    #: solvers may then cut a position off at its static bounds at once, without first
    #: searching below it for a valid leaf
    all_leaves_valid: bool = False

    @abstractmethod
    def initial(self) -> P:
        """The starting position."""

    @abstractmethod
    def to_move(self, position: P) -> Player:
        """Who chooses at ``position`` (meaningless at a terminal position)."""

    @abstractmethod
    def moves(self, position: P) -> Sequence[M]:
        """The legal moves at ``position``; empty exactly when the position is terminal."""

    @abstractmethod
    def play(self, position: P, move: M) -> P:
        """The position after ``move``; ``position`` itself is never modified."""

    @abstractmethod
    def payoff(self, position: P) -> Number | None:
        """The value to MAX of a terminal position, or ``None`` for an invalid leaf.

        Invalid leaves do not count: minimum and maximum range over valid children only,
        and a position all of whose children are invalid is itself invalid.
        """

    # ----------------------------------------------------------------- optional hooks

    def is_terminal(self, position: P) -> bool:
        """Whether the game is over at ``position``."""
        return not self.moves(position)

    def key(self, position: P) -> Hashable | None:
        """A transposition key for ``position``, or ``None`` to never store it."""
        return None

    def affine(self, position: P) -> tuple[Number, Number]:
        """``(scale, offset)``: value(position) = scale · value(key class) + offset."""
        return 1, 0

    def bounds(self, position: P) -> tuple[Number | None, Number | None]:
        """Proven ``(lower, upper)`` bounds on the value of ``position`` (``None`` = unknown).

        The bounds need only hold when the position is valid.
        """
        return None, None

    def order(self, position: P, moves: Sequence[M]) -> Sequence[M]:
        """``moves`` in the order to search them, most promising first.

        Moves proven no better for the mover than one that is kept may be left out
        (plain minimax ignores this hook and walks every move).
        """
        return moves

    def probability(self, position: P, move: M) -> Fraction:
        """The probability of outcome ``move`` at a CHANCE position."""
        raise GameError(f"{self.name} has no chance positions")

    def evaluate(self, position: P) -> Number:
        """A heuristic value of a non-terminal position, for depth-limited search."""
        raise GameError(f"{self.name} has no evaluation function")

    def subtree_size(self, position: P) -> int | None:
        """Nodes of the full game tree rooted at ``position`` (``None`` if unknown)."""
        return None

    def describe_move(self, position: P, move: M) -> str:
        """A short human-readable description of ``move`` at ``position``."""
        return str(move)
