"""Generate the section "The tiling game: what the values say" of docs/results.md.

Usage (from the repository root):

    nice .venv/bin/python scripts/tiling_patterns.py               # about three minutes
    nice .venv/bin/python scripts/tiling_patterns.py --paths 40 --strips 14   # quicker
    .venv/bin/python scripts/tiling_patterns.py --markdown-only   # new bounds, same families

Reads the boards of docs/tiling_results.json (written by scripts/tiling_results.py, so
new bounds for 7×7 and 8×8 flow in when this is re-run) and the proof manager's stores in
docs/proofs/, computes the 1×n and 2×n families, writes them to docs/tiling_patterns.json,
draws docs/figures/tiling-value-over-nu.svg and rewrites only the section between this
script's markers.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from evalgame.analysis.tiling_patterns import (
    boards_from_json,
    draw_ratios,
    markdown,
    path_values,
    replace_section,
    strip_values,
)
from evalgame.analysis.tiling_results import manager_proofs

ROOT = Path(__file__).resolve().parent.parent
FIGURE = "tiling-value-over-nu.svg"


def main(argv: list[str] | None = None) -> None:
    """Compute the families, then rewrite the section and its figure."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--paths", type=int, default=80, help="1×n boards up to this n")
    parser.add_argument("--strips", type=int, default=20, help="2×n boards up to this n")
    parser.add_argument("--guess", type=int, default=12, help="fit the forms on n ≤ this")
    parser.add_argument("--markdown-only", action="store_true", help="reuse tiling_patterns.json")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    started = time.process_time()
    data_file = args.docs / "tiling_results.json"
    boards = boards_from_json(
        json.loads(data_file.read_text()), manager_proofs(args.docs / "proofs")
    )
    data_path = args.docs / "tiling_patterns.json"
    if args.markdown_only:
        data = json.loads(data_path.read_text())
    else:
        data = {"paths": path_values(args.paths), "strips": strip_values(args.strips)}
        data["seconds"] = round(time.process_time() - started)
        data_path.write_text(json.dumps(data) + "\n")
    paths = [tuple(pair) for pair in data["paths"]]
    strips = [tuple(pair) for pair in data["strips"]]
    seconds = data["seconds"]
    (args.docs / "figures").mkdir(parents=True, exist_ok=True)
    draw_ratios(boards, paths, args.docs / "figures" / FIGURE)
    section = markdown(boards, paths, strips, args.guess, f"figures/{FIGURE}", seconds)
    results = args.docs / "results.md"
    results.write_text(replace_section(results.read_text(), section))
    print(f"wrote {results}; the families took {seconds:.0f} s of CPU time")


if __name__ == "__main__":
    main()
