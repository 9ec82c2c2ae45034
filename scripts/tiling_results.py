"""Generate the tiling-game section of docs/results.md (values, bounds, figures).

Usage (from the repository root):

    .venv/bin/python scripts/tiling_results.py                 # everything (about 1 h 10 min)
    .venv/bin/python scripts/tiling_results.py --no-bounds     # only the table up to 6×6
    .venv/bin/python scripts/tiling_results.py --markdown-only # re-render from the JSON
    .venv/bin/python scripts/tiling_results.py --no-bounds --kernel-cells 48  # C kernel values

Raw results go to docs/tiling_results.json after every board, so an interrupted run keeps
what it computed; boards already there are not computed again unless --fresh is given.
Each result written records its provenance: the code version (commit, dirty flag) and the
options it was computed with (results written before that was kept have none).
Boards past N×N up to ``--kernel-cells`` cells (3 rows or more) are solved by the C kernel
("kernel_values"), and again by the Python solver up to ``--confirm-cells`` cells, by the
kernel without the sum rule of tame regions above.
Its "kernel_proofs" list holds the confirmed results of scripts/tiling_proofs.py runs
(``--record``, or entered from their logs before it), rendered as their own table; a board
whose proofs meet for both starters, each bound confirmed by sampled lines, joins
"kernel_values" (``value_from_proofs``), on every run. The proof manager's stores in
docs/proofs/ are read for theirs, one row per sitting.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from evalgame.analysis.min_maximal import minimum_maximal_tiling
from evalgame.analysis.tiling_pictures import draw_tiling
from evalgame.analysis.tiling_results import (
    KernelProof,
    board_bounds,
    board_value,
    confirmed_by_python,
    confirmed_without_sum_rule,
    replace_section,
    section_from_data,
    value_from_proofs,
)
from evalgame.games.matching.bounds import LadderReport, LadderStep
from evalgame.games.tiling.game import solve_tiling
from evalgame.provenance import provenance
from evalgame.search.protocol import Player

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> None:
    """Compute what is missing, then rewrite the tiling section of docs/results.md."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-size", type=int, default=6, help="solve every board up to N×N")
    parser.add_argument(
        "--kernel-cells", type=int, default=48, help="C kernel values up to this many cells"
    )
    parser.add_argument(
        "--confirm-cells", type=int, default=36, help="the Python solver confirms up to this"
    )
    parser.add_argument("--bounds", default="7x7,8x8", help="boards to bound, e.g. 7x7,8x8")
    parser.add_argument("--seconds", type=float, default=900, help="per board and first player")
    parser.add_argument("--no-bounds", action="store_true", help="skip the large boards")
    parser.add_argument(
        "--markdown-only",
        action="store_true",
        help="only re-render (and add values the proofs settle)",
    )
    parser.add_argument("--fresh", action="store_true", help="recompute everything")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    data_path = args.docs / "tiling_results.json"
    data: dict[str, Any] = {"values": {}, "bounds": {}}
    if data_path.exists() and not args.fresh:
        data = json.loads(data_path.read_text())

    def save() -> None:
        data_path.parent.mkdir(parents=True, exist_ok=True)
        data_path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")

    if not args.markdown_only:
        for rows in range(1, args.max_size + 1):
            for cols in range(rows, args.max_size + 1):
                name = f"{rows}x{cols}"
                if name not in data["values"]:
                    value = board_value(rows, cols)
                    data["values"][name] = made(value.as_dict(), engine="python")
                    save()
                    log(
                        f"{name}: MAX first {value.max_first.value}, MIN first "
                        f"{value.min_first.value}"
                    )
        kernel_values = data.setdefault("kernel_values", {})
        for rows, cols in kernel_boards(args.max_size, args.kernel_cells):
            name = f"{rows}x{cols}"
            if name not in kernel_values:
                value = board_value(rows, cols, engine="native")
                if rows * cols <= args.confirm_cells:
                    value = confirmed_by_python(value)
                else:
                    value = confirmed_without_sum_rule(value)
                kernel_values[name] = made(
                    value.as_dict(), engine="native", confirm_cells=args.confirm_cells
                )
                save()
                log(
                    f"{name} (C kernel): MAX first {value.max_first.value}, MIN first "
                    f"{value.min_first.value}"
                )
        if not args.no_bounds:
            for name in filter(None, args.bounds.split(",")):
                rows, cols = map(int, name.split("x"))
                for first in (Player.MAX, Player.MIN):
                    label = f"{name}-{first.value}"
                    if label in data["bounds"]:
                        continue
                    log(f"{label}: proving bounds for {args.seconds:g} s")
                    found = board_bounds(rows, cols, first, args.seconds, on_step=_progress)
                    data["bounds"][label] = made(found.as_dict(), seconds=args.seconds)
                    save()
        draw_figures(args.docs / "figures", data, args.fresh)
    kernel_values = data.setdefault("kernel_values", {})
    proofs = [KernelProof(**proof) for proof in data.get("kernel_proofs", [])]
    for rows, cols in dict.fromkeys((proof.rows, proof.cols) for proof in proofs):
        name = f"{rows}x{cols}"
        if kernel_values.get(name, {}).get("confirmation"):
            continue  # confirmed already
        proved = value_from_proofs(rows, cols, proofs)
        if proved is not None:
            kernel_values[name] = made(proved.as_dict(), combined="kernel_proofs")
            save()
            log(f"{name} (C kernel's proofs): MAX first {proved.max_first.value}, MIN first "
                f"{proved.min_first.value}, {proved.confirmation}")  # fmt: skip
    write_section(args.docs / "results.md", section_from_data(data, args.docs))
    log(f"wrote {args.docs / 'results.md'}")


def made(result: dict[str, Any], **options: Any) -> dict[str, Any]:
    """``result`` with its provenance: this code version and the ``options`` it was
    computed with.

    >>> made({"rows": 2}, engine="python")["provenance"]["options"]
    {'engine': 'python'}
    """
    return {**result, "provenance": provenance(options)}


def kernel_boards(max_size: int, max_cells: int) -> list[tuple[int, int]]:
    """The boards of 3 rows or more, past ``max_size`` columns, with at most ``max_cells``
    cells (m×n with m ≤ n; 1×n and 2×n have closed forms), smallest first.

    >>> kernel_boards(6, 24)
    [(3, 7), (3, 8)]
    """
    boards = [
        (rows, cols)
        for rows in range(3, max_size + 1)
        for cols in range(max(rows, max_size + 1), max_cells // rows + 1)
    ]
    return sorted(boards, key=lambda board: (board[0] * board[1], board))


def draw_figures(folder: Path, data: dict[str, Any], fresh: bool) -> None:
    """A principal line of play on the largest solved square board, and Theorem 1's tiling.

    Figures already drawn are kept unless ``fresh``.
    """
    folder.mkdir(parents=True, exist_ok=True)
    sizes = [v for v in data["values"].values() if v["rows"] == v["cols"]]
    if sizes:
        side = max(v["rows"] for v in sizes)
        for first in (Player.MAX, Player.MIN):
            path = folder / f"tiling-{side}x{side}-{first.value}-first.svg"
            if path.exists() and not fresh:
                continue
            solution = solve_tiling(side, side, first)
            draw_tiling(
                side,
                side,
                solution.dominoes,
                path,
                first=first,
                title=f"{side}×{side}, {first.value.upper()} first: {solution.value} dominoes",
            )
    if (folder / "min-maximal-8x8.svg").exists() and not fresh:
        return
    tiling = minimum_maximal_tiling(8, 8)
    draw_tiling(
        8,
        8,
        tiling.dominoes,
        folder / "min-maximal-8x8.svg",
        title=f"Theorem 1: a maximal partial tiling of 8×8 with {tiling.value} dominoes",
    )


def write_section(path: Path, section: str) -> None:
    """Replace the tiling section of ``path`` (or add it), leaving the rest untouched."""
    text = path.read_text() if path.exists() else "# Results\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(replace_section(text, section))


def _progress(step: LadderStep, report: LadderReport) -> None:
    log(
        f"  γ={step.gamma}: {step.proof} ({step.seconds:.0f} s, {step.nodes:,} nodes) "
        f"→ {report.lower} ≤ value ≤ {report.upper}"
    )


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
