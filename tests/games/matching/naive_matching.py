"""Independent, deliberately naive references for the matching and tiling games.

Graphs are plain edge lists over vertex numbers and boards are sets of ``(row, col)``
cells: no bitmasks, no reductions, no symmetry — only the definitions. Also hypothesis
strategies for small graphs, boards and positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from functools import cache

from hypothesis import strategies as st

from evalgame.games.tiling.board import Board

NaiveEdge = tuple[int, int]


@cache
def game_value(edges: frozenset[NaiveEdge], max_to_move: bool) -> int:
    """Moves still to come in the matching game on ``edges`` (all their ends free)."""
    if not edges:
        return 0
    values = [
        1 + game_value(frozenset(f for f in edges if not set(f) & set(e)), not max_to_move)
        for e in edges
    ]
    return max(values) if max_to_move else min(values)


def induced(edges: Iterable[NaiveEdge], free: Iterable[int]) -> frozenset[NaiveEdge]:
    """The edges with both ends in ``free``."""
    keep = set(free)
    return frozenset(e for e in edges if e[0] in keep and e[1] in keep)


@cache
def maximal_matchings(edges: frozenset[NaiveEdge]) -> frozenset[frozenset[NaiveEdge]]:
    """Every maximal matching of the graph given by ``edges`` (exhaustive)."""
    if not edges:
        return frozenset({frozenset()})
    found: set[frozenset[NaiveEdge]] = set()
    for e in edges:
        rest = frozenset(f for f in edges if not set(f) & set(e))
        found |= {m | {e} for m in maximal_matchings(rest)}
    return frozenset(found)


def min_maximal(edges: frozenset[NaiveEdge]) -> int:
    """The size of a smallest maximal matching."""
    return min(map(len, maximal_matchings(edges)))


def max_matching(edges: frozenset[NaiveEdge]) -> int:
    """The size of a largest matching."""
    return max(map(len, maximal_matchings(edges)))


def grid_edges(rows: int, cols: int) -> list[NaiveEdge]:
    """The grid graph's edges with cell (r, c) numbered r·cols + c."""
    found = []
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                found.append((r * cols + c, r * cols + c + 1))
            if r + 1 < rows:
                found.append((r * cols + c, (r + 1) * cols + c))
    return found


def board_images(
    rows: int, cols: int, cells: set[tuple[int, int]]
) -> list[frozenset[tuple[int, int]]]:
    """The images of a cell set under the board's symmetries (all 8 on a square board)."""
    maps: list[Callable[[int, int], tuple[int, int]]] = [
        lambda r, c: (r, c),
        lambda r, c: (rows - 1 - r, cols - 1 - c),
        lambda r, c: (r, cols - 1 - c),
        lambda r, c: (rows - 1 - r, c),
    ]
    if rows == cols:
        maps += [
            lambda r, c: (c, r),
            lambda r, c: (cols - 1 - c, rows - 1 - r),
            lambda r, c: (c, rows - 1 - r),
            lambda r, c: (cols - 1 - c, r),
        ]
    return [frozenset(f(r, c) for r, c in cells) for f in maps]


def shape(cells: set[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """A polyomino up to translation, rotation and reflection: least sorted cell list."""
    forms = []
    for turn in range(8):
        moved = [(c, r) if turn & 4 else (r, c) for r, c in cells]
        moved = [(-r if turn & 1 else r, -c if turn & 2 else c) for r, c in moved]
        top = min(r for r, _ in moved)
        left = min(c for _, c in moved)
        forms.append(tuple(sorted((r - top, c - left) for r, c in moved)))
    return min(forms)


@st.composite
def graphs(draw: st.DrawFn, max_vertices: int = 7) -> tuple[int, list[NaiveEdge]]:
    """A small simple graph: ``(n, edges)``."""
    n = draw(st.integers(0, max_vertices))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    return n, sorted(chosen)


#: a small board: (rows, cols) with at most 12 cells
boards = st.tuples(st.integers(1, 4), st.integers(1, 4)).filter(lambda rc: rc[0] * rc[1] <= 12)


#: the board sizes of :func:`random_boards`
SHAPES = [(5, 5), (4, 6), (3, 8), (4, 5), (5, 6), (2, 9), (6, 6)]


def random_boards(seed: int, count: int, most_free: int) -> list[Board]:
    """``count`` boards with holes and at most ``most_free`` free cells (seeded)."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        rows, cols = rng.choice(SHAPES)
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        holes = max(rng.randint(0, len(cells) // 4), len(cells) - most_free)
        boards.append(Board(rows, cols, rng.sample(cells, holes)))
    return boards


def kernel_agrees(
    board: Board, reference: int, max_to_move: bool, gamma: int, options: int
) -> None:
    """The C kernel with ``options``, each time from a fresh table: its value is
    ``reference``, and its null-window test at ``gamma`` gives the right verdict and a
    bound that holds."""
    from evalgame.games.matching.native import NativeSolver

    solver = NativeSolver(board, table_mb=1, options=options)
    assert solver.value(board.start, max_to_move) == reference, board.drawing()
    result = NativeSolver(board, table_mb=1, options=options).test(board.start, max_to_move, gamma)
    assert (result >= gamma) == (reference >= gamma), board.drawing()
    assert reference >= result if result >= gamma else reference <= result
