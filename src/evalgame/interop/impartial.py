"""Impartial heap games for the adapters: a heap's size and its split as an action."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from evalgame.errors import GameError, IllegalMoveError
from evalgame.games.classic.impartial import (
    GrundysGame,
    HeapGame,
    Heaps,
    Kayles,
    Nim,
    SubtractionGame,
    heaps_of,
)
from evalgame.interop.translation import (
    Observation,
    Parameter,
    Translation,
    plain_word,
    with_defaults,
)
from evalgame.search.grundy import ImpartialAsGame, PlayConvention
from evalgame.search.protocol import Player

HeapPosition = tuple[Heaps, Player]
#: the rules of the impartial heap games by name
HEAP_RULES: dict[str, Callable[[str], HeapGame]] = {
    "nim": lambda _: Nim(),
    "grundy": lambda _: GrundysGame(),
    "kayles": lambda _: Kayles(),
    "subtraction": lambda subtract: SubtractionGame(_sizes(subtract, "subtract")),
}
#: the largest heap and the most counters an impartial game may start with here (the
#: action space lists every way to change every heap size up to the largest)
MOST_COUNTERS = 40


def _sizes(text: str, name: str) -> list[int]:
    words = text.strip().removeprefix("[").removesuffix("]").replace(",", " ").split()
    if not words or not all(word.isdigit() for word in words):
        raise GameError(f"{name} are whole numbers such as [3 4 5], not {text!r}")
    return [int(word) for word in words]


def _sizes_word(sizes: Sequence[int]) -> str:
    """Sizes as a word for a game string, in brackets: a lone ``7`` would be read back as
    a number.

    >>> _sizes_word([3, 4, 5]), _sizes_word([7])
    ('[3 4 5]', '[7]')
    """
    return f"[{' '.join(map(str, sizes))}]"


class ImpartialTranslation(Translation[HeapPosition, tuple[int, Heaps]]):
    """An impartial heap game (Nim, Grundy's game, Kayles, a subtraction game) with MAX
    moving first; the value is +1 if MAX wins, −1 if MIN wins, under normal play (who
    cannot move loses) or misère play (who cannot move wins).

    An action replaces one heap of size s by the heaps its j-th split leaves (heaps never
    grow, so sizes up to the largest starting heap are enough): it is numbered by (s, j).
    The observation has a row per heap, largest first — a one in the column of its size,
    or in column 0 for no heap — and a last row with a one in column 0 when MAX is to move,
    in column 1 for MIN. :attr:`max_length` is exact: the heaps are independent and their
    moves interleave freely, so the longest game is the sum of each heap's longest, found
    by recursion on its splits.
    """

    family = "impartial"
    title = "impartial game"
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "rule": "nim",
        "heaps": "[3 4 5]",
        "subtract": "[1 2 3]",
        "convention": "normal",
    }

    def __init__(
        self, heaps: HeapGame, convention: PlayConvention, settings: Mapping[str, Parameter]
    ) -> None:
        self.heaps = heaps
        self.settings = dict(settings)
        counters = sum(heaps.initial())
        if counters > MOST_COUNTERS:
            raise GameError(f"the heaps hold {counters} counters; at most {MOST_COUNTERS} here")
        largest = max(heaps.initial(), default=0)
        actions = [
            (size, tuple(parts)) for size in range(1, largest + 1) for parts in heaps.splits(size)
        ]
        super().__init__(
            ImpartialAsGame(heaps, convention),
            actions,
            max_length=longest_game(heaps, heaps.initial()),
            shape=(max(counters, 1) + 1, largest + 1),
            value_range=(-1, 1),
            always_valid=True,
        )

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> ImpartialTranslation:
        settings: dict[str, Any] = with_defaults(cls, parameters)
        for name in ("heaps", "subtract"):  # a program may give a list of sizes
            value = settings[name]
            words = value if isinstance(value, str) else " ".join(map(str, value))
            settings[name] = _sizes_word(_sizes(words, name))
        for name in ("rule", "convention"):
            settings[name] = plain_word(settings, name).strip().lower()
        rule = HEAP_RULES.get(str(settings["rule"]))
        if rule is None:
            raise GameError(f"rule is one of {', '.join(HEAP_RULES)}, not {settings['rule']!r}")
        conventions = {"normal": PlayConvention.NORMAL, "misere": PlayConvention.MISERE}
        convention = conventions.get(str(settings["convention"]).replace("è", "e"))
        if convention is None:
            raise GameError(f"convention is normal or misere, not {settings['convention']!r}")
        game = rule(str(settings["subtract"]))
        game.heaps = heaps_of(_sizes(str(settings["heaps"]), "heaps"))
        if not game.heaps:
            raise GameError("an impartial game needs a heap with a counter in it")
        return cls(game, convention, settings)

    def parameters(self) -> dict[str, Parameter]:
        return dict(self.settings)

    def legal(self, position: HeapPosition) -> list[int]:
        sizes = set(position[0])
        return [i for i, (size, _) in enumerate(self.actions) if size in sizes]

    def play(self, position: HeapPosition, action: int) -> HeapPosition:
        if action not in self.legal(position):
            raise IllegalMoveError(f"action {action} is not legal here")
        size, parts = self.actions[action]
        rest = list(position[0])
        rest.remove(size)
        return heaps_of([*rest, *parts]), position[1].opponent

    def action_text(self, position: HeapPosition, action: int) -> str:
        size, parts = self.actions[action]
        return f"{size}>{'+'.join(map(str, parts)) or '0'}"

    def observe(self, position: HeapPosition) -> Observation:
        array = np.zeros(self.shape, np.int8)
        heaps, mover = position
        for row in range(self.shape[0] - 1):
            array[row, heaps[-1 - row] if row < len(heaps) else 0] = 1
        array[-1, 0 if mover is Player.MAX else 1] = 1
        return array

    def picture(self, position: HeapPosition) -> str:
        return "heaps: " + (" ".join(map(str, position[0])) or "none")


def longest_game(game: HeapGame, heaps: Heaps) -> int:
    """The most moves a game of ``game`` from ``heaps`` can last (under either convention:
    both end when no move is left).

    >>> longest_game(Kayles(), heaps_of([3, 4]))  # one pin a move
    7
    """
    longest: dict[int, int] = {}
    for size in range(max(heaps, default=0) + 1):  # parts are smaller than their heap
        longest[size] = max(
            (1 + sum(longest[part] for part in parts) for parts in game.splits(size)),
            default=0,
        )
    return sum(longest[size] for size in heaps)
