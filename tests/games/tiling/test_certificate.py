"""Certificates written from the kernel's answers: well-formed, minimal in what they claim,
and refused for a false claim (the checker's own tests are in tests/certify)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from evalgame.certify import verify, verify_lines
from evalgame.errors import InputError, SearchInterrupted
from evalgame.games.matching import native
from evalgame.games.matching.bitgraph import bits
from evalgame.games.tiling import certificate
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.certificate import (
    CLAIMS,
    CertificateSummary,
    Claim,
    board_symmetries,
    certificate_path,
    certificate_solver,
    iter_entries,
    write_certificate,
)
from evalgame.search.budget import Budget
from tests.games.matching.naive_matching import (
    game_value,
    induced,
    max_matching,
    random_boards,
)
from tests.samples import sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")


def naive_value(board: Board, max_first: bool) -> int:
    edges = [(u, v) for u, v in board.edges if board.start >> u & 1 and board.start >> v & 1]
    return game_value(induced(edges, range(board.n)), max_first)


def test_a_certificate_is_well_formed(tmp_path: Path) -> None:
    """Header first, then one entry per line: a canonical lower-case hex key of free cells
    only, and a domino of two adjacent free cells of that position, in increasing order."""
    board = Board(4, 5, [(0, 0), (3, 4)])
    value = naive_value(board, True)
    path = tmp_path / "c.cert.gz"
    summary = write_certificate(board, True, "at_least", value, path, small_cells=4, tame_cells=4)
    lines = list(iter_entries(path))
    header, entries = lines[0], lines[1:]
    assert header["board"] == board.drawing()
    assert header["bound"] == value
    assert header["to_move"] == "max"
    assert header["symmetry"] is True
    assert "commit" in str(header["provenance"]) or "no git" in str(header["provenance"])
    assert len(entries) == summary.entries > 0
    symmetries = board_symmetries(board)
    keys = set()
    for entry in entries:
        assert set(entry) == {"free", "move"}
        text = entry["free"]
        assert isinstance(text, str)
        assert text == text.lower()
        assert not text.startswith("0x")
        free = int(text, 16)
        assert free & ~board.start == 0
        assert free == min(s(free) for s in symmetries)
        move = entry["move"]
        assert isinstance(move, list)
        first, second = move
        assert first < second
        assert board.adjacency[first] >> second & 1
        assert free >> first & 1
        assert free >> second & 1
        keys.add(free)
    assert len(keys) == len(entries)
    assert summary.bytes == path.stat().st_size


@pytest.mark.parametrize("claim", CLAIMS)
def test_a_false_claim_is_refused_and_leaves_no_file(tmp_path: Path, claim: Claim) -> None:
    """One past the value (brute force) cannot be certified; the value itself can."""
    for board in random_boards(seed=5, count=12, most_free=12):
        for max_first in (True, False):
            value = naive_value(board, max_first)
            wrong = value + 1 if claim == "at_least" else value - 1
            path = tmp_path / "wrong.cert.gz"
            with pytest.raises(InputError, match="false"):
                write_certificate(
                    board,
                    max_first,
                    claim,
                    wrong,
                    path,
                    small_cells=0,
                    tame_cells=2,
                )
            assert list(tmp_path.iterdir()) == []
            write_certificate(board, max_first, claim, value, path, small_cells=0, tame_cells=2)
            path.unlink()


def test_a_stopped_certificate_leaves_no_file(tmp_path: Path) -> None:
    board = Board(6, 6)
    path = tmp_path / "stopped.cert.gz"
    with pytest.raises(SearchInterrupted):
        write_certificate(board, True, "at_least", 16, path, budget=Budget(nodes=10))
    assert list(tmp_path.iterdir()) == []


def test_two_certificates_of_a_value_are_named_apart() -> None:
    path = Path("docs/7x7-max.cert.gz")
    assert certificate_path(path, "at_least", 22) == Path("docs/7x7-max-at_least-22.cert.gz")
    assert certificate_path(path, "at_most", 22).name == "7x7-max-at_most-22.cert.gz"


def test_the_certificate_is_gzip_text(tmp_path: Path) -> None:
    path = tmp_path / "c.cert.gz"
    write_certificate(Board(3, 3), False, "at_most", 4, path)
    with gzip.open(path, "rt", encoding="utf-8") as text:
        header = json.loads(text.readline())
    assert header["format"] == "evalgame-certificate"
    assert header["version"] == 1


@pytest.mark.parametrize("claim", CLAIMS)
def test_kernel_certificates_on_boards_with_holes_verify(tmp_path: Path, claim: Claim) -> None:
    """The independent checker accepts what the kernel writes, at the value (brute force),
    for both starters, with every leaf rule in play and with none."""
    path = tmp_path / "c.cert.gz"
    for number, board in enumerate(random_boards(seed=11, count=16, most_free=16)):
        small, tame = (0, 2) if number % 2 else (6, 8)
        for max_first in (True, False):
            value = naive_value(board, max_first)
            write_certificate(
                board, max_first, claim, value, path, small_cells=small, tame_cells=tame
            )
            report = verify(path)
            assert report.valid, (board.drawing(), max_first, report.reason)
            assert report.header.bound == value


def test_a_tampered_kernel_certificate_is_refused(tmp_path: Path) -> None:
    """One prover move changed to another legal move that loses the bound: invalid."""
    board = Board(4, 5)
    value = naive_value(board, True)
    path = tmp_path / "c.cert.gz"
    write_certificate(board, True, "at_least", value, path, small_cells=0, tame_cells=2)
    header, *entries = list(iter_entries(path))
    tampered = 0
    for entry in entries:
        free = int(str(entry["free"]), 16)
        placed = (board.start.bit_count() - free.bit_count()) // 2
        for move in board.edges_within(free):
            child = free & ~move
            edges = [(u, v) for u, v in board.edges if child >> u & 1 and child >> v & 1]
            if 1 + game_value(induced(edges, range(board.n)), False) < value - placed:
                entry["move"] = sorted(bits(move))
                tampered += 1
                break
        if tampered:
            break
    assert tampered
    lines = [json.dumps(header), *(json.dumps(entry) for entry in entries)]
    report = verify_lines(lines)
    assert not report.valid
    assert report.failure is not None


def symmetries_kept(board: Board, free: int) -> int:
    return sum(1 for symmetry in board_symmetries(board) if symmetry(free) == free)


@pytest.mark.parametrize("claim", CLAIMS)
def test_the_prover_prefers_a_move_to_a_symmetric_position(tmp_path: Path, claim: Claim) -> None:
    """At the root (no position known yet, no leaf among its children), the prover's move
    is one that keeps the bound (brute force) and leaves a position with as many of the
    board's symmetries as any such move does: the opponent's mirrored replies there are
    transpositions."""
    boards = [Board(4, 4), Board(3, 5), Board(2, 7), Board(4, 4, [(0, 0), (3, 3)])]
    chosen_symmetric = 0
    for board in boards:
        for max_first in (True, False):
            if max_first != (claim == "at_least"):
                continue  # the opponent moves at the root
            value = naive_value(board, max_first)
            path = tmp_path / "c.cert.gz"
            write_certificate(board, max_first, claim, value, path, small_cells=0, tame_cells=2)
            entries = list(iter_entries(path))[1:]
            if not entries:
                continue  # the root is settled
            entry = entries[0]
            free = int(str(entry["free"]), 16)
            assert free == min(s(board.start) for s in board_symmetries(board))
            keeping, leaves = [], 0
            for move in board.edges_within(free):
                child = free & ~move
                edges = [(u, v) for u, v in board.edges if child >> u & 1 and child >> v & 1]
                graph = induced(edges, range(board.n))
                # a child the checker decides by itself (rule 1 only, at these limits)
                leaves += value - 1 <= 0 if claim == "at_least" else max_matching(graph) < value
                left = game_value(graph, not max_first)
                if (1 + left >= value) if claim == "at_least" else (1 + left <= value):
                    keeping.append(symmetries_kept(board, child))
            if leaves:
                continue  # the prover's move is a leaf's, chosen before symmetry
            cells = entry["move"]
            assert isinstance(cells, list)
            kept = symmetries_kept(board, free & ~(1 << cells[0] | 1 << cells[1]))
            assert kept == max(keeping), (board.drawing(), max_first, kept, keeping)
            chosen_symmetric += kept > 1
    assert chosen_symmetric


def entry_lines(path: Path) -> list[str]:
    with gzip.open(path, "rt", encoding="utf-8") as text:
        return text.read().splitlines()[1:]


@pytest.mark.parametrize("version", [1, 2])
@pytest.mark.parametrize("claim", CLAIMS)
def test_the_walk_in_c_writes_what_the_python_walk_writes(
    tmp_path: Path, claim: Claim, version: int
) -> None:
    """The kernel's walk (kernel/walk.c) against the reference in Python: the same entries
    in the same order and the same counts, on random boards with holes, both starters,
    leaf limits from none to wide, both formats (cuts in format 2's lower bounds); first a
    board past 64 cells (the 128-bit build) and symmetric boards (where the prover's
    choice of a symmetric position comes in)."""
    wide = Board(9, 8, [(r, c) for r in range(2, 9) for c in range(1, 8)])
    symmetric = [Board(4, 4), Board(3, 6), Board(5, 5, [(0, 0), (0, 4), (4, 0), (4, 4)])]
    boards = [wide, *symmetric, *random_boards(seed=23, count=sample(24), most_free=20)]
    cuts = 0
    for number, board in enumerate(boards):
        small, tame = [(0, 2), (4, 6), (8, 12), (0, 20)][number % 4]
        for max_first in (True, False):
            value = certificate_solver(board).value(board.start, max_first)
            written = []
            for in_c in (False, True):
                path = tmp_path / f"{in_c}.cert.gz"
                summary = write_certificate(
                    board,
                    max_first,
                    claim,
                    value,
                    path,
                    small_cells=small,
                    tame_cells=tame,
                    native=in_c,
                    version=version,
                )
                counts = (summary.entries, summary.opponent, summary.leaves)
                written.append((entry_lines(path), counts))
                cuts += summary.leaves["cut"]
            assert written[0] == written[1], (board.drawing(), max_first)
    assert (cuts > 0) == (version == 2 and claim == "at_least")


def test_the_walk_in_c_stops_when_its_report_raises(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception in the progress report (Ctrl-C, a budget) ends the C walk and no file
    is left behind."""
    monkeypatch.setattr(certificate, "REPORT_EVERY", 1)
    reports: list[int] = []

    def report(summary: CertificateSummary) -> None:
        reports.append(summary.entries)
        if len(reports) == 3:
            raise SearchInterrupted("stopped")

    with pytest.raises(SearchInterrupted):
        write_certificate(
            Board(4, 5),
            True,
            "at_least",
            9,
            tmp_path / "c.cert.gz",
            tame_cells=2,
            small_cells=0,
            report=report,
        )
    assert len(reports) == 3
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("claim", CLAIMS)
def test_format_2_certificates_on_boards_with_holes_verify(tmp_path: Path, claim: Claim) -> None:
    """Format 2 at the value (brute force), both starters: the checker accepts it; a lower
    bound's certificate uses cuts, an upper bound's has none to use."""
    path = tmp_path / "c.cert.gz"
    cuts = 0
    for board in random_boards(seed=12, count=12, most_free=16):
        for max_first in (True, False):
            value = naive_value(board, max_first)
            summary = write_certificate(
                board, max_first, claim, value, path, small_cells=0, tame_cells=6, version=2
            )
            report = verify(path)
            assert report.valid, (board.drawing(), max_first, report.reason)
            assert report.header.version == 2
            cuts += summary.leaves["cut"]
    assert (cuts > 0) == (claim == "at_least")


def test_a_tampered_cut_is_refused(tmp_path: Path) -> None:
    """A cut that takes every cell leaves nothing: the claim there fails (rule 3a)."""
    path = tmp_path / "c.cert.gz"
    board = Board(5, 5)
    write_certificate(board, True, "at_least", 12, path, small_cells=0, tame_cells=8, version=2)
    header, *entries = list(iter_entries(path))
    tampered = next(entry for entry in entries if "cut" in entry)
    tampered["cut"] = tampered["free"]
    report = verify_lines([json.dumps(header), *(json.dumps(entry) for entry in entries)])
    assert not report.valid
    assert report.reason is not None
    assert "leaves a value of 0" in report.reason


def test_a_format_other_than_1_or_2_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="version 1 or 2, not 3"):
        write_certificate(Board(2, 2), True, "at_least", 2, tmp_path / "c.cert.gz", version=3)
