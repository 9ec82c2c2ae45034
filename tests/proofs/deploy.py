"""A real Dask deployment on this machine: ``dask scheduler`` and ``dask worker`` started as
separate processes, as on a cluster, on a port the scheduler picks (no race for a free
one), and every process killed when the block ends, however it ends."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

#: Dask's own command, from the environment running the tests
DASK = str(Path(sys.executable).parent / "dask")
#: the folder holding ``tests``: workers import the faulty problems of :mod:`tests.proofs.faults`
ROOT = Path(__file__).resolve().parents[2]
#: seconds to wait for the scheduler's file and for the workers to join
START_SECONDS = 120


@dataclass
class Deployment:
    """The scheduler's address and the processes (workers in the order started)."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def kill_scheduler(self) -> None:
        """SIGKILL the scheduler: no clean-up, as when its machine goes down."""
        kill(self.scheduler)


def kill(process: subprocess.Popen[bytes]) -> None:
    """SIGKILL ``process`` and whatever it started, and wait for it."""
    with contextlib.suppress(ProcessLookupError):  # gone already
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


@contextmanager
def deployment(folder: Path, workers: int = 2) -> Iterator[Deployment]:
    """A scheduler and ``workers`` one-thread workers without a nanny (a worker killed
    stays dead), their files in ``folder``."""
    scheduler_file = folder / "scheduler.json"
    scheduler_file.unlink(missing_ok=True)  # an earlier scheduler's address
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path])}
    quiet = {
        "stdout": subprocess.DEVNULL,
        "stderr": subprocess.DEVNULL,
        "env": environment,
        "start_new_session": True,  # a process group each: killed with what it starts
    }
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(scheduler_file)],
        **quiet,  # type: ignore[call-overload]
    )  # fmt: skip
    running = Deployment("", scheduler)
    try:
        running.address = _address(scheduler_file, scheduler)
        worker = [DASK, "worker", running.address, "--nthreads", "1", "--no-dashboard",
                  "--local-directory", str(folder), "--no-nanny"]  # fmt: skip
        for _ in range(workers):
            running.workers.append(subprocess.Popen(worker, **quiet))  # type: ignore[call-overload]
        from distributed import Client

        with Client(running.address, timeout=START_SECONDS) as client:
            client.wait_for_workers(workers, timeout=START_SECONDS)
        yield running
    finally:
        for process in [*running.workers, scheduler]:
            kill(process)


def _address(scheduler_file: Path, scheduler: subprocess.Popen[bytes]) -> str:
    """The address the scheduler wrote once it listened."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if scheduler.poll() is not None:
            raise RuntimeError(f"dask scheduler exited with status {scheduler.returncode}")
        try:
            return str(json.loads(scheduler_file.read_text())["address"])
        except (OSError, ValueError, KeyError):
            time.sleep(0.1)
    raise RuntimeError(f"dask scheduler wrote no {scheduler_file.name} in {START_SECONDS} s")
