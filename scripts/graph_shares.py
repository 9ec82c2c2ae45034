"""Generate the section "Graph games: the minimax share in terms of the graph" of docs/results.md.

Usage (from the repository root):

    nice .venv/bin/python scripts/graph_shares.py                    # everything missing
    nice .venv/bin/python scripts/graph_shares.py --max-colored 10   # a quick look
    .venv/bin/python scripts/graph_shares.py --markdown-only         # re-render

Both graph sections read the exact chains minimax(F,[k]), k = 1..|A|, kept in
docs/graph_shares.json; games of evalgame.analysis.graph_shares.FAMILIES with at most
--max-colored elements to colour that are missing there are computed first (a family's
pair stops at its first chain that runs out of --seconds). --fresh recomputes them all.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from evalgame.analysis.graph_estimates import draw_shares, markdown, replace_section
from evalgame.analysis.graph_shares import load_or_compute

ROOT = Path(__file__).resolve().parent.parent
FIGURE = "graph-shares.svg"


def main(argv: list[str] | None = None) -> None:
    """Compute what is missing, then rewrite the section and its figure."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--max-colored", type=int, default=16, help="largest |A| solved")
    parser.add_argument("--seconds", type=float, default=60, help="limit per chain")
    parser.add_argument("--markdown-only", action="store_true", help="only re-render")
    parser.add_argument("--fresh", action="store_true", help="recompute everything")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    started = time.process_time()
    path = args.docs / "graph_shares.json"
    if args.fresh and path.exists():
        path.unlink()
    found = load_or_compute(path, max_colored=args.max_colored, seconds=args.seconds,
                            compute=not args.markdown_only)  # fmt: skip
    seconds = sum(r.seconds for r in found)
    (args.docs / "figures").mkdir(parents=True, exist_ok=True)
    draw_shares(found, args.docs / "figures" / FIGURE)
    results = args.docs / "results.md"
    results.write_text(
        replace_section(results.read_text(), markdown(found, f"figures/{FIGURE}", seconds))
    )
    print(f"wrote {results} ({time.process_time() - started:.0f} s of CPU time this run)")


if __name__ == "__main__":
    main()
