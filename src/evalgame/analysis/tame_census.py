"""Which polyominoes are tame: the census behind "every position whose regions all have
at most n cells is decided by the sum rule".

:func:`tame_census` values every free polyomino of 2 … ``n`` cells, smallest first, with
the dynamic programme of :mod:`evalgame.games.matching.tame` and counts the *cold*
(a = b), *hot* (a = b + 1) and *wild* ones (values exact, tameness fails) and the
*unknown* ones (a move leaves a sum with a wild region: not valued without search). A
region of a board is a polyomino, so when every polyomino of at most ``n`` cells is tame,
every tiling position whose regions have at most ``n`` cells is decided by the rule
(docs/tiling_search.md, "Tame regions and the sum rule").

>>> census = tame_census(8)
>>> census.checked, [size.polyominoes for size in census.sizes]
(8, [1, 2, 5, 12, 35, 108, 369])
>>> census.wild, census.roots, census.hole_free, sum(size.hot for size in census.sizes)
(['.../.#./...'], ['.../.#./...'], [], 178)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from evalgame.errors import LimitError, SearchInterrupted
from evalgame.games.matching.tame import TameRegions
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.polyominoes import grow, polyomino_board
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats

#: regions the census holds by default: every polyomino of up to 14 cells (1,227,707 of
#: 2–14 cells; about 0.6 kB each with the census's own lists)
CENSUS_ENTRIES = 1_500_000


@dataclass
class SizeCount:
    """The polyominoes of one size, by kind."""

    cells: int
    polyominoes: int = 0
    cold: int = 0
    hot: int = 0
    wild: int = 0
    unknown: int = 0


@dataclass
class TameCensus:
    """What the census found: counts per size, and the wild and unknown polyominoes drawn
    as boards (``.`` a cell of the polyomino, ``#`` a cell of its bounding box that is not)."""

    cells: int
    #: every polyomino of at most this many cells was valued (the sizes finished)
    checked: int = 1
    sizes: list[SizeCount] = field(default_factory=list)
    wild: list[str] = field(default_factory=list)
    #: the wild ones whose moves all leave tame regions (the others reach a wild region)
    roots: list[str] = field(default_factory=list)
    #: the wild and unknown ones without :func:`pinholes`: they may occur on a board
    #: without blocked cells (the others may not)
    hole_free: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    #: what stopped the census before ``cells`` (``None``: it finished)
    stop: SearchInterrupted | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (without the stop)."""
        return {
            "cells": self.cells,
            "checked": self.checked,
            "sizes": [asdict(size) for size in self.sizes],
            "wild": self.wild,
            "wild_roots": self.roots,
            "hole_free": self.hole_free,
            "unknown": self.unknown,
        }


def tame_census(
    n: int,
    *,
    seconds: float | None = None,
    entries: int = CENSUS_ENTRIES,
    progress: Callable[[TameCensus, float], None] | None = None,
) -> TameCensus:
    """Value every polyomino of 2 … ``n`` cells (see the module doc) within ``seconds``
    (``None``: no limit) in a database of at most ``entries`` regions.

    Running out of time, a full database or Ctrl-C ends the census early: ``checked``
    says which sizes were finished and ``stop`` why. ``progress`` is called now and then
    with the census so far and the seconds elapsed.
    """
    census = TameCensus(n)
    board = polyomino_board(n)
    database = TameRegions(board, size_limit=n, entries=entries)
    stats = SearchStats()  # its nodes count the polyominoes valued

    def report(_: SearchStats, budget: Budget) -> None:
        if progress is not None:
            progress(census, budget.elapsed)

    budget = Budget(seconds=seconds, on_progress=report)
    level = [1 << board.cell(1, 1)]
    try:
        with budget.guard(stats):
            for cells in range(2, n + 1):
                count = SizeCount(cells)
                census.sizes.append(count)
                grown = []
                for polyomino in grow(board, level):
                    stats.nodes += 1
                    budget.tick(stats)
                    _count(census, count, board, database, polyomino)
                    grown.append(polyomino)
                level = grown
                census.checked = cells
    except SearchInterrupted as stop:
        census.stop = stop
    except LimitError as full:
        census.stop = SearchInterrupted(str(full), stats=stats)
    return census


def _count(
    census: TameCensus, count: SizeCount, board: Board, database: TameRegions, polyomino: int
) -> None:
    value = database.region(polyomino)
    count.polyominoes += 1
    if value is not None and value.tame:
        if value.a == value.b:
            count.cold += 1
        else:
            count.hot += 1
        return
    shown = drawing(board, polyomino)
    if value is None:
        count.unknown += 1
        census.unknown.append(shown)
    else:
        count.wild += 1
        census.wild.append(shown)
        options = database.options(polyomino)
        if all(part is not None and part.tame for parts in options for part in parts):
            census.roots.append(shown)
    if not pinholes(board, polyomino):
        census.hole_free.append(shown)


def pinholes(board: Board, cells: int) -> int:
    """The cells outside ``cells`` whose four neighbours are all in it.

    A region of free cells on a board without blocked cells never has one: such a cell
    is covered, by a domino with one of its neighbours, which is then not free.

    >>> board = Board(5, 5)
    >>> ring = sum(1 << board.cell(r, c) for r in range(3) for c in range(3)) & ~(1 << 6)
    >>> board.cells(pinholes(board, ring))
    [(1, 1)]
    """
    cols = board.cols
    hole = board.full & ~cells
    for shifted in (cells >> 1, cells << 1, cells >> cols, cells << cols):
        hole &= shifted
    # a cell of the first or last column has no neighbour on one side (no wrapping round)
    first = sum(1 << board.cell(r, 0) for r in range(board.rows))
    return hole & ~first & ~(first << (cols - 1))


def drawing(board: Board, cells: int) -> str:
    """A polyomino as a board to give ``evalgame tiling --board``: its bounding box, ``.``
    its cells and ``#`` the others.

    >>> board = Board(4, 4)
    >>> drawing(board, 1 << board.cell(1, 2) | 1 << board.cell(2, 2) | 1 << board.cell(2, 1))
    '#./..'
    """
    rows = {r for r, _ in board.cells(cells)}
    cols = {c for _, c in board.cells(cells)}
    return "/".join(
        "".join(
            "." if cells >> board.cell(r, c) & 1 else "#" for c in range(min(cols), max(cols) + 1)
        )
        for r in range(min(rows), max(rows) + 1)
    )
