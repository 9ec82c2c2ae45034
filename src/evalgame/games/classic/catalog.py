"""The shipped games by name: ``tictactoe``, ``connect4:4x5``, ``nim:3,4,5``, ``pig:20``...

:func:`parse_target` turns a game specification into a :class:`Target`: the game on the
search protocol, whether it has chance nodes, and whether it is small enough to solve
exactly. The syntax:

=========================  ===================================================
``tictactoe``              tic-tac-toe
``connect4[:ROWSxCOLS]``   connect-four (default 6x7)
``nim:3,4,5[:misere]``     Nim on heaps 3, 4, 5 (normal play unless ``misere``)
``takeaway:N``             take-away-1-2-3 from N matches
``subtraction:S:N``        the subtraction game with set S (e.g. ``1,2,3``) on N
``grundy:N``               Grundy's game on a stack of N (``[:misere]`` too)
``kayles:N``               Kayles on a row of N pins (``[:misere]`` too)
``dawson:N``               Dawson's Kayles on a row of N pins
``kayles:3+nim:4``         a sum of different heap games (each with heaps ``3,4,...``)
``pig:T[:FACES[:TURNS]]``  Pig to T with a die of FACES (6), TURNS turns (6)
``dag:FILE``               a game read from a JSON file
=========================  ===================================================

>>> target = parse_target("connect4:4x5")
>>> target.game.name, target.exact
('connect4:4x5', True)
>>> parse_target("nim:3,4,5").game.name
'nim 3 4 5'
>>> is_game_target("x*(y-z)"), is_game_target("kayles:6")
(False, True)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evalgame.errors import GameError
from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.dice import Pig
from evalgame.games.classic.heap_play import HeapPlay
from evalgame.games.classic.impartial import (
    DawsonsKayles,
    GrundysGame,
    HeapGame,
    HeapSum,
    Kayles,
    Nim,
    SubtractionGame,
)
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.search.grundy import PlayConvention
from evalgame.search.protocol import Game

NAMES = (
    "tictactoe",
    "connect4",
    "nim",
    "takeaway",
    "subtraction",
    "grundy",
    "kayles",
    "dawson",
    "pig",
    "dag",
)

#: boards with more cells are not solved exactly (4×6 takes ~15 s, 6×7 is out of reach)
CONNECT4_EXACT_CELLS = 25
#: larger instances are refused, whatever the search budget
LIMITS = {"heap": 1000, "heaps": 12, "pig_target": 100, "pig_faces": 20, "pig_turns": 20}
#: Pig instances with more states than this are not solved exactly
PIG_EXACT_STATES = 2_000_000


def _takeaway(heaps: Sequence[int]) -> HeapGame:
    game = SubtractionGame([1, 2, 3], heaps)
    game.name = "takeaway"
    return game


#: the heap games by name (``subtraction:S`` besides)
HEAP_GAMES: dict[str, Callable[[Sequence[int]], HeapGame]] = {
    "nim": Nim,
    "takeaway": _takeaway,
    "grundy": GrundysGame,
    "kayles": Kayles,
    "dawson": DawsonsKayles,
}
#: impartial games with a larger (estimated) state space are not solved exactly by search
HEAP_EXACT_STATES = 2_000_000


@dataclass(frozen=True)
class Target:
    """A playable game and how to solve it.

    ``algorithm`` names the exact solver that suits it (``alphabeta``, ``expectiminimax``
    for dice, ``backward-induction`` for DAG files). ``too_big`` is ``(what, size, limit)``
    when the game is too large to solve exactly.
    """

    game: Game[Any, Any]
    algorithm: str = "alphabeta"
    too_big: tuple[str, int, int] | None = None

    @property
    def exact(self) -> bool:
        """Whether the game is small enough to solve exactly."""
        return self.too_big is None

    @property
    def chance(self) -> bool:
        """Whether the game may have chance positions."""
        return self.algorithm != "alphabeta"

    @property
    def value_meaning(self) -> str | None:
        """What the value of a game with dice measures: the game's own words (Pig's), else
        an expectation; ``None`` without dice, where the value's outcome says it.

        >>> parse_target("pig:10").value_meaning[:44]
        'P(first player wins) − P(second player wins)'
        """
        if not self.chance:
            return None
        meaning: str = getattr(self.game, "value_meaning", "the expected payoff to MAX")
        return meaning


def is_game_target(text: str) -> bool:
    """Whether ``text`` names one of these games (anything else is an e-Valuate expression)."""
    return ":" in text or text.strip().lower() in NAMES


def similar_game(text: str) -> str | None:
    """The game name ``text`` looks like a misspelling of, if any.

    >>> similar_game("tictacto"), similar_game("x"), similar_game("tictactoe")
    ('tictactoe', None, None)
    """
    word = text.strip().lower()
    if word in NAMES:
        return None
    close = difflib.get_close_matches(word, NAMES, n=1, cutoff=0.75)
    return close[0] if close else None


def parse_target(text: str) -> Target:
    """The game named by ``text`` (see the module documentation for the syntax)."""
    name, _, rest = text.strip().partition(":")
    name = name.lower()
    if name == "tictactoe" and not rest:
        return Target(TicTacToe())
    if name == "connect4":
        return _connect4(rest)
    if name == "pig":
        return _pig(rest)
    if name == "dag":
        if not rest:
            raise GameError("dag needs a file: dag:FILE")
        return Target(DagGame.from_file(rest), algorithm="backward-induction")
    if name in (*HEAP_GAMES, "subtraction"):
        return _heaps(text)
    raise GameError(
        f"unknown game {text!r}; the games are tictactoe, connect4:4x5, nim:3,4,5, "
        "takeaway:12, subtraction:1,2,3:12, grundy:7, kayles:6, dawson:9, kayles:3+nim:4, "
        "pig:20, dag:FILE"
    )


def _number(text: str, what: str, low: int, limit: str) -> int:
    """A whole number from ``low`` to ``LIMITS[limit]``; the error names the limit and how
    to raise it."""
    if not re.fullmatch(r"\s*\d+\s*", text):
        raise GameError(f"{what} must be a whole number, not {text!r}")
    value, high = int(text), LIMITS[limit]
    if not low <= value <= high:
        raise GameError(
            f"{what} must be between {low} and {high}, not {value} (the limit "
            f"LIMITS[{limit!r}] of evalgame.games.classic.catalog keeps every answer quick; "
            "raise it from Python for larger games)"
        )
    return value


def _numbers(text: str, what: str, low: int, limit: str) -> list[int]:
    return [_number(part, what, low, limit) for part in text.split(",")]


def _connect4(rest: str) -> Target:
    rows, cols = 6, 7
    if rest:
        match = re.fullmatch(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", rest.lower())
        if not match:
            raise GameError(f"connect4 takes a board ROWSxCOLS such as 4x5, not {rest!r}")
        rows, cols = int(match[1]), int(match[2])
    game = ConnectFour(rows, cols)
    if rows * cols > CONNECT4_EXACT_CELLS:
        return Target(game, too_big=("the number of cells", rows * cols, CONNECT4_EXACT_CELLS))
    return Target(game)


def _pig(rest: str) -> Target:
    parts = rest.split(":") if rest else []
    if not 1 <= len(parts) <= 3:
        raise GameError("pig takes a target and optionally faces and turns: pig:T[:FACES[:TURNS]]")
    target = _number(parts[0], "the pig target", 1, "pig_target")
    faces = _number(parts[1], "the number of faces", 2, "pig_faces") if len(parts) > 1 else 6
    turns = _number(parts[2], "the number of turns", 1, "pig_turns") if len(parts) > 2 else 6
    game = Pig(target, faces, turns)
    states = 2 * target**3 * turns
    if states > PIG_EXACT_STATES:
        return Target(game, "expectiminimax", ("the number of states", states, PIG_EXACT_STATES))
    return Target(game, "expectiminimax")


def heap_game(name: str, heaps: Sequence[int] = ()) -> HeapGame:
    """The heap game called ``name`` (nim, takeaway, subtraction:1,2,3, grundy, kayles or
    dawson), starting from ``heaps``.

    >>> heap_game("subtraction:1,3", [5]).name, heap_game("Dawson").heap_values(4)
    ('subtraction:1,3', [0, 0, 1, 1, 2])
    """
    kind, _, rest = name.strip().lower().partition(":")
    if kind == "subtraction" and rest:
        subtraction = _numbers(rest, "a number of the subtraction set", 1, "heap")
        return SubtractionGame(subtraction, heaps)
    if rest or kind not in HEAP_GAMES:
        raise GameError(
            f"unknown game {name!r}; choose nim, takeaway, subtraction:1,2,3, grundy, kayles "
            "or dawson"
        )
    return HEAP_GAMES[kind](heaps)


def _heaps(text: str) -> Target:
    """``kayles:3,4``, ``subtraction:1,2,3:12``, or a sum ``kayles:3+nim:4+grundy:7``, each
    optionally followed by ``:misere`` (for the whole game)."""
    text = text.strip()
    convention = PlayConvention.NORMAL
    body, _, last = text.rpartition(":")
    if last.strip().lower() in ("misere", "misère"):
        convention, text = PlayConvention.MISERE, body
    parts = [_heap_part(part) for part in text.split("+")]
    count = sum(len(part.heaps) for part in parts)
    if count > LIMITS["heaps"]:
        raise GameError(f"a game takes at most {LIMITS['heaps']} heaps, not {count}")
    game: HeapGame | HeapSum = parts[0] if len(parts) == 1 else HeapSum(parts)
    states = 1
    for part in parts:
        states *= heap_positions(part)
    play = HeapPlay(game, convention)
    if states > HEAP_EXACT_STATES:
        return Target(play, too_big=("the number of positions", states, HEAP_EXACT_STATES))
    return Target(play)


def _heap_part(text: str) -> HeapGame:
    """One heap game with its heaps: ``nim:3,4,5``, ``subtraction:1,2,3:12``, ``kayles:6``."""
    name, _, rest = text.strip().partition(":")
    name = name.strip().lower()
    if name not in HEAP_GAMES and name != "subtraction":
        raise GameError(f"{name!r} is not a heap game; a sum adds up {', '.join(HEAP_GAMES)}")
    parts = rest.split(":") if rest else []
    if len(parts) != (2 if name == "subtraction" else 1):
        usage = {"subtraction": "subtraction:1,2,3:12", "nim": "nim:3,4,5"}.get(
            name, f"{name}:N (several heaps: {name}:3,4)"
        )
        raise GameError(f"{name} is written {usage} (optionally followed by :misere)")
    heaps = _numbers(parts[-1], "a heap size", 0, "heap")
    return heap_game(":".join([name, *parts[:-1]]), heaps)


def heap_positions(game: HeapGame) -> int:
    """An upper bound on the positions reachable in ``game``.

    Nim and subtraction games: one size per heap. The others (splitting games): a position is
    a multiset of heaps of total at most the start's, so at most Σ_{k≤n} p(k) of them.
    """
    if isinstance(game, Nim | SubtractionGame):
        count = 1
        for heap in game.heaps:
            count *= heap + 1
        return count
    total = sum(game.heaps)
    partitions = [1] + [0] * total  # partitions[k] = p(k), by adding one part size at a time
    for part in range(1, total + 1):
        for k in range(part, total + 1):
            partitions[k] += partitions[k - part]
    return sum(partitions)
