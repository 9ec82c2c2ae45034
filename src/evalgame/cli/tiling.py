"""``evalgame tiling ROWS COLS``: the domino tiling game of the paper's §6, solved exactly;
``--board ..#/...`` for any board (``#`` a blocked cell).

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> import json
>>> out = json.loads(CliRunner().invoke(app, ["tiling", "3", "4", "--json"]).output)
>>> out["rows"], out["cols"], out["first"], out["value"]
(3, 4, 'max', '5')
>>> out = json.loads(CliRunner().invoke(app, ["tiling", "--board", "..#/...", "--json"]).output)
>>> out["board"], out["value"]
('..#/...', '2')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import typer
from rich.table import Table as RichTable
from rich.text import Text

from evalgame.analysis.tiling_pictures import draw_tiling
from evalgame.cli.progress import (
    TIMEOUT_HELP,
    check_seconds,
    late_status,
    search_budget,
    time_limit,
)
from evalgame.cli.proofs import ProofOptions, report_proof
from evalgame.cli.shared import (
    SLICE_SECONDS,
    Ask,
    Fresh,
    JsonOutput,
    Ladder,
    Scheduler,
    SliceSeconds,
    Store,
    Workers,
    console,
    err_console,
    json_stops,
    picture_path,
    print_json,
    writing,
)
from evalgame.cli.sitting_options import (
    After,
    Cells,
    DfpnMb,
    Every,
    Import,
    KernelOptions,
    Lines,
    Moves,
    PartOption,
    Record,
    Saves,
    Seeds,
    SittingOptions,
    Trim,
    Until,
    Weak,
)
from evalgame.cli.sittings import run as run_sittings
from evalgame.errors import InputError, LimitError, SearchInterrupted
from evalgame.games.matching.native import (
    CHECKPOINT_ENTRIES,
    ENGINES,
    MAX_VERTICES,
    Engine,
    available,
    kernel_serves,
)
from evalgame.games.matching.sittings import DEFAULT_EVERY
from evalgame.games.matching.solvers import SOLVERS
from evalgame.games.tiling.board import Board, Cell, Domino, check_size, read_board
from evalgame.games.tiling.certificate import SMALL_CELLS, TAME_CELLS
from evalgame.games.tiling.game import (
    TilingSolution,
    board_segments,
    solve_tiling,
)
from evalgame.games.tiling.proof import TilingProblem
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.registry import choose, describe
from evalgame.search.stats import SearchStats
from evalgame.vocabulary import exact_json, seconds_json

if TYPE_CHECKING:
    from evalgame.analysis.tame_census import TameCensus

#: larger boards are searched only with --timeout (6×6 takes minutes, 7×7 is out of reach)
SOLVABLE_CELLS = 36
#: the largest polyominoes ``--tame`` counts (13 cells take minutes, each more about 4×
#: as long, and the census holds every polyomino in memory)
MAX_TAME_CELLS = 14
#: wild and unknown polyominoes printed (``--json`` gives all)
SHOWN_SHAPES = 12

STYLES = {Player.MAX: "bold blue", Player.MIN: "bold red", None: "bold green"}


def tiling(
    rows: int | None = typer.Argument(None, help="Rows of the board."),
    cols: int | None = typer.Argument(None, help="Columns of the board."),
    first: str = typer.Option("max", "--first", help="Who places the first domino: max or min."),
    board_text: str | None = typer.Option(
        None,
        "--board",
        help="Instead of ROWS COLS: any board, its rows joined by / with . a free cell and "
        "# a blocked one (..#/...), or a file with one row a line.",
    ),
    min_maximal: bool = typer.Option(
        False, "--min-maximal", help="Instead: a smallest maximal partial tiling (by HiGHS)."
    ),
    table: tuple[int, int] | None = typer.Option(
        None, "--table", help="Instead: the values of every board up to R×C (give R C)."
    ),
    tame: int | None = typer.Option(
        None,
        "--tame",
        metavar="N",
        help="Instead: value every polyomino of at most N cells and count the cold, hot, "
        "wild and unknown ones (the sum rule of docs/tiling_search.md).",
    ),
    algorithm: str = typer.Option("solver", "--algorithm", "-a", help=describe(SOLVERS)),
    engine: str = typer.Option(
        "auto",
        "--engine",
        help="auto (the C kernel when built), native or python (the reference solver).",
    ),
    table_mb: int | None = typer.Option(
        None,
        "--table-mb",
        help="Size of the C kernel's table in MB (default 16; 256 above 36 cells).",
    ),
    keep: int | None = typer.Option(
        None,
        "--keep",
        metavar="N",
        help="With the proof manager and --algorithm dfpn: the entries of df-pn's numbers "
        f"a stopped task saves in the store to resume from (default {CHECKPOINT_ENTRIES:,}; "
        "24 bytes each; fewer make the next sitting redo work).",
    ),
    timeout: float | None = typer.Option(
        None,
        "--timeout",
        help=f"{TIMEOUT_HELP}. Boards over {SOLVABLE_CELLS} cells need it given explicitly "
        "(they take hours).",
        callback=check_seconds,
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Also draw the final board into this .svg or .png file.",
        callback=picture_path,
    ),
    json_output: JsonOutput = False,
    workers: Workers = None,
    scheduler: Scheduler = None,
    store: Store = None,
    slice_seconds: SliceSeconds = SLICE_SECONDS,
    ladder: Ladder = None,
    ask: Ask = None,
    fresh: Fresh = False,
    certificate: Path | None = typer.Option(
        None,
        "--certificate",
        metavar="FILE",
        help="Also write a proof certificate (gzip JSON lines, docs/certificates.md) that "
        "`evalgame verify FILE` checks: of the bound --ask G proves, or of both bounds of "
        "the value (two files, FILE's name with -at_least-V and -at_most-V).",
    ),
    small_cells: int = typer.Option(
        SMALL_CELLS,
        "--small-cells",
        metavar="S",
        help="With --certificate: the checker decides positions of at most S free cells "
        "by exhaustive search.",
    ),
    tame_cells: int = typer.Option(
        TAME_CELLS,
        "--tame-cells",
        metavar="K",
        help="With --certificate: the checker decides sums of tame regions of at most K "
        "cells by the sum rule (2…24).",
    ),
    certificate_format: int = typer.Option(
        1,
        "--certificate-format",
        metavar="N",
        help="With --certificate: format 1, or 2 (format 1 and cut leaves, proposed in "
        "docs/certificates.md: smaller certificates of lower bounds).",
    ),
    dfpn_mb: DfpnMb = None,
    until: Until = None,
    every: Every = DEFAULT_EVERY,
    saves: Saves = None,
    after: After = "",
    moves: Moves = False,
    trim: Trim = None,
    part: PartOption = None,
    lines: Lines = 0,
    cells: Cells = 32,
    seeds: Seeds = 4,
    record: Record = None,
    weak: Weak = False,
    imported: Import = None,
    kernel_options: KernelOptions = "default",
) -> None:
    """MAX and MIN alternately place dominoes until the tiling is maximal; value = dominoes."""
    in_sittings = SittingOptions(
        dfpn_mb,
        until,
        every,
        saves,
        after,
        moves,
        trim,
        part,
        lines,
        cells,
        seeds,
        record,
        weak,
        imported,
        kernel_options,
    )
    if certificate is None and (
        small_cells != SMALL_CELLS or tame_cells != TAME_CELLS or certificate_format != 1
    ):
        # the kernel's own limits are its options (--dfpn-mb's searches: tame regions of
        # up to 20 cells past 49 cells); these set a certificate's leaf rules only
        raise InputError(
            "--small-cells, --tame-cells and --certificate-format set a certificate's leaf "
            "rules: give --certificate FILE"
        )
    if dfpn_mb is not None or imported is not None:
        _in_sittings(
            rows,
            cols,
            board_text,
            first,
            ask,
            store,
            table_mb,
            keep,
            timeout,
            json_output,
            in_sittings,
            [workers, scheduler, ladder, certificate, tame, table, out],
            fresh or min_maximal or engine != "auto" or algorithm not in ("solver", "dfpn"),
        )
        return
    if in_sittings.named:
        raise InputError(
            f"{', '.join(in_sittings.named)} go with df-pn in sittings: give --dfpn-mb M"
        )
    if certificate is not None:
        if tame is not None or table is not None or min_maximal or out is not None:
            raise InputError(
                "--certificate proves a bound of one board: no --tame, --table, "
                "--min-maximal or --out"
            )
        if workers or scheduler or store or ladder is not None or fresh:
            raise InputError(
                "--certificate is written in one process from the kernel's answers: no "
                "--workers, --scheduler, --store, --ladder or --fresh"
            )
        if board_text is not None and rows is not None:
            raise InputError("give ROWS COLS or --board, not both")
        if board_text is None and (rows is None or cols is None):
            raise InputError("give the board size: evalgame tiling ROWS COLS --certificate FILE")
        board = read_board(board_text) if board_text is not None else Board(rows or 0, cols or 0)
        _certify(
            board,
            _player(first),
            ask,
            certificate,
            (small_cells, tame_cells, certificate_format),
            table_mb,
            timeout,
            json_output,
        )
        return
    if tame is not None:
        if rows is not None or min_maximal or out is not None or board_text or table:
            raise InputError(
                "--tame N counts polyominoes: no ROWS COLS, --board, --table, --min-maximal "
                "or --out"
            )
        _tame_census(tame, timeout, json_output)
        return
    if table is not None:
        if rows is not None or min_maximal or out is not None or board_text is not None:
            raise InputError(
                "--table R C prints values only: no ROWS COLS, --board, --min-maximal or --out"
            )
        _table(table, timeout, json_output)
        return
    options = ProofOptions(workers, scheduler, store, timeout, slice_seconds, ladder, ask, fresh)
    if keep is not None and not (options.wanted and algorithm == "dfpn"):
        raise InputError(
            "--keep sizes the checkpoints of a proof by --algorithm dfpn with --workers, "
            "--scheduler, --store or --ask"
        )
    if board_text is not None:
        if rows is not None or min_maximal or options.wanted:
            raise InputError(
                "--board draws the whole board and is solved in one process: no ROWS COLS, "
                "--min-maximal, --workers, --scheduler, --store or --ask"
            )
        player = _player(first)
        choose(SOLVERS, algorithm)
        board = read_board(board_text)
        _solve(board, player, algorithm, _engine(engine), table_mb, timeout, out, json_output)
        return
    if rows is None or cols is None:
        raise InputError(
            "give the board size: evalgame tiling ROWS COLS (or --board ..#/..., or --table R C)"
        )
    check_size(rows, cols)
    if min_maximal:
        _min_maximal(rows, cols, timeout, out, json_output)
        return
    player = _player(first)
    choose(SOLVERS, algorithm)  # refused before the size check
    if options.wanted:
        if out is not None or algorithm not in ("solver", "dfpn"):
            raise InputError(
                "a parallel proof gives the value only: no --out, and --algorithm solver or dfpn"
            )
        _engine_used(Board(rows, cols), algorithm, _engine(engine))  # a note if Python
        problem = TilingProblem(
            rows,
            cols,
            player,
            engine=_engine(engine),
            table_mb=table_mb,
            algorithm=algorithm,
            keep=CHECKPOINT_ENTRIES if keep is None else keep,
        )
        report_proof(
            problem,
            options,
            {"rows": rows, "cols": cols, "first": player.value},
            json_output,
            lambda proof: (
                f"tiling game on the {rows}×{cols} board, {player.value.upper()} "
                f"first: [bold]{proof.value}[/] dominoes under optimal play"
            ),
        )
        return
    board = Board(rows, cols)
    _solve(board, player, algorithm, _engine(engine), table_mb, timeout, out, json_output)


def _in_sittings(
    rows: int | None,
    cols: int | None,
    board_text: str | None,
    first: str,
    ask: str | None,
    store: Path | None,
    table_mb: int | None,
    keep: int | None,
    timeout: float | None,
    json_output: bool,
    options: SittingOptions,
    others: list[object],
    switches: bool,
) -> None:
    """``--dfpn-mb M`` (or ``--import FILE``): df-pn in this process, in sittings."""
    if switches or any(other not in (None, False) for other in others):
        raise InputError(
            "--dfpn-mb asks the C kernel's df-pn in this process, in sittings kept in --store: "
            "no --workers, --scheduler, --ladder, --fresh, --certificate, --tame, --table, "
            "--min-maximal, --out, --engine or another --algorithm"
        )
    if board_text is not None and rows is not None:
        raise InputError("give ROWS COLS or --board, not both")
    if board_text is None and (rows is None or cols is None):
        raise InputError("give the board: evalgame tiling ROWS COLS --dfpn-mb M")
    if board_text is None:
        check_size(rows or 0, cols or 0)
    board = read_board(board_text) if board_text is not None else Board(rows or 0, cols or 0)
    run_sittings(board, _player(first), ask, store, table_mb, keep, timeout, json_output, options)


def _certify(
    board: Board,
    player: Player,
    ask: str | None,
    path: Path,
    rules: tuple[int, int, int],
    table_mb: int | None,
    timeout: float | None,
    json_output: bool,
) -> None:
    """``--certificate``: prove the bound ``--ask`` asks, or the value, and write the
    certificate of each bound proven; ``rules``: the leaf limits S and K and the format."""
    from evalgame.games.tiling.certificate import (
        CertificateSummary,
        Claim,
        certificate_path,
        certificate_solver,
        write_certificate,
    )

    if not available():
        raise InputError("certificates are written from the C kernel's answers: it is not built")
    if board.n > MAX_VERTICES:
        raise LimitError(
            f"the number of cells of {_name(board)}",
            board.n,
            MAX_VERTICES,
            "certificates are written from the C kernel's answers, which stops there",
        )
    gamma = _threshold(ask)
    free = board.start.bit_count()
    if free > SOLVABLE_CELLS and timeout is None:
        raise LimitError(
            f"the number of free cells of {_name(board)}",
            free,
            SOLVABLE_CELLS,
            "a certificate of a larger board takes hours; pass --timeout S (0: no limit)",
        )
    max_first = player is Player.MAX
    small_cells, tame_cells, version = rules
    summaries: list[CertificateSummary] = []
    with late_status() as show:
        latest: list[CertificateSummary] = []

        def report(summary: CertificateSummary) -> None:
            latest[:] = [summary]
            leaves = sum(summary.leaves.values())
            show(
                f"certificate of value {'≥' if summary.claim == 'at_least' else '≤'} "
                f"{summary.bound}: {summary.entries:,} entries, {summary.opponent:,} "
                f"opponent positions, {leaves:,} leaves, {summary.kernel_nodes:,} kernel "
                f"nodes, {budget.elapsed:.1f} s (Ctrl-C stops)",
                budget.elapsed,
            )

        def progress(stats: SearchStats, _: Budget) -> None:
            if latest:
                latest[0].kernel_nodes = stats.nodes
                report(latest[0])
            else:
                show(f"asking the root's question: {stats.nodes:,} kernel nodes", budget.elapsed)

        budget = Budget(seconds=time_limit(timeout), on_progress=progress)
        context = {**_context(board), "first": player.value, "certificates": None}
        with json_stops(json_output, **context), budget.guard():
            solver = certificate_solver(board, tame_cells, table_mb=table_mb, budget=budget)
            if gamma is None:
                value = solver.value(board.start, max_first)
                claims: list[tuple[Claim, int]] = [("at_least", value), ("at_most", value)]
                paths = [certificate_path(path, claim, value) for claim, value in claims]
            else:
                holds = solver.test(board.start, max_first, gamma) >= gamma
                claims = [("at_least", gamma) if holds else ("at_most", gamma - 1)]
                paths = [path]
            for (claim, bound), target in zip(claims, paths, strict=True):
                summaries.append(
                    write_certificate(
                        board,
                        max_first,
                        claim,
                        bound,
                        target,
                        small_cells=small_cells,
                        tame_cells=tame_cells,
                        solver=solver,
                        budget=budget,
                        report=report,
                        version=version,
                    )
                )
    if json_output:
        print_json({**context, "certificates": [s.as_dict() for s in summaries]})
        return
    for summary in summaries:
        sign = "≥" if summary.claim == "at_least" else "≤"
        leaves = ", ".join(f"{count:,} {rule}" for rule, count in summary.leaves.items())
        console.print(
            f"{_name(board)}, {player.value.upper()} first: value {sign} "
            f"[bold]{summary.bound}[/], certificate {summary.path} ({summary.entries:,} "
            f"entries, {summary.bytes:,} bytes; {summary.opponent:,} opponent positions; "
            f"leaves: {leaves}; {summary.kernel_nodes:,} kernel nodes, "
            f"{summary.seconds:.1f} s)"
        )
    console.print(
        "check with: " + " ; ".join(f"evalgame verify {s.path}" for s in summaries), style="dim"
    )


def _threshold(ask: str | None) -> int | None:
    """The integer of ``--ask G``, or None without it."""
    if ask is None:
        return None
    try:
        return int(ask.strip())
    except ValueError:
        raise InputError(f"--ask G needs an integer number of dominoes, not {ask!r}") from None


def _solve(
    board: Board,
    player: Player,
    algorithm: str,
    engine: Engine,
    table_mb: int | None,
    timeout: float | None,
    out: Path | None,
    json_output: bool,
) -> None:
    """Solve one game (boards over :data:`SOLVABLE_CELLS` free cells only with a timeout)."""
    rows, cols, free = board.rows, board.cols, board.start.bit_count()
    if free > SOLVABLE_CELLS and timeout is None:
        raise LimitError(
            f"the number of free cells of {_name(board)}",
            free,
            SOLVABLE_CELLS,
            "it cannot be solved exactly in reasonable time; pass --timeout S for the bounds "
            "proven within S seconds",
        )
    used = _engine_used(board, algorithm, engine)
    context = _context(board)
    with (
        json_stops(json_output, **context, first=player.value, value=None),
        search_budget(f"tiling {board.label()}", timeout=timeout) as budget,
    ):
        solution = solve_tiling(
            rows,
            cols,
            player,
            blocked=board.blocked_cells,
            algorithm=algorithm,
            budget=budget,
            engine=engine,
            table_mb=table_mb,
        )
    if out is not None:
        _draw(rows, cols, solution.dominoes, out, player, solution.blocked)
    _show(solution, algorithm, used, json_output)


def _name(board: Board) -> str:
    """``the 3×4 board``, or with blocked cells ``the board ..#/...``."""
    if board.blocked:
        return f"the board {board.drawing()}"
    return f"the {board.rows}×{board.cols} board"


def _context(board: Board) -> dict[str, object]:
    """What a JSON answer says of the board: its size, and its drawing when it has holes."""
    context: dict[str, object] = {"rows": board.rows, "cols": board.cols}
    if board.blocked:
        context["board"] = board.drawing()
    return context


def _show(solution: TilingSolution, algorithm: str, engine: str, json_output: bool) -> None:
    """A solved game: one JSON object, or the value, a principal line and statistics
    (``algorithm``: its name in the table of solvers; ``engine``: native or python)."""
    rows, cols, player = solution.rows, solution.cols, solution.first
    board = Board(rows, cols, solution.blocked)
    if json_output:
        print_json(
            {
                **_context(board),
                "first": player.value,
                "value": exact_json(solution.value),
                "pv": _cells(solution.dominoes),
                "algorithm": algorithm,
                "engine": engine,
                "stats": solution.stats.as_dict(),
                "seconds": seconds_json(solution.seconds),
            }
        )
        return
    console.print(
        f"tiling game on {_name(board)}, {player.value.upper()} first: "
        f"[bold]{solution.value}[/] dominoes under optimal play"
    )
    if solution.dominoes:
        console.print(
            "a principal line of play (numbers: order of play; "
            "[bold blue]MAX[/] blue, [bold red]MIN[/] red; # blocked):"
        )
        console.print(render(rows, cols, solution.dominoes, player, solution.blocked))
    stats = solution.stats
    console.print(
        f"{solution.algorithm}: {stats.nodes:,} nodes, {stats.table_hits:,} table hits, "
        f"{solution.seconds:.3f} s",
        style="dim",
    )


def render(
    rows: int,
    cols: int,
    dominoes: Sequence[Domino],
    first: Player | None,
    blocked: Sequence[Cell] = (),
) -> Text:
    """The board for the terminal: moves coloured by player (one colour without ``first``)."""
    text = Text()
    for number, line in enumerate(board_segments(rows, cols, dominoes, blocked)):
        if number:
            text.append("\n")
        for piece, index in line:
            if index is None:
                text.append(piece, style="dim")
                continue
            player = None if first is None else first if index % 2 == 0 else first.opponent
            text.append(piece, style=STYLES[player])
    return text


def _min_maximal(
    rows: int, cols: int, timeout: float | None, out: Path | None, json_output: bool
) -> None:
    from evalgame.analysis.min_maximal import minimum_maximal_tiling

    with json_stops(json_output, rows=rows, cols=cols, value=None):
        tiling = minimum_maximal_tiling(rows, cols, seconds=time_limit(timeout))
    if out is not None:
        _draw(rows, cols, tiling.dominoes, out, None)
    if json_output:
        print_json(
            {
                "rows": rows,
                "cols": cols,
                "value": exact_json(tiling.value),
                "tiling": _cells(tiling.dominoes),
                "dual_bound": tiling.dual_bound,
                "seconds": seconds_json(tiling.seconds),
            }
        )
        return
    console.print(
        f"every maximal partial tiling of the {rows}×{cols} board has at least "
        f"[bold]{tiling.value}[/] dominoes; one with {tiling.value}:"
    )
    console.print(render(rows, cols, tiling.dominoes, None))
    console.print(
        f"HiGHS: optimal, dual bound {tiling.dual_bound:.6g}, {tiling.seconds:.3f} s", style="dim"
    )


def _table(size: tuple[int, int], timeout: float | None, json_output: bool) -> None:
    top_rows, top_cols = size
    check_size(top_rows, top_cols)
    started = time.monotonic()
    solved: dict[tuple[int, int], tuple[int, int]] = {}
    boards = [(r, c) for r in range(1, top_rows + 1) for c in range(1, top_cols + 1)]
    stopped: SearchInterrupted | None = None
    with search_budget("tiling table", timeout=timeout) as budget:
        try:
            for r, c in boards:
                solved[r, c] = solved.get((c, r)) or (
                    _table_value(r, c, Player.MAX, budget),
                    _table_value(r, c, Player.MIN, budget),
                )
        except SearchInterrupted as stop:
            stopped = stop
    # a board has its transpose's values: after a stop, fill in the ones not reached yet
    values = {
        (r, c): solved.get((r, c)) or solved[c, r]
        for r, c in boards
        if (r, c) in solved or (c, r) in solved
    }
    if json_output:
        rows = [
            {"rows": r, "cols": c, "max_first": exact_json(v[0]), "min_first": exact_json(v[1])}
            for (r, c), v in values.items()
        ]
        answer: dict[str, object] = {
            "table": rows,
            "seconds": seconds_json(time.monotonic() - started),
        }
        print_json(answer if stopped is None else {**answer, **stopped.as_json()})
    else:
        console.print("tiling game values (MAX first / MIN first); rows down, columns across")
        known = [f"{a}/{b}" for a, b in values.values()] or ["?"]
        width = max(map(len, known)) + 1
        console.print("   " + "".join(f"{c:>{width}}" for c in range(1, top_cols + 1)), style="dim")
        for r in range(1, top_rows + 1):
            cells = "".join(
                (f"{values[r, c][0]}/{values[r, c][1]}" if (r, c) in values else "?").rjust(width)
                for c in range(1, top_cols + 1)
            )
            console.print(f"{r:>3}{cells}")
    if stopped is not None:
        raise typer.Exit(stopped.exit_code) if json_output else stopped


def _tame_census(cells: int, timeout: float | None, json_output: bool) -> None:
    """``--tame N``: the census of :mod:`evalgame.analysis.tame_census`, with a status line."""
    from evalgame.analysis.tame_census import tame_census

    if cells < 2:
        raise InputError(f"--tame needs polyominoes of at least 2 cells, not {cells}")
    if cells > MAX_TAME_CELLS:
        raise LimitError(
            "--tame",
            cells,
            MAX_TAME_CELLS,
            "past it the census needs several GB and hours: call "
            "evalgame.analysis.tame_census.tame_census(n, entries=...) from Python",
        )
    started = time.monotonic()
    with late_status() as show:

        def progress(census: TameCensus, elapsed: float) -> None:
            if not census.sizes:
                return
            size = census.sizes[-1]
            show(
                f"tame census to {cells} cells: {size.cells} cells, {size.polyominoes:,} "
                f"polyominoes so far ({size.cold:,} cold, {size.hot:,} hot, "
                f"{size.wild:,} wild, {size.unknown:,} unknown); every one of "
                f"≤ {census.checked} cells done; {elapsed:.1f} s (Ctrl-C stops)",
                elapsed,
            )

        census = tame_census(cells, seconds=time_limit(timeout), progress=progress)
    seconds = time.monotonic() - started
    if json_output:
        answer = {**census.as_dict(), "seconds": seconds_json(seconds)}
        print_json(answer if census.stop is None else {**answer, **census.stop.as_json()})
    else:
        _show_census(census, seconds)
    if census.stop is not None:
        if not json_output:
            console.print(f"stopped: {census.stop.reason}", style="dim")
        raise typer.Exit(census.stop.exit_code)


def _show_census(census: TameCensus, seconds: float) -> None:
    table = RichTable("cells", "polyominoes", "cold", "hot", "wild", "unknown", box=None)
    for size in census.sizes:
        counts = (size.polyominoes, size.cold, size.hot, size.wild, size.unknown)
        part = "" if size.cells <= census.checked else " (part)"
        table.add_row(f"{size.cells}{part}", *(f"{number:,}" for number in counts))
    console.print(table)
    done = [size for size in census.sizes if size.cells <= census.checked]
    wild, unknown = sum(size.wild for size in done), sum(size.unknown for size in done)
    console.print(
        f"every polyomino of ≤ {census.checked} cells is tame"
        + (f" except {wild:,} wild and {unknown:,} unknown" if wild or unknown else "")
        + f" ({seconds:.1f} s): every position whose regions are tame polyominoes of "
        f"≤ {census.checked} cells is decided by the sum rule"
    )
    if not any(drawing.count(".") <= census.checked for drawing in census.hole_free):
        console.print(
            f"no wild or unknown one of ≤ {census.checked} cells can occur on a board without "
            f"blocked cells: there every position whose regions have ≤ {census.checked} cells "
            "is decided"
        )
    kinds = (
        ("wild", census.wild),
        ("wild, with every move leaving tame regions", census.roots),
        ("unknown", census.unknown),
        ("wild or unknown, possible on a board without blocked cells", census.hole_free),
    )
    for kind, drawings in kinds:
        shown = ", ".join(drawings[:SHOWN_SHAPES])
        more = f" and {len(drawings) - SHOWN_SHAPES:,} more (--json lists all)"
        if drawings:
            console.print(f"{kind}: {shown}{more if len(drawings) > SHOWN_SHAPES else ''}")


def _table_value(rows: int, cols: int, first: Player, budget: Budget) -> int:
    """The value of one board of the table; a stop names the board and its own bounds."""
    budget.lower = budget.upper = None
    try:
        return solve_tiling(rows, cols, first, budget=budget).value
    except SearchInterrupted as stop:
        board = f"{rows}×{cols}, {first.value.upper()} first"
        raise SearchInterrupted(
            f"{stop.reason} while solving {board}", stop.lower, stop.upper, stop.stats
        ) from None


def _draw(
    rows: int,
    cols: int,
    dominoes: Sequence[Domino],
    out: Path,
    first: Player | None,
    blocked: Sequence[Cell] = (),
) -> None:
    if first is None:
        title = f"a smallest maximal partial tiling of {rows}×{cols}: {len(dominoes)} dominoes"
    else:
        title = f"{rows}×{cols}, {first.value.upper()} first: {len(dominoes)} dominoes"
    with writing(out):
        draw_tiling(rows, cols, dominoes, out, first=first, title=title, blocked=blocked)


def _player(name: str) -> Player:
    lowered = name.strip().lower()
    if lowered not in ("max", "min"):
        raise InputError(f"--first must be max or min, not {name!r}")
    return Player.MAX if lowered == "max" else Player.MIN


def _engine(name: str) -> Engine:
    for known in ENGINES:
        if known == name:
            return known
    raise InputError(f"unknown engine {name!r}; choose one of {', '.join(ENGINES)}")


def _engine_used(board: Board, algorithm: str, engine: Engine) -> str:
    """Which engine searches ``board`` — ``native`` (the C kernel) or ``python`` — saying
    on standard error when the specialised solver falls back to Python: the kernel is not
    built, or the board is larger than it holds (its whole grid, blocked cells included).
    The engine's own searches (``--algorithm mtdf``...) are Python's; df-pn is the kernel's.
    """
    if algorithm == "dfpn":
        return "native"
    if algorithm != "solver":
        return "python"
    if kernel_serves(board.n, engine):
        return "native"
    if engine == "auto":
        if not available():
            reason = "the C kernel is not built"
        else:
            cells = "cells (blocked ones included)" if board.blocked else "cells"
            reason = (
                f"{_name(board)} has {board.n} {cells}, more than the C kernel's {MAX_VERTICES}"
            )
        err_console.print(
            f"note: {reason}: searching it with the Python solver, many times slower",
            style="dim",
            soft_wrap=True,
        )
    return "python"


def _cells(dominoes: Sequence[Domino]) -> list[list[list[int]]]:
    return [[list(first), list(second)] for first, second in dominoes]
