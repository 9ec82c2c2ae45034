"""``make bench``: every benchmark in one run — algorithms and peers compared, with ratios.

``python benchmarks/run.py [NAME ...]`` runs the named benchmarks (``evaluate``,
``classic``, ``tiling``, ``wide``, ``certificates``, ``checker``, ``graph``, ``proofs``), all
of them by default.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

BENCHMARKS = ("evaluate", "classic", "tiling", "wide", "certificates", "checker", "graph", "proofs")


def main() -> None:
    """Run the chosen benchmarks one after the other."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    chosen = sys.argv[1:] or list(BENCHMARKS)
    for name in chosen:
        if name not in BENCHMARKS:
            raise SystemExit(f"unknown benchmark {name!r}; choose among {', '.join(BENCHMARKS)}")
    for name in chosen:
        print(f"\n=== {name} ({time.strftime('%Y-%m-%d %H:%M')}) ===", flush=True)
        module = importlib.import_module(f"bench_{name}")
        module.main()


if __name__ == "__main__":
    main()
