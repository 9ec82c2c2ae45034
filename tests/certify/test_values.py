"""The checker's exhaustive values against a plain minimax over move sequences, its
regions' values and tameness against small facts, and its sum rule against exhaustive
search on positions whose regions are all tame — each with the C core (when built) and with
the Python search, its reference (``native=False``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.certify.board import Grid
from evalgame.certify.values import Values
from tests.samples import sample


def brute(grid: Grid, free: int, max_to_move: bool) -> int:
    """Minimax over every sequence of moves, nothing remembered, moves found cell by cell."""
    options = []
    for i in range(grid.size):
        r, c = divmod(i, grid.cols)
        for j in (
            i + 1 if c + 1 < grid.cols else None,
            i + grid.cols if r + 1 < grid.rows else None,
        ):
            if j is not None and free >> i & 1 and free >> j & 1:
                options.append(1 + brute(grid, free & ~(1 << i) & ~(1 << j), not max_to_move))
    if not options:
        return 0
    return max(options) if max_to_move else min(options)


#: the C core (the default, when built) and the Python search
engines = pytest.mark.parametrize("native", [True, False], ids=["core", "python"])

tiny = st.tuples(st.integers(1, 3), st.integers(1, 4)).flatmap(
    lambda size: st.tuples(
        st.just(size), st.integers(0, (1 << (size[0] * size[1])) - 1), st.booleans()
    )
)


@engines
@given(tiny)
@settings(max_examples=sample(200), deadline=None)
def test_values_are_those_of_plain_minimax(
    native: bool, position: tuple[tuple[int, int], int, bool]
) -> None:
    (rows, cols), free, max_to_move = position
    grid = Grid(rows, cols)
    assert Values(grid, native=native).value(free, max_to_move) == brute(grid, free, max_to_move)


@engines
def test_one_memo_serves_many_positions(native: bool) -> None:
    grid = Grid(3, 4)
    values = Values(grid, native=native)
    rng = random.Random(7)
    for _ in range(60):
        free, side = rng.getrandbits(12), rng.random() < 0.5
        assert values.value(free, side) == brute(grid, free, side)


def cells(*rows: str) -> int:
    """A shape drawn with '#' cells on a 5-column grid."""
    return sum(
        1 << (r * 5 + c) for r, row in enumerate(rows) for c, char in enumerate(row) if char == "#"
    )


@pytest.mark.parametrize(
    ("shape", "values"),
    [
        (cells("##"), (1, 1)),  # the domino: cold
        (cells("###"), (1, 1)),  # the I tromino: cold
        (cells("##", "#"), (1, 1)),  # the L tromino: cold
        (cells("##", "##"), (2, 2)),  # the square: cold
        (cells("###", ".#"), (1, 1)),  # the T tetromino: cold
        (cells("####"), (2, 1)),  # the I tetromino: hot
        (cells("###", "#"), (2, 1)),  # the L tetromino: hot
        (cells(".##", "##"), (2, 1)),  # the S tetromino: hot
        (cells("###", "#.#", "###"), None),  # the ring round a hole: wild
    ],
)
@engines
def test_small_regions(shape: int, values: tuple[int, int] | None, native: bool) -> None:
    assert Values(Grid(5, 5), native=native).region(shape) == values


@engines
def test_a_shape_is_valued_once_whichever_way_it_lies(native: bool) -> None:
    values = Values(Grid(5, 5), native=native)
    assert values.region(cells("###", "#")) == values.region(cells("#", "#", "##")) == (2, 1)
    assert values.sum_rule(cells("####", "", "####"), False, 4) == (3, 4, 2)


def wild_or_tame(values: Values, free: int) -> bool:
    return values.sum_rule(free, True, 30) is not None


@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (3, 6), (4, 5)])
@engines
def test_the_sum_rule_is_exhaustive_search_on_tame_positions(
    rows: int, cols: int, native: bool
) -> None:
    """Random positions (a third of the cells blocked or covered) whose regions are all
    tame: the rule's value with either side to move is the exhaustive value."""
    grid = Grid(rows, cols)
    values = Values(grid, native=native)
    rng = random.Random(rows * cols)
    checked = 0
    for _ in range(150):
        free = sum(1 << i for i in range(grid.size) if rng.random() < 0.65)
        for max_to_move in (True, False):
            summed = values.sum_rule(free, max_to_move, grid.size)
            if summed is not None:
                assert summed.value == values.value(free, max_to_move), (free, max_to_move)
                checked += 1
    assert checked > 100


@engines
@given(st.integers(0, (1 << 12) - 1), st.booleans())
@settings(max_examples=sample(150), deadline=None)
def test_the_sum_rule_against_plain_minimax(native: bool, free: int, max_to_move: bool) -> None:
    grid = Grid(3, 4)
    summed = Values(grid, native=native).sum_rule(free, max_to_move, 12)
    if summed is not None:
        assert summed.value == brute(grid, free, max_to_move)
