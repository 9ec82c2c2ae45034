"""Generate the graph-game section of docs/results.md: k* and chains for graph families.

Usage (from the repository root):

    .venv/bin/python scripts/graph_results.py                    # everything missing
    .venv/bin/python scripts/graph_results.py --seconds 60       # a shorter limit per search
    .venv/bin/python scripts/graph_results.py --markdown-only    # re-render from the JSON

For every family and pair (A, B), sizes N grow until one search runs out of --seconds
(or N reaches --max-n). Raw results go to docs/graph_results.json after every entry, so
an interrupted run keeps what it computed; entries already there are not computed again
unless --fresh is given. Only the section between the graph markers of results.md is
rewritten.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from evalgame.analysis.graph_results import (
    FAMILIES,
    Entry,
    compute_entry,
    drawing_note,
    markdown,
    replace_section,
    two_colour_table,
)
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import PAIRS, incidence
from evalgame.games.graph.solve import solve_share

ROOT = Path(__file__).resolve().parent.parent
FIGURES = [("friendship:3", "V", "E"), ("friendship:3", "E", "R")]
TWO_COLOURS = ["friendship:3", "cycle:6", "wheel:6", "complete:4", "ladder:4", "grid:3x3"]


def main(argv: list[str] | None = None) -> None:
    """Compute what is missing, then rewrite the graph section of docs/results.md."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--families", default=",".join(FAMILIES), help="e.g. cycle,wheel")
    parser.add_argument("--seconds", type=float, default=180, help="limit per k* search")
    parser.add_argument("--chain-seconds", type=float, default=30, help="limit per chain")
    parser.add_argument("--max-n", type=int, default=40, help="largest size tried")
    parser.add_argument("--markdown-only", action="store_true", help="only re-render")
    parser.add_argument("--fresh", action="store_true", help="recompute everything")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    data_path = args.docs / "graph_results.json"
    data: dict[str, Any] = {}
    if data_path.exists() and not args.fresh:
        data = json.loads(data_path.read_text())

    def save() -> None:
        data_path.parent.mkdir(parents=True, exist_ok=True)
        data_path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")

    if not args.markdown_only:
        for family in filter(None, args.families.split(",")):
            for pair in PAIRS:
                _sweep(family, pair, data, save, args)
    figures = _figures(args.docs / "figures")
    entries = [Entry(**value) for value in data.values()]
    entries.sort(key=lambda e: (list(FAMILIES).index(e.family), e.n, e.pair))
    results = args.docs / "results.md"
    text = results.read_text() if results.exists() else "# Results\n"
    extras = two_colour_table(TWO_COLOURS) + drawing_note()
    results.write_text(replace_section(text, markdown(entries, figures, extras)))
    log(f"wrote {results} ({len(entries)} entries)")


def _sweep(family: str, pair: tuple[str, str], data: dict[str, Any], save: Any, args: Any) -> None:
    """Sizes N = smallest.. until a search runs out of time (or N > --max-n)."""
    chains = True
    for n in range(FAMILIES[family], args.max_n + 1):
        name = f"{family}:{n}:{''.join(pair)}"
        if name in data:
            entry = Entry(**data[name])
        else:
            limit = args.chain_seconds if chains else None
            entry = compute_entry(family, n, pair, seconds=args.seconds, chain_seconds=limit)
            data[name] = entry.as_dict()
            save()
            log(f"{name}: {entry.status} k*={entry.k_star} |A|={entry.colored} "
                f"{entry.seconds:.2f} s chain={entry.chain}")  # fmt: skip
        chains = chains and entry.chain is not None
        if entry.status == "timeout" or (entry.status == "n/a" and family != "complete"):
            return
        if entry.status == "n/a" and n > 4:  # complete graphs have faces up to K4 only
            return


def _figures(folder: Path) -> list[str]:
    """Pictures of optimal lines of the paper's example (drawn once)."""
    names = []
    for spec, a, b in FIGURES:
        name = f"graph_{spec.replace(':', '')}_{a}{b}.png"
        path = folder / name
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            solve_share(incidence(load_graph(spec), a, b), 2).draw(path)
        names.append(name)
    return names


def log(message: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
