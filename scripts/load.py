"""Load test of the web app (``make load``): the figures BENCHMARKS.md records.

Starts ``evalgame serve`` (worker processes, one per core) on a free port and runs:

1. **crowd** — 50 concurrent clients sending ``/api/evaluate/check`` and quick
   ``/api/evaluate/play`` requests: every answer must be a 200;
2. **heavy** — 4 clients running the heaviest solves the API allows (10 s budgets on
   ``(a+b)/c+(d+e)/f+(g-h)*(i-j)`` over ``0..24``, which no budget settles) while one
   client polls ``/api/health``: its p99 latency, and how long the solves ran;
3. **growth** — one client sending 40 ``/api/evaluate/play`` requests on
   ``(a+b)/c+(d+e)/f+g/h`` over ``0..24`` (5 s each): the server's memory (RSS of the
   server and its workers) afterwards.

Run it alone on the machine (no test suite at the same time): ``nice`` keeps it polite,
but the latencies it reports are the machine's.

    python scripts/load.py [--crowd-seconds 20] [--heavy-seconds 30] [--growth 40]
                           [--only crowd|heavy|growth]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import httpx2

#: a solve that uses its whole 10 s budget: 10 variables over 25 values, and not a sum of
#: independent products (the residual search settles those at once: 24 variables of
#: x0*y0+…+x11*y11 took 0.2 s); after 10 s its bounds are still 4 ≤ value ≤ 8111/24
HEAVY = "(a+b)/c+(d+e)/f+(g-h)*(i-j)"
GROWTH = "(a+b)/c+(d+e)/f+g/h"
#: the cases, in the order they run
CASES = ["crowd", "heavy", "growth"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def tree_rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and all its descendants, in MB."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    total, stack = 0, [pid]
    while stack:
        current = stack.pop()
        try:
            total += int((Path("/proc") / str(current) / "statm").read_text().split()[1])
        except OSError:
            continue
        stack.extend(children.get(current, []))
    return total * os.sysconf("SC_PAGE_SIZE") / 2**20


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else 0.0


async def crowd(base: str, clients: int, seconds: float) -> tuple[Counter[int], list[float]]:
    """``clients`` clients alternating /check and /play until ``seconds`` have passed."""
    statuses: Counter[int] = Counter()
    latencies: list[float] = []
    stop = time.monotonic() + seconds
    limits = httpx2.Limits(max_connections=clients)

    async def client(number: int, http: httpx2.AsyncClient) -> None:
        moves = [str(number % 10)]
        while time.monotonic() < stop:
            for path, body in (
                ("/api/evaluate/check", {"expression": f"X*(Y-Z)+{number}"}),
                ("/api/evaluate/play", {"expression": "X*(Y-Z)", "moves": moves}),
            ):
                started = time.monotonic()
                try:
                    answer = await http.post(base + path, json=body)
                    statuses[answer.status_code] += 1
                except httpx2.HTTPError:
                    statuses[0] += 1
                latencies.append(time.monotonic() - started)

    async with httpx2.AsyncClient(timeout=60, limits=limits) as http:
        await asyncio.gather(*(client(n, http) for n in range(clients)))
    return statuses, latencies


async def heavy(
    base: str, clients: int, seconds: float
) -> tuple[list[float], Counter[str], list[float]]:
    """``clients`` clients solving the heaviest problem while /api/health is polled: the
    health latencies, the answers (status and outcome) and how long the solves took."""
    stop = time.monotonic() + seconds
    health: list[float] = []
    answers: Counter[str] = Counter()
    solves: list[float] = []

    async def solver(http: httpx2.AsyncClient) -> None:
        body = {"expression": HEAVY, "domain": "0..24", "seconds": 10.0}
        while time.monotonic() < stop:
            started = time.monotonic()
            answer = await http.post(base + "/api/evaluate/solve", json=body)
            if answer.status_code == 200:
                answers[answer.json()["status"]] += 1
                solves.append(time.monotonic() - started)
            else:
                answers[str(answer.status_code)] += 1

    async def poller(http: httpx2.AsyncClient) -> None:
        await asyncio.sleep(1.0)  # the solves have started
        while time.monotonic() < stop:
            started = time.monotonic()
            answer = await http.get(base + "/api/health")
            assert answer.status_code == 200
            health.append(time.monotonic() - started)
            await asyncio.sleep(0.05)

    async with httpx2.AsyncClient(timeout=60) as http:
        await asyncio.gather(*(solver(http) for _ in range(clients)), poller(http))
    return health, answers, solves


async def growth(base: str, requests: int) -> Counter[int]:
    """One client, ``requests`` plays of a large game (each a different first proposal)."""
    statuses: Counter[int] = Counter()
    async with httpx2.AsyncClient(timeout=60) as http:
        for number in range(requests):
            body = {
                "expression": GROWTH,
                "domain": "0..24",
                "moves": [] if number % 2 == 0 else [str(number % 25)],
                "seconds": 5.0,
            }
            answer = await http.post(base + "/api/evaluate/play", json=body)
            statuses[answer.status_code] += 1
    return statuses


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--clients", type=int, default=50)
    options.add_argument("--crowd-seconds", type=float, default=20.0)
    options.add_argument("--heavy-seconds", type=float, default=30.0)
    options.add_argument("--growth", type=int, default=40)
    options.add_argument("--only", choices=CASES, help="run this case alone (default: all)")
    args = options.parse_args()
    cases = [args.only] if args.only else CASES
    ok = True
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    evalgame = Path(sys.executable).with_name("evalgame")
    server = subprocess.Popen([str(evalgame), "serve", "--port", str(port)])
    try:
        for _ in range(300):
            try:
                if httpx2.get(base + "/api/health").status_code == 200:
                    break
            except httpx2.HTTPError:
                if server.poll() is not None:
                    sys.exit("the server did not start")
                time.sleep(0.2)
        print(f"server up: {tree_rss_mb(server.pid):.0f} MB")

        if "crowd" in cases:
            statuses, latencies = asyncio.run(crowd(base, args.clients, args.crowd_seconds))
            errors = sum(count for status, count in statuses.items() if status != 200)
            print(
                f"crowd: {args.clients} clients, {sum(statuses.values())} requests in "
                f"{args.crowd_seconds:g} s, {errors} errors {dict(statuses)}, latency p50 "
                f"{statistics.median(latencies) * 1000:.0f} ms, p99 "
                f"{percentile(latencies, 0.99) * 1000:.0f} ms"
            )
            ok = ok and errors == 0

        if "heavy" in cases:
            health, answers, solves = asyncio.run(heavy(base, 4, args.heavy_seconds))
            print(
                f"heavy: 4 clients solving 10 s problems ({dict(answers)}; solves took "
                f"{min(solves, default=0):.1f}–{max(solves, default=0):.1f} s), /api/health "
                f"{len(health)} polls, p50 {statistics.median(health) * 1000:.1f} ms, p99 "
                f"{percentile(health, 0.99) * 1000:.1f} ms, max {max(health) * 1000:.1f} ms"
            )
            ok = ok and percentile(health, 0.99) < 0.1

        if "growth" in cases:
            before = tree_rss_mb(server.pid)
            grown = asyncio.run(growth(base, args.growth))
            print(
                f"growth: {args.growth} plays of {GROWTH} over 0..24 ({dict(grown)}): RSS "
                f"{before:.0f} MB before, {tree_rss_mb(server.pid):.0f} MB after "
                "(server and workers)"
            )
            ok = ok and tree_rss_mb(server.pid) < 600
        print("all figures within the targets" if ok else "some figure is OFF target")
    finally:
        server.terminate()
        server.wait(timeout=30)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
