"""Theorem "crumbs" (a tame region next to any position is a pass or a switch) and the
solver's reduction, against plain minimax written here.

The reference knows only the rules: cells ``(row, column)``, a domino on two free
side-neighbours, memoised minimax over the set of free cells; tameness by its definition
on the reference's values (docs/tiling_search.md, "Tame regions and the sum rule").
"""

from __future__ import annotations

import random

from evalgame.games.matching.crumbs import reduced
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.polyominoes import polyominoes
from tests.games.matching.naive_matching import random_boards
from tests.games.matching.test_tame import Cells, free_cells, minimax
from tests.games.matching.test_tame import tame_by_definition as tame

RING: Cells = frozenset((r, c) for r in range(3) for c in range(3)) - {(1, 1)}


def apart(*groups: Cells) -> Cells:
    """The cell sets side by side, an empty column between them (none touches another)."""
    found: set[tuple[int, int]] = set()
    for group in groups:
        if group:
            shift = max((c for _, c in found), default=-2) + 2 - min(c for _, c in group)
            found |= {(r, c + shift) for r, c in group}
    return frozenset(found)


def dominoes(count: int) -> Cells:
    return frozenset((r, c) for i in range(count) for r, c in ((3 * i, 0), (3 * i, 1)))


PATH: Cells = frozenset((0, c) for c in range(4))


def canonical(cells: Cells) -> Cells:
    """The canonical form of a tame region: a dominoes, or P4 and a − 2 dominoes."""
    a, b = minimax(cells, True), minimax(cells, False)
    return dominoes(a) if a == b else apart(PATH, dominoes(a - 2))


def contexts(seed: int, count: int, most: int = 10) -> list[Cells]:
    """The ring, the ring with a domino, and random positions of 4 to ``most`` cells on
    small boards."""
    rng = random.Random(seed)
    found = [frozenset(), RING, apart(RING, dominoes(1))]
    while len(found) < count:
        rows, cols = rng.choice([(3, 3), (3, 4), (4, 4), (2, 5)])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        found.append(frozenset(rng.sample(cells, rng.randint(4, min(most, len(cells))))))
    return found


def test_a_tame_region_is_its_canonical_form_next_to_any_position() -> None:
    """Every tame polyomino of 2–5 cells next to 40 contexts, both players to move."""
    board, levels = polyominoes(5)
    crumbs = [free_cells(board, mask) for level in levels[1:] for mask in level]
    assert all(tame(crumb) for crumb in crumbs)
    checked = 0
    for context in contexts(3, 40):
        for crumb in crumbs:
            for max_to_move in (True, False):
                left = minimax(apart(context, crumb), max_to_move)
                assert left == minimax(apart(context, canonical(crumb)), max_to_move)
                checked += 1
    assert checked == 40 * 20 * 2


def test_the_ring_and_regions_that_look_hot_but_are_wild_are_not() -> None:
    """t ∈ {0, 1} is not enough: the ring is wild, and a ring with a tail of two cells
    (a = 5, b = 4) differs from P4 and three dominoes next to a domino."""
    assert not tame(RING)
    tail = RING | {(0, 3), (0, 4)}
    assert (minimax(tail, True), minimax(tail, False)) == (5, 4)
    context = dominoes(1)
    left = minimax(apart(context, tail), True)
    assert left != minimax(apart(context, PATH, dominoes(3)), True)


def test_two_switches_are_three_dominoes() -> None:
    for context in contexts(4, 60):
        for max_to_move in (True, False):
            left = minimax(apart(context, PATH, PATH), max_to_move)
            assert left == minimax(apart(context, dominoes(3)), max_to_move)


def test_sums_of_crumbs_reduce_to_a_pass_and_a_switch() -> None:
    """Random sums of 2–3 tame polyominoes of 2–4 cells next to random contexts:
    ``s + V(G + Dʳ + Pᵖ)``."""
    rng = random.Random(9)
    board, levels = polyominoes(4)
    crumbs = [free_cells(board, mask) for level in levels[1:] for mask in level]
    for context in contexts(5, 25, most=7):
        for _ in range(4):
            chosen = rng.choices(crumbs, k=rng.randint(2, 3))
            total = sum(minimax(crumb, True) for crumb in chosen)
            hot = sum(minimax(crumb, True) - minimax(crumb, False) for crumb in chosen)
            d, p = reduced(total, hot)
            rest = apart(context, dominoes(d & 1), PATH if p else frozenset())
            for max_to_move in (True, False):
                left = minimax(apart(context, *chosen), max_to_move)
                assert left == d - (d & 1) + minimax(rest, max_to_move)


def test_the_solver_with_crumbs_on_boards_with_holes() -> None:
    """200 boards with holes (up to 14 free cells), both starters: the solver reducing
    crumbs of up to 6 cells (so that larger regions are searched beside them) gives the
    minimax value, and so does it with the ring on the board."""
    boards = random_boards(29, 185, 14)
    ring_boards = [Board(rows, 7, [(1, 1), *((r, 3) for r in range(rows))]) for rows in (3, 4, 5)]
    rng = random.Random(31)
    for board in ring_boards:  # the ring and a few random cells beside it, 5 positions each
        for _ in range(5):
            right = [cell for cell in board.cells(board.start) if cell[1] > 3]
            keep = rng.sample(right, rng.randint(2, min(8, len(right))))
            holes = [cell for cell in right if cell not in keep] + board.blocked_cells
            boards.append(Board(board.rows, 7, holes))
    reduced_somewhere = 0
    for board in boards:
        solver = MatchingSolver(board, crumbs=True)
        assert solver.tame_regions is not None
        solver.tame_regions.size_limit = 6
        cells = free_cells(board, board.start)
        for max_to_move in (True, False):
            assert solver.value(board.start, max_to_move) == minimax(cells, max_to_move), (
                board.drawing()
            )
        region = solver.analyse(board.start)
        reduced_somewhere += bool(region.core and region.spare)
    assert reduced_somewhere > 20


def test_a_principal_variation_through_crumbs_is_a_legal_game_of_the_value() -> None:
    board = Board(3, 8, [(1, 1), (0, 3), (1, 3), (2, 3)])  # the ring beside a 3×4 rectangle
    for max_to_move in (True, False):
        solver = MatchingSolver(board, crumbs=True)
        result = solver.solve(max_to_move, board.start)
        assert result.value == minimax(free_cells(board, board.start), max_to_move)
        free = board.start
        for move in result.pv:
            assert move & free == move
            free &= ~move
        assert len(result.pv) == result.value
        assert not board.edges_within(free)
