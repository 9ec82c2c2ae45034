"""Transposition table: proven bounds on the value of positions, by transposition key.

An :class:`Entry` holds a lower and an upper bound (equal once the value is known), a best
move, and whether the position is invalid (no valid leaf below). Bounds are stored in the
coordinates of the key class (see :meth:`~evalgame.search.protocol.Game.affine`); the
solver converts them. Entries of depth-limited searches remember the depth they hold for.

>>> table = TranspositionTable(max_entries=2)
>>> table.store("a", Entry(lower=3))
>>> table.store("a", Entry(upper=3, move="m"))   # bounds from two searches are intersected
>>> table.get("a")
Entry(lower=3, upper=3, move='m', invalid=False, depth=None, exact=True)
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from evalgame.search.protocol import Value


@dataclass(slots=True)
class Entry:
    """What a search proved about a key class.

    ``lower``/``upper`` are bounds on the value (``None`` = unknown); ``invalid`` says that
    no leaf below is valid. ``depth`` is the remaining depth of the search that proved it
    (``None`` = unlimited). ``exact`` is false when the proof used heuristic values at a
    depth horizon; such an entry holds only for searches to the same depth, while an exact
    entry proved with depth ``d`` holds for every search to depth ``d`` or more.
    """

    lower: Value | None = None
    upper: Value | None = None
    move: object = None
    invalid: bool = False
    depth: int | None = None
    exact: bool = True

    def usable(self, depth: int | None) -> bool:
        """Whether this entry holds for a search with ``depth`` plies left."""
        if self.exact:
            return depth is None or (self.depth is not None and depth >= self.depth)
        return depth == self.depth

    def merge(self, newer: Entry) -> Entry:
        """This entry and ``newer`` combined: both bounds hold when both entries do."""
        same = self.exact == newer.exact and (self.exact or self.depth == newer.depth)
        if not same:
            if self.exact and self.usable(newer.depth):  # the old entry knows more
                return self
            return newer
        lower, upper = self.lower, self.upper
        if newer.lower is not None and (lower is None or newer.lower > lower):
            lower = newer.lower
        if newer.upper is not None and (upper is None or newer.upper < upper):
            upper = newer.upper
        depth = None if self.depth is None or newer.depth is None else max(self.depth, newer.depth)
        move = newer.move if newer.move is not None else self.move
        return Entry(lower, upper, move, self.invalid or newer.invalid, depth, self.exact)


class TranspositionTable:
    """A dictionary from transposition keys to :class:`Entry` objects.

    When ``max_entries`` (``None`` = unlimited) is reached, new keys are no longer stored;
    entries already in the table are still updated. This keeps the entries that earlier,
    shallower (hence larger) subtrees produced, and never throws proven work away.
    ``entries`` is the dictionary itself: solvers read it directly in their inner loop
    (one call less per node) and write only through :meth:`store`.
    """

    def __init__(self, max_entries: int | None = 2_000_000) -> None:
        self.max_entries = max_entries
        self.entries: dict[Hashable, Entry] = {}

    def get(self, key: Hashable) -> Entry | None:
        """The entry for ``key``, if any."""
        return self.entries.get(key)

    def store(self, key: Hashable, entry: Entry) -> None:
        """Record ``entry`` for ``key``, merged with what is already known."""
        old = self.entries.get(key)
        if old is not None:
            self.entries[key] = old.merge(entry)
        elif self.max_entries is None or len(self.entries) < self.max_entries:
            self.entries[key] = entry

    def clear(self) -> None:
        """Forget every entry."""
        self.entries.clear()

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.entries
