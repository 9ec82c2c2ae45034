"""Transposition-table entries: when they hold, how they merge, the size limit."""

from __future__ import annotations

from evalgame.search.table import Entry, TranspositionTable


def test_exact_entries_hold_for_deeper_searches() -> None:
    unlimited = Entry(1, 2)
    assert unlimited.usable(None)
    assert not unlimited.usable(5)  # proved without a horizon: no depth is known
    proved_at_3 = Entry(1, 2, depth=3)
    assert proved_at_3.usable(None)
    assert proved_at_3.usable(3)
    assert proved_at_3.usable(7)
    assert not proved_at_3.usable(2)


def test_heuristic_entries_hold_only_at_their_depth() -> None:
    heuristic = Entry(1, 2, depth=3, exact=False)
    assert heuristic.usable(3)
    assert not heuristic.usable(4)
    assert not heuristic.usable(None)


def test_merge_intersects_compatible_bounds() -> None:
    merged = Entry(lower=1, move="a").merge(Entry(upper=4, lower=0, move=None))
    assert (merged.lower, merged.upper, merged.move) == (1, 4, "a")
    deeper = Entry(lower=1, depth=2).merge(Entry(upper=3, depth=5))
    assert (deeper.lower, deeper.upper, deeper.depth) == (1, 3, 5)


def test_merge_of_different_kinds() -> None:
    exact = Entry(2, 2, depth=1)
    heuristic = Entry(5, 5, depth=4, exact=False)
    assert exact.merge(heuristic) is exact  # the exact value also holds at depth 4
    assert Entry(2, 2, depth=6).merge(heuristic) == heuristic


def test_size_limit_keeps_old_entries_and_updates_them() -> None:
    table = TranspositionTable(max_entries=1)
    table.store("a", Entry(lower=1))
    table.store("b", Entry(lower=1))
    assert len(table) == 1
    assert "b" not in table
    table.store("a", Entry(upper=1))
    entry = table.get("a")
    assert entry is not None
    assert (entry.lower, entry.upper) == (1, 1)
    table.clear()
    assert len(table) == 0
