"""Parallel proofs from the command line: ``--workers``/``--scheduler``/``--store`` on the
solving commands, and ``evalgame proofs STORE`` to see what a proof store holds.

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["proofs", "/nonexistent.sqlite"]).exit_code
2
"""

from __future__ import annotations

import logging
import os
import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.status import Status
from rich.table import Table

from evalgame.cli.progress import QUIET_SECONDS, time_limit
from evalgame.cli.shared import JsonOutput, console, err_console, json_stops, print_json
from evalgame.errors import InputError, SchedulerLost
from evalgame.numbers import Number, exact, format_number
from evalgame.provenance import describe
from evalgame.vocabulary import bounds_json, exact_json, seconds_json

if TYPE_CHECKING:
    from evalgame.proofs import Problem, ProofResult, ProofStatus
    from evalgame.proofs.projection import Projection
    from evalgame.proofs.store import Sitting


@dataclass(frozen=True)
class ProofOptions:
    """A command's parallel-proof options: ``--workers/--scheduler/--store/--slice/--ladder/
    --ask/--fresh`` and its ``--timeout``.

    >>> ProofOptions(None, None, None, None, 5.0, None).wanted
    False
    >>> ProofOptions(2, None, None, None, 5.0, None).wanted
    True
    >>> ProofOptions(None, None, None, None, 5.0, None, "7/2").question
    Fraction(7, 2)
    """

    workers: int | None
    scheduler: str | None
    store: Path | None
    timeout: float | None
    slice_seconds: float
    ladder: float | None
    #: ``--ask G``: the one question "value ≥ G?", as typed
    ask: str | None = None
    #: ``--fresh``: empty the store before proving instead of resuming from it
    fresh: bool = False

    def __post_init__(self) -> None:
        if self.workers is not None and self.scheduler is not None:
            raise InputError("--workers starts a local cluster; --scheduler uses another: not both")
        if not self.slice_seconds > 0:
            raise InputError(f"--slice must be a number of seconds > 0, not {self.slice_seconds}")
        if self.ladder is not None and not self.ladder > 0:
            raise InputError(f"--ladder must be a number of seconds > 0, not {self.ladder}")
        if self.ladder is not None and self.ask is not None:
            raise InputError("--ladder asks its own questions and --ask one question: not both")
        _ = self.question  # a malformed --ask is refused before any work

    @property
    def question(self) -> Number | None:
        """``--ask`` as an exact number (``None`` if not given)."""
        if self.ask is None:
            return None
        try:
            return exact(self.ask)
        except ValueError:
            raise InputError(
                f'--ask takes the γ of "value ≥ γ?": a number such as 26, -2, 0.5 or 7/2, '
                f"not {self.ask!r}"
            ) from None

    @property
    def wanted(self) -> bool:
        """Whether they ask for the proof manager rather than one process."""
        return self.fresh or any(
            option is not None for option in (self.workers, self.scheduler, self.store, self.ask)
        )


def default_store(label: str) -> Path:
    """Where the proofs of ``label`` go when ``--store`` is not given.

    >>> default_store("tiling 5×5, MAX first").name
    'tiling-5x5-max-first.sqlite'
    """
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    slug = re.sub(r"[^a-z0-9]+", "-", label.lower().replace("×", "x")).strip("-")
    return cache / "evalgame" / "proofs" / f"{slug[:120]}.sqlite"


def report_proof(
    problem: Problem,
    options: ProofOptions,
    context: dict[str, Any],
    json_output: bool,
    headline: Callable[[ProofResult], str],
) -> None:
    """Prove ``problem``, then print ``headline(proof)`` and the statistics line, or with
    ``--json`` one object: ``context`` (what the command was asked), the store and the
    proof."""
    path, resumed = open_store(problem, options, quiet=json_output)
    context = {**context, "store": str(path), "resumed": resumed}
    proof = run_proof(problem, options, path, json_context=context if json_output else None)
    if json_output:
        print_json({**context, **proof_json(proof)})
        return
    question = options.question
    if question is None or proof.value is not None:
        console.print(headline(proof))
    else:
        console.print(f"{problem.label}: {_answer(question, proof.lower, proof.upper)}")
    show_proof(proof)


def _answer(gamma: Number, lower: Number | None, upper: Number | None) -> str:
    """What the bounds say of "value ≥ γ?".

    >>> _answer(26, 26, 31)
    'value ≥ 26? yes: 26 ≤ value ≤ 31'
    >>> _answer(26, None, 25)
    'value ≥ 26? no: value ≤ 25'
    """
    if lower is None and upper is None:
        return f"value ≥ {format_number(gamma)}? no valid leaf: the game has no value"
    verdict = "yes" if lower is not None and lower >= gamma else "no"
    bounds = " ≤ ".join(
        part for part in (_bound(lower, None), "value", _bound(upper, None)) if part is not None
    )
    return f"value ≥ {format_number(gamma)}? {verdict}: {bounds}"


def open_store(problem: Problem, options: ProofOptions, *, quiet: bool) -> tuple[Path, int]:
    """The store of ``problem``'s proof (``--store``, else :func:`default_store`) and the
    proven subproblems it holds, which the proof resumes from; ``--fresh`` empties it first.

    Said on standard error unless ``quiet`` (``--json`` says it in its object: ``store``
    and ``resumed``): a proof resumed from the default store is never silent.
    """
    from evalgame.proofs import read_summary

    path = options.store if options.store is not None else default_store(problem.label)
    where = f"proof store: {path}" + (
        " (the default for this problem)" if options.store is None else ""
    )
    summary = read_summary(path) if path.exists() else None  # refuses what is no store
    resumed = 0 if summary is None else summary.proven
    going_on = 0 if summary is None else summary.checkpoints[0]
    if options.fresh and path.exists():
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        note = f"emptied by --fresh ({_count(resumed, 'proven subproblem')} dropped)"
        resumed = 0
    elif resumed or going_on:
        going = f" and {_count(going_on, 'checkpoint')} of open leaves" if going_on else ""
        note = (
            f"resuming from its {_count(resumed, 'proven subproblem')}{going} (--fresh starts over)"
        )
    else:
        note = "nothing proven in it yet"
    if not quiet:
        err_console.print(f"{where}: {note}", style="dim", soft_wrap=True)
    return path, resumed


def run_proof(
    problem: Problem,
    options: ProofOptions,
    path: Path,
    json_context: dict[str, Any] | None = None,
) -> ProofResult:
    """Prove ``problem``'s value in the store ``path`` (see :func:`open_store`) with a live
    status line.

    ``json_context`` (with ``--json``): a stop prints one JSON object of this context and
    the bounds proven (as the one-process commands do)."""
    quiet = json_context is not None
    status: Status | None = None

    def show(progress: ProofStatus) -> None:
        nonlocal status
        if progress.elapsed < QUIET_SECONDS:
            return
        rate = progress.nodes / progress.elapsed if progress.elapsed else 0.0
        eta = "" if progress.eta is None else f", this question ~{progress.eta:.0f} s more"
        text = (
            f"{problem.label}: {progress.question}, bounds "
            f"[{_bound(progress.lower, '-∞')}, {_bound(progress.upper, '+∞')}]; frontier "
            f"{progress.frontier} ({min(progress.running, progress.workers)} of "
            f"{_count(progress.workers, 'worker')} busy), {progress.proven:,} proven; "
            f"{progress.nodes:,} nodes, {rate:,.0f}/s{eta}; {progress.elapsed:.0f} s "
            "(Ctrl-C stops, the store keeps the proofs)"
        )
        if status is None:
            status = err_console.status(text)
            status.start()
        else:
            status.update(text)

    from evalgame.proofs import prove  # the proof manager: only for a parallel proof

    # A Dask client closed while tasks still run (Ctrl-C, --timeout, a lost scheduler) has
    # tornado log its cancelled callbacks with tracebacks, even after the close returns:
    # this process is ending and says what it proved, so they are noise on its terminal
    logging.getLogger("tornado.application").setLevel(logging.CRITICAL)
    try:
        with json_stops(quiet, **(json_context or {})):
            return prove(
                problem,
                workers=options.workers,
                scheduler=options.scheduler,
                store=path,
                timeout=time_limit(options.timeout),
                slice_seconds=options.slice_seconds,
                ladder=options.ladder,
                question=options.question,
                on_progress=show,
            )
    except SchedulerLost as lost:
        raise SchedulerLost(lost.address, resume_command(path)) from None
    finally:
        if status is not None:
            status.stop()


def resume_command(store: Path, argv: list[str] | None = None) -> str:
    """The command that started this run (``argv``, default ``sys.argv``) with its store
    named: run again, it continues from the store.

    >>> resume_command(Path("s.sqlite"), ["evalgame", "tiling", "8", "8", "--scheduler", "x"])
    'evalgame tiling 8 8 --scheduler x --store s.sqlite'
    """
    arguments = (sys.argv if argv is None else argv)[1:]
    if not any(argument.split("=")[0] == "--store" for argument in arguments):
        arguments = [*arguments, "--store", str(store)]
    return shlex.join(["evalgame", *arguments])


def proof_json(proof: ProofResult) -> dict[str, Any]:
    """The part of ``--json`` that every parallel command shares."""
    tally = proof.tally
    return {
        "value": exact_json(proof.value),
        **bounds_json(proof.lower, proof.upper),
        "questions": proof.questions,
        "stats": {
            "nodes": tally.nodes,
            "cpu_seconds": seconds_json(tally.cpu),
            "tasks": tally.tasks,
            "splits": tally.splits,
            "called_off": tally.called_off,
            "from_store": tally.from_store,
            "workers": len(tally.workers),
        },
        "seconds": seconds_json(proof.seconds),
    }


def show_proof(proof: ProofResult) -> None:
    """The statistics line of a parallel proof."""
    tally = proof.tally
    if not proof.questions:
        console.print(f"proof: read whole from the store {proof.store}", style="dim")
        return
    console.print(
        f"proof: {_count(len(proof.questions), 'question')} ({'; '.join(proof.questions)}), "
        f"{tally.nodes:,} nodes in {_count(tally.tasks, 'task')} on "
        f"{_count(len(tally.workers), 'worker')} ({tally.splits} split, "
        f"{tally.called_off} called off, {tally.from_store} answered by the store), "
        f"{tally.cpu:.1f} CPU s, {proof.seconds:.1f} s",
        style="dim",
    )


def proofs_command(
    store: Path = typer.Argument(
        ...,
        help="A proof store (--store of a parallel solve), or a file of df-pn's saved "
        "numbers (tiling_proofs.py --numbers).",
    ),
    json_output: JsonOutput = False,
    project: list[int] = typer.Option(
        [],
        "--project",
        metavar="N",
        help="Also project the wall time of the recorded work on N workers (repeatable: "
        "--project 16 --project 64); the model is in docs/proofs.md.",
    ),
    merge: list[Path] = typer.Option(
        [],
        "--merge",
        metavar="OTHER",
        help="First add to the store what the store OTHER of the same problem proved (a "
        "sitting on another machine): its facts, sittings and bounds (repeatable).",
    ),
) -> None:
    """What a proof store holds: the problem, bounds proven, subproblems, CPU time, workers,
    the code versions that proved its facts (or a file of saved numbers: its questions,
    answered or open, their work and the code versions that wrote them)."""
    from evalgame.games.matching.sittings import is_numbers_file
    from evalgame.proofs.projection import project as projected
    from evalgame.proofs.store import ProofStore, read_only

    if is_numbers_file(store):
        if project or merge:
            raise InputError(
                f"{store} is a file of saved numbers: --project and --merge read proof stores"
            )
        show_numbers(store, json_output)
        return
    if any(count < 1 for count in project):
        raise InputError(f"--project takes a number of workers ≥ 1, not {min(project)}")
    for other in merge:
        with read_only(other) as theirs, ProofStore.open(store, theirs.problem) as mine:
            added = mine.absorb(theirs)
        if not json_output:
            console.print(f"merged {other}: {added:,} facts added", style="dim")
    with read_only(store) as opened:
        summary = opened.summary()
        projections = projected(opened, project)
    if json_output:
        print_json(
            {
                "problem": summary.problem,
                "created": summary.created,
                **bounds_json(summary.lower, summary.upper),
                "questions": summary.questions,
                "asking": None if summary.asking is None else _question(*summary.asking),
                "proven": summary.proven,
                "open": summary.open,
                "checkpoints": {"leaves": summary.checkpoints[0], "bytes": summary.checkpoints[1]},
                "stats": {"nodes": summary.nodes, "cpu_seconds": seconds_json(summary.cpu)},
                "task_cpu_quantiles": summary.cost,
                "workers": {
                    name: {"facts": w.facts, "nodes": w.nodes, "cpu_seconds": seconds_json(w.cpu)}
                    for name, w in summary.workers.items()
                },
                "codes": [
                    {"code": c.code, "options": c.options, "facts": c.facts} for c in summary.codes
                ],
                "sittings": [
                    {
                        "started": s.start,
                        "seconds": seconds_json(s.ended - s.started),
                        "workers": s.workers,
                        "stats": {"nodes": s.nodes, "cpu_seconds": seconds_json(s.cpu)},
                        **bounds_json(s.lower, s.upper),
                        "questions": s.questions,
                        "stopped": s.stopped,
                        "code": s.code,
                    }
                    for s in summary.sittings
                ],
                "projection": [
                    {
                        "workers": p.workers,
                        "wall_seconds": round(p.wall, 1),
                        "speedup": round(p.speedup, 2),
                        "one_worker_seconds": round(p.one, 1),
                        "critical_path_seconds": round(p.critical, 1),
                        "unrecorded_cpu_seconds": round(p.unrecorded, 1),
                    }
                    for p in projections
                ],
            }
        )
        return
    console.print(f"[bold]{summary.problem}[/]  (store created {summary.created})")
    console.print(
        f"proven bounds  {_bound(summary.lower, '-∞')} ≤ value ≤ {_bound(summary.upper, '+∞')}"
    )
    console.print(f"questions      {', '.join(summary.questions) or 'none finished'}")
    if summary.asking is not None and summary.lower != summary.upper:
        console.print(f"asking         {_question(*summary.asking)} (resumed first)")
    console.print(
        f"subproblems    {summary.proven:,} proven, {summary.open:,} open when last stopped"
    )
    console.print(f"work           {summary.nodes:,} nodes, {summary.cpu:,.1f} CPU s")
    for number, code in enumerate(summary.codes):
        console.print(
            f"{'proven by' if number == 0 else '':15}{_count(code.facts, 'fact')}: "
            f"{describe({'code': code.code, 'options': code.options})}",
            soft_wrap=True,
        )
    leaves, size = summary.checkpoints
    if leaves:
        console.print(
            f"checkpoints    {leaves:,} of open leaves, which go on where they stopped "
            f"({size / 2**20:.1f} MB)"
        )
    if summary.cost is not None:
        median, p90, p99, most = summary.cost
        console.print(
            f"CPU s a task   median {median:.3g}, 90% {p90:.3g}, 99% {p99:.3g}, max {most:.3g}"
        )
    if summary.workers:
        table = Table("worker", "facts", "nodes", "CPU s", "nodes / CPU s")
        for name, share in sorted(summary.workers.items()):
            table.add_row(
                name, f"{share.facts:,}", f"{share.nodes:,}", f"{share.cpu:,.1f}",
                f"{share.rate:,.0f}",
            )  # fmt: skip
        console.print(table)
    for number, sitting in enumerate(summary.sittings, 1):
        console.print(_sitting_line(number, sitting))
    if projections:
        show_projections(projections)


def show_numbers(path: Path, json_output: bool) -> None:
    """The questions of a file of df-pn's saved numbers: answer, work, sittings, last save."""
    from evalgame.games.matching.sittings import saved_questions

    questions = saved_questions(path)
    if json_output:
        print_json(
            {
                "numbers_file": str(path),
                "questions": [
                    {
                        "gamma": q.gamma,
                        "to_move": "max" if q.max_to_move else "min",
                        "free": hex(q.free),
                        "answer": q.answer,
                        "stats": {"nodes": q.nodes, "cpu_seconds": seconds_json(q.cpu)},
                        "sittings": q.sittings,
                        "saved": q.saved,
                        "bytes": q.size,
                        "provenance": list(q.provenance),
                    }
                    for q in questions
                ],
            }
        )
        return
    console.print(f"[bold]{path}[/]: df-pn's saved numbers, a question a row")
    table = Table(
        "question", "to move", "free cells", "answer", "nodes", "CPU s", "sittings",
        "last saved (UTC)", "MB",
    )  # fmt: skip
    written: dict[str, list[str]] = {}  # by code version, the rows it wrote
    for q in questions:
        answer = "open" if q.answer is None else "yes" if q.answer else "no"
        table.add_row(
            f"value ≥ {q.gamma}?", "MAX" if q.max_to_move else "MIN", str(q.free.bit_count()),
            answer, f"{q.nodes:,}", f"{q.cpu:,.0f}", str(q.sittings), q.saved,
            f"{q.size / 2**20:.1f}",
        )  # fmt: skip
        for code in q.codes:
            written.setdefault(code, []).append(
                f"value ≥ {q.gamma} ({'MAX' if q.max_to_move else 'MIN'} to move, "
                f"{q.free.bit_count()} free)"
            )
    console.print(table)
    for code, rows in written.items():
        console.print(f"written by {code}: {', '.join(rows)}", soft_wrap=True)


def show_projections(projections: list[Projection]) -> None:
    """The projected wall times, one row per count of workers."""
    first = projections[0]
    unrecorded = (
        f", {first.unrecorded:,.0f} of them left no task row (spread evenly)"
        if first.unrecorded
        else ""
    )
    console.print(
        f"projection     the recorded work ({_count(first.tasks, 'task')}, "
        f"{first.one:,.0f} CPU s{unrecorded}) on N workers; longest chain "
        f"{first.critical:,.0f} s (docs/proofs.md: the model)"
    )
    table = Table("workers", "wall s", "speed-up", "share busy")
    for p in projections:
        table.add_row(
            f"{p.workers:,}", f"{p.wall:,.0f}", f"{p.speedup:.2f}×",
            f"{p.speedup / p.workers:.0%}",
        )  # fmt: skip
    console.print(table)


def _sitting_line(number: int, sitting: Sitting) -> str:
    """One run of the manager, on two lines: when, how long and its work; then the bounds
    it left, why it stopped and the questions it finished.

    >>> from evalgame.proofs.store import Sitting
    >>> print(_sitting_line(2, Sitting(1.8e9, 1.8e9 + 60, 2, 10**6, 90.0, 25, 31, [], "finished")))
    sitting 2      2027-01-15 08:00 UTC, 60 s on 2 workers, 1,000,000 nodes, 90.0 CPU s
                   → 25 ≤ value ≤ 31 (finished)
    """
    wall = sitting.ended - sitting.started
    workers = _count(sitting.workers, "worker")
    finished = f"; finished {', '.join(sitting.questions)}" if sitting.questions else ""
    code = "" if sitting.code is None else f"\n{'':15}code {sitting.code}"
    return (
        f"sitting {number:<6} {sitting.start} UTC, {wall:,.0f} s on {workers}, "
        f"{sitting.nodes:,} nodes, {sitting.cpu:,.1f} CPU s\n{'':15}"
        f"→ {_bound(sitting.lower, '-∞')} ≤ value ≤ {_bound(sitting.upper, '+∞')} "
        f"({sitting.outcome}){finished}{code}"
    )


def _count(number: int, noun: str) -> str:
    """``number`` ``noun``s, in the singular for one.

    >>> _count(1, "task"), _count(1200, "task")
    ('1 task', '1,200 tasks')
    """
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def _bound(value: Number | None, missing: str | None) -> Any:
    return missing if value is None else format_number(value)


def _question(gamma: Number, strict: bool) -> str:
    return f"value {'>' if strict else '≥'} {format_number(gamma)}"
