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

Inside, the table keeps each entry as a plain tuple, a :data:`Raw` entry: solvers store one
per node, and building a tuple costs a fraction of building an object. They read and write
raw entries through :attr:`TranspositionTable.entries` and :meth:`TranspositionTable.record`.

>>> table.entries["a"]
(3, 3, 'm', False, None, True)
"""

from __future__ import annotations

import pickle
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TypeAlias

from evalgame.errors import ContradictionError
from evalgame.numbers import Number, format_number

#: an entry as the table keeps it: ``(lower, upper, move, invalid, depth, exact)``
Raw: TypeAlias = tuple[Number | None, Number | None, object, bool, int | None, bool]


@dataclass(slots=True)
class Entry:
    """What a search proved about a key class.

    ``lower``/``upper`` are bounds on the value (``None`` = unknown); ``invalid`` says that
    no leaf below is valid. ``depth`` is the remaining depth of the search that proved it
    (``None`` = unlimited). ``exact`` is false when the proof used heuristic values at a
    depth horizon; such an entry holds only for searches to the same depth, while an exact
    entry proved with depth ``d`` holds for every search to depth ``d`` or more.
    """

    lower: Number | None = None
    upper: Number | None = None
    move: object = None
    invalid: bool = False
    depth: int | None = None
    exact: bool = True

    def usable(self, depth: int | None) -> bool:
        """Whether this entry holds for a search with ``depth`` plies left."""
        return usable(self.exact, self.depth, depth)

    def merge(self, newer: Entry) -> Entry:
        """This entry and ``newer`` combined: both bounds hold when both entries do."""
        old, new = self.raw(), newer.raw()
        merged = merge(old, new)
        return self if merged is old else newer if merged is new else Entry(*merged)

    def raw(self) -> Raw:
        """This entry as the table keeps it."""
        return (self.lower, self.upper, self.move, self.invalid, self.depth, self.exact)


def usable(exact: bool, proved: int | None, depth: int | None) -> bool:
    """Whether an entry proved at depth ``proved`` holds for a search to ``depth``.

    >>> usable(True, 3, 5), usable(True, 3, 2), usable(False, 3, 3), usable(False, 3, None)
    (True, False, True, False)
    """
    if exact:
        return depth is None or (proved is not None and depth >= proved)
    return depth == proved


def merge(old: Raw, new: Raw) -> Raw:
    """Two raw entries for one key combined (``old`` or ``new`` itself if it knows more).

    >>> merge((1, None, "a", False, None, True), (0, 4, None, False, None, True))
    (1, 4, 'a', False, None, True)
    """
    lower, upper, move, invalid, depth, exact = old
    new_lower, new_upper, new_move, new_invalid, new_depth, new_exact = new
    if exact != new_exact or not (exact or depth == new_depth):  # different kinds
        if exact and usable(exact, depth, new_depth):  # the old entry knows more
            return old
        return new
    if new_lower is not None and (lower is None or new_lower > lower):
        lower = new_lower
    if new_upper is not None and (upper is None or new_upper < upper):
        upper = new_upper
    depth = None if depth is None or new_depth is None else max(depth, new_depth)
    move = new_move if new_move is not None else move
    return (lower, upper, move, invalid or new_invalid, depth, exact)


class TranspositionTable:
    """A dictionary from transposition keys to entries.

    When ``max_entries`` (``None`` = unlimited) is reached, new keys are no longer stored;
    entries already in the table are still updated. This keeps the entries that earlier,
    shallower (hence larger) subtrees produced, and never throws proven work away.
    ``entries`` is the dictionary itself, holding :data:`Raw` entries: solvers read it
    directly in their inner loop (one call less per node) and write only through
    :meth:`record` (or :meth:`store`).
    """

    def __init__(self, max_entries: int | None = 2_000_000, shared_from: int | None = None) -> None:
        self.max_entries = max_entries
        self.entries: dict[Hashable, Raw] = {}
        #: searches of at least this many nodes note their key for :meth:`export`
        #: (``None``: none do)
        self.shared_from = shared_from
        #: the keys noted since the last :meth:`export` (a dict: ordered, no repeats)
        self.noted: dict[Hashable, None] = {}

    def get(self, key: Hashable) -> Entry | None:
        """The entry for ``key``, if any."""
        raw = self.entries.get(key)
        return None if raw is None else Entry(*raw)

    def store(self, key: Hashable, entry: Entry) -> None:
        """Record ``entry`` for ``key``, merged with what is already known."""
        self.record(key, entry.raw())

    def record(self, key: Hashable, raw: Raw) -> None:
        """Record the raw entry ``raw`` for ``key``, merged with what is already known."""
        entries = self.entries
        old = entries.get(key)
        if old is not None:
            entries[key] = merge(old, raw)
        elif self.max_entries is None or len(entries) < self.max_entries:
            entries[key] = raw

    def clear(self) -> None:
        """Forget every entry."""
        self.entries.clear()
        self.noted.clear()

    def export(self) -> bytes:
        """The exact bounds of the positions whose searches of at least
        :attr:`shared_from` nodes ended since the last call, as bytes for :meth:`absorb`
        in another process's table — only meaningful when the game's keys are the same in
        every process. (Small searches are cheaper to repeat than to ship.) Moves are left
        out: a best move names things of the position that made the entry, which a
        transposition may name otherwise.

        >>> from evalgame.search.examples import NestedTree
        >>> from evalgame.search.mtdf import mtdf
        >>> class Keyed(NestedTree):
        ...     def key(self, position): return position
        >>> game, two = Keyed([[3, 5], [2, 9]]), TranspositionTable()
        >>> one = TranspositionTable(shared_from=4)   # the root's search is, its children's not
        >>> mtdf(game, table=one).value
        3
        >>> two.absorb(one.export())
        >>> two.get(game.initial()), one.export()   # nothing new since
        (Entry(lower=3, upper=3, move=None, invalid=False, depth=None, exact=True), b'')
        """
        bounds = []
        for key in self.noted:
            lower, upper, _, invalid, depth, exact = self.entries[key]
            if exact and depth is None and not invalid and (lower, upper) != (None, None):
                bounds.append((key, lower, upper))
        self.noted.clear()
        return pickle.dumps(bounds) if bounds else b""

    def absorb(self, exported: bytes) -> None:
        """Add the bounds another table :meth:`export`-ed (merged with those known here).
        (Pickled: entries travel only between the processes of one proof, whose tasks Dask
        pickles anyway; never load bytes from elsewhere.) Bounds that contradict an exact
        entry are a :class:`~evalgame.errors.ContradictionError` (:meth:`learn`)."""
        for key, lower, upper in pickle.loads(exported) if exported else ():
            self.learn(key, lower, upper, "bounds another table exported")

    def learn(self, key: Hashable, lower: Number | None, upper: Number | None, source: str) -> None:
        """Record bounds proven elsewhere (by ``source``) for ``key``: an exact entry of
        unlimited depth that they contradict (lower above upper, once merged) is a
        :class:`~evalgame.errors.ContradictionError` that names both.

        >>> table = TranspositionTable()
        >>> table.learn("k", 3, None, "a worker")
        >>> try:
        ...     table.learn("k", None, 2, "another worker")
        ... except ContradictionError as error:
        ...     print(error.known, "|", error.new)
        the table says 3 ≤ value | another worker says value ≤ 2
        """
        old = self.entries.get(key)
        if old is not None and old[5] and old[4] is None and not old[3]:
            low = old[0] if lower is None or (old[0] is not None and old[0] > lower) else lower
            high = old[1] if upper is None or (old[1] is not None and old[1] < upper) else upper
            if low is not None and high is not None and low > high:
                raise ContradictionError(
                    f"the position of key {key!r} (bounds in its key class's coordinates)",
                    f"the table says {_said(old[0], old[1])}",
                    f"{source} says {_said(lower, upper)}",
                )
        self.record(key, (lower, upper, None, False, None, True))

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, key: Hashable) -> bool:
        return key in self.entries


def _said(lower: Number | None, upper: Number | None) -> str:
    """Bounds as text, the unknown side left out.

    >>> _said(3, None), _said(None, 2), _said(1, 2)
    ('3 ≤ value', 'value ≤ 2', '1 ≤ value ≤ 2')
    """
    low = "" if lower is None else f"{format_number(lower)} ≤ "
    high = "" if upper is None else f" ≤ {format_number(upper)}"
    return f"{low}value{high}"
