"""Impartial heap games: Nim, subtraction games, Grundy's game, Kayles, Dawson's Kayles and
sums of different ones.

A position is a sorted tuple of heap sizes (no empty heaps): the join of one-heap games. A
move picks one heap and replaces it by the heaps :meth:`HeapGame.splits` allows (none, one
or two). The player who cannot move loses (normal play) — or wins, in misère play, which
is its own rule (see :mod:`evalgame.search.grundy`).

Because a position is a join, its Grundy value is the XOR of the values of its heaps, and
the value of one heap is the mex of the XORs of its splits: :meth:`HeapGame.heap_values`
computes them for all sizes at once, in O(n · moves).

>>> Nim([3, 4, 5]).options((3, 4, 5))[:3]
[(4, 5), (1, 4, 5), (2, 4, 5)]
>>> GrundysGame().heap_values(8)      # seed 004's penny splitting: a stack of 7 is lost...
[0, 0, 0, 1, 0, 2, 1, 0, 2]
>>> Kayles().heap_values(5)
[0, 1, 2, 3, 1, 4]

A :class:`HeapSum` plays several of these games side by side (a move is a move in one of
them); by the Sprague–Grundy theorem its value is the XOR of theirs:

>>> total = HeapSum([Kayles([3]), Nim([4]), GrundysGame([7])])
>>> total.name, total.grundy(total.initial())      # 3 xor 4 xor 0
('kayles 3 + nim 4 + grundy 7', 7)
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Hashable, Iterable, Sequence
from functools import reduce
from operator import xor
from typing import Any

from evalgame.errors import GameError
from evalgame.search.grundy import ImpartialGame, Join, mex

Heaps = tuple[int, ...]


def heaps_of(sizes: Iterable[int]) -> Heaps:
    """The canonical position for heaps of ``sizes``: sorted, without empty heaps."""
    return tuple(sorted(size for size in sizes if size > 0))


class HeapGame(ImpartialGame[Heaps]):
    """An impartial game on heaps, starting from ``heaps``."""

    name = "heap game"

    def __init__(self, heaps: Sequence[int] = ()) -> None:
        bad = [h for h in heaps if not isinstance(h, int) or h < 0]
        if bad:
            raise GameError(f"heap sizes must be whole numbers ≥ 0, not {bad[0]!r}")
        self.heaps = heaps_of(heaps)

    @abstractmethod
    def splits(self, size: int) -> Iterable[Heaps]:
        """The heaps one move can leave in place of a heap of ``size``."""

    def initial(self) -> Heaps:
        return self.heaps

    def options(self, position: Heaps) -> list[Heaps]:
        result: list[Heaps] = []
        seen: set[Heaps] = set()
        for i, size in enumerate(position):
            if i and position[i - 1] == size:
                continue  # equal heaps give the same options
            rest = position[:i] + position[i + 1 :]
            for parts in self.splits(size):
                option = heaps_of(rest + parts)
                if option not in seen:
                    seen.add(option)
                    result.append(option)
        return result

    def key(self, position: Heaps) -> Hashable:
        return position

    def heap_values(self, largest: int) -> list[int]:
        """Grundy values of single heaps of size 0, 1, ..., ``largest``."""
        values: list[int] = []
        for size in range(largest + 1):
            values.append(
                mex(reduce(xor, (values[p] for p in parts), 0) for parts in self.splits(size))
            )
        return values

    def grundy(self, position: Heaps) -> int:
        """The Grundy value of ``position``: the XOR of its heaps' values."""
        values = self.heap_values(max(position, default=0))
        return reduce(xor, (values[h] for h in position), 0)

    def show(self, position: Heaps) -> str:
        """The heaps of ``position`` in words: ``"3 4 5"`` (``"none"`` when all are gone)."""
        return " ".join(map(str, position)) or "none"

    def nimbers(self, position: Heaps) -> list[tuple[str, int, int]]:
        """(game, heap size, Grundy value) of each heap of ``position``.

        >>> Kayles().nimbers((3, 4))
        [('kayles', 3, 3), ('kayles', 4, 1)]
        """
        values = self.heap_values(max(position, default=0))
        return [(self.name, size, values[size]) for size in position]

    def describe_option(self, position: Heaps, option: Heaps) -> str:
        """How ``position`` becomes ``option``: the heap changed and what it became.

        >>> Nim().describe_option((3, 5), (2, 3)), GrundysGame().describe_option((7,), (3, 4))
        ('5>2', '7>3+4')
        >>> Nim().describe_option((3, 5), (5,))
        '3>0'
        """
        before, after = list(position), list(option)
        for size in option:
            if size in before:
                before.remove(size)
                after.remove(size)
        old = "+".join(map(str, before)) or "0"
        return f"{old}>{'+'.join(map(str, after)) or '0'}"


class Nim(HeapGame):
    """Nim: take any number of counters from one heap.

    >>> Nim().heap_values(4)
    [0, 1, 2, 3, 4]
    """

    name = "nim"

    def splits(self, size: int) -> Iterable[Heaps]:
        return [heaps_of([rest]) for rest in range(size)]

    def heap_values(self, largest: int) -> list[int]:
        return list(range(largest + 1))


class SubtractionGame(HeapGame):
    """Take away any number in ``subtraction`` from one heap (take-away-1-2-3: ``{1, 2, 3}``).

    >>> SubtractionGame([1, 2, 3]).heap_values(8)
    [0, 1, 2, 3, 0, 1, 2, 3, 0]
    """

    def __init__(self, subtraction: Iterable[int], heaps: Sequence[int] = ()) -> None:
        self.subtraction = tuple(sorted(set(subtraction)))
        if not self.subtraction:
            raise GameError("a subtraction set needs at least one whole number ≥ 1")
        if self.subtraction[0] < 1:
            raise GameError(f"a subtraction set holds whole numbers ≥ 1, not {self.subtraction[0]}")
        self.name = "subtraction:" + ",".join(map(str, self.subtraction))
        super().__init__(heaps)

    def splits(self, size: int) -> Iterable[Heaps]:
        return [heaps_of([size - s]) for s in self.subtraction if s <= size]


class GrundysGame(HeapGame):
    """Grundy's game: split one heap into two unequal non-empty heaps (seed 004's pennies)."""

    name = "grundy"

    def splits(self, size: int) -> Iterable[Heaps]:
        return [(a, size - a) for a in range(1, (size + 1) // 2)]


class Kayles(HeapGame):
    """Kayles: knock down one pin or two adjacent pins of a row, which may split it in two."""

    name = "kayles"

    def splits(self, size: int) -> Iterable[Heaps]:
        parts: list[Heaps] = []
        for knocked in (1, 2):
            remaining = size - knocked
            parts.extend(heaps_of([left, remaining - left]) for left in range(remaining // 2 + 1))
        return parts


class DawsonsKayles(HeapGame):
    """Dawson's Kayles: knock down two adjacent pins of a row, which may split it in two.

    >>> DawsonsKayles().heap_values(7)
    [0, 0, 1, 1, 2, 0, 3, 1]
    """

    name = "dawson"

    def splits(self, size: int) -> Iterable[Heaps]:
        remaining = size - 2
        return [heaps_of([left, remaining - left]) for left in range(remaining // 2 + 1)]


class HeapSum(Join):
    """The sum of different heap games (each with its own heaps), played side by side.

    A position is the tuple of the components' positions; a move is a move in one
    component, described with its name (``"kayles 3>1"``).

    >>> total = HeapSum([Kayles([3]), Nim([2])])
    >>> start = total.initial()
    >>> [total.describe_option(start, option) for option in total.options(start)][:3]
    ['kayles 3>2', 'kayles 3>1+1', 'kayles 3>1']
    """

    components: tuple[HeapGame, ...]

    def __init__(self, components: Sequence[HeapGame]) -> None:
        if not components:
            raise GameError("a sum of games needs at least one game")
        super().__init__(components)
        self.name = " + ".join(f"{c.name} {c.show(c.initial())}" for c in self.components)

    def grundy(self, position: tuple[Any, ...]) -> int:
        """The Grundy value of ``position``: the XOR of its components' values."""
        return reduce(xor, (c.grundy(p) for c, p in zip(self.components, position, strict=True)), 0)

    def nimbers(self, position: tuple[Any, ...]) -> list[tuple[str, int, int]]:
        """(game, heap size, Grundy value) of each heap of each component."""
        return [n for c, p in zip(self.components, position, strict=True) for n in c.nimbers(p)]

    def show(self, position: tuple[Any, ...]) -> str:
        """Each component's name and heaps: ``"kayles 3 + nim 2"``."""
        return " + ".join(
            f"{c.name} {c.show(p)}" for c, p in zip(self.components, position, strict=True)
        )

    def describe_option(self, position: tuple[Any, ...], option: tuple[Any, ...]) -> str:
        """The component moved in and how (``"grundy 7>3+4"``)."""
        for component, before, after in zip(self.components, position, option, strict=True):
            if before != after:
                return f"{component.name} {component.describe_option(before, after)}"
        raise GameError(f"{self.show(option)} is not a move from {self.show(position)}")
