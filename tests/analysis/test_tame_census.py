"""The census of tame polyominoes: its counts and a clean stop when its database is full
(its values are checked against minimax in tests/games/matching/test_tame.py)."""

from __future__ import annotations

from evalgame.analysis.tame_census import tame_census

#: free polyominoes of 2 … 10 cells (OEIS A000105)
FREE_POLYOMINOES = [1, 2, 5, 12, 35, 108, 369, 1285, 4655]


def test_every_polyomino_is_counted_once_by_kind() -> None:
    census = tame_census(10)
    assert census.stop is None
    assert census.checked == 10
    assert [size.polyominoes for size in census.sizes] == FREE_POLYOMINOES
    for size in census.sizes:
        assert size.cold + size.hot + size.wild + size.unknown == size.polyominoes
    assert len(census.wild) == sum(size.wild for size in census.sizes) == 5
    assert census.roots == [".../.#./..."]
    assert census.hole_free == []  # every wild one has the ring's pinhole


def test_a_full_database_stops_the_census_cleanly() -> None:
    census = tame_census(9, entries=100)
    assert census.stop is not None
    assert "entries=" in census.stop.reason
    assert census.checked < 9
