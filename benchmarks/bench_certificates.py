"""Proof certificates: their size and the time to write and to check them, against the search.

Run ``python benchmarks/bench_certificates.py``; ``main()`` is also called by
``benchmarks/run.py``. For each board and starter, both bounds of the value: the kernel's
nodes to find the value (MTD(f), default options, fresh table), the certificate's entries
and bytes, the seconds to write it (its walk and the kernel's tests) and to check it with
``evalgame.certify`` (its own exhaustive search and tameness). Ratios: entries per
thousand search nodes, bytes per entry, check time / write time. Then one board with the
leaf limits varied (S small cells, K tame cells): smaller limits, larger files.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from evalgame.certify import verify
from evalgame.games.matching.native import NativeSolver, available
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.certificate import CLAIMS, write_certificate

BOARDS = [(4, 5), (5, 5), (5, 6), (6, 6), (6, 7)]
LIMITS = [(16, 20), (16, 16), (12, 12), (8, 8)]


def certify(board: Board, max_first: bool, small: int, tame: int, folder: Path) -> list[str]:
    """Rows of the table for one board and starter: one per bound of its value."""
    started = time.process_time()
    search = NativeSolver(board)
    value = search.value(board.start, max_first)
    search_seconds = time.process_time() - started
    rows = []
    for claim in CLAIMS:
        path = folder / f"{board.rows}x{board.cols}-{claim}.cert.gz"
        written = write_certificate(
            board, max_first, claim, value, path, small_cells=small, tame_cells=tame
        )
        clock = time.perf_counter()
        report = verify(path)
        check_seconds = time.perf_counter() - clock
        assert report.valid, report.reason
        sign = "≥" if claim == "at_least" else "≤"
        rows.append(
            f"{board.rows}×{board.cols} {'MAX' if max_first else 'MIN'} {sign} {value:>3}"
            f"  S={small:<2} K={tame:<2}"
            f"  search {search.stats.nodes:>10,} nodes {search_seconds:6.1f} s"
            f"  | {written.entries:>8,} entries {written.bytes:>10,} B"
            f" ({written.bytes / max(written.entries, 1):4.1f} B/entry,"
            f" {1000 * written.entries / max(search.stats.nodes, 1):7.1f}/k nodes)"
            f"  write {written.seconds:6.1f} s  check {check_seconds:6.1f} s"
            f" ({check_seconds / max(written.seconds, 1e-3):5.2f}×)"
        )
    return rows


def main() -> None:
    if not available():
        print("the C kernel is not built: certificates are written from its answers")
        return
    with tempfile.TemporaryDirectory() as folder:
        print("certificates of both bounds, default leaf limits (S = 16, K = 20):")
        for rows, cols in BOARDS:
            for max_first in (True, False):
                for row in certify(Board(rows, cols), max_first, 16, 20, Path(folder)):
                    print(row, flush=True)
        print("\nthe leaf limits on 6×6, MAX first:")
        for small, tame in LIMITS:
            for row in certify(Board(6, 6), True, small, tame, Path(folder)):
                print(row, flush=True)


if __name__ == "__main__":
    main()
