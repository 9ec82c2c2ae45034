"""A proof-number question that outlives its process: df-pn in sittings.

df-pn (:meth:`NativeSolver.prove`) keeps what guides it — the proof and disproof numbers
of the positions it met — in memory only, so a question stopped by the end of a session
used to start again from nothing. :func:`prove_in_sittings` asks the question in slices of
``every`` nodes and after each slice, and when it is stopped, saves the numbers of the
largest subtrees searched (:meth:`NativeSolver.numbers`) in an SQLite file; a later
sitting, in another process or on another machine, takes them up
(:meth:`NativeSolver.learn_numbers`) and goes on from there. The file is the proof store
of the problem (:class:`~evalgame.proofs.store.ProofStore`, its ``numbers`` table; ``evalgame
tiling R C --dfpn-mb M`` asks there), and a decided answer is also recorded as a fact of the
position's key class, where the proof manager finds it. The saved numbers are what
df-pn had learned, not a proof: undecided ones only choose what to expand next; a decided
one is an answer the earlier sitting proved, as a proof store's facts are. What a resumed
sitting loses is the numbers of the small subtrees left out and the transposition table,
which it finds again (measured in BENCHMARKS.md, "df-pn in sittings").

One question, many processes: :func:`prove_part_in_sittings` asks part k of n of the
question's first moves, each as its own question ("value ≥ γ − 1?" after the move) in the
same file, guided by the numbers saved for the question itself. Each process takes its
part; when every part is answered (or one move decides), the question asked whole learns
its moves' answers from the file and concludes in a few nodes.

>>> import tempfile, pathlib
>>> from evalgame.games.tiling.board import Board
>>> from evalgame.proofs.store import ProofStore
>>> board = Board(5, 5)
>>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "5x5.sqlite", "tiling 5×5")
>>> first = NativeSolver(board, table_mb=1)
>>> prove_in_sittings(first, board.full, True, 12, store, table_mb=1, every=40, sittings=1)
Sitting(answer=None, nodes=40, sittings=1)
>>> later = NativeSolver(board, table_mb=1)   # another process, another day
>>> prove_in_sittings(later, board.full, True, 12, store, table_mb=1, every=40).answer
True
>>> len(store)   # the answer, as a fact of the position's key class
1

Each row records its provenance: the code version (:func:`~evalgame.provenance.code_version`)
and options of every sitting that wrote it, in order, named by rows of the store's
provenance table as its facts and sittings are (a row saved before provenance was recorded
says :data:`~evalgame.provenance.UNKNOWN` for those). A decided answer that
contradicts another — a row's against another row's (a position and its child), against a
fact of the store (the same position with another γ, or a symmetric copy: the store's own
check of its facts), a decided entry of one row's numbers against another's, or against
what a search finds — stops the run with a
:class:`~evalgame.errors.ContradictionError` that names both, with their rows and code
versions.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sqlite3
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from evalgame.errors import ContradictionError, InputError, StoreError
from evalgame.games.matching.game import MatchingGame, MatchingPosition
from evalgame.games.matching.native import (
    CHECKPOINT_ENTRIES,
    DEFAULT_PROOF_TABLE_MB,
    MoveAnswer,
    NativeSolver,
)
from evalgame.proofs.keys import stable_key
from evalgame.proofs.store import ProofStore
from evalgame.provenance import UNKNOWN, options_text, provenance
from evalgame.search.protocol import Player

#: nodes between two saves (about 6 CPU minutes of df-pn on 8×8)
DEFAULT_EVERY = 5_000_000


@dataclass(frozen=True)
class Sitting:
    """Where a question stands: its ``answer`` (``None``: open), and the ``nodes``, CPU
    seconds (``cpu``, not shown) and ``sittings`` spent on it so far, this one included."""

    answer: bool | None
    nodes: int
    sittings: int
    cpu: float = field(default=0.0, repr=False)
    #: the question's first moves asked apart (:func:`prove_part_in_sittings`), whose
    #: nodes and CPU time the totals include
    parts: int = field(default=0, repr=False)


def prove_in_sittings(
    solver: NativeSolver,
    free: int,
    max_to_move: bool,
    gamma: int,
    store: ProofStore,
    *,
    table_mb: int = DEFAULT_PROOF_TABLE_MB,
    every: int = DEFAULT_EVERY,
    keep: int = CHECKPOINT_ENTRIES,
    sittings: int | None = None,
    on_save: Callable[[Sitting], None] | None = None,
    weak: bool = False,
) -> Sitting:
    """Whether value ≥ ``gamma`` (as :meth:`NativeSolver.prove`), resumed from and saved to
    the proof store ``store`` every ``every`` nodes; ``sittings`` slices at most (``None``: until
    answered); an answered question returns at once, its saved numbers taken in (a replay
    of the proof finds its moves there). The solver's budget (time, Ctrl-C) stops it as a
    search: the numbers are saved first, then :class:`~evalgame.errors.SearchInterrupted`
    is raised. ``on_save`` is told where the question stands after each save; ``weak``:
    weak proof numbers (:meth:`NativeSolver.prove`; they only guide, so a question may
    change between sittings). What the file holds of the question's first moves asked apart
    (:func:`prove_part_in_sittings`) is taken in too, and their work counted in the totals."""
    if every < 1:
        raise InputError(f"the nodes between two saves must be at least 1, not {every}")
    question = question_text(free, max_to_move, gamma)
    made = provenance(
        {**solver.settings(), "dfpn_mb": table_mb, "every": every, "keep": keep, "weak": weak}
    )
    path = store.path
    with _connect(store) as db:
        # the moves asked apart: their answers and fresher numbers, and their work
        apart = _learn_moves(solver, db, path, free, max_to_move, gamma, table_mb)
        row = _load(db, question, kernel_identity(solver))
        if row is not None:  # also when answered: what asks next (a replay) finds its moves
            _take(solver, db, path, row, table_mb)
        if row is not None and row["answer"] is not None:
            return Sitting(bool(row["answer"]), row["nodes"] + apart.nodes, row["sittings"],
                           row["cpu"] + apart.cpu, len(apart.questions))  # fmt: skip
        nodes, cpu, done = (row["nodes"], row["cpu"], row["sittings"]) if row else (0, 0.0, 0)
        answer: bool | None = None
        for count in range(sittings or 2**62):
            start, clock = solver.stats.nodes, time.process_time()
            try:
                answer = solver.prove(
                    free, max_to_move, gamma, max_nodes=every, table_mb=table_mb, weak=weak
                )
            finally:  # also when stopped: what it learned is kept
                nodes += solver.stats.nodes - start
                cpu += time.process_time() - clock
                records = solver.numbers(keep, (free, max_to_move, gamma))
                _save(db, store, solver, question, answer, nodes, cpu, done + 1, records,
                      made)  # fmt: skip
            standing = Sitting(
                answer, nodes + apart.nodes, done + 1, cpu + apart.cpu, len(apart.questions)
            )
            if on_save is not None:
                on_save(standing)
            if answer is not None or (sittings is not None and count + 1 >= sittings):
                break
        return standing


@dataclass(frozen=True)
class Part:
    """Where part ``k`` of ``n`` of a question's first moves stands
    (:func:`prove_part_in_sittings`): its ``moves`` (one per child up to symmetry), how many
    are ``answered``, and ``decides``: the question's answer once a move settles it (MAX to
    move: a move that reaches γ; MIN to move: one that does not), this part's or another's,
    else ``None``."""

    moves: int
    answered: int
    decides: bool | None


def first_moves(solver: NativeSolver, free: int, max_to_move: bool, gamma: int) -> list[MoveAnswer]:
    """The moves of "value ≥ ``gamma``?", one per child up to symmetry (its smallest move),
    in the order of the children's canonical keys: the same list in every process, so that
    parts split it alike, whatever each one's table knows.

    >>> from evalgame.games.tiling.board import Board
    >>> board = Board(4, 4)
    >>> moves = first_moves(NativeSolver(board, table_mb=1), board.full, True, 7)
    >>> [answer.move for answer in moves]   # at a corner, mid-edge, edge to centre, centre
    [(0, 1), (1, 2), (1, 5), (5, 6)]
    """
    by_child: dict[tuple[int, int, int], MoveAnswer] = {}
    for answer in solver.move_answers(free, max_to_move, gamma):
        known = by_child.get(answer.child)
        if known is None or answer.move < known.move:
            by_child[answer.child] = answer
    return [by_child[child] for child in sorted(by_child)]


def prove_part_in_sittings(
    solver: NativeSolver,
    free: int,
    max_to_move: bool,
    gamma: int,
    store: ProofStore,
    part: int,
    parts: int,
    *,
    table_mb: int = DEFAULT_PROOF_TABLE_MB,
    every: int = DEFAULT_EVERY,
    keep: int = CHECKPOINT_ENTRIES,
    on_save: Callable[[tuple[int, int], Sitting], None] | None = None,
    weak: bool = False,
) -> Part:
    """Ask part ``part`` of ``parts`` of "value ≥ ``gamma``?": every ``parts``-th of the
    :func:`first_moves` its own saved numbers leave open, from the ``part``-th on, each as
    its own question "value ≥ γ − 1?" after the move, in sittings (:func:`prove_in_sittings`)
    in the proof store ``store``, the numbers saved there for the question itself guiding them and
    choosing the order (the move nearest to settling the question first). Moves already
    answered are skipped. Several processes, each on its part, share one file (a save waits
    for another's); a move that settles the question, in any part, ends each part at its
    next save; the question asked whole afterwards takes up their answers. ``on_save``
    hears of each save with its move.

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> board = Board(4, 4)   # MIN first: value 7, so every MIN move must reach it
    >>> from evalgame.proofs.store import ProofStore
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "4×4 MIN first")
    >>> [prove_part_in_sittings(NativeSolver(board, table_mb=1), board.full, False, 7, store,
    ...                         k, 2, table_mb=1) for k in (1, 2)]
    [Part(moves=2, answered=2, decides=None), Part(moves=2, answered=2, decides=None)]
    >>> whole = NativeSolver(board, table_mb=1)
    >>> prove_in_sittings(whole, board.full, False, 7, store, table_mb=1).answer, whole.stats.nodes
    (True, 1)
    """
    if not 1 <= part <= parts:
        raise InputError(f"part {part} of {parts}: a part is a number from 1 to the parts")
    question, path = question_text(free, max_to_move, gamma), store.path
    with _connect(store) as db:
        row = _load(db, question, kernel_identity(solver))
        if row is not None:  # the question's own numbers guide its moves' searches
            _take(solver, db, path, row, table_mb)
        # the split: the moves the question's own numbers leave open, every parts-th; no
        # part writes them, so every process splits alike, whenever it starts
        split = [answer for answer in first_moves(solver, free, max_to_move, gamma)
                 if answer.reaches is None][part - 1 :: parts]  # fmt: skip
        _learn_moves(solver, db, path, free, max_to_move, gamma, table_mb)  # the parts' answers
    chosen = {answer.move for answer in split}
    mine = [answer for answer in first_moves(solver, free, max_to_move, gamma)
            if answer.move in chosen]  # fmt: skip
    mine = _nearest_first(mine, max_to_move)  # df-pn's choice at the question's node

    def heard(move: tuple[int, int], sitting: Sitting) -> None:
        if on_save is not None:
            on_save(move, sitting)
        if sitting.answer is None and settled():
            raise _Settled  # by another part: this one stops (its numbers are saved)

    def settled() -> bool:  # a move, in any part, settled the question
        with _connect(store) as db:
            answers = _move_questions(db, free, max_to_move, gamma, kernel_identity(solver))
        return max_to_move in answers.values()

    answered = 0
    for answer in mine:
        reaches = answer.reaches
        if reaches is None and settled():
            return Part(len(mine), answered, max_to_move)
        if reaches is None:
            u, v = answer.move
            child = free & ~((1 << u) | (1 << v))
            try:
                reaches = prove_in_sittings(
                    solver, child, not max_to_move, gamma - 1, store, table_mb=table_mb,
                    every=every, keep=keep, weak=weak, on_save=partial(heard, answer.move),
                ).answer  # fmt: skip
            except _Settled:
                return Part(len(mine), answered, max_to_move)
        answered += 1
        if reaches == max_to_move:  # MAX reaches γ by this move, or MIN holds it below
            return Part(len(mine), answered, reaches)
    return Part(len(mine), answered, None)


def saved_moves(
    solver: NativeSolver,
    free: int,
    max_to_move: bool,
    gamma: int,
    store: ProofStore,
    *,
    table_mb: int = DEFAULT_PROOF_TABLE_MB,
    on_the_way: Sequence[tuple[int, bool, int]] = (),
) -> list[MoveAnswer]:
    """The :func:`first_moves` of "value ≥ ``gamma``?" as the numbers saved in ``store``
    have them (those of the questions ``on_the_way`` to it, as :func:`learn_saved`, then
    its moves' asked apart and its own), in df-pn's order: the move nearest to settling the
    question first. Where a long question stands, and which move to give a core of its own
    (``evalgame tiling --after``); searches nothing.

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> from evalgame.proofs.store import ProofStore
    >>> board = Board(5, 5)
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "5×5")
    >>> prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 12, store,
    ...                   table_mb=1, every=400, sittings=1).answer is None
    True
    >>> moves = saved_moves(NativeSolver(board, table_mb=1), board.full, True, 12, store,
    ...                     table_mb=1)
    >>> len(moves), moves[0].reaches, moves[0].numbers is not None
    (6, None, True)
    """
    question, path = question_text(free, max_to_move, gamma), store.path
    guides = learn_saved(solver, store, on_the_way, table_mb=table_mb)
    with _connect(store) as db:
        work = _learn_moves(solver, db, path, free, max_to_move, gamma, table_mb)
        row = _load(db, question, kernel_identity(solver))
        if row is None and not work.questions and not guides:
            raise InputError(f"{path} holds no numbers for {question!r} nor on the way to it")
        if row is not None:
            _take(solver, db, path, row, table_mb)
    return _nearest_first(first_moves(solver, free, max_to_move, gamma), max_to_move)


def learn_saved(
    solver: NativeSolver,
    store: ProofStore,
    questions: Sequence[tuple[int, bool, int]],
    *,
    table_mb: int = DEFAULT_PROOF_TABLE_MB,
) -> int:
    """Take in the numbers saved in ``store`` for each of ``questions`` (free, MAX to move,
    γ) that has a row, in that order; how many had one. The questions on the way to a
    position guide its own as a question's numbers guide its parts
    (``evalgame tiling --after``): what their searches learned below it is not redone.

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> from evalgame.proofs.store import ProofStore
    >>> board = Board(4, 4)
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "4×4")
    >>> prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, store,
    ...                   table_mb=1).answer
    True
    >>> learn_saved(NativeSolver(board, table_mb=1), store, [(board.full, True, 7),
    ...             (board.full, True, 8)], table_mb=1)
    1
    """
    kernel, learned, path = kernel_identity(solver), 0, store.path
    with _connect(store) as db:
        for question in questions:
            row = _load(db, question_text(*question), kernel)
            if row is not None:
                _take(solver, db, path, row, table_mb)
                learned += 1
    return learned


def _nearest_first(answers: list[MoveAnswer], max_to_move: bool) -> list[MoveAnswer]:
    """``answers`` in df-pn's order at their position, the move nearest to settling it
    first (MAX to move: the smallest proof number; MIN: the smallest disproof number): a
    move that settles it, the open ones (those without numbers last), a move that cannot
    settle it (its number is the kernel's infinity, 2³² − 1)."""
    settling, unknown = 0 if max_to_move else 1, 2**32 - 2
    return sorted(answers, key=lambda a: a.numbers[settling] if a.numbers else unknown)


class _Settled(Exception):
    """Another part's move settled the question this part asks."""


def trim_numbers(
    solver: NativeSolver,
    free: int,
    max_to_move: bool,
    gamma: int,
    store: ProofStore,
    *,
    keep: int,
    table_mb: int = DEFAULT_PROOF_TABLE_MB,
) -> int:
    """Rewrite the numbers saved in ``store`` for "value ≥ ``gamma``?" with those of at most
    ``keep`` of its largest subtrees (and of the question's own moves); its answer, nodes,
    CPU time and sittings stay. Its moves asked apart (:func:`prove_part_in_sittings`) are
    folded in: their numbers merged into the question's, their work added to its work and
    their rows dropped. A sitting that kept many (a resumed sitting redoes less) gives a
    small file to copy or commit; the size in bytes of what is kept.

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> board = Board(5, 5)
    >>> from evalgame.proofs.store import ProofStore
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "5×5")
    >>> solver = NativeSolver(board, table_mb=1)
    >>> prove_in_sittings(solver, board.full, True, 12, store, table_mb=1, every=400,
    ...                   sittings=1).answer is None
    True
    >>> before = saved_questions(store.path)[0].size
    >>> trim_numbers(NativeSolver(board, table_mb=1), board.full, True, 12, store, keep=10,
    ...              table_mb=1) < before
    True
    """
    question = question_text(free, max_to_move, gamma)
    kernel, path = kernel_identity(solver), store.path
    made = provenance({**solver.settings(), "dfpn_mb": table_mb, "trimmed_to": keep})
    with _connect(store) as db:
        work = _learn_moves(solver, db, path, free, max_to_move, gamma, table_mb)
        row = _load(db, question, kernel)  # its own last: its numbers are the oldest
        if row is None and not work.questions:
            raise InputError(f"{path} holds no numbers for {question!r}")
        folded, answer = list(work.questions), None
        if row is not None:
            _take(solver, db, path, row, table_mb)
            answer = None if row["answer"] is None else bool(row["answer"])
            work.add(row)
        records = solver.numbers(keep, (free, max_to_move, gamma))
        # the row keeps the provenance of every row folded into it, and this rewrite's
        _save(db, store, solver, question, answer, work.nodes, work.cpu, work.sittings,
              records, made, folded=folded, before=work.provenance)  # fmt: skip
        db.execute("VACUUM")  # the file shrinks too, not only what it holds,
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # once the store's log is written back
    return len(records)


@dataclass(frozen=True)
class Tally:
    """The moves of a position asked "value ≥ γ?", counted up to symmetry (one per child
    question): after how many value ≥ γ is proven, after how many refuted, how many open.

    >>> from evalgame.games.tiling.board import Board
    >>> board = Board(4, 4)
    >>> solver = NativeSolver(board, table_mb=1)
    >>> solver.prove(board.full, True, 7, table_mb=1)
    True
    >>> tally(solver.move_answers(board.full, True, 7)).proven > 0
    True
    """

    proven: int
    refuted: int
    open: int


def tally(answers: list[MoveAnswer]) -> Tally:
    """Count :meth:`NativeSolver.move_answers` up to symmetry (see :class:`Tally`)."""
    by_child = {answer.child: answer.reaches for answer in answers}
    reaches = list(by_child.values())
    return Tally(reaches.count(True), reaches.count(False), reaches.count(None))


def question_text(free: int, max_to_move: bool, gamma: int) -> str:
    """The key of the question "value ≥ ``gamma``?" in a file of saved numbers.

    >>> question_text(0xFF, False, 3)
    'value >= 3, MIN to move, free 0xff'
    """
    return f"value >= {gamma}, {'MAX' if max_to_move else 'MIN'} to move, free {free:#x}"


_QUESTION = re.compile(r"value >= (\d+), (MAX|MIN) to move, free (0x[0-9a-f]+)")


def parse_question(text: str) -> tuple[int, bool, int] | None:
    """(γ, MAX to move, free) of a :func:`question_text`; ``None`` for other text.

    >>> parse_question(question_text(0xFF, False, 3))
    (3, False, 255)
    """
    parts = _QUESTION.fullmatch(text)
    if parts is None:
        return None
    return int(parts[1]), parts[2] == "MAX", int(parts[3], 16)


@dataclass(frozen=True)
class SavedQuestion:
    """One question of a file of saved numbers, "value ≥ ``gamma``?" with the vertices
    ``free`` and MAX to move or not: its ``answer`` (``None``: open), the ``nodes`` and CPU
    seconds (``cpu``) of all its ``sittings``, the UTC time of the last save and the size
    of the numbers saved, in bytes."""

    gamma: int
    max_to_move: bool
    free: int
    answer: bool | None
    nodes: int
    cpu: float
    sittings: int
    saved: str
    size: int
    #: the code version and options of each sitting that wrote the row, in order
    #: (:data:`~evalgame.provenance.UNKNOWN` for those before provenance was recorded)
    provenance: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    #: the entries of df-pn's numbers saved (:meth:`NativeSolver.numbers`' count)
    entries: int = 0

    @property
    def codes(self) -> list[str]:
        """The code versions that wrote the row, each once, in order."""
        return list(dict.fromkeys(made["code"] for made in self.provenance))

    @property
    def board(self) -> str | None:
        """The drawing of the tiling board asked about, as the last sitting that wrote the
        row recorded it (:meth:`NativeSolver.settings`); ``None`` when none did (rows
        saved before the board was recorded)."""
        boards = [made.get("options", {}).get("board") for made in self.provenance]
        return next((board for board in reversed(boards) if isinstance(board, str)), None)


def is_numbers_file(path: Path) -> bool:
    """Whether ``path`` is a numbers file of older versions, saved numbers apart from any
    proof store (read-only; ``False`` for any other file, a proof store included):
    ``evalgame tiling R C --import FILE`` copies it into the store of its board."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error:
        return False
    return "numbers" in tables and "facts" not in tables


def saved_questions(path: Path) -> list[SavedQuestion]:
    """What the proof store at ``path`` (or an older numbers file) holds of df-pn's
    questions, question by question, oldest save first (read only: a sitting may be saving
    into it; none in a store that has never asked one).

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> from evalgame.proofs.store import ProofStore
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "4×4")
    >>> solver = NativeSolver(Board(4, 4), table_mb=1)
    >>> prove_in_sittings(solver, Board(4, 4).full, True, 7, store, table_mb=1).answer
    True
    >>> [(q.gamma, q.max_to_move, hex(q.free), q.answer) for q in saved_questions(store.path)]
    [(7, True, '0xffff', True)]
    >>> saved_questions(store.path)[0].codes[0].startswith("evalgame ")   # the code that wrote it
    True
    """
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as db:
            if "numbers" not in {row[0] for row in db.execute("SELECT name FROM sqlite_master")}:
                return []
            made = _made_column(db)
            rows = db.execute(
                "SELECT question, answer, nodes, cpu, sittings, saved, length(records), "
                f"{made}, substr(records, 9, 8) FROM numbers ORDER BY saved, question"
            ).fetchall()
    except sqlite3.Error as error:
        raise StoreError(f"cannot read df-pn's numbers in {path}: {error}") from None
    questions = []
    for question, answer, nodes, cpu, sittings, saved, size, text, count in rows:
        parsed = parse_question(question)
        if parsed is None:
            raise InputError(f"{path} holds a question this evalgame cannot read: {question!r}")
        gamma, max_to_move, free = parsed
        known = None if answer is None else bool(answer)
        written = tuple(_made(text))
        saved_question = SavedQuestion(
            gamma,
            max_to_move,
            free,
            known,
            nodes,
            cpu,
            sittings,
            saved,
            size,
            written,
            int.from_bytes(count or b"", "little"),
        )
        questions.append(saved_question)
    return questions


def record_answer(
    store: ProofStore,
    solver: NativeSolver,
    question: str,
    answer: bool,
    nodes: int,
    cpu: float,
    made: dict[str, Any],
) -> None:
    """Record the decided ``answer`` to ``question`` as a fact of ``store``: the bound it
    proves on the position's key class, in the key and coordinates of the proof manager
    (:meth:`MatchingGame.key`, :meth:`MatchingGame.affine`), so that the manager reuses it
    and the store's check refuses what contradicts it; ``made``: the code version and
    options that proved it.

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "2×2")
    >>> solver = NativeSolver(Board(2, 2), table_mb=1)
    >>> record_answer(store, solver, question_text(0b1111, True, 3), False, 5, 0.0,
    ...               {"code": "evalgame 1.0", "options": {}})
    >>> len(store), store.codes()[0].code
    (1, 'evalgame 1.0')
    """
    parsed = parse_question(question)
    assert parsed is not None
    gamma, max_to_move, free = parsed
    key, offset = _key_class(solver, free, max_to_move)
    bound = gamma - offset if answer else gamma - 1 - offset
    store.options = made.get("options", {})
    store.record(key, lower=bound if answer else None, upper=None if answer else bound,
                 gamma=gamma - offset, nodes=nodes, cpu=cpu, worker="df-pn in sittings",
                 code=made["code"])  # fmt: skip


def known_bounds(
    store: ProofStore, solver: NativeSolver, free: int, max_to_move: bool
) -> tuple[int | None, int | None]:
    """The bounds the facts of ``store`` prove on the moves still to come from ``free``
    (``None``: none on that side): df-pn's answers (:func:`record_answer`) and the proof
    manager's, of this position or any of its key class.

    >>> import tempfile, pathlib
    >>> from evalgame.games.tiling.board import Board
    >>> store = ProofStore.open(pathlib.Path(tempfile.mkdtemp()) / "s.sqlite", "4×4")
    >>> solver = NativeSolver(Board(4, 4), table_mb=1)
    >>> prove_in_sittings(solver, 0xFFFF, True, 8, store, table_mb=1).answer
    False
    >>> known_bounds(store, solver, 0xFFFF, True)
    (None, 7)
    """
    key, offset = _key_class(solver, free, max_to_move)
    bounds = store.bounds(key)
    lower = None if bounds.lower is None else int(bounds.lower) + offset
    upper = None if bounds.upper is None else int(bounds.upper) + offset
    return lower, upper


def _key_class(solver: NativeSolver, free: int, max_to_move: bool) -> tuple[str, int]:
    """The proof manager's name of the position's key class (:meth:`MatchingGame.key`) and
    the offset of its values (:meth:`MatchingGame.affine`: value = the class's + offset)."""
    game = MatchingGame(solver.graph)
    position = MatchingPosition(free, 0, Player.MAX if max_to_move else Player.MIN)
    key = stable_key(game.key(position))
    assert key is not None  # a region key is made of numbers and tuples
    scale, offset = game.affine(position)
    assert scale == 1
    return key, int(offset)


def import_numbers(store: ProofStore, path: Path, solver: NativeSolver) -> list[SavedQuestion]:
    """Copy the rows of ``path``, a numbers file of older versions (:func:`is_numbers_file`),
    into ``store``; the questions copied. Each decided answer is checked against the store
    (:func:`_check_answer`) and recorded as a fact (:func:`record_answer`); a question the
    store already holds is left as it is there. Rows of another kernel than ``solver``'s
    (another board, other options) are refused, the store unchanged.
    """
    if not is_numbers_file(path):
        raise InputError(f"{path} is not a numbers file of older versions (tiling_proofs.py "
                         "--numbers): nothing to import")  # fmt: skip
    kernel, copied = kernel_identity(solver), []
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as old:
        old.row_factory = sqlite3.Row
        rows = old.execute("SELECT * FROM numbers ORDER BY saved, question").fetchall()
    if any(row["kernel"] != kernel for row in rows):
        raise InputError(f"{path} holds numbers of another board or other kernel options than "
                         f"{store.problem} with the kernel's defaults: give the board it was "
                         "asked on (ROWS COLS, --board, --first)")  # fmt: skip
    with _connect(store) as db:
        held = {row[0] for row in db.execute("SELECT question FROM numbers")}
        for row in rows:
            if row["question"] in held:
                continue
            made = _row_made(row)
            if row["answer"] is not None:
                _check_answer(db, path, solver, row["question"], bool(row["answer"]),
                              _row_source(path, row))  # fmt: skip
                record_answer(store, solver, row["question"], bool(row["answer"]), row["nodes"],
                              row["cpu"], made[-1])  # fmt: skip
            columns = ("question", "kernel", "answer", "nodes", "cpu", "sittings", "saved")
            _write(db, store, (*(row[name] for name in columns), row["records"]), made)
            copied.append(row["question"])
    return [saved for saved in saved_questions(store.path) if _text(saved) in copied]


def _text(saved: SavedQuestion) -> str:
    return question_text(saved.free, saved.max_to_move, saved.gamma)


def kernel_identity(solver: NativeSolver) -> str:
    """What the keys of a kernel's records depend on — its graph, symmetries and options —
    as a short digest: records of another kernel are refused, not misread."""
    return hashlib.sha256(repr(solver.identity).encode()).hexdigest()[:16]


#: seconds a process waits while another saves into the same file (a save of 30 M
#: entries writes 720 MB)
BUSY_SECONDS = 600


@contextlib.contextmanager
def _connect(store: ProofStore) -> Iterator[sqlite3.Connection]:
    """A connection of its own to the numbers table of ``store`` (opened for writing, which
    made the table), waiting while another process saves."""
    if str(store.path) == ":memory:":
        raise InputError("df-pn's sittings are saved in a proof store on disk, not in memory")
    try:
        db = sqlite3.connect(store.path, timeout=BUSY_SECONDS)
    except sqlite3.Error as error:
        raise StoreError(f"cannot open the proof store {store.path}: {error}") from None
    db.row_factory = sqlite3.Row
    try:
        yield db
    except sqlite3.DatabaseError as error:
        raise StoreError(f"cannot read df-pn's numbers in {store.path}: {error}") from None
    finally:
        db.close()


def _load(db: sqlite3.Connection, question: str, kernel: str) -> sqlite3.Row | None:
    row: sqlite3.Row | None = db.execute(
        f"SELECT *, {_MADE_BY} AS provenance FROM numbers WHERE question = ?", (question,)
    ).fetchone()
    if row is not None and row["kernel"] != kernel:
        raise InputError(
            f"the numbers saved for {question!r} come from a kernel of other options or "
            "another graph: ask with the same options (--kernel-options), or give another --store"
        )
    return row


def _move_questions(
    db: sqlite3.Connection, free: int, max_to_move: bool, gamma: int, kernel: str
) -> dict[str, bool | None]:
    """The saved questions of "value ≥ ``gamma``?"'s first moves, asked apart (after one
    move: two of its free vertices gone, the other player to move, γ − 1), with their
    answers as the player to move there sees them (``None``: open)."""
    moves = {}
    rows = db.execute("SELECT question, answer FROM numbers WHERE kernel = ?", (kernel,))
    for question, answer in rows:
        parsed = parse_question(question)
        if parsed is None:
            continue
        their_gamma, mover, their_free = parsed
        gone = free & ~their_free
        if (their_gamma, mover, their_free & ~free, gone.bit_count()) == (
            gamma - 1, not max_to_move, 0, 2
        ):  # fmt: skip
            moves[question] = None if answer is None else bool(answer)
    return moves


@dataclass
class _Work:
    """Saved questions and their work: nodes, CPU seconds and sittings, summed."""

    questions: list[str] = field(default_factory=list)
    nodes: int = 0
    cpu: float = 0.0
    sittings: int = 0
    #: the code versions and options that wrote them
    provenance: list[dict[str, Any]] = field(default_factory=list)

    def add(self, row: sqlite3.Row) -> None:
        self.questions.append(row["question"])
        self.nodes, self.cpu = self.nodes + row["nodes"], self.cpu + row["cpu"]
        self.sittings += row["sittings"]
        self.provenance = _joined(self.provenance, _row_made(row))


def _learn_moves(
    solver: NativeSolver,
    db: sqlite3.Connection,
    path: Path,
    free: int,
    max_to_move: bool,
    gamma: int,
    table_mb: int,
) -> _Work:
    """Take in the numbers saved for the question's moves asked apart, one row at a time
    (on 8×8 a row may hold 720 MB); which they are and their work."""
    kernel, work = kernel_identity(solver), _Work()
    for question in _move_questions(db, free, max_to_move, gamma, kernel):
        row = _load(db, question, kernel)
        if row is not None:
            _take(solver, db, path, row, table_mb)
            work.add(row)
    return work


def _save(
    db: sqlite3.Connection,
    store: ProofStore,
    solver: NativeSolver,
    question: str,
    answer: bool | None,
    nodes: int,
    cpu: float,
    sittings: int,
    records: bytes,
    made: dict[str, Any],
    folded: Sequence[str] = (),
    before: Sequence[dict[str, Any]] = (),
) -> None:
    """Save a question's row; the rows of the questions ``folded`` into it go. ``made``
    (the code version and options of this sitting) joins the provenance of the row as
    saved before, and ``before`` (that of the rows folded in). A decided answer that
    contradicts another row's (:func:`_check_answer`) or a fact of the store is refused,
    the store unchanged; a new one is recorded as a fact (:func:`record_answer`)."""
    now, path = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S"), store.path
    old = db.execute("SELECT answer FROM numbers WHERE question = ?", (question,)).fetchone()
    if answer is not None:
        _check_answer(db, path, solver, question, answer, f"this sitting ({made['code']})")
        if old is None or old[0] is None:
            record_answer(store, solver, question, answer, nodes, cpu, made)
    _write(db, store, (question, kernel_identity(solver), None if answer is None else int(answer),
                       nodes, cpu, sittings, now, records), [*before, made], folded)  # fmt: skip


def _write(
    db: sqlite3.Connection,
    store: ProofStore,
    row: tuple[Any, ...],
    made: Sequence[dict[str, Any]],
    folded: Sequence[str] = (),
) -> None:
    """Write ``row`` (question, kernel, answer, nodes, CPU s, sittings, saved, records) in one
    transaction, a killed process leaving the last save whole: ``made`` (code versions and
    options, :data:`~evalgame.proofs.store.PROVENANCE` rows of the store) joins what the row
    held of them, in order, each once; the rows of the questions ``folded`` go."""
    made_by = [store.provenance_id(m["code"], m.get("options", {})) for m in made]
    with db:
        for question in folded:
            db.execute("DELETE FROM numbers WHERE question = ?", (question,))
            db.execute("DELETE FROM number_provenance WHERE question = ?", (question,))
        db.execute(f"INSERT OR REPLACE INTO numbers VALUES ({', '.join('?' * len(row))})", row)
        db.executemany("INSERT OR IGNORE INTO number_provenance VALUES (?, ?)",
                       [(row[0], number) for number in made_by])  # fmt: skip


def _columns(db: sqlite3.Connection) -> set[str]:
    """The columns of the numbers table."""
    return {row[1] for row in db.execute("PRAGMA table_info(numbers)")}


#: a row's provenance as the JSON list of its sittings' code versions and options, in order:
#: in a store, from the rows of its provenance table the row names (as its facts' are)
_MADE_BY = """(SELECT json_group_array(json_object('code', code, 'options', json(options)))
    FROM (SELECT p.code, p.options FROM number_provenance np JOIN provenance p
          ON p.id = np.provenance WHERE np.question = numbers.question ORDER BY np.rowid))"""


def _made_column(db: sqlite3.Connection) -> str:
    """The SQL of a row's provenance: a store's (:data:`_MADE_BY`), an older numbers file's
    JSON column, or ``NULL`` (a file saved before provenance was recorded)."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    if "number_provenance" in tables:
        return _MADE_BY
    return "provenance" if "provenance" in _columns(db) else "NULL"


def _made(text: str | None) -> list[dict[str, Any]]:
    """A row's provenance list (a row saved before it was recorded: one unknown sitting)."""
    made: list[dict[str, Any]] = [] if text is None else json.loads(text)
    return made or [{"code": UNKNOWN, "options": {}}]


def _row_made(row: sqlite3.Row) -> list[dict[str, Any]]:
    return _made(row["provenance"] if "provenance" in row.keys() else None)  # noqa: SIM118


def _joined(*lists: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The provenances of ``lists`` in order, each once.

    >>> a, b = {"code": "x", "options": {}}, {"code": "y", "options": {"keep": 1}}
    >>> _joined([a], [b, a])
    [{'code': 'x', 'options': {}}, {'code': 'y', 'options': {'keep': 1}}]
    """
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    for made in (item for items in lists for item in items):
        seen.setdefault((made["code"], options_text(made.get("options", {}))), made)
    return list(seen.values())


def _row_source(path: Path, row: sqlite3.Row) -> str:
    """Where a row's numbers come from, for an error that names them."""
    codes = "; ".join(dict.fromkeys(made["code"] for made in _row_made(row)))
    return f"{path}, row {row['question']!r} (saved {row['saved']} UTC, code {codes})"


def _take(
    solver: NativeSolver, db: sqlite3.Connection, path: Path, row: sqlite3.Row, table_mb: int
) -> None:
    """Learn a row's numbers; a decided row is first checked against the file's other
    decided rows (:func:`_check_answer`), and its decided entries against those the solver
    holds (:meth:`NativeSolver.learn_numbers`)."""
    if row["answer"] is not None:
        _check_answer(db, path, solver, row["question"], bool(row["answer"]),
                      _row_source(path, row))  # fmt: skip
    solver.learn_numbers(row["records"], table_mb, source=_row_source(path, row))


def _check_answer(
    db: sqlite3.Connection,
    path: Path,
    solver: NativeSolver,
    question: str,
    answer: bool,
    source: str,
) -> None:
    """Refuse the decided ``answer`` to ``question`` (from ``source``) if it contradicts the
    answer of another row: a position and its child after one move (MAX to move: value ≥
    1 + the child's; MIN: value ≤ 1 + the child's). The same position with another γ is
    the store's own check, of the facts the answers are (:func:`record_answer`)."""
    mine = parse_question(question)
    if mine is None:
        return
    rows = db.execute(
        f"SELECT question, answer, saved, {_MADE_BY} AS provenance FROM numbers "
        "WHERE answer IS NOT NULL AND question != ?",
        (question,),
    )
    for row in rows:
        theirs = parse_question(row["question"])
        if theirs is None:
            continue
        why = _contradiction(solver, (*mine, answer), (*theirs, bool(row["answer"])))
        if why is not None:
            raise ContradictionError(
                f"{why}, in {path}",
                f"{_row_source(path, row)} answers {_said(row['question'], row['answer'])}",
                f"{source} answers {_said(question, answer)}",
            )


def _said(question: str, answer: bool) -> str:
    """A decided answer as the bound it proves.

    >>> _said(question_text(0xFF, True, 5), False)
    'no: value ≤ 4'
    """
    parsed = parse_question(question)
    assert parsed is not None
    gamma = parsed[0]
    return f"yes: value ≥ {gamma}" if answer else f"no: value ≤ {gamma - 1}"


def _contradiction(
    solver: NativeSolver, one: tuple[int, bool, int, bool], other: tuple[int, bool, int, bool]
) -> str | None:
    """Why two decided answers (γ, MAX to move, free, value ≥ γ?), of a position and its
    child after one move, cannot both hold, else ``None``.

    >>> from evalgame.games.tiling.board import Board
    >>> solver = NativeSolver(Board(2, 2), table_mb=1)
    >>> _contradiction(solver, (2, True, 0b1111, False), (1, False, 0b1100, False))
    >>> _contradiction(solver, (2, True, 0b1111, False), (1, False, 0b1100, True))
    'a position and its child after one move'
    """
    for parent, child in ((one, other), (other, one)):
        gamma, max_to_move, free, yes = parent
        child_gamma, child_max, child_free, child_yes = child
        gone = free & ~child_free
        if child_max == max_to_move or child_free & ~free or gone.bit_count() != 2:
            continue
        u = (gone & -gone).bit_length() - 1
        if not solver.graph.adjacency[u] & gone:
            continue  # two free vertices gone, but not a move
        # MAX to move: value ≥ 1 + the child's; MIN to move: value ≤ 1 + the child's
        if max_to_move and not yes and child_yes and child_gamma + 1 >= gamma:
            return "a position and its child after one move"
        if not max_to_move and yes and not child_yes and child_gamma + 1 <= gamma:
            return "a position and its child after one move"
    return None


__all__ = [
    "DEFAULT_EVERY",
    "Part",
    "SavedQuestion",
    "Sitting",
    "Tally",
    "first_moves",
    "import_numbers",
    "is_numbers_file",
    "kernel_identity",
    "known_bounds",
    "learn_saved",
    "parse_question",
    "prove_in_sittings",
    "prove_part_in_sittings",
    "question_text",
    "record_answer",
    "saved_moves",
    "saved_questions",
    "tally",
    "trim_numbers",
]
