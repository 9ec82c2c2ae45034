"""The checker's C core (``evalgame.certify._core``) against its Python reference
(``Values(grid, native=False)``) and against plain minimax: values of random positions on
random boards with holes (both sides to move), a, b and tameness of random regions of
2–16 cells and of a few of 18–20, the sum rule, tables too small to hold anything, and
the walk's helpers (canonical form, maximum matching) against board.py's."""

from __future__ import annotations

import random
import signal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.certify import values as values_module
from evalgame.certify import verify_lines
from evalgame.certify.board import Grid, parse_board
from evalgame.certify.values import Values
from tests.certify.maker import Maker
from tests.certify.test_values import brute

_core = pytest.importorskip("evalgame.certify._core")


def python(grid: Grid) -> Values:
    """The reference: the Python search."""
    return Values(grid, native=False)


def native(grid: Grid, table_mb: float = 1.0, shapes_mb: float = 1.0) -> Values:
    values = Values(grid, table_mb=table_mb, shapes_mb=shapes_mb)
    assert values.core is not None
    return values


def random_free(rng: random.Random, grid: Grid, density: float, holes: int = 0) -> int:
    """A random set of free cells, ``holes`` cells of the board never free."""
    blocked = set(rng.sample(range(grid.size), min(holes, grid.size)))
    return sum(1 << i for i in range(grid.size) if i not in blocked and rng.random() < density)


def polyomino(rng: random.Random, grid: Grid, cells: int, holes: int = 0) -> int:
    """A random connected set of ``cells`` cells (grown cell by cell, avoiding ``holes``
    random cells; fewer cells if it gets stuck)."""
    blocked = 0
    for i in rng.sample(range(grid.size), holes):
        blocked |= 1 << i
    start = rng.choice([i for i in range(grid.size) if not blocked >> i & 1])
    region = 1 << start
    while region.bit_count() < cells:
        frontier = grid.spread(region) & ~region & ~blocked
        if not frontier:
            break
        options = [i for i in range(grid.size) if frontier >> i & 1]
        region |= 1 << rng.choice(options)
    return region


def test_the_core_is_used_and_the_reference_is_not() -> None:
    assert Values(Grid(4, 4)).core is not None
    assert Values(Grid(4, 4), native=False).core is None
    assert Values(Grid(12, 11)).core is None  # more than 128 cells: the Python search


boards = st.tuples(st.integers(1, 5), st.integers(1, 6))


@given(boards, st.integers(0, 6), st.randoms(use_true_random=False))
@settings(max_examples=150, deadline=None)
def test_values_on_random_boards_with_holes(
    size: tuple[int, int], holes: int, rng: random.Random
) -> None:
    grid = Grid(*size)
    fast, slow = native(grid), python(grid)
    for _ in range(6):
        free = random_free(rng, grid, rng.choice([0.5, 0.7, 0.9]), holes)
        if free.bit_count() > 18:
            continue
        for max_to_move in (True, False):
            value = slow.value(free, max_to_move)
            assert fast.value(free, max_to_move) == value, (size, free, max_to_move)
            guess = rng.randrange(-3, 12)
            assert fast.value(free, max_to_move, guess) == value
            for bound in (value - 1, value, value + 1, value + 2):
                assert fast.at_least(free, max_to_move, bound) == (bound <= value)


@given(st.tuples(st.integers(1, 3), st.integers(1, 4)), st.integers(0, 4095), st.booleans())
@settings(max_examples=200, deadline=None)
def test_values_against_plain_minimax(size: tuple[int, int], free: int, max_to_move: bool) -> None:
    grid = Grid(*size)
    free &= grid.all
    assert native(grid).value(free, max_to_move) == brute(grid, free, max_to_move)


def test_values_on_the_edges_of_64_cells() -> None:
    """Boards of one row or one column of 64 cells (shifts by 64 bits) and 8×8."""
    rng = random.Random(64)
    for rows, cols in ((1, 64), (64, 1), (8, 8), (2, 32), (32, 2)):
        grid = Grid(rows, cols)
        fast, slow = native(grid), python(grid)
        for _ in range(30):
            free = random_free(rng, grid, 0.25)
            for max_to_move in (True, False):
                assert fast.value(free, max_to_move) == slow.value(free, max_to_move)
            regions = [region for region in grid.regions(free) if region.bit_count() <= 12]
            for region in regions:
                assert fast.region(region) == slow.region(region)
        last = 0b1111 << 60 | 0b1011 << 60 >> cols  # the last cells and a few above
        for max_to_move in (True, False):
            assert fast.value(last, max_to_move) == slow.value(last, max_to_move)


def brute_region(
    grid: Grid, region: int, memo: dict[int, tuple[int, int, bool]] | None = None
) -> tuple[int, int, bool]:
    """a, b and tameness from the definition, values by plain minimax, regions found by a
    search of their own (``memo``: the regions already done, by their cells)."""
    memo = {} if memo is None else memo
    if region in memo:
        return memo[region]
    a, b = brute(grid, region, True), brute(grid, region, False)
    t = a - b
    tame = t in (0, 1)
    highs = lows = False
    cells = [i for i in range(grid.size) if region >> i & 1]
    for i in cells:
        for j in (i + 1, i + grid.cols):
            if j not in cells or (j == i + 1 and j % grid.cols == 0):
                continue
            rest = set(cells) - {i, j}
            total = hot = 0
            while rest:  # the regions left, each of at least two cells
                part, todo = set(), [rest.pop()]
                while todo:
                    cell = todo.pop()
                    part.add(cell)
                    for other in list(rest):
                        if grid.adjacent(min(cell, other), max(cell, other)):
                            rest.discard(other)
                            todo.append(other)
                if len(part) < 2:
                    continue
                pa, pb, part_tame = brute_region(grid, sum(1 << k for k in part), memo)
                tame = tame and part_tame
                total, hot = total + pa, hot + pa - pb
            g, e = 1 + total - a, hot - t
            low, high = e // 2, -(-e // 2)
            tame = tame and low <= g <= high
            highs, lows = highs or g == high, lows or g == low
    memo[region] = a, b, tame and (t == 0 or (highs and lows))
    return memo[region]


def test_regions_against_plain_minimax() -> None:
    rng = random.Random(3)
    grid = Grid(4, 4)
    core = _core.Core(4, 4, 1.0, 1.0)
    ring = 0b0111_0101_0111
    memo: dict[int, tuple[int, int, bool]] = {}
    assert core.region(ring) == brute_region(grid, ring, memo) == (3, 4, False)
    for _ in range(60):
        region = polyomino(rng, grid, rng.randint(2, 9), holes=rng.randint(0, 3))
        if region.bit_count() >= 2:
            assert core.region(region) == brute_region(grid, region, memo), region


def check_regions(fast: Values, slow: Values, grid: Grid, regions: list[int]) -> int:
    """Compare a, b and tameness of ``regions``; the number of wild ones."""
    wild = 0
    assert fast.core is not None
    for region in regions:
        a, b, tame = fast.core.region(region)
        assert (a, b) == (slow.value(region, True), slow.value(region, False)), region
        assert fast.region(region) == slow.region(region) == ((a, b) if tame else None), region
        wild += not tame
    return wild


@pytest.mark.parametrize(("rows", "cols", "holes"), [(4, 4, 0), (5, 5, 3), (4, 6, 2), (6, 6, 5)])
def test_random_regions_of_2_to_16_cells(rows: int, cols: int, holes: int) -> None:
    grid = Grid(rows, cols)
    rng = random.Random(rows * 100 + cols)
    fast, slow = native(grid), python(grid)
    regions = [polyomino(rng, grid, rng.randint(2, 16), holes) for _ in range(40)]
    regions = [region for region in regions if region.bit_count() >= 2]
    regions.append(sum(0b111 << (cols * r) for r in range(3)) ^ 2 << cols)  # the ring
    wild = check_regions(fast, slow, grid, regions)
    assert wild >= 1  # the ring at least


@pytest.mark.slow
def test_a_few_regions_of_18_to_20_cells() -> None:
    """The 4×5 rectangle and random polyominoes of 18 and 20 cells (the Python reference
    takes about a second each)."""
    grid = Grid(6, 6)
    rng = random.Random(20)
    fast, slow = native(grid, 16.0), python(grid)
    rectangle = sum(0b11111 << (6 * r) for r in range(4))
    regions = [rectangle, polyomino(rng, grid, 18), polyomino(rng, grid, 20)]
    assert [region.bit_count() for region in regions] == [20, 18, 20]
    check_regions(fast, slow, grid, regions)


def test_the_sum_rule() -> None:
    rng = random.Random(11)
    for rows, cols in ((4, 4), (3, 6), (5, 5)):
        grid = Grid(rows, cols)
        fast, slow = native(grid), python(grid)
        for _ in range(60):
            free = random_free(rng, grid, 0.6, rng.randint(0, 3))
            most = rng.randint(4, 14)
            for max_to_move in (True, False):
                assert fast.sum_rule(free, max_to_move, most) == slow.sum_rule(
                    free, max_to_move, most
                )
    assert native(Grid(1, 9)).sum_rule(0b1111_0_1111, True, 10**30) == (3, 4, 2)
    assert native(Grid(1, 9)).sum_rule(0b1111_0_1111, True, -5) is None


@pytest.mark.parametrize(("table_mb", "shapes_mb"), [(0.0, 0.0), (0.0001, 0.0), (0.0, 0.001)])
def test_tables_too_small_to_hold_anything_still_answer_right(
    table_mb: float, shapes_mb: float
) -> None:
    """Tables of one bucket (4 entries): entries are given up all the time, the answers
    stay those of the reference."""
    grid = Grid(4, 5)
    rng = random.Random(int(table_mb * 1e4) + int(shapes_mb * 1e3))
    fast, slow = native(grid, table_mb, shapes_mb), python(grid)
    for _ in range(30):
        free = random_free(rng, grid, 0.6, 2)
        for max_to_move in (True, False):
            assert fast.value(free, max_to_move) == slow.value(free, max_to_move)
    regions = [polyomino(rng, grid, rng.randint(2, 12), 2) for _ in range(20)]
    check_regions(fast, slow, grid, [region for region in regions if region.bit_count() >= 2])
    assert fast.core is not None
    stats = fast.core.stats()
    assert stats["position_slots"] == 4 or stats["shape_slots"] == 4
    assert stats["positions_given"] > 0 or stats["shapes_given"] > 0


def test_the_core_refuses_what_it_cannot_take() -> None:
    with pytest.raises(ValueError, match="64 cells"):
        _core.Core(9, 8)
    core = _core.Core(2, 3, 0.0, 0.0)
    with pytest.raises(ValueError, match="outside"):
        core.value(1 << 6, True)
    with pytest.raises(ValueError, match="mask"):
        core.value(-1, True)
    with pytest.raises(ValueError, match="region"):
        core.region(0b100_001)  # two cells, not connected
    with pytest.raises(ValueError, match="region"):
        core.region(0b1)


def test_the_walks_helpers_equal_the_boards() -> None:
    """The canonical form (with the symmetry that gives it) and the maximum matching that
    the walk takes from the core, in both builds, are board.py's, on random boards with
    holes (square ones have 8 symmetries) and on boards past 64 cells."""
    rng = random.Random(40)
    builds = [_core.Core, pytest.importorskip("evalgame.certify._core128").Core]
    for _ in range(60):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        text = "/".join(
            "".join("#" if rng.random() < 0.1 else "." for _ in range(cols)) for _ in range(rows)
        )
        board = parse_board(text)
        for build in builds:
            core = build(rows, cols, 0.0, 0.0)
            core.symmetries(board.symmetries)
            for _ in range(20):
                free = board.free & rng.getrandbits(board.size)
                assert core.canonical(free) == board.canonical(free), (text, free)
                assert core.matching(free) == board.matching(free), (text, free)
    for rows, cols in ((9, 9), (11, 11), (2, 64)):
        board = parse_board("/".join("." * cols for _ in range(rows)))
        core = builds[1](rows, cols, 0.0, 0.0)
        core.symmetries(board.symmetries)
        for _ in range(20):
            free = rng.getrandbits(board.size)
            assert core.canonical(free) == board.canonical(free)
            assert core.matching(free) == board.matching(free)
    core = _core.Core(2, 2, 0.0, 0.0)
    with pytest.raises(ValueError, match="no symmetries"):
        core.canonical(0b11)
    for perms in ([], [(0, 1, 2, 3)] * 9, [(0, 1, 2)], [(0, 1, 1, 3)], [(0, 1, 2, 4)]):
        with pytest.raises(ValueError, match="symmetr"):
            core.symmetries(perms)


@pytest.mark.parametrize("board", ["..../....", ".../.#./...", "..#./....", "...../....."])
def test_certificates_verify_alike_without_the_core(
    board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk gives the same report with the Python search as with the core."""
    maker = Maker(board)
    reports = []
    for core in (_core, None):
        monkeypatch.setattr(values_module, "_core", core)
        if core is None:  # neither build
            monkeypatch.setattr(values_module, "_core128", None)
        for claim in ("at_least", "at_most"):
            value = maker.value(maker.free, True)
            for bound in (value, value + 1 if claim == "at_least" else value - 1):
                lines = maker.certificate("max", claim, bound, small=4, tame=6)
                report = verify_lines(lines)
                reports.append((report.valid, report.reason, report.counts))
    half = len(reports) // 2
    assert reports[:half] == reports[half:]


class Stop(Exception):
    """Raised by the alarm's handler in the middle of a search."""


def test_a_signal_stops_a_long_search_and_the_table_stays_right() -> None:
    """The search checks for signals (Ctrl-C) now and then: the handler's exception comes
    out of it, and what the interrupted search stored are proven bounds only."""
    grid = Grid(8, 8)
    values = native(grid, 4.0, 1.0)
    assert values.core is not None

    def stop(signum: int, frame: object) -> None:
        raise Stop

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 0.3)
    try:
        with pytest.raises(Stop):
            values.core.value(grid.all, True)  # the whole 8×8 board: hours
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    slow = python(grid)
    rng = random.Random(88)
    for _ in range(20):
        free = grid.all & ~random_free(rng, grid, 0.8)  # ~13 free cells, as in that search
        for max_to_move in (True, False):
            assert values.value(free, max_to_move) == slow.value(free, max_to_move)
