"""``evalgame tiling ROWS COLS --dfpn-mb M``: a question or the whole value by the C
kernel's df-pn in this process, in sittings, the numbers kept in the proof store.

Each sitting saves df-pn's numbers every ``--every`` nodes and when it stops (``--until``,
``--timeout``, Ctrl-C, SIGTERM); the next run with the same store goes on from them
(:mod:`evalgame.games.matching.sittings`). ``--ask G`` asks "value ≥ G?"; without it the
value is bisected between the bounds known, one question at a time, each resumable.

>>> import json, tempfile, pathlib
>>> from typer.testing import CliRunner
>>> from evalgame.cli import app
>>> store = str(pathlib.Path(tempfile.mkdtemp()) / "4x4.sqlite")
>>> out = CliRunner().invoke(app, ["tiling", "4", "4", "--dfpn-mb", "1", "--store", store,
...                                "--json"]).output
>>> json.loads(out)["value"], json.loads(out)["questions"][0]["answer"]
('7', True)
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from evalgame.cli.progress import deadline, late_status, time_limit
from evalgame.cli.proofs import default_store
from evalgame.cli.shared import console, err_console, json_stops, print_json
from evalgame.cli.sitting_options import (
    SittingOptions,
    ask_gamma,
    check_options,
    kernel_options,
    part_of,
)
from evalgame.errors import InputError, LimitError, SearchInterrupted
from evalgame.games.matching.native import (
    CHECKPOINT_ENTRIES,
    MAX_VERTICES,
    MoveAnswer,
    NativeSolver,
    available,
)
from evalgame.games.matching.sittings import (
    Sitting,
    first_moves,
    import_numbers,
    known_bounds,
    learn_saved,
    prove_in_sittings,
    prove_part_in_sittings,
    saved_moves,
    saved_questions,
    tally,
    trim_numbers,
)
from evalgame.games.tiling.board import Board
from evalgame.proofs.store import ProofStore
from evalgame.proofs.store import Sitting as StoreSitting
from evalgame.provenance import provenance
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.stats import SearchStats


@dataclass(frozen=True)
class Question:
    """A df-pn question: "value ≥ ``gamma``?" of the position ``free`` (``max_to_move``),
    and the questions on the way to it from the board's start (free, MAX to move, γ)."""

    free: int
    max_to_move: bool
    gamma: int
    on_the_way: tuple[tuple[int, bool, int], ...] = ()


def label(board: Board, player: Player) -> str:
    """The problem a store of ``board`` holds, as the proof manager names it.

    >>> label(Board(7, 9), Player.MAX), label(Board(2, 2, [(0, 0)]), Player.MIN)
    ('tiling 7×9, MAX first', 'tiling #./.., MIN first')
    """
    name = board.drawing() if board.blocked else f"{board.rows}×{board.cols}"
    return f"tiling {name}, {player.value.upper()} first"


def run(
    board: Board,
    player: Player,
    ask: str | None,
    store_path: Path | None,
    table_mb: int | None,
    keep: int | None,
    timeout: float | None,
    json_output: bool,
    options: SittingOptions,
) -> None:
    """``evalgame tiling ... --dfpn-mb M`` (or ``--import FILE``)."""
    if not available():
        raise InputError("df-pn in sittings is the C kernel's: it is not built here")
    if board.n > MAX_VERTICES:
        raise LimitError(
            f"the cells of {board.label()}", board.n, MAX_VERTICES, "df-pn is the kernel's"
        )
    gamma = ask_gamma(ask)
    check_options(options, gamma, keep)
    problem = label(board, player)
    path = store_path if store_path is not None else default_store(problem)
    solver = NativeSolver(
        board, table_mb=table_mb, options=kernel_options(options.kernel_options, board.n)
    )
    with ProofStore.open(path, problem) as store:
        context: dict[str, Any] = {"rows": board.rows, "cols": board.cols}
        if board.blocked:
            context["board"] = board.drawing()
        context.update(first=player.value, store=str(path))
        if options.imported is not None:
            _import(store, solver, board, player, options.imported, json_output, context)
            return
        dfpn_mb = options.dfpn_mb or 0
        if not json_output:
            err_console.print(f"proof store: {path}", style="dim", soft_wrap=True)
        question = _question(board, solver, player, gamma, options.after)
        if options.trim is not None:
            assert question is not None
            size = trim_numbers(
                solver,
                question.free,
                question.max_to_move,
                question.gamma,
                store,
                keep=options.trim,
                table_mb=dfpn_mb,
            )
            _say(
                json_output,
                {**context, "trimmed_bytes": size},
                f"value ≥ {question.gamma}? numbers trimmed to {size:,} bytes",
            )
            return
        if options.moves:
            assert question is not None
            _show_moves(board, solver, store, question, dfpn_mb, json_output, context)
            return
        _search(
            board, player, solver, store, question, keep, timeout, options, json_output, context
        )


def _question(
    board: Board, solver: NativeSolver, player: Player, gamma: int | None, after: str
) -> Question | None:
    """The question ``--ask`` and ``--after`` name (``None``: the whole value)."""
    max_to_move = player is Player.MAX
    if gamma is None:
        return None
    played = len(after.split())
    path = position_after(board, solver, max_to_move, gamma + played, after)
    on_the_way = tuple(
        (way, max_to_move ^ (k % 2 == 1), gamma + played - k) for k, way in enumerate(path[:-1])
    )
    return Question(path[-1], max_to_move ^ (played % 2 == 1), gamma, on_the_way)


def position_after(
    board: Board, solver: NativeSolver, max_to_move: bool, gamma: int, text: str
) -> list[int]:
    """The free cells from the board's start to the position after the moves of ``text``
    (each ``(r,c)-(r,c)``, separated by spaces, ``max_to_move`` first), each move replaced
    by the symmetric copy a part of "value ≥ ``gamma``?" asks (:func:`first_moves`), so
    that the question is that part's, the same row of the store. A move not on free cells
    is an :class:`InputError` that names it.

    >>> board = Board(2, 3)
    >>> [bin(free) for free in position_after(board, NativeSolver(board, table_mb=1), True, 3,
    ...                                       "(1,1)-(1,2)")]
    ['0b111111', '0b111100']
    """
    free, path = board.start, [board.start]
    for move in text.split():
        written = {board.describe(edge): edge for edge in board.edges_within(free)}
        edge = written.get(move.replace("-", "–"))
        if edge is None:
            raise InputError(f"--after: {move} is not a domino on free cells, e.g. (0,1)-(0,2)")
        answers = solver.move_answers(free, max_to_move, gamma)
        (child,) = [a.child for a in answers if 1 << a.move[0] | 1 << a.move[1] == edge]
        (copy,) = [
            a.move for a in first_moves(solver, free, max_to_move, gamma) if a.child == child
        ]
        free &= ~(1 << copy[0] | 1 << copy[1])
        path.append(free)
        max_to_move, gamma = not max_to_move, gamma - 1
    return path


def _import(
    store: ProofStore,
    solver: NativeSolver,
    board: Board,
    player: Player,
    path: Path,
    json_output: bool,
    context: dict[str, Any],
) -> None:
    """``--import FILE``: copy an older numbers file into ``store``."""
    copied = import_numbers(store, path, solver)
    answered = sum(q.answer is not None for q in copied)
    _root(store, solver, board.start, player)
    _say(
        json_output,
        {**context, "imported": str(path), "copied": len(copied), "answered": answered},
        f"{path} → {store.path}: {len(copied)} question{'s' * (len(copied) != 1)} copied, "
        + (f"{answered} answered (each also a fact of the store)" if answered else "none answered"),
    )


def _show_moves(
    board: Board,
    solver: NativeSolver,
    store: ProofStore,
    question: Question,
    dfpn_mb: int,
    json_output: bool,
    context: dict[str, Any],
) -> None:
    """``--moves``: each first move of the question as the store has it."""
    answers = saved_moves(
        solver,
        question.free,
        question.max_to_move,
        question.gamma,
        store,
        table_mb=dfpn_mb,
        on_the_way=question.on_the_way,
    )
    states = [(_name(board, a.move), _state(a)) for a in answers]
    mover = "MAX" if question.max_to_move else "MIN"
    if json_output:
        print_json(
            {
                **context,
                "gamma": question.gamma,
                "to_move": mover.lower(),
                "moves": [
                    {
                        "move": _name(board, a.move),
                        "reaches": a.reaches,
                        "numbers": None if a.reaches is not None else a.numbers,
                    }
                    for a in answers
                ],
            }
        )
        return
    console.print(
        f"value ≥ {question.gamma}? after each of {mover}'s {len(answers)} moves up "
        "to symmetry, nearest to settling it first:",
        soft_wrap=True,
    )
    for move, state in states:
        console.print(f"  {move}: {state}", highlight=False)


def _state(answer: MoveAnswer) -> str:
    """``holds``, ``fails`` or ``open`` with the move's proof and disproof numbers."""
    state = {None: "open", True: "holds", False: "fails"}[answer.reaches]
    if answer.reaches is None and answer.numbers is not None:
        proof, disproof = answer.numbers
        state += f", proof number {proof:,}, disproof number {disproof:,}"
    return state


def _name(board: Board, move: tuple[int, int]) -> str:
    u, v = move
    return board.describe(1 << u | 1 << v)


def _say(json_output: bool, data: dict[str, Any], text: str) -> None:
    if json_output:
        print_json(data)
    else:
        console.print(text, highlight=False, soft_wrap=True)


@dataclass
class _Answered:
    """One question answered in this run, as ``--json`` and the summary say it."""

    gamma: int
    answer: bool
    nodes: int
    cpu: float
    sittings: int
    lines: dict[str, int] | None = None


def _search(
    board: Board,
    player: Player,
    solver: NativeSolver,
    store: ProofStore,
    question: Question | None,
    keep: int | None,
    timeout: float | None,
    options: SittingOptions,
    json_output: bool,
    context: dict[str, Any],
) -> None:
    """Ask the question (or bisect the value) in sittings until answered or stopped;
    ``context`` (board, starter, store) heads its ``--json`` answer."""
    dfpn_mb = options.dfpn_mb or 0
    max_to_move = player is Player.MAX if question is None else question.max_to_move
    free = board.start if question is None else question.free
    lower, upper = _known(solver, store, free, max_to_move)
    answered: list[_Answered] = []
    # --until alone runs until then; otherwise --timeout, the command line's default limit
    seconds = time_limit(timeout) if options.until is None or timeout is not None else None
    stop_at = None if options.until is None else deadline(options.until)
    with late_status() as show, json_stops(json_output, **context, questions=[]):
        started = time.monotonic()
        standing: dict[str, Any] = {"gamma": 0, "saved": ""}

        def progress(stats: SearchStats, budget: Budget) -> None:
            if stop_at is not None and time.time() > stop_at:
                budget.stop(f"stopped at the --until {options.until}", stats)
            rate = stats.nodes / budget.elapsed if budget.elapsed else 0.0
            show(
                f"value ≥ {standing['gamma']}? {stats.nodes:,} nodes in this run, "
                f"{rate:,.0f}/s{standing['saved']}; {budget.elapsed:.0f} s "
                "(Ctrl-C stops, the store keeps the numbers)",
                budget.elapsed,
            )

        budget = Budget(seconds=seconds, on_progress=progress, report_seconds=1.0)
        budget.lower, budget.upper = lower, upper
        solver.budget = budget

        def saved(gamma: int, sitting: Sitting) -> None:
            moves = tally(solver.move_answers(free, max_to_move, gamma))
            root = _root_numbers(solver.move_answers(free, max_to_move, gamma), max_to_move)
            standing["saved"] = (
                f"; saved {sitting.sittings} times, {root}moves open "
                f"{moves.open}, proven {moves.proven}, refuted {moves.refuted}"
            )

        def part_saved(gamma: int, move: tuple[int, int], sitting: Sitting) -> None:
            (answer,) = [a for a in solver.move_answers(free, max_to_move, gamma) if a.move == move]
            state = {None: "open", True: "holds", False: "fails"}[sitting.answer]
            numbers = answer.numbers if sitting.answer is None else None
            state += "" if numbers is None else f", numbers {numbers[0]:,}/{numbers[1]:,}"
            standing["gamma"] = gamma
            standing["saved"] = (
                f"; after {_name(board, move)}: value ≥ {gamma - 1}? {state}, "
                f"saved {sitting.sittings} times"
            )

        made = {
            **solver.settings(),
            "dfpn_mb": dfpn_mb,
            "every": options.every,
            "keep": CHECKPOINT_ENTRIES if keep is None else keep,
            "weak": options.weak,
        }
        root = free == board.start and max_to_move == (player is Player.MAX)

        def left() -> tuple[int, int] | None:
            return (lower, upper) if root else None

        with _sitting(store, solver, made, answered, left), budget.guard(solver.stats):
            if question is not None and options.part is not None:
                on_save = partial(part_saved, question.gamma)
                _part(
                    solver, store, question, keep, dfpn_mb, options, on_save, json_output, context
                )
                return
            for gamma in _questions(question, lower, upper, solver, store, free, max_to_move):
                if question is None and not lower < gamma <= upper:
                    continue
                standing.update(gamma=gamma, saved="")
                if question is not None:
                    learn_saved(solver, store, question.on_the_way, table_mb=dfpn_mb)
                sitting = prove_in_sittings(
                    solver,
                    free,
                    max_to_move,
                    gamma,
                    store,
                    table_mb=dfpn_mb,
                    every=options.every,
                    keep=CHECKPOINT_ENTRIES if keep is None else keep,
                    sittings=options.saves,
                    weak=options.weak,
                    on_save=partial(saved, gamma),
                )
                if sitting.answer is None:
                    saves = f"{options.saves} save{'s' if options.saves != 1 else ''}"
                    budget.stop(f"{saves} made (--saves)", solver.stats)
                lower, upper = (
                    (max(lower, gamma), upper) if sitting.answer else (lower, min(upper, gamma - 1))
                )
                budget.lower, budget.upper = lower, upper
                done = _Answered(
                    gamma, sitting.answer, sitting.nodes, sitting.cpu, sitting.sittings
                )
                answered.append(done)
                if root:
                    _root(store, solver, board.start, player)
                if options.lines:
                    done.lines = _confirm(board, player, solver, done, dfpn_mb, options)
    _report(
        board,
        player,
        question,
        lower,
        upper,
        answered,
        context,
        json_output,
        time.monotonic() - started,
    )


@contextmanager
def _sitting(
    store: ProofStore,
    solver: NativeSolver,
    options: dict[str, Any],
    answered: list[_Answered],
    bounds: Callable[[], tuple[int, int] | None],
) -> Iterator[None]:
    """Log the run as a sitting of ``store``, beside the manager's (``evalgame proofs``
    lists it): its time, nodes, CPU seconds, the ``bounds`` it left on the whole problem
    (``None``: it asked about another position), the questions ``answered`` and why it
    stopped, with its code version and ``options``; a stop (``--until``, ``--timeout``,
    Ctrl-C, SIGTERM) also says where the numbers are."""
    started, clock, stopped = time.time(), time.process_time(), "stopped by an error"
    try:
        yield
        stopped = "finished"
    except SearchInterrupted as stop:
        stopped = stop.reason
        reason = f"{stop.reason}; df-pn's numbers are saved in {store.path}: run again to go on"
        raise SearchInterrupted(reason, stop.lower, stop.upper, stop.stats) from None
    finally:
        lower, upper = bounds() or (None, None)
        store.options = options
        store.log_sitting(
            StoreSitting(
                started,
                time.time(),
                1,
                solver.stats.nodes,
                time.process_time() - clock,
                lower,
                upper,
                [f"value ≥ {done.gamma}" for done in answered],
                stopped,
            )
        )


def _questions(
    question: Question | None,
    lower: int,
    upper: int,
    solver: NativeSolver,
    store: ProofStore,
    free: int,
    max_to_move: bool,
) -> Iterator[int]:
    """The γ to ask: ``--ask``'s, or those that bisect the bounds known, each chosen when
    the one before is answered (the same in a resumed run: answered ones are read back)."""
    if question is not None:
        yield question.gamma
        return
    while lower < upper:
        gamma = (lower + upper + 1) // 2
        yield gamma
        lower, upper = _known(solver, store, free, max_to_move)


def _known(
    solver: NativeSolver, store: ProofStore, free: int, max_to_move: bool
) -> tuple[int, int]:
    """The bounds on the moves to come from ``free``: the kernel's static ones, tightened by
    the facts of the store (df-pn's answers and the proof manager's)."""
    lower, upper = solver.bounds(free, max_to_move)
    proven_lower, proven_upper = known_bounds(store, solver, free, max_to_move)
    lower = lower if proven_lower is None else max(lower, proven_lower)
    upper = upper if proven_upper is None else min(upper, proven_upper)
    return lower, upper


def _root(store: ProofStore, solver: NativeSolver, start: int, player: Player) -> None:
    """Record in ``store`` the bounds on the whole problem its answers at the board's
    ``start`` prove, with those questions (``evalgame proofs`` shows them in its header)."""
    max_first = player is Player.MAX
    lower, upper = _known(solver, store, start, max_first)
    for saved in saved_questions(store.path):
        if (saved.free, saved.max_to_move) == (start, max_first) and saved.answer is not None:
            store.set_root(lower, upper, f"value ≥ {saved.gamma}")


def _root_numbers(answers: list[MoveAnswer], max_to_move: bool) -> str:
    """The position's proof and disproof numbers as its moves' numbers make them (OR at
    MAX's move: the least proof number, the disproof numbers summed; AND at MIN's)."""
    numbers = [a.numbers for a in answers if a.reaches is None and a.numbers]
    if not numbers:
        return ""
    proofs, disproofs = [n[0] for n in numbers], [n[1] for n in numbers]
    proof, disproof = (
        (min(proofs), sum(disproofs)) if max_to_move else (sum(proofs), min(disproofs))
    )
    return f"root's numbers {proof:,}/{disproof:,}, "


def _part(
    solver: NativeSolver,
    store: ProofStore,
    question: Question,
    keep: int | None,
    dfpn_mb: int,
    options: SittingOptions,
    on_save: Callable[[tuple[int, int], Sitting], None],
    json_output: bool,
    context: dict[str, Any],
) -> None:
    """``--part K/N``: this process's share of the question's first moves (``on_save``
    hears of each save with its move, for the live line)."""
    assert options.part is not None
    part, parts = part_of(options.part)
    learn_saved(solver, store, question.on_the_way, table_mb=dfpn_mb)
    done = prove_part_in_sittings(
        solver,
        question.free,
        question.max_to_move,
        question.gamma,
        store,
        part,
        parts,
        table_mb=dfpn_mb,
        every=options.every,
        keep=CHECKPOINT_ENTRIES if keep is None else keep,
        weak=options.weak,
        on_save=on_save,
    )
    settles = {
        None: "none decides it",
        True: f"one proves value ≥ {question.gamma}",
        False: f"one proves value ≤ {question.gamma - 1}",
    }[done.decides]
    _say(
        json_output,
        {
            **context,
            "part": options.part,
            "first_moves": done.moves,
            "answered": done.answered,
            "decides": done.decides,
        },
        f"value ≥ {question.gamma}? part {options.part}: {done.answered} of its {done.moves} "
        f"first moves answered, {settles}; ask the question whole (without --part) to "
        "conclude",
    )


def _confirm(
    board: Board,
    player: Player,
    solver: NativeSolver,
    done: _Answered,
    dfpn_mb: int,
    options: SittingOptions,
) -> dict[str, int]:
    """``--lines``: replay the answer on sampled lines; ``--record`` adds it."""
    from evalgame.analysis.tiling_results import KernelProof, record_proof
    from evalgame.games.matching.lines import replay_lines
    from evalgame.games.matching.native import option_names

    bound = done.gamma if done.answer else done.gamma - 1
    checked = replay_lines(
        solver,
        player is Player.MAX,
        bound,
        done.answer,
        options.lines,
        options.cells,
        seeds=options.seeds,
        dfpn_mb=dfpn_mb,
    )
    lines = {
        "lines": checked.lines,
        "failures": checked.failures,
        "seeds": checked.seeds,
        "near_best": checked.near_best,
        "cells": options.cells,
    }
    if options.record is not None and not checked.failures:
        verdict = f"value {'≥' if done.answer else '≤'} {bound}"
        proof = KernelProof(
            board.rows,
            board.cols,
            player.value,
            verdict,
            done.nodes,
            round(done.cpu, 1),
            confirmation=f"by df-pn with a {dfpn_mb} MB table of numbers"
            + (f", in {done.sittings} sittings" if done.sittings > 1 else ""),
            lines=checked.lines,
            cells=options.cells,
            failures=checked.failures,
            seeds=checked.seeds,
            near_best=checked.near_best,
            options=option_names(solver.options),
            table_mb=solver.table_mb,
            date=datetime.date.today().isoformat(),
            provenance=provenance(
                {
                    **solver.settings(),
                    "dfpn_mb": dfpn_mb,
                    "lines": options.lines,
                    "cells": options.cells,
                }
            ),
        )
        record_proof(options.record, proof)
    return lines


def _report(
    board: Board,
    player: Player,
    question: Question | None,
    lower: int,
    upper: int,
    answered: list[_Answered],
    context: dict[str, Any],
    json_output: bool,
    seconds: float,
) -> None:
    """What the run proved: the answer or the value, each question's work."""
    value = lower if lower == upper and question is None else None
    if json_output:
        print_json(
            {
                **context,
                "value": None if value is None else str(value),
                "lower": str(lower),
                "upper": str(upper),
                "questions": [
                    {
                        "gamma": a.gamma,
                        "answer": a.answer,
                        "nodes": a.nodes,
                        "cpu_seconds": round(a.cpu, 3),
                        "sittings": a.sittings,
                        **({"lines": a.lines} if a.lines else {}),
                    }
                    for a in answered
                ],
                "seconds": round(seconds, 3),
            }
        )
        return
    name = board.drawing() if board.blocked else f"{board.rows}×{board.cols}"
    where = f"tiling {name}, {player.value.upper()} first"
    if question is not None and len(question.on_the_way):
        where += f", after {len(question.on_the_way)} moves"
    if value is not None:
        console.print(f"{where}: [bold]{value}[/] dominoes under optimal play (df-pn)")
    else:
        for done in answered:
            verdict = (
                f"yes: value ≥ {done.gamma}" if done.answer else f"no: value ≤ {done.gamma - 1}"
            )
            console.print(f"{where}: value ≥ {done.gamma}? {verdict}")
    if not answered:
        console.print(f"read from the store {context['store']}", style="dim")
    for done in answered:
        lines = ""
        if done.lines:
            lines = (
                f"; confirmed on {done.lines['lines']} sampled lines down to "
                f"{done.lines['cells']} cells, {done.lines['failures']} failures"
            )
        console.print(
            f"value ≥ {done.gamma}? {done.nodes:,} nodes, {done.cpu:,.1f} CPU s, "
            f"{done.sittings} sitting{'s' * (done.sittings != 1)}{lines}",
            style="dim",
        )
