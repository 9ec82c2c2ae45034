"""Verifying a certificate on Dask workers: the first plies in this process, the subtrees
below them as tasks.

The client walks the tree down to a depth where enough positions are left (rules 1–3 and
the prover's entries verified on the way), then each of those frontier positions is a task
that verifies its whole subtree on a worker; the certificate is scattered to the workers
once, and each worker keeps one walker (with its memo of verified positions and of values)
for all its tasks. The first failure found cancels the other tasks. Positions that several
subtrees share are verified, and counted, once per worker that meets them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import fields
from typing import Any
from uuid import uuid4

from evalgame.certify.board import Move
from evalgame.certify.format import Certificate
from evalgame.certify.walk import Counts, Failure, Walker
from evalgame.errors import ClusterError

#: frontier positions wanted per worker thread
TASKS_PER_WORKER = 16
#: the deepest ply the client walks to before handing the rest to the workers
MAX_SPLIT = 16

#: each worker's walker for the certificate of the current run (its token → walker)
_WALKERS: dict[str, Walker] = {}


@contextmanager
def local_client(workers: int) -> Iterator[Any]:
    """A Dask client on a new local cluster of ``workers`` processes, one thread each."""
    import logging

    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client


def frontier(
    certificate: Certificate, wanted: int
) -> tuple[Counts, Failure | None, list[tuple[int, tuple[Move, ...]]]]:
    """Walk the first plies in this process, one ply deeper each time, until at least
    ``wanted`` positions are left to verify (or :data:`MAX_SPLIT` plies): the counts of
    that walk, its failure if any, and the positions left with their moves from the root.

    >>> from evalgame.certify.format import read_lines
    >>> header = ('{"format": "evalgame-certificate", "version": 1, "board": "..../....", '
    ...           '"to_move": "min", "claim": "at_least", "bound": 2, "symmetry": false, '
    ...           '"small_cells": 0, "tame_cells": 0}')
    >>> counts, failure, left = frontier(read_lines([header]), 4)
    >>> failure is None, len(left), left[0]
    (True, 10, (252, ((0, 1),)))
    """
    split = 1
    while True:
        walker = Walker(certificate)
        walker.split = split
        failure = walker.verify()
        if failure is not None or len(walker.frontier) >= wanted or split >= MAX_SPLIT:
            return walker.counts, failure, walker.frontier
        if not walker.frontier:
            return walker.counts, None, []
        split += 1


def verify_on(
    client: Any,
    certificate: Certificate,
    report: Callable[[Counts], None] | None = None,
) -> tuple[Counts, Failure | None]:
    """Verify ``certificate`` with the workers of the Dask ``client``: the counts and the
    first failure found (``None``: the root verifies); ``report`` is called with the
    counts as tasks finish."""
    from distributed import as_completed

    threads = sum(client.nthreads().values()) or 1
    counts, failure, left = frontier(certificate, TASKS_PER_WORKER * threads)
    if failure is not None or not left:
        return counts, failure
    token = uuid4().hex
    [shared] = client.scatter([certificate], broadcast=True)
    futures = [
        client.submit(_subtree, shared, token, free, path, pure=False) for free, path in left
    ]
    try:
        for future in as_completed(futures):
            try:
                found, failure = future.result()
            except Exception as error:  # a worker lost, or the task failed there
                raise ClusterError(f"a verification task failed on its worker: {error!r}") from None
            counts = counts + found
            if report is not None:
                report(counts)
            if failure is not None:
                return counts, failure
        return counts, None
    finally:
        client.cancel(futures)


def _subtree(
    certificate: Certificate, token: str, free: int, path: tuple[Move, ...]
) -> tuple[Counts, Failure | None]:
    """A task: verify the position ``free`` reached by ``path`` with this worker's walker
    for the run ``token``; the counts it added and its failure, if any."""
    walker = _WALKERS.get(token)
    if walker is None:
        _WALKERS.clear()
        walker = _WALKERS[token] = Walker(certificate)
    before = Counts(**walker.counts.json())
    failure = walker.verify(free, path)
    after = walker.counts
    added = Counts(*(getattr(after, f.name) - getattr(before, f.name) for f in fields(after)))
    return added, failure
