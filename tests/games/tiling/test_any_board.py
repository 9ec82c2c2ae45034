"""Any board: drawings read and refused, and the game on boards with holes against the
naive game value of the graph the free cells induce."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import BoardError, InputError, LimitError
from evalgame.games.matching import native
from evalgame.games.matching.solvers import SOLVERS
from evalgame.games.tiling.board import Board, parse_board, read_board
from evalgame.games.tiling.game import TilingGame, board_text, solve_tiling
from evalgame.search.protocol import Player
from tests.games.matching.naive_matching import game_value, grid_edges, induced


@st.composite
def holed_boards(draw: st.DrawFn, max_free: int = 12) -> tuple[int, int, list[tuple[int, int]]]:
    """A board of at most 5×5 cells with holes, at most ``max_free`` cells left free."""
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    free = draw(st.lists(st.sampled_from(cells), unique=True, max_size=max_free))
    return rows, cols, [cell for cell in cells if cell not in free]


def naive_value(rows: int, cols: int, blocked: list[tuple[int, int]], max_first: bool) -> int:
    free = [r * cols + c for r in range(rows) for c in range(cols) if (r, c) not in blocked]
    return game_value(induced(grid_edges(rows, cols), free), max_first)


def drawing(rows: int, cols: int, blocked: list[tuple[int, int]]) -> str:
    return "/".join(
        "".join("#" if (r, c) in blocked else "." for c in range(cols)) for r in range(rows)
    )


@given(holed_boards())
def test_a_drawing_reads_back_as_itself(case: tuple[int, int, list[tuple[int, int]]]) -> None:
    rows, cols, blocked = case
    board = parse_board(drawing(rows, cols, blocked))
    assert (board.rows, board.cols, board.blocked_cells) == (rows, cols, sorted(blocked))
    assert board.drawing() == drawing(rows, cols, blocked)
    assert board.start == board.full & ~sum(1 << (r * cols + c) for r, c in blocked)


@settings(max_examples=60, deadline=None)
@given(holed_boards(), st.sampled_from(["auto", "python"]))
def test_values_on_boards_with_holes_equal_brute_force(
    case: tuple[int, int, list[tuple[int, int]]], engine: str
) -> None:
    rows, cols, blocked = case
    for first in (Player.MAX, Player.MIN):
        solution = solve_tiling(rows, cols, first, blocked=blocked, engine=engine)  # type: ignore[arg-type]
        assert solution.value == naive_value(rows, cols, blocked, first is Player.MAX)
        assert solution.blocked == tuple(sorted(blocked))
        game = TilingGame(rows, cols, first, blocked=blocked)  # the line is legal and maximal
        position = game.initial()
        for domino in solution.dominoes:
            position = game.play(position, game.board.edge(*domino))
        assert game.is_terminal(position)
        assert len(solution.dominoes) == solution.value


@pytest.mark.parametrize("algorithm", SOLVERS)
def test_every_algorithm_on_a_board_with_holes(algorithm: str) -> None:
    board = parse_board(".#../..../#..#" if algorithm != "minimax" else "#../.../..#")
    for first in (Player.MAX, Player.MIN):
        expected = naive_value(board.rows, board.cols, board.blocked_cells, first is Player.MAX)
        solution = solve_tiling(
            board.rows, board.cols, first, blocked=board.blocked_cells, algorithm=algorithm
        )
        assert solution.value == expected


@pytest.mark.parametrize(
    ("text", "message", "row", "column"),
    [
        ("../.x", "'x' is not a cell", 1, 1),
        ("... /...", "' ' is not a cell", 0, 3),
        ("..../.../....", "a row of 3 cells where row 1 has 4", 1, 3),
        ("../..../..", "a row of 4 cells where row 1 has 2", 1, 2),
        ("...\n..\n", "a row of 2 cells where row 1 has 3", 1, 2),
        ("../", "a row of 0 cells where row 1 has 2", 1, 0),
    ],
)
def test_a_bad_drawing_is_refused_at_its_row_and_column(
    text: str, message: str, row: int, column: int
) -> None:
    with pytest.raises(BoardError, match=message) as caught:
        parse_board(text)
    error = caught.value
    assert (error.row, error.column) == (row, column)
    assert f"at row {row + 1}, column {column + 1}" in str(error)
    shown, caret = error.pretty().splitlines()[1:]
    assert shown == "  " + error.line
    assert caret == " " * (2 + column) + "^"


@pytest.mark.parametrize("text", ["", "\n\n", "/"])
def test_an_empty_drawing_is_refused(text: str) -> None:
    with pytest.raises(InputError):
        parse_board(text)


def test_a_board_file_has_one_row_a_line(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("..#.\r\n....\r\n\r\n", encoding="utf-8")
    assert read_board(str(path)).drawing() == "..#./...."
    assert read_board("..#./....").drawing() == "..#./...."
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(InputError, match="cannot read the board file"):
        read_board(str(path))
    with pytest.raises(InputError, match="not a cell"):
        read_board("x" * 5000)  # no such file, and not a drawing


def test_blocked_cells_are_drawn_and_never_covered() -> None:
    assert board_text(1, 3, [((0, 1), (0, 2))], blocked=[(0, 0)]) == "# 1─1"
    with pytest.raises(InputError, match="blocked"):
        board_text(1, 3, [((0, 0), (0, 1))], blocked=[(0, 0)])
    with pytest.raises(InputError, match="off the"):
        Board(2, 2, [(2, 0)])


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built")
def test_the_kernel_names_its_limit_and_the_engine_that_has_none() -> None:
    blocked = [(r, c) for r in range(8) for c in range(17) if c < 15]
    limit = native.MAX_VERTICES
    with pytest.raises(LimitError, match=f"at most {limit} cells: use --engine python") as caught:
        solve_tiling(8, 17, blocked=blocked, engine="native")
    assert (caught.value.value, caught.value.limit) == (136, limit)
    assert solve_tiling(8, 17, blocked=blocked).value == 8  # auto: the Python solver
