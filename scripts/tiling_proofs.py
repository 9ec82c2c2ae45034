"""Null-window tests "value ≥ γ?" on one tiling board with the C kernel, one after another.

Each finished test proves a bound (fail high: value ≥ r; fail low: value ≤ r) and is
printed at once with its nodes and CPU seconds; the table is kept from one test to the
next. Meant for long runs on boards too large to solve, e.g.

    nohup nice -n 5 .venv/bin/python scripts/tiling_proofs.py 7 7 --first max \\
        --tests 23,21,22 --until 23:30 --table-mb 2048 > runs/7x7-max.log 2>&1 &

``--options etc,symmetry`` switches off the kernel's optional bounds (the table, its
cut-offs and the maximum-matching bound remain): a second confirmation of a result.
``--lines N`` confirms each proof another way: N lines of play in which the proving side
follows the kernel's strategy and the other side plays its strongest reply or, on about
half the lines, a near-best one (``evalgame.games.matching.lines``), spread over
``--seeds`` seeds, each ended when at most ``--cells`` cells (default 32) remain and
checked there by the Python reference solver.
``--record docs/tiling_results.json`` adds each proof so confirmed to that file's
"kernel_proofs" (what ``scripts/tiling_results.py`` renders), with its nodes, CPU seconds,
options and the lines' count and failures as data, and its provenance: the code version
(commit, dirty flag) and the options of the run. A proof that contradicts one recorded
there (the same board and starter, or the other starter beyond the starters' theorem) is
not added: the run stops with an error that names both.

``--part K/N`` puts N processes on one question: each asks its part of the question's first
moves, as questions of their own in the ``--numbers`` file they share; the question asked
whole afterwards (without ``--part``) takes up their answers, concludes, and is confirmed
and recorded as usual. ``--after "(0,1)-(0,2)"`` asks the tests of the position after those
moves instead (γ then counts the dominoes still to come): the question a part asks for that
move, itself asked whole or in parts, so that processes can share a move deep in the tree.
"""

from __future__ import annotations

import argparse
import datetime
import json
import signal
import time
from dataclasses import asdict
from functools import partial
from pathlib import Path

from evalgame.analysis.tiling_results import KernelProof, check_proofs
from evalgame.cli.progress import UNTIL_HELP, deadline
from evalgame.errors import EvalgameError, SearchInterrupted, Terminated, interruption
from evalgame.games.matching.lines import replay_lines
from evalgame.games.matching.native import (
    ALL_OPTIONS,
    CHECKPOINT_ENTRIES,
    OPTIONS,
    MoveAnswer,
    NativeSolver,
    default_options,
    default_tame,
    option_names,
)
from evalgame.games.matching.sittings import (
    Sitting,
    first_moves,
    learn_saved,
    prove_in_sittings,
    prove_part_in_sittings,
    saved_moves,
    tally,
    trim_numbers,
)
from evalgame.games.tiling.board import Board
from evalgame.provenance import provenance
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats


def options_from(text: str, vertices: int) -> int:
    """``default`` (the kernel's for a board of ``vertices`` cells), ``all``, ``none``
    (only symmetric keys) or a comma-separated list of option names."""
    if text == "default":
        return default_options(vertices)
    if text == "all":
        return ALL_OPTIONS
    if text == "none":
        return OPTIONS["symmetry"]
    return sum(OPTIONS[name] for name in text.split(","))


def stop_time(text: str, now: float | None = None) -> float:
    """The Unix time ``--until`` names: a duration from ``now`` (``90m``, ``2h30m``,
    ``45s``, ``1.5h``) or the next moment the UTC clock shows ``HH:MM``; anything else is
    an :class:`~evalgame.errors.InputError` that says what is taken (:func:`deadline`)."""
    return deadline(text, now)


def stop_reason(until: str, moment: float) -> str:
    """Why a sitting stopped at its ``--until``: the UTC time it reached.

    >>> stop_reason("90m", 0.0)
    'stopped at 00:00 UTC (--until 90m)'
    """
    clock = datetime.datetime.fromtimestamp(moment, datetime.UTC).strftime("%H:%M")
    return f"stopped at {clock} UTC (--until {until})"


def record(path: Path, proof: KernelProof) -> None:
    """Add ``proof`` to the "kernel_proofs" of the JSON file at ``path`` (read again just
    before, so that other runs' additions are kept); one that contradicts a proof there is
    a :class:`~evalgame.errors.ContradictionError`, the file left as it was."""
    data = json.loads(path.read_text())
    check_proofs([KernelProof(**old) for old in data.get("kernel_proofs", [])], [proof])
    data.setdefault("kernel_proofs", []).append(asdict(proof))
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def show_progress(
    board: Board, solver: NativeSolver, free: int, max_to_move: bool, gamma: int, sitting: Sitting
) -> None:
    """A line each time the numbers are saved: the work so far, the first moves' state and
    the open ones nearest to proven and to refuted."""
    answers = solver.move_answers(free, max_to_move, gamma)
    moves = tally(answers)
    mover = "MAX" if max_to_move else "MIN"
    print(f"  value ≥ {gamma}? {sitting.nodes:,} nodes, {sitting.cpu:,.0f} CPU s "
          f"({sitting.sittings} sitting{'s' * (sitting.sittings > 1)}); after {mover}'s "
          f"{moves.proven + moves.refuted + moves.open} moves up to symmetry: "
          f"proven after {moves.proven}, refuted after {moves.refuted}, open after {moves.open}"
          f"{nearest(board, answers)}", flush=True)  # fmt: skip


def nearest(board: Board, answers: list[MoveAnswer]) -> str:
    """The open moves whose proof and whose disproof numbers are smallest, as text."""
    open_ones = [(a.numbers, a.move) for a in answers if a.reaches is None and a.numbers]
    if not open_ones:
        return ""
    (proof, _), to_prove = min(open_ones)
    (_, disproof), to_refute = min(open_ones, key=lambda item: item[0][::-1])
    return (f"; nearest to proven {name(board, to_prove)} (proof number {proof:,}), to "
            f"refuted {name(board, to_refute)} (disproof number {disproof:,})")  # fmt: skip


def name(board: Board, move: tuple[int, int]) -> str:
    """A move of the board as ``(r,c)–(r,c)``."""
    u, v = move
    return board.describe(1 << u | 1 << v)


def show_move_progress(
    board: Board,
    solver: NativeSolver,
    free: int,
    max_to_move: bool,
    gamma: int,
    move: tuple[int, int],
    sitting: Sitting,
) -> None:
    """A line each time a part saves: the first move asked, its question's work, state and
    numbers (those its question's search stored as its last slice ended)."""
    answer = {None: "open", True: "holds", False: "fails"}[sitting.answer]
    (numbers,) = [a.numbers for a in solver.move_answers(free, max_to_move, gamma)
                  if a.move == move] or [None]  # fmt: skip
    shown = ""
    if numbers is not None and sitting.answer is None:
        shown = f", proof number {numbers[0]:,}, disproof number {numbers[1]:,}"
    print(f"  after {name(board, move)}: value ≥ {gamma - 1}? {answer}, "
          f"{sitting.nodes:,} nodes, {sitting.cpu:,.0f} CPU s ({sitting.sittings} "
          f"sitting{'s' * (sitting.sittings > 1)}){shown}", flush=True)  # fmt: skip


def show_saved_moves(
    board: Board, solver: NativeSolver, free: int, max_to_move: bool, gamma: int, path: Path,
    table_mb: int, on_the_way: list[tuple[int, bool, int]],
) -> None:  # fmt: skip
    """A line for each first move of "value ≥ ``gamma``?": whether the value reaches γ
    after it, as the numbers saved in ``path`` have it (also those of the questions on the
    way to it), the move nearest to settling the question first."""
    answers = saved_moves(solver, free, max_to_move, gamma, path, table_mb=table_mb,
                          on_the_way=on_the_way)  # fmt: skip
    print(f"value ≥ {gamma}? after each of {'MAX' if max_to_move else 'MIN'}'s "
          f"{len(answers)} moves up to symmetry, nearest to settling it first:")  # fmt: skip
    for answer in answers:
        state = {None: "open", True: "holds", False: "fails"}[answer.reaches]
        if answer.reaches is None and answer.numbers is not None:
            proof, disproof = answer.numbers
            state += f", proof number {proof:,}, disproof number {disproof:,}"
        print(f"  {name(board, answer.move)}: {state}", flush=True)


def part_of(text: str) -> tuple[int, int]:
    """``K/N`` as (K, N), 1 ≤ K ≤ N; else a ValueError that says so.

    >>> part_of("2/3")
    (2, 3)
    """
    try:
        part, parts = map(int, text.split("/"))
    except ValueError:
        raise ValueError(f"--part takes K/N, e.g. 1/2, not {text!r}") from None
    if not 1 <= part <= parts:
        raise ValueError(f"--part {text}: K is a part from 1 to N")
    return part, parts


def position_after(
    board: Board, solver: NativeSolver, max_to_move: bool, gamma: int, text: str
) -> tuple[list[int], str]:
    """The free cells from the empty board to the position after the moves of ``text``
    (each ``(r,c)-(r,c)``, separated by spaces, ``max_to_move`` first), and those moves as
    asked: each replaced by the symmetric copy a part of "value ≥ ``gamma``?" asks
    (:func:`first_moves`), so that the question is that part's, the same row of a numbers
    file. A move not on free cells is a ValueError that names it.

    >>> board = Board(2, 3)
    >>> path, asked = position_after(board, NativeSolver(board, table_mb=1), True, 3, "(1,1)-(1,2)")
    >>> [bin(free) for free in path], asked
    (['0b111111', '0b111100'], '(0,0)–(0,1)')
    """
    free, path, asked = board.full, [board.full], []
    for move in text.split():
        written = {board.describe(edge): edge for edge in board.edges_within(free)}
        edge = written.get(move.replace("-", "–"))
        if edge is None:
            raise ValueError(f"--after: {move} is not a domino on free cells, e.g. (0,1)-(0,2)")
        answers = solver.move_answers(free, max_to_move, gamma)
        (child,) = [a.child for a in answers if 1 << a.move[0] | 1 << a.move[1] == edge]
        (copy,) = [
            a.move for a in first_moves(solver, free, max_to_move, gamma) if a.child == child
        ]
        free &= ~(1 << copy[0] | 1 << copy[1])
        path.append(free)
        asked.append(name(board, copy))
        max_to_move, gamma = not max_to_move, gamma - 1
    return path, " ".join(asked)


def _terminate(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: list[str] | None = None) -> None:
    """Run the tests in order within the CPU-time budget; print what each proved."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=int)
    parser.add_argument("cols", type=int)
    parser.add_argument("--first", choices=("max", "min"), default="max")
    parser.add_argument("--tests", required=True, help="the γ to test, in order, e.g. 23,21,22")
    parser.add_argument(
        "--until",
        help=f"stop then: {UNTIL_HELP} (needed but with --trim or --moves)",
    )
    parser.add_argument("--table-mb", type=int, default=2048)
    parser.add_argument(
        "--options", default="default", help="default, all, none or names: " + ",".join(OPTIONS)
    )
    parser.add_argument(
        "--tame-cells", type=int, default=None, help="option tame: largest region (the kernel's)"
    )
    parser.add_argument(
        "--tame-mb", type=int, default=None, help="option tame: database size in MB (the kernel's)"
    )
    parser.add_argument("--max-nodes", type=int, default=None, help="node budget of each test")
    parser.add_argument(
        "--dfpn-mb", type=int, default=None,
        help="answer each test by df-pn with a table of numbers of this many MB",
    )  # fmt: skip
    parser.add_argument(
        "--numbers", type=Path, default=None,
        help="with --dfpn-mb: resume each test from the numbers saved in this SQLite file, "
        "and save them there as it goes",
    )  # fmt: skip
    parser.add_argument(
        "--keep", type=int, default=CHECKPOINT_ENTRIES,
        help="with --numbers: the entries of the largest subtrees each save keeps (24 bytes "
        "each); a sitting resumed from few redoes much of the last (BENCHMARKS.md)",
    )  # fmt: skip
    parser.add_argument(
        "--trim", type=int, default=None, metavar="N",
        help="with --numbers: rewrite each test's saved numbers with at most N entries, its "
        "parts folded in (a file to commit from one that kept more) and stop, searching nothing",
    )  # fmt: skip
    parser.add_argument(
        "--moves", action="store_true",
        help="with --numbers: show each test's first moves as its saved numbers have them "
        "(open, holds or fails after each; the open ones' numbers) and stop, searching nothing",
    )  # fmt: skip
    parser.add_argument(
        "--part", default=None, metavar="K/N",
        help="with --numbers: ask part K of N of each test's first moves (one process a "
        "part, all on the same file); each test asked whole afterwards concludes from them",
    )  # fmt: skip
    parser.add_argument(
        "--after", default="", metavar="MOVES",
        help='ask the tests of the position after these moves, e.g. "(0,1)-(0,2) (3,3)-(3,4)"',
    )  # fmt: skip
    parser.add_argument(
        "--weak", action="store_true", help="with --dfpn-mb: weak proof numbers (they only guide)"
    )
    parser.add_argument("--lines", type=int, default=0, help="sampled lines to confirm a proof")
    parser.add_argument("--cells", type=int, default=32, help="cells left when a line is checked")
    parser.add_argument(
        "--seeds", type=int, default=4, help="random seeds the lines are spread over"
    )
    parser.add_argument(
        "--record", type=Path, default=None, help="add each confirmed proof to this JSON file"
    )
    args = parser.parse_args(argv)
    searches = args.trim is None and not args.moves
    if searches and args.until is None:
        parser.error("--until is needed: a sitting stops at a set time")
    until = float("inf")  # --trim and --moves search nothing
    if args.until is not None:
        try:
            until = stop_time(args.until)  # the durations count from now
        except EvalgameError as problem:
            parser.error(str(problem))
    if not searches and (args.numbers is None or args.dfpn_mb is None):
        parser.error("--trim and --moves need --numbers and --dfpn-mb")
    if args.trim is not None and args.moves:
        parser.error("--trim or --moves: one at a time")
    if min(args.keep, args.trim or 0) < 0:
        parser.error("--keep and --trim count entries: at least 0")
    if args.part is not None:
        try:
            part = part_of(args.part)
        except ValueError as problem:
            parser.error(str(problem))
        if args.numbers is None or args.dfpn_mb is None or not searches:
            parser.error("--part needs --numbers and --dfpn-mb (and neither --trim nor --moves)")
        if args.lines or args.record is not None:
            parser.error("--lines and --record go with a test asked whole: a part proves no bound")
    if args.record is not None:  # checked now, not when a proof of hours is to be added
        try:
            if not isinstance(json.loads(args.record.read_text()), dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError) as problem:
            parser.error(f"--record needs a JSON file of results to add to: {problem}")
    try:
        tests = [int(text) for text in args.tests.split(",")]
    except ValueError:
        parser.error(f"--tests takes whole numbers separated by commas, not {args.tests!r}")
    if args.after and (args.lines or args.record is not None):
        parser.error("--lines and --record go with the board's own tests, not with --after")
    signal.signal(signal.SIGTERM, _terminate)  # stops cleanly: saved numbers are saved
    board = Board(args.rows, args.cols)
    options = options_from(args.options, board.n)
    tame_cells, tame_mb = default_tame(board.n)
    tame_cells, tame_mb = args.tame_cells or tame_cells, args.tame_mb or tame_mb
    solver = NativeSolver(
        board, table_mb=args.table_mb, options=options, tame_mb=tame_mb, tame_cells=tame_cells
    )
    max_to_move = args.first == "max"
    played = len(args.after.split())
    try:  # the tests are of the position after the moves: γ counts the dominoes to come
        path, after = position_after(board, solver, max_to_move, tests[0] + played, args.after)
    except ValueError as problem:
        parser.error(str(problem))
    free, starter = path[-1], max_to_move

    def on_the_way(gamma: int) -> list[tuple[int, bool, int]]:
        """The questions on the way to the position's "value ≥ γ?" (free, MAX to move, γ):
        what their searches saved below it guides it, as a question's numbers its parts'."""
        return [(way, starter ^ (k % 2 == 1), gamma + played - k)
                for k, way in enumerate(path[:-1])]  # fmt: skip

    max_to_move ^= played % 2 == 1
    if args.trim is not None:
        for gamma in tests:
            size = trim_numbers(solver, free, max_to_move, gamma, args.numbers,
                                keep=args.trim, table_mb=args.dfpn_mb)  # fmt: skip
            print(f"value ≥ {gamma}? numbers trimmed to {size:,} bytes", flush=True)
        return
    if args.moves:
        for gamma in tests:
            show_saved_moves(board, solver, free, max_to_move, gamma, args.numbers, args.dfpn_mb,
                             on_the_way(gamma))  # fmt: skip
        return
    # a proof's record names the region database it ran with (its size changes the nodes)
    tame = options & OPTIONS["tame"]
    database = f"tame regions of up to {tame_cells} cells in {tame_mb} MB" if tame else ""
    if args.dfpn_mb is not None:
        method = f"by df-pn with a {args.dfpn_mb} MB table of numbers"
        method += " and weak proof numbers" if args.weak else ""
        database = f"{method}; {database}" if database else method
    started = time.process_time()
    lower, upper = solver.bounds(free, max_to_move)
    if after:
        after = f", after {after} with {'MAX' if max_to_move else 'MIN'} to move"
    print(f"{args.rows}×{args.cols}, {args.first.upper()} first{after}, options {args.options} "
          f"({options}), table {args.table_mb} MB: static bounds {lower} ≤ value ≤ {upper}",
          flush=True)  # fmt: skip

    #: what a proof recorded ran with, beside its code version
    run_options = {**solver.settings(), "rows": args.rows, "cols": args.cols,
                   "first": args.first, "max_nodes": args.max_nodes, "dfpn_mb": args.dfpn_mb,
                   "numbers": None if args.numbers is None else str(args.numbers),
                   "keep": args.keep, "weak": args.weak, "lines": args.lines,
                   "cells": args.cells}  # fmt: skip

    def check(stats: SearchStats, budget: Budget) -> None:
        if time.time() > until:
            budget.stop(stop_reason(args.until, until), stats)

    for gamma in tests:
        # the node budget counts each test's own nodes (the kernel's count runs on)
        limit = None if args.max_nodes is None else solver.stats.nodes + args.max_nodes
        solver.budget = Budget(nodes=limit, on_progress=check, report_seconds=1.0)
        if not lower < gamma <= upper:
            print(f"value ≥ {gamma}? already settled: {lower} ≤ value ≤ {upper}", flush=True)
            continue
        nodes, clock = solver.stats.nodes, time.process_time()
        if args.numbers is not None and args.dfpn_mb is not None:
            learn_saved(solver, args.numbers, on_the_way(gamma), table_mb=args.dfpn_mb)
        if args.part is not None:
            try:
                done = prove_part_in_sittings(
                    solver, free, max_to_move, gamma, args.numbers, *part,
                    table_mb=args.dfpn_mb, keep=args.keep, weak=args.weak,
                    on_save=partial(show_move_progress, board, solver, free, max_to_move, gamma),
                )  # fmt: skip
            except (SearchInterrupted, KeyboardInterrupt) as stop:
                reason = stop.reason if isinstance(stop, SearchInterrupted) else interruption(stop)
                print(f"value ≥ {gamma}? part {args.part} unfinished ({reason})", flush=True)
                break
            settled = {None: "none decides it", True: f"one proves value ≥ {gamma}",
                       False: f"one proves value ≤ {gamma - 1}"}[done.decides]  # fmt: skip
            print(f"value ≥ {gamma}? part {args.part}: {done.answered} of its {done.moves} "
                  f"first moves answered, {settled}; ask the test whole (without --part) to "
                  "conclude", flush=True)  # fmt: skip
            continue
        try:
            sittings, parts = 1, 0
            if args.dfpn_mb is None:
                result = solver.test(free, max_to_move, gamma)
            elif args.numbers is None:
                proven = solver.prove(
                    free, max_to_move, gamma, table_mb=args.dfpn_mb, weak=args.weak
                )
                result = gamma if proven else gamma - 1
            else:
                sitting = prove_in_sittings(
                    solver, free, max_to_move, gamma, args.numbers, table_mb=args.dfpn_mb,
                    on_save=partial(show_progress, board, solver, free, max_to_move, gamma),
                    keep=args.keep, weak=args.weak,
                )  # fmt: skip
                result, sittings = gamma if sitting.answer else gamma - 1, sitting.sittings
                parts = sitting.parts
            if args.numbers is not None and args.dfpn_mb is not None:  # every sitting's
                nodes, seconds = sitting.nodes, sitting.cpu
            else:
                nodes, seconds = solver.stats.nodes - nodes, time.process_time() - clock
        except (SearchInterrupted, KeyboardInterrupt) as stop:
            reason = stop.reason if isinstance(stop, SearchInterrupted) else interruption(stop)
            print(f"value ≥ {gamma}? unfinished ({reason}) after "
                  f"{solver.stats.nodes - nodes:,} nodes, {time.process_time() - clock:.0f} s",
                  flush=True)  # fmt: skip
            break
        if result >= gamma:
            lower = max(lower, result)
            verdict = f"value ≥ {result}"
        else:
            upper = min(upper, result)
            verdict = f"value ≤ {result}"
        print(f"value ≥ {gamma}? proved {verdict}: {nodes:,} nodes, "
              f"{seconds:.1f} CPU s; now {lower} ≤ value ≤ {upper}; "
              f"kernel {solver.kernel_stats()}", flush=True)  # fmt: skip
        if args.lines:
            clock = time.process_time()
            try:
                checked = replay_lines(
                    solver, max_to_move, result, result >= gamma, args.lines, args.cells,
                    seeds=args.seeds, dfpn_mb=args.dfpn_mb,
                )  # fmt: skip
            except SearchInterrupted:
                print("  the replay of sampled lines did not finish", flush=True)
                break
            print(f"  {verdict} replayed on {checked.lines} sampled lines ({checked.seeds} seeds, "
                  f"{checked.near_best} against near-best replies, the rest against the "
                  f"strongest) down to {args.cells} cells, checked by the Python solver: "
                  f"{checked.failures} failures, "
                  f"{time.process_time() - clock:.1f} CPU s", flush=True)  # fmt: skip
            if args.record is not None:
                proof = KernelProof(args.rows, args.cols, args.first, verdict, nodes,
                                    round(seconds, 1), confirmation=database + (
                                        f", in {sittings} sittings resumed from saved numbers"
                                        if sittings > 1 else "") + (
                                        f", {parts} of its first moves asked apart"
                                        if parts else ""),
                                    lines=checked.lines, cells=args.cells,
                                    failures=checked.failures, seeds=checked.seeds,
                                    near_best=checked.near_best,
                                    options=option_names(options),
                                    table_mb=args.table_mb,
                                    date=datetime.date.today().isoformat(),
                                    provenance=provenance(run_options))  # fmt: skip
                record(args.record, proof)
                print(f"  recorded in {args.record}", flush=True)
    print(f"done: {lower} ≤ value ≤ {upper}, {time.process_time() - started:.0f} CPU s",
          flush=True)  # fmt: skip


if __name__ == "__main__":
    try:
        main()
    except EvalgameError as error:  # bad input: its message, not a traceback
        raise SystemExit(f"error: {error}") from None
