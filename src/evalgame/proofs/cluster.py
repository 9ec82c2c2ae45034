"""Where the workers come from: a Dask client given, a scheduler address, or a local cluster.

The default is an embedded :class:`~distributed.LocalCluster` of worker *processes* (one
thread each: the solvers are pure Python and hold the GIL) on this machine; a scheduler
address (``tcp://HOST:8786``) uses an existing cluster whose workers have evalgame
installed. Nothing else talks to the workers.
"""

from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from evalgame.errors import ClusterError, InputError, SchedulerLost, SearchInterrupted, interruption

#: seconds to wait for a scheduler before giving up
CONNECT_SECONDS = 10

#: seconds a client may take to notice that the scheduler a call just failed on is gone
NOTICE_SECONDS = 10


@contextmanager
def connect(
    client: Any | None = None, *, scheduler: str | None = None, workers: int | None = None
) -> Iterator[Any]:
    """A :class:`distributed.Client`: ``client`` itself, one to ``scheduler``, or one to a
    local cluster of ``workers`` processes (default: the number of cores)."""
    if client is not None:
        yield client
        return
    from distributed import Client, LocalCluster

    if scheduler is not None:
        try:
            remote = Client(scheduler, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError, ValueError) as error:
            raise ClusterError(f"cannot reach the Dask scheduler {scheduler}: {error}") from None
        # Dask logs a broken connection at level INFO with a traceback, and the client's
        # attempts to reconnect (cut short by closing it) as errors: when the scheduler is
        # lost, the error raised says it all
        logs = [logging.getLogger(name) for name in ("distributed", "distributed.client")]
        levels = [log.level for log in logs]
        try:
            logs[0].setLevel(logging.WARNING)
            with remote:
                try:
                    yield remote
                except SchedulerLost:
                    for log in logs:
                        log.setLevel(logging.CRITICAL)
                    raise
        finally:
            for log, level in zip(logs, levels, strict=True):
                log.setLevel(level)
        return
    count = default_workers() if workers is None else workers
    if count < 1:
        raise InputError(f"--workers must be at least 1, not {count}")
    try:
        with warnings.catch_warnings():
            # the scheduler opens its HTTP port even with no dashboard (dask/distributed#7207)
            # and warns when 8787 is taken: noise for a cluster nobody browses
            warnings.filterwarnings("ignore", message="Port .* is already in use")
            cluster = LocalCluster(
                n_workers=count,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # a worker lost is handled, not worth a traceback
            )
    except KeyboardInterrupt as stop:
        raise SearchInterrupted(f"{interruption(stop)} while the workers were starting") from None
    with cluster, Client(cluster) as local:
        yield local


def default_workers() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def scheduler_lost(client: Any) -> str | None:
    """The address of ``client``'s scheduler if the client has lost it, else ``None``.

    A client that loses its scheduler cancels every future it holds and tries to reconnect
    (for its ``timeout``) before it closes: a cancelled future then means the scheduler is
    gone, not that the task failed.

    A call to a killed scheduler can fail (a closed stream) a moment before the client
    notices and leaves ``"running"``, so a running client is given :data:`NOTICE_SECONDS`.

    >>> scheduler_lost(object()) is None  # no Dask client: nothing to lose
    True
    """
    deadline = time.monotonic() + NOTICE_SECONDS
    while getattr(client, "status", None) == "running" and time.monotonic() < deadline:
        time.sleep(0.05)
    if getattr(client, "status", "running") not in ("connecting", "closing", "closed"):
        return None
    return str(getattr(getattr(client, "scheduler", None), "address", None) or "?")
