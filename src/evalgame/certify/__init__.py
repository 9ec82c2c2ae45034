"""The independent checker of tiling-game proof certificates (formats 1 and 2,
``docs/certificates.md``).

A certificate proves a bound on the value of a position of the domino tiling game: the
prover's move at each of its positions, and three leaf rules the checker decides by
itself. This package shares no code with the search, the C kernel, the tables or the tame
database — its own board, moves, symmetries, matching, exhaustive search and tameness —
so that a bug there cannot hide a bug of theirs, as drat-trim stands beside a SAT solver.

>>> lines = [
...     '{"format": "evalgame-certificate", "version": 1, "board": "....", "to_move": "max",'
...     ' "claim": "at_least", "bound": 2, "symmetry": true, "small_cells": 0,'
...     ' "tame_cells": 0}',
...     '{"free": "f", "move": [0, 1]}',
... ]
>>> report = verify_lines(lines)
>>> report.valid, report.counts.prover
(True, 1)
>>> report = verify_lines([lines[0].replace('"max"', '"min"'), lines[1]])  # MIN first
>>> report.reason
'the claim value ≥ 1 fails: no entry for this position (key 3)'
>>> print(report.failure.drawing)  # MIN's first domino: a
aa..
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from evalgame.certify.format import Certificate, Header, Progress, read, read_lines
from evalgame.certify.report import Report
from evalgame.certify.walk import Counts, Failure, Walker, repeated_failure


def verify(
    path: str | Path,
    *,
    workers: int | None = None,
    client: Any | None = None,
    progress: Progress | None = None,
) -> Report:
    """Check the certificate in the gzip file ``path``.

    With ``client`` (a :class:`distributed.Client`) or ``workers`` (a local Dask cluster
    of that many processes, started for this check), the subtrees below the first plies
    are verified in parallel. ``progress(stage, done, total)`` is called now and then:
    stage ``"reading"`` counts bytes of the file, ``"verifying"`` the prover's positions
    verified out of the entries. A file that cannot be read as format 1 or 2 raises
    :class:`~evalgame.errors.CertificateError`; Ctrl-C raises :class:`KeyboardInterrupt`
    (nothing decided).
    """
    start = time.perf_counter()
    certificate = read(Path(path), progress)
    return check(certificate, workers=workers, client=client, progress=progress, start=start)


def verify_lines(
    lines: Iterable[str | bytes],
    *,
    workers: int | None = None,
    client: Any | None = None,
    progress: Progress | None = None,
) -> Report:
    """Check a certificate given as its lines of text (uncompressed), as :func:`verify`."""
    start = time.perf_counter()
    certificate = read_lines(lines)
    return check(certificate, workers=workers, client=client, progress=progress, start=start)


def check(
    certificate: Certificate,
    *,
    workers: int | None = None,
    client: Any | None = None,
    progress: Progress | None = None,
    start: float | None = None,
) -> Report:
    """Check a certificate already read (see :func:`verify`)."""
    start = time.perf_counter() if start is None else start
    entries = len(certificate.entries)

    def report(counts: Counts) -> None:
        if progress is not None:
            progress("verifying", counts.prover, entries)

    failure = repeated_failure(certificate)
    counts = Counts()
    if failure is None:
        if client is not None:
            from evalgame.certify.parallel import verify_on

            counts, failure = verify_on(client, certificate, report)
        elif workers is not None:
            from evalgame.certify.parallel import local_client, verify_on

            with local_client(workers) as local:
                counts, failure = verify_on(local, certificate, report)
        else:
            walker = Walker(certificate, tick=report)
            failure = walker.verify()
            counts = walker.counts
        report(counts)
    return Report(
        valid=failure is None,
        header=certificate.header,
        counts=counts,
        entries=entries,
        failure=failure,
        seconds=time.perf_counter() - start,
    )


__all__ = [
    "Certificate",
    "Counts",
    "Failure",
    "Header",
    "Progress",
    "Report",
    "check",
    "verify",
    "verify_lines",
]
