"""Generate the section "Which e-Valuate games are fair?" of docs/results.md.

Usage (from the repository root):

    nice .venv/bin/python scripts/fairness_atlas.py              # about 4 minutes of CPU
    nice .venv/bin/python scripts/fairness_atlas.py --leaves 3   # a quick look (seconds)

Solves every shape of evalgame.analysis.fairness_atlas up to --leaves leaves over the
digits 0–9 and over {-1, 0, 1}, a few standard shapes over standard domains, and those
shapes over every short interval of integers; writes docs/fairness_atlas.csv (the
digits), the figure docs/figures/fairness-atlas.png and the section between this
script's markers.
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction
from pathlib import Path

from evalgame.analysis.fairness_atlas import atlas_row, shape_of, shapes
from evalgame.analysis.fairness_page import atlas_csv, draw_scatter, markdown, replace_section
from evalgame.expr.domain import DIGITS

ROOT = Path(__file__).resolve().parent.parent
FIGURE = "fairness-atlas.png"
SMALL = (-1, 0, 1)
#: the standard shapes whose domains are studied: the paper's, and the most MAX-friendly
STANDARD = ["a - b", "a * (b - c)", "(10 - a) * b", "a * b - c * d", "a + b - c * d",
            "a / b - c / d"]  # fmt: skip
HALF = Fraction(1, 2)
DOMAINS = [DIGITS, tuple(range(1, 10)), tuple(range(-4, 5)), (0, 1), SMALL,
           (0, HALF, 1), (HALF, 1, 2), (1, 2, 3)]  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    """Compute the atlas, then rewrite the section, its figure and the CSV."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--leaves", type=int, default=4, help="largest number of leaves")
    parser.add_argument("--widest", type=int, default=10, help="longest interval searched")
    parser.add_argument("--docs", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    started = time.process_time()
    every = shapes(args.leaves)
    atlas = [atlas_row(shape) for shape in every]
    log(f"{len(atlas)} shapes over 0..9", started)
    small = [atlas_row(shape, SMALL) for shape in every]
    log(f"{len(small)} shapes over {{-1, 0, 1}}", started)
    standard = [shape_of(text) for text in STANDARD]
    domains = [atlas_row(shape, domain) for shape in standard for domain in DOMAINS]
    searched = [
        atlas_row(shape, tuple(range(low, high + 1)))
        for shape in standard
        for low in range(-9, 9)
        for high in range(low + 1, min(low + args.widest, 10))
    ]
    log(f"{len(domains) + len(searched)} games over other domains", started)
    (args.docs / "figures").mkdir(parents=True, exist_ok=True)
    (args.docs / "fairness_atlas.csv").write_text(atlas_csv(atlas))
    draw_scatter(
        [("digits 0..9, uniform random play", atlas), ("{-1, 0, 1}", small),
         ("standard shapes, intervals of integers", searched)],
        args.docs / "figures" / FIGURE,
    )  # fmt: skip
    seconds = time.process_time() - started
    section = markdown(atlas, small, domains, searched, f"figures/{FIGURE}", seconds)
    results = args.docs / "results.md"
    text = results.read_text() if results.exists() else "# Results\n"
    results.write_text(replace_section(text, section))
    log(f"wrote {results}", started)


def log(message: str, started: float) -> None:
    print(f"[{time.process_time() - started:6.0f} s CPU] {message}", flush=True)


if __name__ == "__main__":
    main()
