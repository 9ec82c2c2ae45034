"""The checker's C core on boards of 65 to 128 cells: ``_core128``, the same ``_core.c`` with
128-bit sets of cells. Its answers against the Python reference on random small positions
whose free cells lie on either side of bit 64, against the 64-bit build on larger positions
moved across bit 64, which build each board takes, and certificates of such boards verified
through it (a corrupted one refused)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from evalgame.certify import values as values_module
from evalgame.certify import verify_lines
from evalgame.certify.board import Grid
from evalgame.certify.values import Values, core_class
from tests.certify.maker import Maker

_core = pytest.importorskip("evalgame.certify._core")
_core128 = pytest.importorskip("evalgame.certify._core128")

#: boards past 64 cells: 8×9 to 11×11, long rectangles, and rows of 64 and 128 cells
#: (a shift by a row crosses bit 64 exactly, or is the whole width)
WIDE = [(8, 9), (9, 8), (9, 9), (10, 10), (11, 11), (8, 16), (16, 8), (2, 64), (1, 128), (128, 1)]


def straddling(rng: random.Random, rows: int, cols: int, least: int, most: int) -> int:
    """A random set of free cells on a ``rows`` × ``cols`` board: a connected blob of
    ``least`` to ``most`` cells grown from around cell 64, half the time with a domino at
    the board's far end, drawn again until it has cells on either side of bit 64."""
    n = rows * cols
    while True:
        size = rng.randint(least, most)
        blob = {rng.randrange(max(0, 64 - cols), min(n, 64 + cols))}
        while len(blob) < size:
            r, c = divmod(rng.choice(sorted(blob)), cols)
            dr, dc = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                blob.add((r + dr) * cols + c + dc)
        if rng.random() < 0.5:
            blob |= {n - 1, n - 2}
        if min(blob) < 64 <= max(blob):
            return sum(1 << cell for cell in blob)


def positions(rng: random.Random, grid: Grid, free: int) -> Iterator[int]:
    """``free`` and the position after two random moves."""
    yield free
    for _ in range(2):
        moves = grid.moves(free)
        if moves:
            free ^= rng.choice(moves)
    yield free


def wide(grid: Grid) -> Values:
    values = Values(grid, table_mb=1.0, shapes_mb=1.0)
    assert isinstance(values.core, _core128.Core)
    return values


def test_each_board_takes_the_narrowest_build() -> None:
    assert isinstance(Values(Grid(8, 8)).core, _core.Core)
    assert isinstance(Values(Grid(1, 64)).core, _core.Core)
    for rows, cols in [(8, 9), (11, 11), (1, 65), (1, 128), (128, 1)]:
        assert isinstance(Values(Grid(rows, cols), table_mb=0, shapes_mb=0).core, _core128.Core)
    for rows, cols in [(12, 11), (1, 129)]:
        assert Values(Grid(rows, cols)).core is None  # the Python search
    assert isinstance(Values(Grid(4, 4), width=128).core, _core128.Core)  # forced, for tests
    assert Values(Grid(9, 9), width=64).core is None
    assert core_class(65) is _core128.Core
    assert core_class(129) is None


def test_the_wide_build_refuses_what_it_cannot_take() -> None:
    with pytest.raises(ValueError, match="128 cells"):
        _core128.Core(12, 11)
    with pytest.raises(ValueError, match="128 cells"):
        _core128.Core(1 << 20, 1 << 20)  # rows · cols past an int
    core = _core128.Core(11, 11, 0.0, 0.0)
    with pytest.raises(ValueError, match="outside"):
        core.value(1 << 121, True)
    for bad in (-1, -(1 << 100), 1 << 128, 1 << 200):
        with pytest.raises(ValueError, match="mask"):
            core.value(bad, True)
    with pytest.raises(TypeError, match="int"):
        core.value(1.0, True)
    with pytest.raises(ValueError, match="region"):
        core.region(1 << 63 | 1 << 65)  # two cells, not connected
    assert core.value(0b11 << 63, True) == 1  # a domino on cells 63 and 64
    assert core.region(0b1111 << 62) == (2, 1, True)  # the I tetromino across bit 64


def test_values_past_64_cells_equal_the_python_reference() -> None:
    """Positions of 8–14 free cells on either side of bit 64, both sides to move: values,
    tests around them, the regions' a, b and tameness, and the sum rule."""
    rng = random.Random(128)
    for index in range(20):
        rows, cols = WIDE[index % len(WIDE)]
        grid = Grid(rows, cols)
        fast, slow = wide(grid), Values(grid, native=False)
        for free in positions(rng, grid, straddling(rng, rows, cols, 8, 14)):
            for max_to_move in (True, False):
                value = slow.value(free, max_to_move)
                assert fast.value(free, max_to_move) == value, (rows, cols, hex(free))
                assert fast.value(free, max_to_move, rng.randrange(-2, 10)) == value
                for bound in (value - 1, value, value + 1):
                    assert fast.at_least(free, max_to_move, bound) == (bound <= value)
                most = rng.choice((4, 6, 10))
                assert fast.sum_rule(free, max_to_move, most) == slow.sum_rule(
                    free, max_to_move, most
                )
            for region in grid.regions(free):
                assert fast.region(region) == slow.region(region), (rows, cols, hex(region))


def moved(small: Grid, big: Grid, top: int, left: int, cells: int) -> int:
    """``cells`` of the grid ``small`` moved ``top`` rows down and ``left`` columns right on
    the grid ``big``."""
    out = 0
    for i in range(small.size):
        if cells >> i & 1:
            r, c = divmod(i, small.cols)
            out |= 1 << ((r + top) * big.cols + c + left)
    return out


#: a board of at most 64 cells, a board past 64 cells and where the first goes in the
#: second, its cells then on either side of bit 64
PLACES = [
    ((6, 6), (9, 9), 3, 1),
    ((6, 6), (11, 11), 3, 2),
    ((5, 7), (8, 16), 2, 5),
    ((7, 5), (16, 8), 5, 1),
    ((2, 16), (2, 64), 0, 30),
    ((1, 24), (1, 128), 0, 52),
    ((24, 1), (128, 1), 52, 0),
]


@pytest.mark.parametrize(("small", "big", "top", "left"), PLACES)
def test_larger_positions_moved_across_bit_64_keep_their_values(
    small: tuple[int, int], big: tuple[int, int], top: int, left: int
) -> None:
    """Positions of up to 24 free cells, valued by the 64-bit build, then by the 128-bit
    build both where they are and moved across bit 64 (the same shape: the same values,
    regions and sum rule)."""
    rng = random.Random(small[0] * 1000 + big[1])
    grid, far = Grid(*small), Grid(*big)
    narrow = Values(grid, table_mb=4.0, shapes_mb=4.0)
    assert isinstance(narrow.core, _core.Core)
    here = Values(grid, table_mb=4.0, shapes_mb=4.0, width=128)
    there = wide(far)
    for _ in range(6):
        free = sum(1 << i for i in range(grid.size) if rng.random() < 0.6)
        if free.bit_count() > 24:
            continue
        placed = moved(grid, far, top, left, free)
        assert placed >> 64
        assert placed & ((1 << 64) - 1)
        for max_to_move in (True, False):
            value = narrow.value(free, max_to_move)
            assert here.value(free, max_to_move) == value
            assert there.value(placed, max_to_move) == value, (small, hex(free))
            assert there.at_least(placed, max_to_move, value + 1) is False
            most = rng.choice((6, 10, 14))
            summed = narrow.sum_rule(free, max_to_move, most)
            assert here.sum_rule(free, max_to_move, most) == summed
            assert there.sum_rule(placed, max_to_move, most) == summed
        for region in grid.regions(free):
            if region.bit_count() <= 14:
                expected = narrow.region(region)
                assert here.region(region) == expected
                assert there.region(moved(grid, far, top, left, region)) == expected


def blob_board(seed: int, rows: int, cols: int, cells: int) -> str:
    """The drawing of a board whose free cells are a blob across bit 64."""
    free = straddling(random.Random(seed), rows, cols, cells, cells)
    return "/".join(
        "".join("." if free >> (r * cols + c) & 1 else "#" for c in range(cols))
        for r in range(rows)
    )


@pytest.mark.parametrize(("rows", "cols", "seed"), [(8, 9, 1), (11, 11, 2), (2, 64, 3)])
def test_certificates_past_64_cells_verify_through_the_c_core(
    rows: int, cols: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Certificates of both bounds of a board past 64 cells (the brute-force maker's, with
    leaves small and tame ones) verify with the 128-bit build deciding their leaves, as
    with the Python search; a false claim and a corrupted entry are refused."""
    board = blob_board(seed, rows, cols, 14)
    maker = Maker(board)
    value = maker.value(maker.free, True)
    used = []
    leaves = 0

    def spy(cells: int, width: int | None = None) -> object:
        found = core_class(cells, width)
        used.append(found)
        return found

    monkeypatch.setattr(values_module, "core_class", spy)
    for claim in ("at_least", "at_most"):
        lines = maker.certificate("max", claim, value, small=4, tame=6)
        report = verify_lines(lines)
        assert report.valid, report.reason
        assert used[-1] is _core128.Core
        leaves += report.counts.small + report.counts.tame
        monkeypatch.setattr(values_module, "_core128", None)
        python = verify_lines(lines)
        monkeypatch.setattr(values_module, "_core128", _core128)
        assert used[-1] is None
        assert (python.valid, python.counts) == (True, report.counts)

        false = value + 1 if claim == "at_least" else value - 1
        refused = verify_lines(maker.certificate("max", claim, false, small=4, tame=6))
        assert not refused.valid
        assert used[-1] is _core128.Core

    assert leaves > 0  # leaves the core decided
    # the root's entry playing cells that are not free
    lines = maker.certificate("max", "at_least", value, small=4, tame=6)
    root = json.loads(lines[1])
    root["move"] = [0, 1]
    corrupted = verify_lines([lines[0], json.dumps(root), *lines[2:]])
    assert not corrupted.valid
    assert corrupted.reason is not None
    assert "not free" in corrupted.reason
