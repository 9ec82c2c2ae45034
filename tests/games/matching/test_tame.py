"""The tame-region database and the sum rule against plain minimax written here.

The reference below knows only the rules: cells ``(row, column)``, a domino on two free
side-neighbours, memoised minimax over the set of free cells. Tameness is checked by its
definition (docs/tiling_search.md, "Tame regions and the sum rule") on the reference's
values, independently of the dynamic programme under test.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import islice

import pytest
from hypothesis import given, settings

from evalgame.errors import LimitError
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.matching.tame import RegionValue, TameRegions, sum_rule
from evalgame.games.tiling.board import Board, parse_board
from evalgame.games.tiling.polyominoes import polyominoes
from tests.games.matching.naive_matching import NaiveEdge, game_value, graphs, induced
from tests.samples import sample

Cells = frozenset[tuple[int, int]]


def dominoes(cells: Cells) -> Iterator[tuple[tuple[int, int], tuple[int, int]]]:
    for r, c in cells:
        for other in ((r + 1, c), (r, c + 1)):
            if other in cells:
                yield (r, c), other


@cache
def minimax(cells: Cells, max_to_move: bool) -> int:
    """Moves still to come on the free ``cells``, by plain minimax."""
    values = [1 + minimax(cells - {x, y}, not max_to_move) for x, y in dominoes(cells)]
    if not values:
        return 0
    return max(values) if max_to_move else min(values)


def regions(cells: Cells) -> list[Cells]:
    """The connected parts of ``cells`` of at least two cells (flood fill)."""
    left, found = set(cells), []
    while left:
        part, stack = set(), [left.pop()]
        while stack:
            r, c = stack.pop()
            part.add((r, c))
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell in left:
                    left.remove(cell)
                    stack.append(cell)
        if len(part) > 1:
            found.append(frozenset(part))
    return found


@cache
def tame_by_definition(cells: Cells) -> bool:
    """Conditions 1–4 of tameness, each region valued by :func:`minimax`."""
    a, b = minimax(cells, True), minimax(cells, False)
    t = a - b
    if t not in (0, 1):
        return False
    upper_met = lower_met = False
    for x, y in dominoes(cells):
        parts = regions(cells - {x, y})
        if not all(tame_by_definition(part) for part in parts):
            return False
        g = 1 + sum(minimax(part, True) for part in parts) - a
        e = sum(minimax(part, True) - minimax(part, False) for part in parts) - t
        if not (e // 2 <= g <= -(-e // 2)):
            return False
        upper_met |= g == -(-e // 2)
        lower_met |= g == e // 2
    return t == 0 or (upper_met and lower_met)


def free_cells(board: Board, mask: int) -> Cells:
    return frozenset(board.cells(mask))


RING = frozenset((r, c) for r in range(3) for c in range(3)) - {(1, 1)}


def test_every_polyomino_up_to_8_cells_against_minimax() -> None:
    """a and b as minimax finds them, tame exactly when the definition says so; the one
    wild polyomino is the 3×3 ring (a = 3, b = 4), and nothing is left unvalued."""
    board, levels = polyominoes(8)
    database = TameRegions(board)
    wild = []
    for mask in (mask for level in levels[1:] for mask in level):
        cells = free_cells(board, mask)
        value = database.region(mask)
        assert value is not None, board.cells(mask)
        assert (value.a, value.b) == (minimax(cells, True), minimax(cells, False))
        assert value.tame == tame_by_definition(cells), board.cells(mask)
        if not value.tame:
            wild.append(cells)
    assert len(wild) == 1
    assert {(r - 1, c - 1) for r, c in wild[0]} == RING


def random_board(rng: random.Random, max_free: int) -> Board:
    """A board of at most 5×5 cells with holes, at most ``max_free`` cells free."""
    rows, cols, holes = rng.randint(1, 5), rng.randint(1, 5), rng.uniform(0.05, 0.4)
    drawing = [["#" if rng.random() < holes else "." for _ in range(cols)] for _ in range(rows)]
    free = [(r, c) for r in range(rows) for c in range(cols) if drawing[r][c] == "."]
    for r, c in rng.sample(free, max(0, len(free) - max_free)):
        drawing[r][c] = "#"
    return parse_board("/".join("".join(row) for row in drawing))


def test_the_solver_with_tame_regions_on_boards_with_holes() -> None:
    """200 boards with holes (up to 25 cells), both starters: the Python solver with the
    sum rule gives the minimax value."""
    rng = random.Random(23)
    decided = 0
    for _ in range(sample(200)):
        board = random_board(rng, max_free=16)
        cells = free_cells(board, board.start)
        solver = MatchingSolver(board, tame=True)
        for max_to_move in (True, False):
            assert solver.value(board.start, max_to_move) == minimax(cells, max_to_move), (
                board.drawing()
            )
        decided += solver.stats.nodes == 0
    assert decided > sample(50)  # most are decided without a node; the others searched


def test_decided_positions_equal_minimax() -> None:
    """Every position the database decides, on random boards with holes and random
    positions on them, has the minimax values."""
    rng = random.Random(5)
    checked = 0
    for _ in range(150):
        board = random_board(rng, max_free=18)
        database = TameRegions(board, size_limit=10)
        for _ in range(5):
            free = board.start & rng.getrandbits(board.n) | board.start & rng.getrandbits(board.n)
            decided = database.decide(free)
            if decided is None:
                continue
            cells = free_cells(board, free)
            assert decided == (minimax(cells, True), minimax(cells, False)), board.cells(free)
            checked += 1
    assert checked > 300


def test_sums_of_tame_regions_follow_the_rule() -> None:
    """Random sums of 2–4 tame polyominoes set apart on one board: the sum rule (and
    decide) give the minimax values."""
    rng = random.Random(7)
    board, levels = polyominoes(6)
    shapes = [free_cells(board, mask) for level in levels[1:] for mask in level]
    host = Board(8, 32)
    database = TameRegions(host)
    for _ in range(80):
        count = rng.randint(2, 4)
        chosen = rng.sample(shapes, count) if count < 4 else rng.choices(shapes[:20], k=4)
        free, cells, values = 0, set(), []
        for place, shape in enumerate(chosen):
            moved = {(r, c + 8 * place) for r, c in shape}
            part = sum(1 << host.cell(r, c) for r, c in moved)
            value = database.region(part)
            assert value is not None
            assert value.tame
            values.append(value)
            free |= part
            cells |= moved
        expected = minimax(frozenset(cells), True), minimax(frozenset(cells), False)
        assert sum_rule(values) == expected == database.decide(free)


def test_a_sum_with_the_ring_is_not_decided() -> None:
    board = Board(5, 7)
    ring = sum(1 << board.cell(r, c) for r, c in RING)
    database = TameRegions(board)
    assert database.region(ring) == RegionValue(3, 4, False)
    assert database.decide(ring) == (3, 4)  # a lone region: its own values
    domino = 1 << board.cell(4, 0) | 1 << board.cell(4, 1)
    assert database.decide(ring | domino) is None
    # a tail of four cells: covering its first two leaves the ring and a domino
    tail = sum(1 << board.cell(0, c) for c in range(3, 7))
    assert database.region(ring | tail) is None
    assert database.decide(ring | tail) is None


@settings(max_examples=40, deadline=None)
@given(graphs(max_vertices=8))
def test_any_graph_by_vertex_sets(graph: tuple[int, list[NaiveEdge]]) -> None:
    n, edges = graph
    database = TameRegions(BitGraph(n, edges))
    decided = database.decide(database.graph.full)
    if decided is not None:
        present = induced(edges, range(n))
        assert decided == (game_value(present, True), game_value(present, False))


def test_the_database_is_bounded() -> None:
    board = Board(3, 4)
    with pytest.raises(LimitError, match="entries="):
        TameRegions(board, entries=5).decide(board.full)


@pytest.mark.slow
def test_the_sum_rule_on_larger_boards_with_holes() -> None:
    """Boards with 18–21 free cells (two; eight under make test-thorough): the solver with
    the rule against minimax."""
    rng = random.Random(11)
    boards = (random_board(rng, max_free=21) for _ in range(10_000))
    large = list(islice((board for board in boards if board.start.bit_count() >= 18), sample(8)))
    assert len(large) == sample(8)
    for board in large:
        for max_to_move in (True, False):
            with_rule = MatchingSolver(board, tame=True).value(board.start, max_to_move)
            assert with_rule == minimax(free_cells(board, board.start), max_to_move)
