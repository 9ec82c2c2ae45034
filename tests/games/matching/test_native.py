"""The C kernel against the Python solver: values and null-window tests alike.

The Python solver is the reference (itself tested against the naive game value in
test_solver.py). A null-window test may return different fail-soft numbers in the two
solvers, but never a different verdict: both fail high exactly when value ≥ γ, and the
number returned must be a true bound.
"""

from __future__ import annotations

import functools
import json
import os
import weakref
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.analysis.tiling_patterns import boards_from_json
from evalgame.errors import ContradictionError, InputError, LimitError, SearchInterrupted
from evalgame.games.matching import native
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.native import ALL_OPTIONS, OPTIONS, NativeSolver, make_solver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.game import solve_tiling
from evalgame.search.budget import Budget
from tests.games.matching.naive_matching import NaiveEdge, game_value
from tests.samples import sample, thorough_only

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

#: every board up to 5×6; the Python solver takes 15 s on 5×6, so make test stops at 28 cells
BOARDS = [
    pytest.param(r, c, marks=thorough_only) if r * c > 28 else (r, c)
    for r in range(1, 6)
    for c in range(r, 7)
    if r * c <= 30
]


@functools.cache
def python_value(rows: int, cols: int, max_to_move: bool) -> int:
    board = Board(rows, cols)
    return MatchingSolver(board).value(board.full, max_to_move)


def check_test(
    solver: MatchingSolver, free: int, max_to_move: bool, gamma: int, value: int, last: int = 0
) -> None:
    """A null-window test's verdict is value ≥ γ, and its number a true bound."""
    result = solver.test(free, max_to_move, gamma, last)
    assert (result >= gamma) == (value >= gamma)
    if result >= gamma:
        assert value >= result
    else:
        assert value <= result


@pytest.mark.parametrize(("rows", "cols"), BOARDS)
@pytest.mark.parametrize("max_to_move", [True, False])
def test_boards_up_to_5x6_equal_the_python_solver(rows: int, cols: int, max_to_move: bool) -> None:
    board = Board(rows, cols)
    expected = python_value(rows, cols, max_to_move)
    assert NativeSolver(board, table_mb=4).value(board.full, max_to_move) == expected
    for gamma in range(max(expected - 3, 0), expected + 4):
        # a fresh table each time: a test must not lean on what an earlier one proved
        check_test(NativeSolver(board, table_mb=1), board.full, max_to_move, gamma, expected)


@pytest.mark.parametrize("options", [0, *OPTIONS.values(), ALL_OPTIONS])
def test_each_ingredient_alone_keeps_the_values(options: int) -> None:
    board = Board(4, 5)
    for max_to_move in (True, False):
        solver = NativeSolver(board, table_mb=1, options=options)
        assert solver.value(board.full, max_to_move) == python_value(4, 5, max_to_move)


@st.composite
def graphs(draw: st.DrawFn) -> tuple[BitGraph, list[NaiveEdge]]:
    """A random graph of at most 16 vertices, sometimes two copies swapped by a symmetry."""
    n = draw(st.integers(1, 8))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    if draw(st.booleans()):
        edges += [(u + n, v + n) for u, v in edges]
        edges += draw(st.lists(st.sampled_from([(v, v + n) for v in range(n)]), unique=True))
        swap = [*range(n, 2 * n), *range(n)]
        return BitGraph(2 * n, edges, automorphisms=[swap]), edges
    n2 = draw(st.integers(n, 16))
    edges += draw(
        st.lists(
            st.tuples(st.integers(0, n2 - 1), st.integers(0, n2 - 1))
            .filter(lambda e: e[0] < e[1])
            .filter(lambda e: e[0] >= n or e[1] >= n),
            unique=True,
            max_size=24,
        )
    )
    return BitGraph(n2, edges), edges


@settings(max_examples=sample(300))
@given(graphs(), st.integers(0, 2**16 - 1), st.booleans(), st.integers(0, 9))
def test_random_graphs_equal_the_python_solver(
    graph: tuple[BitGraph, list[NaiveEdge]], raw: int, max_to_move: bool, gamma: int
) -> None:
    bitgraph, _ = graph
    free = raw & bitgraph.full
    reference = MatchingSolver(bitgraph)
    value = reference.value(free, max_to_move)
    kernel = NativeSolver(bitgraph, table_mb=1)
    assert kernel.value(free, max_to_move) == value
    check_test(NativeSolver(bitgraph, table_mb=1), free, max_to_move, gamma, value)
    lower, upper = NativeSolver(bitgraph, table_mb=1).bounds(free, max_to_move)
    assert lower <= value <= upper


@settings(max_examples=sample(200))
@given(graphs(), st.integers(0, 2**16 - 1), st.booleans(), st.integers(0, 9), st.data())
def test_the_last_move_changes_only_the_order(
    graph: tuple[BitGraph, list[NaiveEdge]],
    raw: int,
    max_to_move: bool,
    gamma: int,
    data: st.DataObject,
) -> None:
    """A test told the edge that led to the position (a parallel proof's subproblem) tries
    the replies next to it first: the verdicts and bounds stay true."""
    bitgraph, edges = graph
    free = raw & bitgraph.full
    value = MatchingSolver(bitgraph).value(free, max_to_move)
    covered = [1 << u | 1 << v for u, v in edges if not (free >> u | free >> v) & 1]
    last = data.draw(st.sampled_from(covered)) if covered else 0
    check_test(NativeSolver(bitgraph, table_mb=1), free, max_to_move, gamma, value, last)


@settings(max_examples=200)
@given(graphs(), st.integers(0, 2**16 - 1), st.booleans(), st.integers(0, 9))
def test_the_move_order_lists_moves_that_attain_the_value(
    graph: tuple[BitGraph, list[NaiveEdge]], raw: int, max_to_move: bool, gamma: int
) -> None:
    """``order`` (how a proof's manager splits a position) gives distinct moves of the
    position, among them one that attains its value, before and after a test filled the
    table (whose best move then comes first)."""
    bitgraph, _ = graph
    free = raw & bitgraph.full
    reference = MatchingSolver(bitgraph)
    solver = NativeSolver(bitgraph, table_mb=1)
    for _ in range(2):
        moves = solver.order(free, max_to_move, gamma)
        assert len(set(moves)) == len(moves)
        for move in moves:
            u, v = (move & -move).bit_length() - 1, move.bit_length() - 1
            assert move.bit_count() == 2
            assert move & free == move
            assert bitgraph.adjacency[u] >> v & 1
        if moves:
            values = [1 + reference.value(free & ~move, not max_to_move) for move in moves]
            best = max(values) if max_to_move else min(values)
            assert best == reference.value(free, max_to_move)
        solver.test(free, max_to_move, gamma)


def test_the_last_move_orders_a_subproblem_as_inside_the_whole_search() -> None:
    # 5×5, MIN's first move a vertical domino in the top corner: MAX's replies next to it
    # come first, as in the search of the whole board (the same verdicts, other numbers of
    # nodes; MIN's replies are not ordered by the last move)
    board = Board(5, 5)
    move = 1 | 1 << 5
    free = board.full & ~move
    value = MatchingSolver(board).value(free, True)
    counts = []
    for last in (0, move):
        solver = NativeSolver(board, table_mb=1)
        for gamma in range(value - 1, value + 2):
            check_test(solver, free, True, gamma, value, last)
        counts.append(solver.stats.nodes)
    assert counts[0] != counts[1]


@settings(max_examples=200)
@given(graphs(), st.integers(0, 2**16 - 1), st.booleans(), st.integers(0, 9), st.booleans())
def test_learned_bounds_keep_the_values(
    graph: tuple[BitGraph, list[NaiveEdge]], raw: int, max_to_move: bool, gamma: int, low: bool
) -> None:
    """A true bound proven elsewhere, taught to both solvers' tables, changes no answer;
    a bound that contradicts what a table knows is refused."""
    bitgraph, _ = graph
    free = raw & bitgraph.full
    value = MatchingSolver(bitgraph).value(free, max_to_move)
    lower, upper = (value, bitgraph.n) if low else (0, value)  # one side of the truth
    for solver in (NativeSolver(bitgraph, table_mb=1), MatchingSolver(bitgraph)):
        solver.learn(free, max_to_move, lower, upper)
        assert solver.bounds(free, max_to_move)[0 if low else 1] == value
        check_test(solver, free, max_to_move, gamma, value)
        assert solver.value(free, max_to_move) == value
        wrong = (0, value - 1) if low else (value + 1, bitgraph.n)  # the table knows better
        with pytest.raises(ContradictionError, match="contradict"):
            solver.learn(free, max_to_move, *wrong)


@settings(max_examples=100, deadline=None)
@given(graphs(), st.integers(0, 2**16 - 1), st.booleans(), st.integers(0, 9))
def test_shared_entries_keep_the_values(
    graph: tuple[BitGraph, list[NaiveEdge]], raw: int, max_to_move: bool, gamma: int
) -> None:
    """Entries one kernel exported, absorbed by another (searching something else), change
    none of its answers: every null-window test and value agrees with the Python solver's."""
    bitgraph, _ = graph
    free = raw & bitgraph.full
    one, other = NativeSolver(bitgraph, table_mb=1), NativeSolver(bitgraph, table_mb=1)
    one.share(1)
    one.value(free, max_to_move)  # the same question ...
    one.value(bitgraph.full, not max_to_move)  # ... and another
    other.value(free ^ bitgraph.full, max_to_move)
    other.absorb(one.export())
    value = MatchingSolver(bitgraph).value(free, max_to_move)
    lower, upper = other.bounds(free, max_to_move)
    assert lower <= value <= upper
    check_test(other, free, max_to_move, gamma, value)
    assert other.value(free, max_to_move) == value


def test_shared_entries_save_the_search_and_are_checked() -> None:
    """A kernel that absorbed another's entries answers its question from them; entries
    are exported once; bytes that are not entries, or contradict the table, are refused."""
    board = Board(4, 5)
    one, other = NativeSolver(board, table_mb=4), NativeSolver(board, table_mb=4)
    one.share(1)
    value = one.value(board.full, max_to_move=True)
    entries = one.export()
    assert entries
    assert one.export() == b""  # sent once
    other.absorb(entries)
    before = other.kernel_stats()["nodes"]
    assert other.value(board.full, max_to_move=True) == value
    assert other.kernel_stats()["nodes"] - before <= 2
    with pytest.raises(ValueError, match="not entries"):
        other.absorb(entries[:-1])
    record = bytearray((1).to_bytes(4, "little") + entries[4:25])  # one entry
    # an entry with an upper bound (UNKNOWN_HI - reduced upper, 0: unknown) for MIN to move
    (bounded,) = [
        entry
        for entry in (
            entries[4 + 21 * k : 25 + 21 * k] for k in range(int.from_bytes(entries[:4], "little"))
        )
        if entry[15]
    ][:1]
    malformed = bytearray(record)
    malformed[17:21] = bytes([30, 30, 250, 250])  # lower 30, upper 5: impossible
    with pytest.raises(ValueError, match="not entries"):
        other.absorb(bytes(malformed))
    record = bytearray((1).to_bytes(4, "little") + bounded)
    record[17:21] = bytes([30, 30, 0, 0])  # lower 30, more than the table's upper bound
    with pytest.raises(ContradictionError, match="contradict") as raised:
        other.absorb(bytes(record), source="a worker's entries")
    assert "the table says" in raised.value.known
    assert raised.value.new.startswith("record 0 of a worker's entries says 30 ≤ value")


TAME = native.LARGE_GRAPH_OPTIONS  # the region database on, whatever the size


def _regions(exported: bytes, width: int) -> bytes:
    """The regions of an export of a kernel of ``width``-bit sets, its table entries left
    out (an entry is a key of width / 8 bytes and 13 more, kernel/share.h)."""
    entries = int.from_bytes(exported[:4], "little")
    return bytes(4) + exported[4 + (width // 8 + 13) * entries :]


@settings(max_examples=100, deadline=None)
@given(graphs(), st.integers(0, 2**16 - 1), st.booleans(), st.integers(0, 9))
def test_shared_regions_keep_the_values(
    graph: tuple[BitGraph, list[NaiveEdge]], raw: int, max_to_move: bool, gamma: int
) -> None:
    """Regions one kernel's database computed, absorbed by another's (off a grid: keyed by
    vertex masks), change none of its answers: they agree with the Python solver's."""
    bitgraph, _ = graph
    free = raw & bitgraph.full
    one = NativeSolver(bitgraph, table_mb=1, tame_mb=1, options=TAME)
    other = NativeSolver(bitgraph, table_mb=1, tame_mb=1, options=TAME)
    one.share(1)
    one.value(bitgraph.full, max_to_move)
    other.absorb(_regions(one.export(), one.width))
    value = MatchingSolver(bitgraph).value(free, max_to_move)
    check_test(other, free, max_to_move, gamma, value)
    assert other.value(free, max_to_move) == value


def test_shared_regions_spare_the_database_and_are_checked() -> None:
    """A kernel that absorbed another's regions computes (almost) none again and finds the
    same value; records that are malformed, or contradict its database, are refused."""
    board = Board(5, 6)
    one = NativeSolver(board, table_mb=4, tame_mb=4, options=TAME)
    other = NativeSolver(board, table_mb=4, tame_mb=4, options=TAME)
    one.share(1)
    value = one.value(board.full, max_to_move=True)
    computed = one.kernel_stats()["tame_computed"]
    regions = _regions(one.export(), one.width)
    region_bytes = one.width // 8 + 7  # a region's cells and 7 more (kernel/tame.h)
    assert (len(regions) - 4) // region_bytes == computed > 0  # every region, each once
    other.absorb(regions)
    # the value without the region database (the Python solver agrees on 5×6:
    # test_boards_up_to_5x6_equal_the_python_solver)
    plain = NativeSolver(board, table_mb=4, options=0).value(board.full, max_to_move=True)
    assert other.value(board.full, max_to_move=True) == value == plain
    assert other.kernel_stats()["tame_computed"] < computed // 10
    record = bytearray(regions[:19])  # the header and the first region
    for offset, byte in ((18, 0), (18, 4), (14, 0), (10, 255)):  # status, box, cells
        bad = bytearray(record)
        bad[offset] = byte
        with pytest.raises(ValueError, match="not entries"):
            other.absorb(bytes(bad))
    record[16] += 1  # another a: contradicts the database
    with pytest.raises(ContradictionError, match="region") as raised:
        other.absorb(bytes(record))
    assert "the region database says" in raised.value.known
    assert "record 0 of entries another kernel exported" in raised.value.new


@settings(max_examples=100)
@given(graphs())
def test_starters_differ_by_at_most_one(graph: tuple[BitGraph, list[NaiveEdge]]) -> None:
    """The theorem behind the kernel's "turns" option, checked on the naive game value."""
    bitgraph, edges = graph
    if bitgraph.n <= 10:
        first, second = (game_value(frozenset(edges), turn) for turn in (True, False))
        assert abs(first - second) <= 1


def test_principal_variation_attains_the_value() -> None:
    result = NativeSolver(Board(4, 5), table_mb=4).solve(max_to_move=False)
    assert result.value == python_value(4, 5, False) == len(result.pv)
    assert result.algorithm == "matching MTD(f), C kernel"


def test_node_budget_stops_with_proven_bounds() -> None:
    board = Board(6, 6)
    solver = NativeSolver(board, table_mb=8, budget=Budget(nodes=5000))
    with pytest.raises(SearchInterrupted) as stop:
        solver.solve(max_to_move=True)
    assert stop.value.lower is not None
    assert stop.value.upper is not None
    assert stop.value.lower <= 16 <= stop.value.upper  # 6×6, MAX first (docs/results.md)
    assert solver.stats.nodes > 5000


def test_table_sizes_out_of_reach_are_refused() -> None:
    board = Board(3, 3)
    with pytest.raises(InputError):
        NativeSolver(board, table_mb=0)
    with pytest.raises(LimitError):
        NativeSolver(board, table_mb=1 << 40)
    with pytest.raises(LimitError):
        NativeSolver(BitGraph(native.MAX_VERTICES + 1, [(0, 1)]), table_mb=1)


def test_without_the_extension_the_python_solver_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "_kernel", None)
    assert not native.available()
    assert "Python solver" in native.engine_report()
    assert type(make_solver(Board(3, 3))) is MatchingSolver
    solution = solve_tiling(3, 4)
    assert solution.value == 5
    assert "C kernel" not in solution.algorithm
    with pytest.raises(InputError):
        NativeSolver(Board(3, 3))


def test_engine_choice() -> None:
    assert type(make_solver(Board(3, 3), table_mb=1)) is NativeSolver
    assert type(make_solver(Board(3, 3), engine="python")) is MatchingSolver
    assert type(make_solver(BitGraph(native.MAX_VERTICES + 1, [(0, 1)]))) is MatchingSolver
    assert "C kernel" in native.engine_report()
    with pytest.raises(InputError):
        make_solver(Board(3, 3), engine="fast")  # type: ignore[arg-type]


@pytest.mark.slow
def test_every_published_value_is_rederived() -> None:
    """Every exact value of docs/results.md (docs/tiling_results.json), by the kernel."""
    data = json.loads((Path(__file__).parents[3] / "docs" / "tiling_results.json").read_text())
    assert data["values"]
    for row in data["values"].values():
        board = Board(row["rows"], row["cols"])
        for first, max_to_move in (("max_first", True), ("min_first", False)):
            solver = NativeSolver(board, table_mb=64)
            assert solver.value(board.full, max_to_move) == row[first]["value"]


RESULTS = json.loads((Path(__file__).parents[3] / "docs" / "tiling_results.json").read_text())


@pytest.mark.slow
@pytest.mark.skipif(
    not os.environ.get("EVALGAME_LONG_PROOFS"), reason="minutes a board: make long-proofs"
)
@pytest.mark.parametrize(
    "proof",
    RESULTS["kernel_proofs"],
    ids=lambda proof: (
        f"{proof['rows']}x{proof['cols']}-{proof['first']}-first-"
        + proof["proof"].removeprefix("value ").replace("≥ ", "ge").replace("≤ ", "le")
    ),
)
def test_every_published_kernel_proof_is_rederived(proof: dict[str, Any]) -> None:
    """Each bound the kernel proved for docs/results.md, proved again from an empty table;
    where it makes a board's value exact, the bound one above fails too."""
    rows, cols = proof["rows"], proof["cols"]
    board, max_first = Board(rows, cols), proof["first"] == "max"
    relation, bound_text = proof["proof"].removeprefix("value ").split()
    bound = int(bound_text)
    solver = NativeSolver(board, table_mb=4096 if rows * cols > 49 else 2048)  # as published

    def passes(gamma: int) -> bool:  # value ≥ γ?, by the search the record names
        if "df-pn" in proof.get("confirmation", ""):
            return bool(solver.prove(board.full, max_first, gamma, table_mb=4096))
        return solver.test(board.full, max_first, gamma) >= gamma

    if relation == "≤":
        assert not passes(bound + 1)
        return
    assert relation == "≥"
    assert passes(bound)
    solved = {(b.rows, b.cols): b for b in boards_from_json(RESULTS) if b.solved}
    if (rows, cols) in solved:
        value = (solved[rows, cols].max_first if max_first else solved[rows, cols].min_first)[0]
        assert value == bound
        assert not passes(bound + 1)


def test_a_solver_no_longer_used_is_freed_with_its_table() -> None:
    """The kernel's progress callback must not keep its solver (and table) alive."""
    board = Board(3, 3)
    solver = NativeSolver(board, table_mb=1)
    solver.value(board.full, True)
    alive = weakref.ref(solver)
    del solver
    assert alive() is None
