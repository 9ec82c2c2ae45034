"""Generate the two graph-share sections of docs/results.md from one set of exact chains.

Usage (from the repository root):

    nice .venv/bin/python scripts/graph_shares.py                      # everything missing
    nice .venv/bin/python scripts/graph_shares.py --max-colored 10     # a quick look
    .venv/bin/python scripts/graph_shares.py --markdown-only           # re-render both
    .venv/bin/python scripts/graph_shares.py --markdown-only --section equal

The sections are "the minimax share in terms of the graph" (``shares``) and "how many
colours make the shares equal?" (``equal``). Both read the exact chains minimax(F,[k]),
k = 1..|A|, kept in docs/graph_shares.json; games of evalgame.analysis.graph_shares.FAMILIES
with at most --max-colored elements to colour that are missing there are computed first (a
family's pair stops at its first chain that runs out of --seconds). --fresh recomputes them
all.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

from evalgame.analysis import equal_shares, graph_estimates
from evalgame.analysis.graph_shares import ShareRecord, load_or_compute

ROOT = Path(__file__).resolve().parent.parent


class Section(NamedTuple):
    """A generated section: its figure's file name, how to draw it and write it."""

    figure: str
    draw: Callable[[Sequence[ShareRecord], Path], None]
    markdown: Callable[[Sequence[ShareRecord], str, float], str]
    replace: Callable[[str, str], str]


SECTIONS = {
    "shares": Section(
        "graph-shares.svg",
        graph_estimates.draw_shares,
        graph_estimates.markdown,
        graph_estimates.replace_section,
    ),
    "equal": Section(
        "equal-shares.svg",
        equal_shares.draw_half,
        equal_shares.markdown,
        equal_shares.replace_section,
    ),
}


def main(argv: list[str] | None = None) -> None:
    """Compute what is missing, then rewrite the sections and their figures."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--section", choices=[*SECTIONS, "all"], default="all")
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
    results = args.docs / "results.md"
    names = list(SECTIONS) if args.section == "all" else [args.section]
    for section in (SECTIONS[name] for name in names):
        section.draw(found, args.docs / "figures" / section.figure)
        text = section.markdown(found, f"figures/{section.figure}", seconds)
        results.write_text(section.replace(results.read_text(), text))
    print(f"wrote {results} ({time.process_time() - started:.0f} s of CPU time this run)")


if __name__ == "__main__":
    main()
