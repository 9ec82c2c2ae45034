"""The Dask cluster the proof tests share: a :class:`~distributed.LocalCluster` of two
worker processes of one thread each, started once per test process (its start takes
seconds; the tests that need their own deployment or a fault of their own start one).

It is safe to share: each test that compares node counts empties the workers' tables
first (``client.run(forget)``), a worker killed by a test is restarted by its nanny and
waited for by that test, and the problems of different tests are built apart on the
workers (by type, label and fields)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

#: the folder holding ``tests``: worker processes import the faulty problems of
#: :mod:`tests.proofs.faults` from it
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def local_cluster(workers: int = 2) -> Iterator[Client]:
    """A client of a fresh local cluster of ``workers`` processes of one thread each,
    whose workers (and those a nanny restarts) can import :mod:`tests.proofs.faults`."""
    with pytest.MonkeyPatch.context() as patch:
        # worker processes, and those a nanny restarts, start with this process's path
        patch.syspath_prepend(str(ROOT))
        with (
            LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            Client(cluster) as dask,
        ):
            yield dask


@pytest.fixture(scope="session")
def client() -> Iterator[Client]:
    """A client of the shared two-worker local cluster."""
    with local_cluster() as dask:
        yield dask
