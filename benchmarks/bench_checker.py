"""The certificate checker's C core: its two builds (``_core``, 64-bit sets of cells, and
``_core128``, 128-bit sets) on the same work, and a build of ``_core`` against another.

Run ``python benchmarks/bench_checker.py [--against DIR]``; ``main()`` is also called by
``benchmarks/run.py``. Three workloads, each from fresh tables (64 MB of positions, 32 MB
of shapes), CPU seconds, the best of a few rounds (the builds take turns, so that the load
of a shared machine falls on all alike):

* ``regions``: a, b and tameness of 60 random polyominoes of 14–18 cells on a 6×6 board
  (each shape searched from nothing, as the sum rule's leaves are);
* ``values``: the value, both sides to move, of 30 random positions of 24–28 free cells on
  8×8;
* ``regions 11×11``: the regions of ``regions`` moved near the middle of an 11×11 board,
  across bit 64 (``_core128`` only);
* ``walk 7×7``: the walk's two helpers per position, the canonical form and the maximum
  matching, of 20,000 random positions of 20–40 free cells of 7×7 — the core's
  (``Core.canonical``, ``Core.matching``) against ``board.py``'s, their Python reference
  (``python`` in the table; a build without them is skipped).

``_core128`` runs the first two on the same small boards (``Values(..., width=128)``): the
ratio to ``_core`` is the price of the wider sets. ``--against DIR`` adds the ``_core``
build found in DIR (a ``_core.*.so``, say the one before a change), loaded under its own
name, and prints its times beside the current build's: the ratio says whether a change to
``_core.c`` slowed the 64-bit build.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from evalgame.certify.board import Board, Grid

ROUNDS = 5
TABLE_MB, SHAPES_MB = 64.0, 32.0


def polyominoes(count: int) -> list[int]:
    """``count`` random connected sets of 12–16 cells of a 6×6 board."""
    rng = random.Random(6)
    grid = Grid(6, 6)
    found: list[int] = []
    while len(found) < count:
        region = 1 << rng.randrange(36)
        size = rng.randint(14, 18)
        while region.bit_count() < size:
            frontier = grid.spread(region) & ~region
            region |= 1 << rng.choice([i for i in range(36) if frontier >> i & 1])
        found.append(region)
    return found


def positions(count: int) -> list[int]:
    """``count`` random sets of 24–28 free cells of an 8×8 board."""
    rng = random.Random(8)
    return [sum(1 << i for i in rng.sample(range(64), rng.randint(24, 28))) for _ in range(count)]


def moved(cells: int, top: int, left: int) -> int:
    """Cells of a 6×6 board moved ``top`` rows down and ``left`` columns right on 11×11."""
    out = 0
    for i in range(36):
        if cells >> i & 1:
            out |= 1 << ((i // 6 + top) * 11 + i % 6 + left)
    return out


def across(cells: int) -> int:
    """Cells of a 6×6 board moved near the middle of 11×11, on either side of bit 64."""
    for top, left in ((3, 2), (2, 2), (4, 2), (3, 0), (3, 4), (2, 5), (4, 0), (1, 5), (5, 0)):
        out = moved(cells, top, left)
        if out >> 64 and out & (1 << 64) - 1:
            return out
    raise AssertionError(f"no place puts {cells:x} across bit 64")


def walked(count: int) -> list[int]:
    """``count`` random sets of 20–40 free cells of a 7×7 board."""
    rng = random.Random(7)
    return [sum(1 << i for i in rng.sample(range(49), rng.randint(20, 40))) for _ in range(count)]


REGIONS, POSITIONS = polyominoes(60), positions(30)
WIDE_REGIONS = [across(region) for region in REGIONS]
WALKED, BOARD = walked(20_000), Board(7, 7)


class Reference:
    """board.py's canonical form and matching, in the place of a core's (``walk 7×7``)."""

    def __init__(self, rows: int, cols: int, table_mb: float, shapes_mb: float) -> None:
        self.canonical, self.matching = BOARD.canonical, BOARD.matching

    def symmetries(self, perms: Any) -> None:
        """The board's group is BOARD's already."""


def regions(core: Any) -> None:
    for region in REGIONS:
        core.region(region)


def values(core: Any) -> None:
    for free in POSITIONS:
        core.value(free, True)
        core.value(free, False)


def wide_regions(core: Any) -> None:
    for region in WIDE_REGIONS:
        core.region(region)


def walk(core: Any) -> None:
    core.symmetries(BOARD.symmetries)
    canonical, matching = core.canonical, core.matching
    for free in WALKED:
        canonical(free)
        matching(free)


def seconds(make: Callable[[], Any], work: Callable[[Any], None]) -> float:
    core = make()
    started = time.process_time()
    work(core)
    return time.process_time() - started


def load(folder: Path) -> Any:
    """The module ``_core`` of the build in ``folder``."""
    (path,) = folder.glob("_core.*.so")
    spec = importlib.util.spec_from_file_location("evalgame.certify._core", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(against: Path | None = None) -> None:
    try:
        from evalgame.certify import _core, _core128
    except ImportError:
        print("the checker's C core is not built (both _core and _core128 are needed)")
        return
    builds: dict[str, Any] = {"_core": _core.Core}
    if against is not None:
        builds[f"_core of {against}"] = load(against).Core
    builds["_core128"] = _core128.Core
    builds["python"] = Reference
    #: name, work, board, and the work whose time on _core the ratio is to
    work: list[tuple[str, Callable[[Any], None], tuple[int, int], str]] = [
        ("regions 6×6", regions, (6, 6), "regions 6×6"),
        ("values 8×8", values, (8, 8), "values 8×8"),
        ("regions 11×11", wide_regions, (11, 11), "regions 6×6"),
        ("walk 7×7", walk, (7, 7), "walk 7×7"),
    ]
    best: dict[tuple[str, str], float] = {}
    for _ in range(ROUNDS):
        for name, job, (rows, cols), _ in work:
            for build, core in builds.items():
                if rows * cols > 64 and build != "_core128":
                    continue
                if build == "python" and job is not walk:
                    continue  # the reference only walks
                if job is walk and build != "python" and not hasattr(core, "matching"):
                    continue  # a build from before the walk's helpers

                def make(core: Any = core, rows: int = rows, cols: int = cols) -> Any:
                    return core(rows, cols, TABLE_MB, SHAPES_MB)

                took = seconds(make, job)
                key = (name, build)
                best[key] = min(best.get(key, took), took)
    print(f"the checker's C core, CPU seconds, best of {ROUNDS} (fresh tables each time):")
    for name, _, _, like in work:
        base = best.get((like, "_core"))
        for build in builds:
            if (name, build) not in best:
                continue
            took = best[(name, build)]
            ratio = f"  ({took / base:.2f}× _core's {like})" if base and build != "_core" else ""
            print(f"  {name:<14} {build:<40} {took:7.3f} s{ratio}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", type=Path, help="a folder holding another _core build")
    main(parser.parse_args().against)
