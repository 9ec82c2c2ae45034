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
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich import box
from rich.markup import escape
from rich.status import Status
from rich.table import Table

from evalgame.cli.progress import QUIET_SECONDS, time_limit
from evalgame.cli.shared import JsonOutput, console, err_console, json_stops, print_json
from evalgame.errors import InputError, SchedulerLost
from evalgame.numbers import Number, exact, format_number
from evalgame.provenance import describe
from evalgame.vocabulary import bounds_json, exact_json, seconds_json

if TYPE_CHECKING:
    from evalgame.games.matching.sittings import SavedQuestion
    from evalgame.proofs import Problem, ProofResult, ProofStatus
    from evalgame.proofs.projection import Projection
    from evalgame.proofs.simulate import Simulation
    from evalgame.proofs.store import Sitting, StoreSummary


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
        if progress.numbers is not None:  # job-level df-pn: the root's numbers say more
            eta = f", root's proof/disproof numbers {_numbers(*progress.numbers)}"
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

    quiet_cancelled_callbacks()
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


def quiet_cancelled_callbacks() -> None:
    """Silence tornado's tracebacks of callbacks that fail as a Dask client closes with
    tasks still running (Ctrl-C, ``--timeout``, a lost scheduler), even after the close
    returns; Ctrl-C early in a call can leave Dask's own cancel callback a ``NameError``.
    The process is ending and says what it proved, so they are noise on its terminal.
    Importing distributed sets that logger's level (its logging configuration): it is
    imported first, or it would undo this (1 test run in 5 under load showed one).

    >>> quiet_cancelled_callbacks(); logging.getLogger("tornado.application").level
    50
    """
    import distributed.config  # noqa: F401

    logging.getLogger("tornado.application").setLevel(logging.CRITICAL)


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
        help="A proof store (--store of a parallel solve or of df-pn in sittings), or a "
        "numbers file of older versions (tiling_proofs.py --numbers).",
    ),
    json_output: JsonOutput = False,
    project: list[str] = typer.Option(
        [],
        "--project",
        metavar="N[,N…]",
        help="Also project the wall time of the recorded work on N workers (repeatable, or "
        "commas: --project 16,64); the model is in docs/proofs.md.",
    ),
    simulate: bool = typer.Option(
        False,
        "--simulate",
        help="With --project, for a tiling store of job-level df-pn: instead of the recorded "
        "work, run the store's questions again by job-level df-pn, from nothing, on N "
        "simulated workers (the manager's extra jobs with N included; minutes: each N "
        "searches the whole proof in this process).",
    ),
    latency: float | None = typer.Option(
        None,
        "--latency",
        metavar="L",
        help="With --simulate: the seconds of overhead a job (round trip, shipping), "
        "measured as (workers × wall − CPU) ÷ jobs of a real run (default 0.17: this "
        "machine's, docs/proofs.md).",
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
    the code versions that proved its facts, and df-pn's questions asked in sittings
    (answered or open, their work, entries and the code versions that wrote them)."""
    from evalgame.games.matching.sittings import is_numbers_file, saved_questions
    from evalgame.proofs.projection import project as projected
    from evalgame.proofs.store import ProofStore, read_only

    if is_numbers_file(store):
        if project or merge:
            raise InputError(
                f"{store} is a file of saved numbers: --project and --merge read proof stores"
            )
        show_numbers(store, json_output)
        return
    counts = _counts(project)
    if simulate and not counts:
        raise InputError("--simulate goes with --project N[,N…]: the counts of workers")
    if latency is not None and not latency >= 0:
        raise InputError(f"--latency takes seconds ≥ 0, not {latency}")
    for other in merge:
        with read_only(other) as theirs, ProofStore.open(store, theirs.problem) as mine:
            added = mine.absorb(theirs)
        if not json_output:
            console.print(f"merged {other}: {added:,} facts added", style="dim")
    with read_only(store) as opened:
        summary = opened.summary()
        projections = [] if simulate else projected(opened, counts)
    simulations = simulated(summary, counts, latency, json_output) if simulate else []
    questions = saved_questions(store)
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
                "simulation": [
                    {
                        "workers": run.workers,
                        "latency_seconds": run.latency,
                        "wall_seconds": round(run.wall, 2),
                        "speedup": round(run.speedup(simulations[0]), 2),
                        "efficiency": round(run.efficiency(simulations[0]), 3),
                        "nodes": run.nodes,
                        "nodes_ratio": round(run.nodes / max(simulations[0].nodes, 1), 3),
                        "jobs": run.jobs,
                        "job_cpu_seconds": round(run.cpu, 2),
                        "manager_cpu_seconds": round(run.manager, 2),
                        "answers": [exact_json(answer) for answer in run.answers],
                    }
                    for run in simulations
                ],
                "numbers": [_saved_json(q) for q in questions],
            }
        )
        return
    console.print(f"[bold]{escape(summary.problem)}[/]  (store created {summary.created})")
    lines = [
        ("proven bounds", f"{_bound(summary.lower, '-∞')} ≤ value ≤ {_bound(summary.upper, '+∞')}"),
        ("questions", ", ".join(summary.questions) or "none finished"),
    ]
    if summary.asking is not None and summary.lower != summary.upper:
        lines.append(("asking", f"{_question(*summary.asking)} (resumed first)"))
    lines += [
        ("subproblems", f"{summary.proven:,} proven, {summary.open:,} open when last stopped"),
        ("work", f"{summary.nodes:,} nodes, {summary.cpu:,.1f} CPU s"),
    ]
    for number, code in enumerate(summary.codes):
        lines.append(
            (
                "proven by" if number == 0 else "",
                f"{_count(code.facts, 'fact')}: "
                f"{describe({'code': code.code, 'options': code.options})}",
            )
        )
    leaves, size = summary.checkpoints
    if leaves:
        lines.append(
            (
                "checkpoints",
                f"{leaves:,} of open leaves, which go on where they stopped "
                f"({size / 2**20:.1f} MB)",
            )
        )
    if summary.cost is not None:
        median, p90, p99, most = summary.cost
        lines.append(
            ("CPU s a task", f"median {median:.3g}, 90% {p90:.3g}, 99% {p99:.3g}, max {most:.3g}")
        )
    console.print(labelled(lines), markup=False, highlight=False)
    if summary.workers:
        rows = [
            [name, f"{share.facts:,}", f"{share.nodes:,}", f"{share.cpu:,.1f}",
             f"{share.rate:,.0f}"]
            for name, share in sorted(summary.workers.items())
        ]  # fmt: skip
        console.print(add_rows(columns("worker", "facts", "nodes", "CPU s", "nodes / CPU s"), rows))
    if summary.sittings:
        sittings = [_sitting_line(n, sitting) for n, sitting in enumerate(summary.sittings, 1)]
        console.print(labelled(sittings), markup=False, highlight=False)
    if projections:
        show_projections(projections)
    if simulations:
        show_simulations(simulations)
    if questions:
        console.print(
            "df-pn's questions asked in sittings (evalgame tiling --dfpn-mb), a row each:"
        )
        show_saved(questions)


#: the width of the labels of :func:`labelled` ("CPU s a task", "sitting 12")
LABEL_WIDTH = 14


def labelled(lines: list[tuple[str, str]], width: int | None = None) -> str:
    """Lines of text each after a label, for the terminal's width (80 in a pipe): a text
    longer than the width wraps under itself, never under the labels, and nothing is cut.

    >>> print(labelled([("work", "1 2 3 4 5 6 7 8 9"), ("", "done")], width=24))
    work           1 2 3 4 5
                   6 7 8 9
                   done
    """
    width = max(console.width if width is None else width, LABEL_WIDTH + 11)
    indent = " " * (LABEL_WIDTH + 1)
    shown = []
    for label, text in lines:
        wrapped = [
            part
            for paragraph in text.split("\n")
            for part in textwrap.wrap(paragraph, width - len(indent), break_on_hyphens=False)
            or [""]
        ]
        shown.append(f"{label:<{LABEL_WIDTH}} {wrapped[0]}".rstrip())
        shown.extend(indent + part for part in wrapped[1:])
    return "\n".join(shown)


def columns(*headers: str) -> Table:
    """A table whose columns wrap (their headers too) instead of cutting their cells
    with ``…`` when the terminal or a pipe is narrower than the table; add its rows with
    :func:`add_rows`, which keeps a number in one piece while the width allows."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, collapse_padding=True)
    for header in headers:
        table.add_column(header, overflow="fold")
    return table


def add_rows(table: Table, rows: list[list[str]], width: int | None = None) -> Table:
    """``table`` (of :func:`columns`) with ``rows``, fitted to ``width`` (default: the
    terminal's, 80 in a pipe): the columns whose text wraps at spaces are narrowed first,
    the most room first (a date above its time, a header on two lines), so that numbers
    stay whole; only a width too small for that folds them.

    >>> table = add_rows(columns("last saved (UTC)", "nodes"), [["2026-11-26 18:16", "9,999"]], 17)
    >>> [column.max_width for column in table.columns]
    [10, None]
    """
    for row in rows:
        table.add_row(*row)
    room = console.width if width is None else width
    texts = [
        [str(column.header), *(row[index] for row in rows)]
        for index, column in enumerate(table.columns)
    ]
    natural = [max(map(len, column)) for column in texts]
    words = [max(len(word) for text in column for word in text.split() or [""]) for column in texts]
    gaps = 2 * (len(natural) - 1)  # the space between two columns
    for index in sorted(range(len(natural)), key=lambda i: words[i] - natural[i]):
        excess = sum(natural) + gaps - room
        if excess <= 0:
            break
        narrower = max(words[index], natural[index] - excess)
        if narrower < natural[index]:
            table.columns[index].max_width = natural[index] = narrower
    return table


def show_numbers(path: Path, json_output: bool) -> None:
    """The questions of a numbers file of older versions: the board and position asked
    about, answer, work, sittings, last save; and how to convert it into a proof store."""
    from evalgame.games.matching.sittings import saved_questions

    questions = saved_questions(path)
    if json_output:
        print_json({"numbers_file": str(path), "questions": [_saved_json(q) for q in questions]})
        return
    boards = list(dict.fromkeys(_board_name(q.board) for q in questions if q.board is not None))
    named = f" of {' and '.join(boards)}" if boards else ""
    if any(q.board is None for q in questions):  # rows saved before the board was recorded
        named += " (and rows that do not say their board)" if boards else " (board not recorded)"
    console.print(f"[bold]{escape(str(path))}[/]: df-pn's saved numbers{named}, a question a row")
    show_saved(questions)
    console.print(
        f"an older numbers file: `evalgame tiling ROWS COLS --first F --import {path} --store "
        "STORE` copies it into a proof store",
        style="dim",
        soft_wrap=True,
        markup=False,
    )


def _saved_json(q: SavedQuestion) -> dict[str, Any]:
    """One question of df-pn's saved numbers, for ``--json``."""
    return {
        "board": q.board,
        "position": _position(q.board, q.free),
        "gamma": exact_json(q.gamma),
        "to_move": "max" if q.max_to_move else "min",
        "free": hex(q.free),
        "answer": q.answer,
        "stats": {"nodes": q.nodes, "cpu_seconds": seconds_json(q.cpu)},
        "sittings": q.sittings,
        "saved": q.saved,
        "bytes": q.size,
        "entries": q.entries,
        "provenance": list(q.provenance),
    }


def show_saved(questions: list[SavedQuestion]) -> None:
    """df-pn's questions, a row each (with the entries of their numbers), and the code
    versions that wrote them."""
    table = columns(
        "question", "to move", "free cells", "answer", "nodes", "CPU s", "sittings",
        "last saved (UTC)", "entries",
    )  # fmt: skip
    written: dict[str, list[str]] = {}  # by code version, the rows it wrote
    rows = []
    for q in questions:
        answer = "open" if q.answer is None else "yes" if q.answer else "no"
        rows.append([
            f"value ≥ {q.gamma}?", "MAX" if q.max_to_move else "MIN", str(q.free.bit_count()),
            answer, f"{q.nodes:,}", f"{q.cpu:,.0f}", str(q.sittings), q.saved,
            f"{q.entries:,}",
        ])  # fmt: skip
        for code in q.codes:
            written.setdefault(code, []).append(
                f"value ≥ {q.gamma} ({'MAX' if q.max_to_move else 'MIN'} to move, "
                f"{q.free.bit_count()} free)"
            )
    console.print(add_rows(table, rows))
    for code, wrote in written.items():
        console.print(
            labelled([("written by", f"{code}: {', '.join(wrote)}")]), markup=False, highlight=False
        )


def _board_name(drawing: str) -> str:
    """``the 8×8 board``, or with blocked cells ``the board ..#/...``.

    >>> _board_name("..../...."), _board_name("..#/...")
    ('the 2×4 board', 'the board ..#/...')
    """
    from evalgame.games.tiling.board import parse_board

    board = parse_board(drawing)
    return f"the {board.label()} board" if not board.blocked else f"the board {drawing}"


def _position(drawing: str | None, free: int) -> str | None:
    """The position a question asks about, drawn as ``evalgame tiling --board`` reads it:
    the board's free cells ``.``, the others ``#`` (``None``: the board is not recorded).

    >>> _position("..../....", 0b01111110)
    '#.../...#'
    """
    if drawing is None:
        return None
    from evalgame.games.tiling.board import Board, parse_board

    board = parse_board(drawing)
    return Board(board.rows, board.cols, board.cells(board.full & ~free)).drawing()


def show_projections(projections: list[Projection]) -> None:
    """The projected wall times, one row per count of workers."""
    first = projections[0]
    unrecorded = (
        f", {first.unrecorded:,.0f} of them left no task row (spread evenly)"
        if first.unrecorded
        else ""
    )
    text = (
        f"the recorded work ({_count(first.tasks, 'task')}, {first.one:,.0f} CPU "
        f"s{unrecorded}) on N workers; longest chain {first.critical:,.0f} s "
        "(docs/proofs.md: the model)"
    )
    console.print(labelled([("projection", text)]), markup=False, highlight=False)
    rows = [
        [f"{p.workers:,}", f"{p.wall:,.0f}", f"{p.speedup:.2f}×", f"{p.speedup / p.workers:.0%}"]
        for p in projections
    ]
    console.print(add_rows(columns("workers", "wall s", "speed-up", "share busy"), rows))


def _counts(project: list[str]) -> list[int]:
    """The counts of workers of ``--project`` (repeated, or with commas).

    >>> _counts(["1,2", "16"])
    [1, 2, 16]
    """
    counts = []
    for text in (part.strip() for given in project for part in given.split(",")):
        if not text.isdigit() or int(text) < 1:
            raise InputError(f"--project takes a number of workers ≥ 1, not {text!r}")
        counts.append(int(text))
    return counts


def simulated(
    summary: StoreSummary, counts: list[int], latency: float | None, quiet: bool
) -> list[Simulation]:
    """``--simulate``: the store's questions (those finished, then the one it was asking)
    answered again on each count of simulated workers, one worker first: the runs are
    compared with it (:mod:`evalgame.proofs.simulate`)."""
    from evalgame.proofs.simulate import LATENCY, simulate

    latency = LATENCY if latency is None else latency
    problem = _tiling_problem(summary.problem)
    asked = [_parsed_question(text) for text in summary.questions]
    if summary.asking is not None and summary.asking not in asked:
        asked.append(summary.asking)
    if not asked:
        raise InputError(f"{summary.problem}: the store asked no question yet to simulate")
    workers = list(dict.fromkeys([1, *counts]))
    if not quiet:
        err_console.print(
            f"simulating {', '.join(_question(*q) for q in asked)} on "
            f"{', '.join(map(str, workers))} workers, L = {latency:g} s a job…",
            style="dim",
        )
    return simulate(problem, asked, workers, latency=latency)


def _tiling_problem(label: str) -> Problem:
    """The tiling problem of a store's label, proven by job-level df-pn.

    >>> _tiling_problem("tiling 6×7, MIN first").label
    'tiling 6×7, MIN first'
    >>> _tiling_problem("tiling ..#/..., MAX first").blocked
    ((0, 2),)
    """
    from evalgame.games.tiling.board import parse_board
    from evalgame.games.tiling.proof import TilingProblem
    from evalgame.search.protocol import Player

    found = re.fullmatch(r"tiling (\S+), (MAX|MIN) first", label)
    if found is None:
        raise InputError(f"--simulate runs job-level df-pn on tiling boards, not on {label!r}")
    first = Player.MAX if found.group(2) == "MAX" else Player.MIN
    size = re.fullmatch(r"(\d+)×(\d+)", found.group(1))
    if size is not None:
        return TilingProblem(int(size.group(1)), int(size.group(2)), first, algorithm="dfpn")
    board = parse_board(found.group(1))
    return TilingProblem(
        board.rows, board.cols, first, algorithm="dfpn", blocked=tuple(board.blocked_cells)
    )


def _parsed_question(text: str) -> tuple[Number, bool]:
    """A question as the store writes it, as (γ, strict).

    >>> _parsed_question("value ≥ 22"), _parsed_question("value > 43/2")
    ((22, False), (Fraction(43, 2), True))
    """
    found = re.fullmatch(r"value ([≥>]) (\S+)", text)
    if found is None:
        raise InputError(f"the store's question {text!r} is not 'value ≥ γ' nor 'value > γ'")
    return exact(found.group(2)), found.group(1) == ">"


def show_simulations(runs: list[Simulation]) -> None:
    """The simulated runs, one row per count of workers, against the one-worker run."""
    one = runs[0]
    answers = ", ".join("none" if a is None else format_number(a) for a in one.answers)
    text = (
        f"job-level df-pn on N simulated workers, L = {one.latency:g} s a job, from nothing "
        f"(fail-soft answers {answers}); every worker shares one table here, so real "
        "workers likely search more nodes (docs/proofs.md: the model)"
    )
    console.print(labelled([("simulation", text)]), markup=False, highlight=False)
    rows = [
        [
            f"{run.workers:,}", f"{run.wall:,.2f}", f"{run.speedup(one):.2f}×",
            f"{run.efficiency(one):.0%}", f"{run.nodes:,}", f"{run.nodes / max(one.nodes, 1):.2f}",
            f"{run.jobs:,}", f"{run.manager:,.1f}",
        ]
        for run in runs
    ]  # fmt: skip
    headers = ("workers", "wall s", "speed-up", "efficiency", "nodes", "nodes×", "jobs",
               "manager CPU s")  # fmt: skip
    console.print(add_rows(columns(*headers), rows))


def _sitting_line(number: int, sitting: Sitting) -> tuple[str, str]:
    """One run of the manager as a label and its text on two lines: when, how long and its
    work; then the bounds it left, why it stopped and the questions it finished.

    >>> from evalgame.proofs.store import Sitting
    >>> label, text = _sitting_line(2, Sitting(1.8e9, 1.8e9 + 60, 2, 10**6, 90.0, 25, 31, [],
    ...                                        "finished"))
    >>> print(label); print(text)
    sitting 2
    2027-01-15 08:00 UTC, 60 s on 2 workers, 1,000,000 nodes, 90.0 CPU s
    → 25 ≤ value ≤ 31 (finished)
    """
    wall = sitting.ended - sitting.started
    workers = _count(sitting.workers, "worker")
    finished = f"; finished {', '.join(sitting.questions)}" if sitting.questions else ""
    code = "" if sitting.code is None else f"\ncode {sitting.code}"
    return f"sitting {number}", (
        f"{sitting.start} UTC, {wall:,.0f} s on {workers}, "
        f"{sitting.nodes:,} nodes, {sitting.cpu:,.1f} CPU s\n"
        f"→ {_bound(sitting.lower, '-∞')} ≤ value ≤ {_bound(sitting.upper, '+∞')} "
        f"({sitting.outcome}){finished}{code}"
    )


def _numbers(proof: int, disproof: int) -> str:
    """The root's proof and disproof numbers (the kernel's 2³² − 1: infinite).

    >>> _numbers(12, 3400), _numbers(0, 2**32 - 1)
    ('12/3,400', '0/∞')
    """
    return "/".join("∞" if n >= 2**32 - 1 else f"{n:,}" for n in (proof, disproof))


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
