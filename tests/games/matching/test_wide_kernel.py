"""The kernel's 128-bit build (``_kernel128``) against the Python solver.

The kernel is compiled twice from the same sources: ``_kernel`` with 64-bit sets for
graphs of at most 64 vertices, ``_kernel128`` with 128-bit sets for boards of 65 to 128
cells (8×9 to 11×11). Two ways of checking the wide build:

- the differential tests of the 64-bit build (test_native, test_dfpn, test_tame_kernel,
  test_separator, test_crumbs_kernel) run again with every solver on the 128-bit build,
  on their small boards and graphs (``wide``): the small boards and the cheap ones under
  ``make test``, the whole suites under ``make test-thorough``;
- boards of 72 to 121 cells with most cells blocked (about 12 to 20 free cells, some on
  either side of bit 64) against the Python solver, the ground truth: values, null-window
  tests and df-pn for both starters, the region database and the separator bound against
  their Python references, and entries and numbers passed between two kernels.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evalgame.proofs
from evalgame.cli import app
from evalgame.errors import InputError
from evalgame.games.matching import native
from evalgame.games.matching.native import (
    ALL_OPTIONS,
    DEFAULT_OPTIONS,
    LARGE_GRAPH_OPTIONS,
    OPTIONS,
    NativeSolver,
    make_solver,
)
from evalgame.games.matching.separator import separator_bound
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.matching.tame import TameRegions
from evalgame.games.tiling.board import Board, parse_board
from evalgame.proofs import Problem, ProofResult, SerialPool
from tests.games.matching import (
    test_crumbs_kernel,
    test_dfpn,
    test_native,
    test_separator,
    test_tame_kernel,
)
from tests.games.matching.test_native import check_test
from tests.samples import sample, thorough_only

pytestmark = pytest.mark.skipif(
    native.kernel_width(128) != 128, reason="the kernel's 128-bit build is not built"
)

runner = CliRunner()


@pytest.fixture
def wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every solver made from here on runs on the 128-bit build, whatever its size."""
    monkeypatch.setattr(native, "kernel_width", lambda n: 128 if n <= 128 else None)


# ------------------------------------------------------- the small tests, 128-bit sets


def test_the_build_is_chosen_by_the_size_of_the_graph(wide: None) -> None:
    assert NativeSolver(Board(3, 3), table_mb=1).width == 128


def test_the_narrow_build_serves_up_to_64_cells_and_the_wide_one_up_to_128() -> None:
    assert (native.kernel_width(64), native.kernel_width(65), native.kernel_width(128)) == (
        64,
        128,
        128,
    )
    assert native.kernel_width(129) is None
    assert NativeSolver(Board(8, 8), table_mb=1, tame_mb=1).width == 64
    solver = make_solver(Board(8, 9, [(0, 0)]), table_mb=1)
    assert isinstance(solver, NativeSolver)
    assert solver.width == 128
    assert solver.settings()["kernel_width"] == 128
    assert "kernel_width" not in NativeSolver(Board(3, 3), table_mb=1).settings()
    with pytest.raises(InputError, match="64-bit sets"):
        NativeSolver(Board(8, 9), table_mb=1, width=64)


@pytest.mark.parametrize(("rows", "cols"), [(3, 4), (4, 4), (4, 5), (5, 5)])
@pytest.mark.parametrize("max_to_move", [True, False])
def test_small_boards_equal_the_python_solver(
    wide: None, rows: int, cols: int, max_to_move: bool
) -> None:
    test_native.test_boards_up_to_5x6_equal_the_python_solver(rows, cols, max_to_move)


@pytest.mark.parametrize("options", [0, *OPTIONS.values(), ALL_OPTIONS])
def test_each_ingredient_alone_keeps_the_values(wide: None, options: int) -> None:
    test_native.test_each_ingredient_alone_keeps_the_values(options)


# the whole differential suites again (28 s): make test-thorough; make test checks the wide
# build against the Python solver on the boards above and on the boards past 64 cells below
@thorough_only
def test_random_graphs_equal_the_python_solver(wide: None) -> None:
    test_native.test_random_graphs_equal_the_python_solver()
    test_native.test_the_move_order_lists_moves_that_attain_the_value()
    test_native.test_learned_bounds_keep_the_values()


def test_shared_entries_and_regions_keep_the_values(wide: None) -> None:
    test_native.test_shared_entries_keep_the_values()
    test_native.test_shared_regions_keep_the_values()


@thorough_only
def test_dfpn_against_the_kernel_on_boards_with_holes(wide: None) -> None:
    test_dfpn.test_against_the_kernel_on_200_boards_with_holes()
    test_dfpn.test_each_moves_answer_is_its_childs_value()


def test_dfpn_loops_budgets_and_numbers(wide: None) -> None:
    test_dfpn.test_a_crumb_move_and_its_reply_do_not_loop()
    test_dfpn.test_a_small_budget_leaves_the_question_open_never_wrong()
    test_dfpn.test_a_stopped_proof_keeps_the_numbers_of_its_question()


@thorough_only
def test_regions_crumbs_and_the_separator(wide: None) -> None:
    test_tame_kernel.test_every_polyomino_up_to_8_cells_against_brute_force()
    test_tame_kernel.test_the_kernels_database_equals_the_python_reference()
    test_crumbs_kernel.test_against_brute_force_on_200_boards_with_holes()
    test_separator.test_the_kernel_with_the_bound_against_the_kernel_without_it()


# ------------------------------------------------------- boards of more than 64 cells

SHAPES = [(8, 9), (9, 9), (10, 10), (11, 11), (9, 14)]


def blob_boards(seed: int, count: int, least: int = 12, most: int = 20) -> list[Board]:
    """``count`` boards of SHAPES with one random connected blob of free cells (and a few
    cells free beside it), grown from around cell 64 until it has free cells on either
    side of bit 64; every other cell blocked."""
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        rows, cols = rng.choice(SHAPES)
        n, size = rows * cols, rng.randint(least, most)
        start = rng.randrange(64 - cols, min(n, 64 + cols))
        blob = {start}
        while len(blob) < size:
            r, c = divmod(rng.choice(sorted(blob)), cols)
            dr, dc = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                blob.add((r + dr) * cols + c + dc)
        if rng.random() < 0.5:  # a second small piece, far from the first
            blob |= {n - 1, n - 2}
        if min(blob) >= 64 or max(blob) < 64:
            continue
        blocked = [divmod(cell, cols) for cell in range(n) if cell not in blob]
        boards.append(Board(rows, cols, blocked))
    return boards


@functools.cache
def python_value(drawing: str, free: int, max_to_move: bool) -> int:
    board = parse_board(drawing)
    return MatchingSolver(board).value(free, max_to_move)


def positions(board: Board, rng: random.Random) -> Iterator[int]:
    """The start and the position after two random moves."""
    yield board.start
    free = board.start
    for _ in range(2):
        edges = board.edges_within(board.core(free))
        if edges:
            free &= ~rng.choice(edges)
    yield free


@pytest.mark.parametrize(
    "options", [DEFAULT_OPTIONS, LARGE_GRAPH_OPTIONS, ALL_OPTIONS, 0, OPTIONS["symmetry"]]
)
def test_boards_past_64_cells_equal_the_python_solver(options: int) -> None:
    rng = random.Random(options)
    for board in blob_boards(seed=7, count=sample(40)):
        assert board.n > 64
        for free in positions(board, rng):
            for max_to_move in (True, False):
                value = python_value(board.drawing(), free, max_to_move)
                cells = rng.choice((6, 8, 16))
                solver = NativeSolver(
                    board, table_mb=1, tame_mb=1, options=options, tame_cells=cells
                )
                assert solver.width == 128
                assert solver.value(free, max_to_move) == value, board.drawing()
                for gamma in (value - 1, value, value + 1):
                    fresh = NativeSolver(
                        board, table_mb=1, tame_mb=1, options=options, tame_cells=cells
                    )
                    check_test(fresh, free, max_to_move, gamma, value)
                lower, upper = solver.bounds(free, max_to_move)
                assert lower <= value <= upper


def test_dfpn_past_64_cells_against_the_python_solver() -> None:
    rng = random.Random(3)
    for board in blob_boards(seed=11, count=12):
        for max_to_move in (True, False):
            value = python_value(board.drawing(), board.start, max_to_move)
            test_dfpn.check(board, value, max_to_move, rng)
            test_dfpn.check(board, value, max_to_move, rng, test_dfpn.CRUMB_VARIANTS, 6)


def test_regions_and_the_separator_past_64_cells_equal_the_python_references() -> None:
    """The region database on boards past 64 cells (canonical shapes in boxes of up to
    128 cells) and the separator bound equal their Python references."""
    rng = random.Random(5)
    compared = bounds = 0
    for board in blob_boards(seed=13, count=20, most=22):
        cells = rng.choice((10, 16))
        kernel = NativeSolver(
            board, table_mb=1, options=LARGE_GRAPH_OPTIONS, tame_mb=4, tame_cells=cells
        )
        reference = TameRegions(board, size_limit=cells)
        free = board.start
        while board.core(free):
            compared += test_tame_kernel.regions_agree(kernel, reference, board, free)
            for max_to_move in (True, False):
                bound = separator_bound(board, reference, free, max_to_move)
                assert kernel.separator_bound(free, max_to_move) == bound, board.drawing()
                bounds += bound is not None
            free &= ~rng.choice(board.edges_within(board.core(free)))
    assert compared > 100
    assert bounds > 20


def test_entries_regions_and_numbers_pass_between_kernels_past_64_cells() -> None:
    """Two kernels of a 9×9 board exchange table entries and regions (keys of 128 bits,
    records of 29 and 23 bytes) and df-pn's numbers (version 2, 32-byte records); the
    64-bit build refuses the wide numbers."""
    (board,) = blob_boards(seed=17, count=1, least=20, most=20)
    value = python_value(board.drawing(), board.start, True)
    one = NativeSolver(board, table_mb=1, tame_mb=1, options=DEFAULT_OPTIONS)
    other = NativeSolver(board, table_mb=1, tame_mb=1, options=DEFAULT_OPTIONS)
    one.share(1)
    assert one.value(board.start, True) == value
    entries = one.export()
    count = int.from_bytes(entries[:4], "little")
    assert count > 0
    assert len(entries) == 4 + 29 * count
    other.absorb(entries)
    assert other.bounds(board.start, True) == (value, value)
    # regions, with the database on
    one = NativeSolver(board, table_mb=1, tame_mb=1, options=LARGE_GRAPH_OPTIONS, tame_cells=8)
    other = NativeSolver(board, table_mb=1, tame_mb=1, options=LARGE_GRAPH_OPTIONS, tame_cells=8)
    one.share(1)
    one.value(board.start, False)
    exported = one.export()
    count = int.from_bytes(exported[:4], "little")
    regions = exported[4 + 29 * count :]
    assert regions
    assert len(regions) % 23 == 0
    other.absorb(bytes(4) + regions)
    assert other.value(board.start, False) == python_value(board.drawing(), board.start, False)
    # df-pn's numbers, resumed in another kernel
    first = NativeSolver(board, table_mb=1, tame_mb=1, options=DEFAULT_OPTIONS)
    assert first.prove(board.start, True, value + 1, max_nodes=20, table_mb=1) is None
    records = first.numbers(1000, (board.start, True, value + 1))
    assert records[:8] == b"PNUM" + (2).to_bytes(4, "little")
    assert (len(records) - 16) % 32 == 0
    later = NativeSolver(board, table_mb=1, tame_mb=1, options=DEFAULT_OPTIONS)
    assert later.learn_numbers(records, table_mb=1) > 0
    assert later.prove(board.start, True, value + 1, table_mb=1) is False
    assert later.prove(board.start, True, value, table_mb=1) is True
    keys = [answer.child[0] for answer in later.move_answers(board.start, True, value)]
    assert keys
    assert all(key >= 0 for key in keys)
    narrow = NativeSolver(Board(4, 4), table_mb=1)
    with pytest.raises(InputError, match="corrupt or foreign"):
        narrow.learn_numbers(records, table_mb=1)
    # a numbers file knows which build wrote it: the identity names the 128-bit sets
    assert first.identity[-1] == "128-bit sets"
    assert len(NativeSolver(Board(4, 4), table_mb=1).identity) == 5


def test_the_command_line_searches_a_board_past_64_cells_with_the_kernel(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No note of a fallback to Python: the kernel takes the 72 cells of an 8×9 board with
    holes, and its answer is the Python solver's; a proof of 8×9 ("--ask", here in this
    process and stopped at once) is the kernel's too."""
    (board,) = blob_boards(seed=19, count=1, least=16, most=16)
    drawing = board.drawing()
    result = runner.invoke(app, ["tiling", "--board", drawing, "--json"])
    assert result.exit_code == 0, result.output
    assert "note:" not in result.stderr
    solved = json.loads(result.stdout)
    assert solved["engine"] == "native"
    assert int(solved["value"]) == python_value(drawing, board.start, True)
    prove = evalgame.proofs.prove

    def serial(problem: Problem, **options: Any) -> ProofResult:
        return prove(problem, SerialPool(), **options)

    monkeypatch.setattr(evalgame.proofs, "prove", serial)
    store = tmp_path / "8x9.sqlite"
    stopped = runner.invoke(
        app, ["tiling", "8", "9", "--ask", "30", "--store", str(store), "--timeout", "1e-6"]
    )
    assert stopped.exit_code == 4, stopped.output
    assert "note:" not in stopped.stderr


def test_a_certificate_of_a_board_past_64_cells_is_written_and_verified(tmp_path: Path) -> None:
    """The certificate of both bounds of a 26-cell blob on a board past 64 cells is written
    from the 128-bit build's answers, and the checker (its own search) accepts it."""
    (board,) = blob_boards(seed=23, count=1, least=26, most=26)
    value = python_value(board.drawing(), board.start, True)
    path = tmp_path / "wide.jsonl.gz"
    options = ["--certificate", str(path), "--small-cells", "8", "--tame-cells", "8"]
    written = runner.invoke(app, ["tiling", "--board", board.drawing(), *options])
    assert written.exit_code == 0, written.output
    for bound in (f"at_least-{value}", f"at_most-{value}"):
        verified = runner.invoke(app, ["verify", str(tmp_path / f"wide-{bound}.jsonl.gz")])
        assert verified.exit_code == 0, verified.output


@pytest.mark.parametrize("options", [DEFAULT_OPTIONS, LARGE_GRAPH_OPTIONS, 0])
def test_a_board_64_cells_wide(options: int) -> None:
    """2×64: a row is 64 cells, so the grid's shifts by a row cross bit 64 exactly."""
    blocked = [
        (r, c) for r in range(2) for c in range(64) if c < 52 or (r, c) in ((0, 55), (1, 60))
    ]
    board = Board(2, 64, blocked)
    for max_to_move in (True, False):
        value = python_value(board.drawing(), board.start, max_to_move)
        solver = NativeSolver(board, table_mb=1, tame_mb=1, options=options, tame_cells=8)
        assert solver.width == 128
        assert solver.value(board.start, max_to_move) == value
        bound = solver.separator_bound(board.start, max_to_move)
        assert bound is None or bound <= value
