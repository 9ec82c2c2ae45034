"""``evalgame verify FILE``: the independent checker of tiling-game proof certificates
(``docs/certificates.md``); exit status 0 when the certificate is valid, 1 when it is not.

>>> import gzip, json, tempfile
>>> from pathlib import Path
>>> from typer.testing import CliRunner
>>> from evalgame.cli import app
>>> header = {"format": "evalgame-certificate", "version": 1, "board": "....",
...           "to_move": "max", "claim": "at_least", "bound": 2, "symmetry": True,
...           "small_cells": 0, "tame_cells": 0}
>>> path = Path(tempfile.mkdtemp()) / "1x4.cert.gz"
>>> _ = path.write_bytes(gzip.compress(
...     (json.dumps(header) + '\\n{"free": "f", "move": [0, 1]}\\n').encode()))
>>> result = CliRunner().invoke(app, ["verify", str(path), "--json"])
>>> result.exit_code, json.loads(result.stdout)["valid"]
(0, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.text import Text

from evalgame.certify import Report, verify
from evalgame.cli.shared import JsonOutput, console, err_console, print_json, writing
from evalgame.errors import ClusterError, InputError, interruption

#: exit status of an invalid certificate (a valid one: 0; a malformed file: 2)
INVALID = 1
#: exit status when Ctrl-C stops the check
STOPPED = 4
#: exit status when the Dask cluster cannot be reached or fails
CLUSTER = 5


def verify_command(
    paths: list[Path] = typer.Argument(
        ...,
        metavar="FILE...",
        help="The certificates, gzip files of JSON lines (format 1 or 2, docs/certificates.md), "
        "checked by this command's own moves, symmetries, matchings and exhaustive searches. "
        "Exit status 0: valid; 1: invalid (the first position that failed is drawn); "
        "2: a missing, non-gzip or malformed file; 4: stopped by Ctrl-C, nothing decided; "
        "5: the Dask cluster failed. Several files are checked one after the other; the "
        "status is the worst.",
    ),
    json_output: JsonOutput = False,
    workers: int | None = typer.Option(
        None,
        "--workers",
        min=1,
        help="Verify the subtrees below the first plies on N local worker processes.",
    ),
    scheduler: str | None = typer.Option(
        None, "--scheduler", help="Verify on the Dask cluster at this address (tcp://HOST:8786)."
    ),
    record: Path | None = typer.Option(
        None,
        "--record",
        metavar="JSON",
        help="Also keep each verdict in this JSON file (by file name: its sha256, size, "
        "claim, counts, seconds, and the checker's code version and date), as "
        "docs/proofs/certificates/verified.json, which docs/results.md cites.",
    ),
) -> None:
    """Check proof certificates of the tiling game: exit status 0 if valid, 1 if invalid."""
    if workers is not None and scheduler is not None:
        raise InputError("--workers starts a local cluster; --scheduler uses another: not both")
    reports: list[tuple[Path, Report]] = []
    try:
        with _bar() as progress:
            if workers is None and scheduler is None:
                for path in paths:
                    reports.append((path, verify(path, progress=progress)))
                    _note(path, reports[-1][1], record, json_output)
            else:
                from evalgame.proofs.cluster import connect

                with connect(scheduler=scheduler, workers=workers) as client:
                    for path in paths:
                        reports.append((path, verify(path, client=client, progress=progress)))
                        _note(path, reports[-1][1], record, json_output)
    except ClusterError as error:  # not exit status 1, which says "invalid"
        err_console.print(Text.assemble(("error: ", "bold red"), error.pretty()), soft_wrap=True)
        raise typer.Exit(CLUSTER) from None
    except KeyboardInterrupt as stop:
        reason = f"{interruption(stop)}: nothing was decided (neither valid nor invalid)"
        if json_output:
            print_json({"status": "stopped", "reason": reason})
        else:
            err_console.print(Text.assemble(("error: ", "bold red"), reason), soft_wrap=True)
        raise typer.Exit(STOPPED) from None
    if json_output:
        if len(paths) == 1:
            print_json(reports[0][1].json())
        else:
            answers = [{"file": str(path), **report.json()} for path, report in reports]
            print_json({"valid": all(r.valid for _, r in reports), "certificates": answers})
    if not all(report.valid for _, report in reports):
        raise typer.Exit(INVALID)


def _note(path: Path, report: Report, record: Path | None, json_output: bool) -> None:
    """One certificate checked: shown at once, and kept in ``record``."""
    if not json_output:
        _show(path, report)
    if record is not None:
        record_verdict(record, path, report)


def record_verdict(record: Path, path: Path, report: Report) -> None:
    """Keep the verdict on ``path`` in the JSON file ``record`` under the file's name
    (read again just before, so that other runs' verdicts stay).

    >>> import tempfile
    >>> from evalgame.certify import verify_lines
    >>> folder = Path(tempfile.mkdtemp())
    >>> certificate = folder / "1x2.cert.gz"
    >>> _ = certificate.write_bytes(b"")   # the record hashes the file as it is
    >>> report = verify_lines(['{"format": "evalgame-certificate", "version": 1, '
    ...     '"board": "..", "to_move": "max", "claim": "at_least", "bound": 1, '
    ...     '"symmetry": true, "small_cells": 2, "tame_cells": 0}'])
    >>> record_verdict(folder / "verified.json", certificate, report)
    >>> json.loads((folder / "verified.json").read_text())["1x2.cert.gz"]["valid"]
    True
    """
    import hashlib
    import time

    from evalgame.provenance import code_version

    data = json.loads(record.read_text()) if record.exists() else {}
    data[path.name] = {
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "bytes": path.stat().st_size,
        **report.json(),
        "checker": code_version(),
        "date": time.strftime("%Y-%m-%d"),
    }
    with writing(record):
        record.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")


@contextmanager
def _bar() -> Iterator[Callable[[str, int, int | None], None]]:
    """A progress bar on standard error, fed by the checker's ``progress(stage, done,
    total)``: the file read (bytes), then the prover's positions verified of the entries."""
    names = {"reading": "reading the certificate", "verifying": "prover positions verified"}
    tasks: dict[str, Any] = {}
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("(Ctrl-C stops)"),
        console=err_console,
        transient=True,
    ) as bar:

        def progress(stage: str, done: int, total: int | None) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(names.get(stage, stage), total=total)
            bar.update(tasks[stage], completed=done, total=total)

        yield progress


def _show(path: Path, report: Report) -> None:
    """The verdict for a person: what is claimed, valid or not, counts, and where it fails."""
    header, counts = report.header, report.counts
    claim = f"value {'≥' if header.claim == 'at_least' else '≤'} {header.bound}"
    position = f"the board {header.board}, {header.to_move.upper()} to move"
    if report.valid:
        console.print(f"{path}: [bold green]valid[/]: it proves {claim} on {position}")
    else:
        console.print(f"{path}: [bold red]invalid[/]: it does not prove {claim} on {position}")
    cuts = f", {counts.cut:,} by a cut (format 2)" if header.version >= 2 else ""
    console.print(
        f"{_many(counts.prover, 'prover position')} and "
        f"{_many(counts.opponent, 'opponent position')} verified; leaves: "
        f"{counts.settled:,} settled, {counts.small:,} small (≤ {header.small_cells} cells, "
        f"by exhaustive search), {counts.tame:,} by the sum rule (tame regions ≤ "
        f"{header.tame_cells} cells){cuts}; {_many(report.entries, 'entry', 'entries')} in the "
        f"file; {report.seconds:.3f} s",
        style="dim",
    )
    failure = report.failure
    if failure is not None:
        console.print(f"[bold]why:[/] {failure.reason}", highlight=False)
        where = "the first position that failed" if failure.moves is not None else "the position"
        console.print(
            f"{where}, {failure.to_move.upper()} to move ('.' free, '#' blocked, letters: "
            "the dominoes placed, 'a' first):"
        )
        console.print(failure.drawing, markup=False)


def _many(count: int, one: str, more: str | None = None) -> str:
    """``count`` things, in the singular or the plural.

    >>> _many(1, "entry", "entries"), _many(12_000, "prover position")
    ('1 entry', '12,000 prover positions')
    """
    return f"{count:,} {one if count == 1 else more or one + 's'}"
