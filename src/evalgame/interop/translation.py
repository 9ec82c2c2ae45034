"""What both adapters share: one of our games with numbered actions, an observation
array, a text picture, and parameters that are plain words and numbers.

A :class:`Translation` wraps one of evalgame's games and speaks only through the
:class:`~evalgame.search.Game` protocol; the OpenSpiel and PettingZoo adapters are thin
layers over it, and each family of games has its module (:mod:`evalgame.interop.families`
lists them). Player 0 is always MAX (who wants the value large), player 1 MIN, whoever
moves first; the value of a finished game is the game's own payoff to MAX.

Parameters are words and numbers without ``(``, ``)``, ``,`` or ``=`` (OpenSpiel's game
strings split on those), and a word is never made only of digits, ``-`` and ``.`` (a game
string reads such a word back as a number).

A rule of evalgame's games that invalid leaves (a division by zero in e-Valuate) do not
count becomes: a move is offered only if some way of finishing the game from it is
defined. Finding one defined completion is a search for one leaf, not a solve, and it is
skipped for games whose leaves are all valid.
"""

from __future__ import annotations

import functools
import re
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from evalgame.errors import GameError, IllegalMoveError
from evalgame.interop.render import Image, text_image
from evalgame.numbers import Number, format_number
from evalgame.search.protocol import Game, Player

P = TypeVar("P")
M = TypeVar("M")

#: a parameter as OpenSpiel keeps it: a whole number or a word
Parameter = int | str
Observation = npt.NDArray[np.int8]

#: :meth:`Translation.player` at a chance position (OpenSpiel's number for chance)
CHANCE = -1
#: characters OpenSpiel's game strings use as syntax
SYNTAX = re.compile(r"[(),=]")
#: the dashes and minus signs of evalgame's texts, written ``-`` in ASCII move strings
_ASCII_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—−", "-"))


def _spelling(move: str) -> str:
    """A move's text compared without spaces and with ASCII dashes."""
    return "".join(move.split()).translate(_ASCII_DASHES)


class Translation(ABC, Generic[P, M]):
    """One of our games with numbered actions, an observation and a picture.

    A subclass names its ``family``, its ``defaults`` (every parameter, with its type) and
    builds itself from parameters with :meth:`from_parameters`.
    """

    family: ClassVar[str]
    title: ClassVar[str]
    defaults: ClassVar[Mapping[str, Parameter]]
    #: whether the family may have chance positions
    chance: ClassVar[bool] = False

    def __init__(
        self,
        game: Game[P, Any],
        actions: Sequence[M],
        *,
        max_length: int,
        shape: tuple[int, ...],
        value_range: tuple[Number | None, Number | None],
        always_valid: bool,
    ) -> None:
        self.game = game
        #: every move the game can ever offer; a move's action number is its index here
        self.actions: tuple[M, ...] = tuple(actions)
        self._number = {self._hashable(move): i for i, move in enumerate(self.actions)}
        self.max_length = max_length
        #: the shape of :meth:`observe`'s array
        self.shape = shape
        #: proven bounds on the value of a finished game (``None``: unbounded)
        self.value_range = value_range
        self._always_valid = always_valid or game.all_leaves_valid
        self._valid: dict[Hashable, bool] = {}
        if not self._completes(game.initial()):
            raise GameError(f"{self.title}: no way of playing it to the end is defined")

    @classmethod
    @abstractmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> Translation[Any, Any]:
        """The game of ``parameters`` (the ones missing take their :attr:`defaults`)."""

    @abstractmethod
    def parameters(self) -> dict[str, Parameter]:
        """Every parameter, written so that OpenSpiel's game strings keep it."""

    @abstractmethod
    def observe(self, position: P) -> Observation:
        """The position as an array of 0s and 1s of shape :attr:`shape`."""

    @abstractmethod
    def picture(self, position: P) -> str:
        """The position as text (the side to move is added by :meth:`text`)."""

    # ------------------------------------------------------------------ shared

    def initial(self) -> P:
        """The starting position."""
        return self.game.initial()

    def player(self, position: P) -> int | None:
        """0 when MAX is to move, 1 for MIN, :data:`CHANCE` at a chance position, ``None``
        once the game is over."""
        if self.game.is_terminal(position):
            return None
        return {Player.MAX: 0, Player.MIN: 1, Player.CHANCE: CHANCE}[self.game.to_move(position)]

    def chances(self, position: P) -> list[tuple[int, Fraction]]:
        """At a chance position, each outcome's action number and its exact probability."""
        return [
            (self._number[self._hashable(move)], self.game.probability(position, move))
            for move in self.game.moves(position)
        ]

    def legal(self, position: P) -> list[int]:
        """The action numbers playable at ``position``, in increasing order."""
        if self.game.is_terminal(position):
            return []
        return sorted(
            self._number[self._hashable(move)]
            for move in self.game.moves(position)
            if self._completes(self.game.play(position, move))
        )

    def play(self, position: P, action: int) -> P:
        """The position after action number ``action``; an action that is not legal there
        is an :class:`~evalgame.errors.IllegalMoveError`."""
        if action not in self.legal(position):
            raise IllegalMoveError(f"action {action} is not legal here")
        return self.game.play(position, self.actions[action])

    def value(self, position: P) -> Number:
        """The exact value to MAX of a finished game."""
        value = self.game.payoff(position)
        if value is None:  # legal() never leads here
            raise GameError("the game ended on an undefined value")
        return value

    def action_text(self, position: P, action: int) -> str:
        """Action number ``action`` as a person reads it, in ASCII (``3``, ``x``,
        ``(0,0)-(0,1)``)."""
        return self.game.describe_move(position, self.actions[action]).translate(_ASCII_DASHES)

    def action_number(self, position: P, text: str) -> int:
        """The legal action that :meth:`action_text` writes ``text``; spaces do not count
        and an en dash reads as ``-`` (``(0, 0)–(0, 1)`` is ``(0,0)-(0,1)``). A text no
        legal action has is an :class:`~evalgame.errors.IllegalMoveError` listing them."""
        legal = {self.action_text(position, action): action for action in self.legal(position)}
        wanted = _spelling(text)
        for written, action in legal.items():
            if _spelling(written) == wanted:
                return action
        listed = ", ".join(legal) or "none: the game is over"
        raise IllegalMoveError(f"no legal move is written {text!r} here; legal moves: {listed}")

    def text(self, position: P) -> str:
        """The picture and the side to move (OpenSpiel's solvers key their tables on it)."""
        player = self.player(position)
        if player is None:
            status = f"over, value {format_number(self.value(position))}"
        else:
            status = {0: "MAX to move", 1: "MIN to move", CHANCE: "chance to move"}[player]
        return f"{self.picture(position)}\n{status}"

    def image(self, position: P) -> Image:
        """The position as an ``rgb_array`` image: here :meth:`text` drawn as text, in one
        size for the whole game (a board game draws its board)."""
        return text_image(self.text(position), *self._text_size)

    @functools.cached_property
    def _text_size(self) -> tuple[int, int]:
        """Lines and columns enough for the text of every position: the start's, with a
        line more (a proposal waiting) and room for longer values than names."""
        lines = self.text(self.initial()).splitlines()
        return len(lines) + 1, max(map(len, lines)) + 16

    def utility_range(self) -> tuple[float, float]:
        """The least and the greatest return of either player (MAX gets v, MIN −v)."""
        low, high = self.value_range
        top = float("inf") if high is None or low is None else float(max(high, -low))
        return -top, top

    def _completes(self, position: P) -> bool:
        """Whether some way of finishing the game from ``position`` has a defined value."""
        if self._always_valid:
            return True
        key = self.game.key(position)
        known = self._valid.get(key if key is not None else self._hashable(position))
        if known is not None:
            return known
        if self.game.is_terminal(position):
            found = self.game.payoff(position) is not None
        else:
            found = any(
                self._completes(self.game.play(position, move))
                for move in self.game.moves(position)
            )
        self._valid[key if key is not None else self._hashable(position)] = found
        return found

    @staticmethod
    def _hashable(item: object) -> Hashable:
        assert isinstance(item, Hashable)
        return item


def first_player(parameters: Mapping[str, Any]) -> Player:
    """The player the parameter ``first`` names: ``max`` or ``min``."""
    first = str(parameters["first"]).strip().lower()
    if first not in ("max", "min"):
        raise GameError(f"first is max or min, not {parameters['first']!r}")
    return Player(first)


def whole_number(parameters: Mapping[str, Any], name: str) -> int:
    """The parameter ``name``, a whole number (given as a number or as digits)."""
    value = parameters[name]
    if isinstance(value, bool) or not isinstance(value, int):
        if not (isinstance(value, str) and value.strip().isdigit()):
            raise GameError(f"{name} must be a whole number, not {value!r}")
        value = int(value)
    return value


def plain_word(parameters: Mapping[str, Any], name: str) -> str:
    """The parameter ``name`` as text, refused if it holds what game strings use as syntax."""
    value = str(parameters[name])
    if SYNTAX.search(value):
        raise GameError(f"{name} may not contain ( ) , or =, which game strings use: {value!r}")
    return value


def with_defaults(
    cls: type[Translation[Any, Any]], parameters: Mapping[str, Any]
) -> dict[str, Any]:
    """Every parameter of ``cls``: ``parameters`` and the defaults; an unknown name is an
    error that lists the known ones."""
    unknown = sorted(set(parameters) - set(cls.defaults))
    if unknown:
        known = ", ".join(cls.defaults)
        raise GameError(f"{cls.title} has no parameter {unknown[0]!r}; its parameters: {known}")
    return {**cls.defaults, **parameters}
