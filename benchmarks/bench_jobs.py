"""Job-level df-pn on Dask against the kernel's df-pn in one process.

Each question "value ≥ γ?" is answered first by the kernel's own df-pn in this process
(:meth:`~evalgame.games.matching.native.NativeSolver.prove`, a cold kernel), then by the
job manager (:mod:`evalgame.proofs.jobs`, :func:`~evalgame.proofs.prove` with ``question``)
on local clusters of N worker processes started for the question (cold kernels), from an
empty store. A row gives the answer, the nodes the workers searched, the wall seconds (from
the moment the cluster is up), the jobs and grafts, and two ratios against one process:
*nodes* (workers' nodes ÷ one process's) and *speed* (one process's wall ÷ the workers').
Nodes do not depend on the machine's load, wall seconds do: the machine, the date and the
load average are printed first and last. The issue's goals: with 2 workers at most 1.2×
the nodes and at least 1.7× the speed; with 4 at most 1.4× the nodes.

``python benchmarks/bench_jobs.py`` (``make bench``): 7×7 "≥ 22?" and "≥ 23?", both
starters, on 1, 2 and 4 workers (minutes a question); ``--board 6x7 --questions 19,20`` for a
quick look; ``--workers 2``; ``--job-nodes N``. ``main()`` is also called by
``benchmarks/run.py``.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from dataclasses import dataclass

from evalgame.games.matching.native import NativeSolver
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import prove
from evalgame.proofs.cluster import connect
from evalgame.proofs.jobs import JOB_NODES
from evalgame.search.protocol import Player


@dataclass(frozen=True)
class Run:
    """One answer: yes or no, nodes, wall seconds, jobs and grafts (one process: 1, 0)."""

    answer: bool
    nodes: int
    wall: float
    jobs: int = 1
    grafts: int = 0


def one_process(rows: int, cols: int, first: Player, gamma: int) -> Run:
    """The kernel's df-pn in this process, cold, with the proof-number table a worker uses."""
    board = Board(rows, cols)
    kernel = NativeSolver(board)
    started = time.monotonic()
    answer = kernel.prove(board.full, first is Player.MAX, gamma, table_mb=kernel.table_mb)
    assert answer is not None
    return Run(answer, kernel.stats.nodes, time.monotonic() - started)


def on_workers(
    rows: int, cols: int, first: Player, gamma: int, workers: int, job_nodes: int
) -> Run:
    """The job manager on a fresh local cluster of ``workers`` processes, empty store."""
    problem = TilingProblem(rows, cols, first, algorithm="dfpn")
    with connect(workers=workers) as client:
        proof = prove(problem, client, question=gamma, job_nodes=job_nodes)
    answer = proof.lower is not None and proof.lower >= gamma
    assert answer or (proof.upper is not None and proof.upper < gamma)
    tally = proof.tally
    return Run(answer, tally.nodes, proof.seconds, tally.tasks, tally.splits)


def machine() -> str:
    """The processor, the cores and the load average."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":")[1].strip() for line in info if "model name" in line)
    except (OSError, StopIteration):
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"{cpu}, {os.cpu_count()} cores, load {load}"


def main(argv: list[str] | None = None) -> None:
    """Print the table (see the module doc)."""
    options = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    options.add_argument("--board", default="7x7", help="ROWSxCOLS (default 7x7)")
    options.add_argument("--questions", default="22,23", help="the γ asked (default 22,23)")
    options.add_argument("--workers", default="1,2,4", help="worker counts (default 1,2,4)")
    options.add_argument("--first", default="max,min", help="starters (default max,min)")
    options.add_argument("--job-nodes", type=int, default=JOB_NODES)
    args = options.parse_args(argv)
    rows, cols = (int(n) for n in args.board.split("x"))
    counts = [int(n) for n in args.workers.split(",")]
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {machine()}")
    print(f"jobs of {args.job_nodes:,} df-pn nodes\n")
    print(
        "| question | answer | one process | workers | nodes | s | jobs, grafts | nodes× | speed× |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for starter in args.first.split(","):
        first = Player.MAX if starter == "max" else Player.MIN
        for gamma in (int(g) for g in args.questions.split(",")):
            one = one_process(rows, cols, first, gamma)
            name = f"{rows}×{cols} {first.name} first ≥ {gamma}"
            for count in counts:
                run = on_workers(rows, cols, first, gamma, count, args.job_nodes)
                assert run.answer == one.answer, (name, count)
                print(
                    f"| {name} | {'yes' if one.answer else 'no'} | {one.nodes:,}, {one.wall:.1f} s "
                    f"| {count} | {run.nodes:,} | {run.wall:.1f} | {run.jobs}, {run.grafts} "
                    f"| {run.nodes / one.nodes:.2f} | {one.wall / run.wall:.2f} |",
                    flush=True,
                )
    print(f"\n{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {machine()}")


if __name__ == "__main__":
    main()
