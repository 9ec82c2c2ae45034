"""df-pn in sittings: a question stopped in one process goes on in another.

The numbers a sitting saves (``NativeSolver.numbers``) are taken up by a new solver — a
new process as far as the kernel knows: its transposition table and region database are
empty — and the answers stay those of the alpha-beta search, however often the question is
cut (down to a slice of a few nodes). What the saved numbers carry is checked directly: a
question proven in one sitting is answered in the next from the saved decided entries, in
far fewer nodes than from nothing. Records of another kernel, a corrupt record and a file
that is not a numbers file are refused with a clear error.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.cli.shared import console
from evalgame.errors import InputError, SearchInterrupted, StoreError
from evalgame.games.matching import native
from evalgame.games.matching.native import ALL_OPTIONS, MoveAnswer, NativeSolver
from evalgame.games.matching.sittings import (
    Part,
    Sitting,
    Tally,
    first_moves,
    is_numbers_file,
    prove_in_sittings,
    prove_part_in_sittings,
    saved_questions,
    tally,
    trim_numbers,
)
from evalgame.games.tiling.board import Board
from evalgame.proofs.store import ProofStore
from evalgame.search.budget import Budget
from tests.games.matching.naive_matching import random_boards
from tests.samples import sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")


def store_at(path: Path) -> ProofStore:
    """A proof store at ``path`` for df-pn's sittings (its problem's name matters not here)."""
    return ProofStore.open(path, "tiling, a test")


def on_disk(path: Path) -> int:
    """The bytes of an SQLite file and its write-ahead log."""
    log = Path(f"{path}-wal")
    return path.stat().st_size + (log.stat().st_size if log.exists() else 0)


def sittings_until_answered(board: Board, max_to_move: bool, gamma: int, store: ProofStore,
                            every: int) -> tuple[bool | None, int]:  # fmt: skip
    """Ask in sittings of one slice of ``every`` nodes, each by a new solver."""
    for _ in range(10_000):
        solver = NativeSolver(board, table_mb=1, tame_mb=1)
        sitting = prove_in_sittings(
            solver, board.start, max_to_move, gamma, store, table_mb=1, every=every, sittings=1
        )
        if sitting.answer is not None:
            return sitting.answer, sitting.sittings
    return None, 10_000


def test_answers_in_sittings_are_the_kernels_on_60_boards_with_holes(tmp_path: Path) -> None:
    rng = random.Random(5)
    cut = 0
    for index, board in enumerate(random_boards(seed=29, count=sample(60), most_free=25)):
        max_to_move = rng.random() < 0.5
        value = NativeSolver(board, table_mb=1).value(board.start, max_to_move)
        gamma = value + rng.choice((0, 1))
        store = store_at(tmp_path / f"{index}.sqlite")
        answer, sittings = sittings_until_answered(board, max_to_move, gamma, store, every=25)
        assert answer is (value >= gamma), (board.drawing(), max_to_move, gamma)
        cut += sittings > 1
    assert cut > sample(60) // 3  # many questions were really cut, many times over


def test_a_proven_question_comes_back_from_its_numbers() -> None:
    board = Board(6, 6)
    first = NativeSolver(board, table_mb=8)
    assert first.prove(board.full, True, 16, table_mb=8) is True
    fresh = first.stats.nodes
    later = NativeSolver(board, table_mb=8)
    assert later.learn_numbers(first.numbers(10_000), table_mb=8) > 0
    assert later.prove(board.full, True, 16, table_mb=8) is True
    assert later.stats.nodes * 10 < fresh  # its decided entries answer it


def test_an_answered_question_brings_back_its_numbers_too(tmp_path: Path) -> None:
    board, store = Board(6, 6), store_at(tmp_path / "numbers.sqlite")
    prove_in_sittings(NativeSolver(board, table_mb=8), board.full, False, 16, store, table_mb=8)
    later = NativeSolver(board, table_mb=8)
    assert prove_in_sittings(later, board.full, False, 16, store, table_mb=8).answer is True
    assert later.stats.nodes == 0  # answered from the file, not searched again
    # what a replay of the proof asks next finds MIN's first moves decided
    assert tally(later.move_answers(board.full, False, 16)).proven == 9


def test_numbers_keep_at_most_the_limit_largest_subtrees_first() -> None:
    board = Board(5, 6)
    solver = NativeSolver(board, table_mb=4)
    solver.prove(board.full, False, 14, table_mb=4)
    assert len(solver.numbers(0)) == 16  # the header alone
    for limit in (1, 7, 100):
        assert len(solver.numbers(limit)) == 16 + 24 * limit
    everything = solver.numbers(10**9)
    assert len(everything) > 16 + 24 * 100


def test_a_save_keeps_the_questions_first_moves_whatever_their_size() -> None:
    board = Board(6, 6)
    question = (board.full, False, 16)  # MIN first: holds, every first move proven
    solver = NativeSolver(board, table_mb=8)
    assert solver.prove(*question, table_mb=8) is True
    only_the_question = solver.numbers(0, question)
    assert 16 + 24 < len(only_the_question) <= 16 + 24 * (1 + len(board.edges))
    later = NativeSolver(board, table_mb=8)
    later.learn_numbers(only_the_question, table_mb=8)
    assert tally(later.move_answers(*question)) == Tally(proven=9, refuted=0, open=0)
    assert later.prove(*question, table_mb=8) is True
    assert later.stats.nodes == 1  # one expansion: its first moves' entries answer it


def test_a_stopped_sitting_saves_what_it_learned(tmp_path: Path) -> None:
    board = Board(7, 7)  # "≥ 22?" needs millions of nodes
    store = store_at(tmp_path / "numbers.sqlite")
    solver = NativeSolver(board, table_mb=4, budget=Budget(nodes=40_000))
    with pytest.raises(SearchInterrupted):
        prove_in_sittings(solver, board.full, True, 22, store, table_mb=4)
    with sqlite3.connect(store.path) as db:
        answer, nodes, sittings, size = db.execute(
            "SELECT answer, nodes, sittings, length(records) FROM numbers"
        ).fetchone()
    assert answer is None
    assert nodes >= 40_000
    assert sittings == 1
    assert size > 16


def test_a_trimmed_file_keeps_the_question_its_work_and_its_answer(tmp_path: Path) -> None:
    board = Board(6, 6)
    question = (board.full, False, 16)  # MIN first: holds
    store = store_at(tmp_path / "numbers.sqlite")
    first = NativeSolver(board, table_mb=8)
    prove_in_sittings(first, *question, store, table_mb=8, every=20_000, sittings=1,
                      keep=10**9)  # fmt: skip
    (before,) = saved_questions(store.path)
    assert before.answer is None
    file_size = on_disk(store.path)
    size = trim_numbers(NativeSolver(board, table_mb=8), *question, store, keep=100, table_mb=8)
    (after,) = saved_questions(store.path)
    assert size == after.size < before.size
    assert on_disk(store.path) < file_size
    assert size <= 16 + 24 * (100 + 1 + len(board.edges))  # the largest, and its own moves
    assert (after.answer, after.nodes, after.cpu, after.sittings) == (
        None, before.nodes, before.cpu, before.sittings,
    )  # fmt: skip
    later = NativeSolver(board, table_mb=8)
    assert prove_in_sittings(later, *question, store, table_mb=8).answer is True
    with pytest.raises(InputError, match="holds no numbers"):
        trim_numbers(later, board.full, True, 16, store, keep=100, table_mb=8)


def test_numbers_of_another_kernel_are_refused(tmp_path: Path) -> None:
    board = Board(5, 5)
    store = store_at(tmp_path / "numbers.sqlite")
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 12, store,
                      table_mb=1, every=10, sittings=1)  # fmt: skip
    other = NativeSolver(board, table_mb=1, options=ALL_OPTIONS)
    with pytest.raises(InputError, match="other options or another graph"):
        prove_in_sittings(other, board.full, True, 12, store, table_mb=1)


def test_bad_records_and_files_are_refused(tmp_path: Path) -> None:
    solver = NativeSolver(Board(4, 4), table_mb=1)
    for records in (b"", b"PNUM", b"XNUM" + bytes(12), b"PNUM\x01\0\0\0\x02" + bytes(31)):
        with pytest.raises(InputError, match="corrupt or foreign"):
            solver.learn_numbers(records, table_mb=1)
    text = tmp_path / "notes.txt"
    text.write_text("not a database, just some words\n" * 40)
    with pytest.raises(StoreError, match="not an evalgame proof store"):
        store_at(text)
    with pytest.raises(InputError, match="at least 1"):
        prove_in_sittings(solver, Board(4, 4).full, True, 7, store_at(tmp_path / "n"), every=0)
    with pytest.raises(InputError, match="on disk"):
        prove_in_sittings(solver, Board(4, 4).full, True, 7, ProofStore.memory("m"))


def test_each_save_says_where_the_question_stands(tmp_path: Path) -> None:
    """``on_save`` hears of every save, the work growing, the last one with the answer;
    the moves' tally then counts the question's answer (MAX first on 5×5: value 12)."""
    board = Board(5, 5)
    solver = NativeSolver(board, table_mb=1)
    heard: list[Sitting] = []
    sitting = prove_in_sittings(
        solver, board.full, True, 12, store_at(tmp_path / "n.sqlite"), table_mb=1, every=50,
        on_save=heard.append,
    )  # fmt: skip
    assert sitting.answer is True
    assert heard[-1].answer is True
    assert len(heard) > 2
    assert [s.nodes for s in heard] == sorted({s.nodes for s in heard})
    assert all(s.answer is None for s in heard[:-1])
    moves = tally(solver.move_answers(board.full, True, 12))
    assert moves.proven >= 1  # MAX's winning move
    # 4×5, MAX first, is worth 9 of ν = 10: "≥ 10?" is refuted after each of MAX's moves
    board = Board(4, 5)
    solver = NativeSolver(board, table_mb=1)
    assert solver.prove(board.full, True, 10, table_mb=1) is False
    answers = solver.move_answers(board.full, True, 10)
    assert tally(answers) == Tally(0, len({answer.child for answer in answers}), 0)
    assert len(answers) == 31
    assert tally(answers).refuted < 31  # counted up to symmetry


def test_a_store_says_what_it_holds_of_dfpns_questions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each question asked into a store, with its answer or open, its work, sittings and
    entries; ``evalgame proofs STORE`` prints the same below the store's summary, whose
    facts hold the answered one."""
    board = Board(5, 5)
    store = store_at(tmp_path / "numbers.sqlite")
    solver = NativeSolver(board, table_mb=1)
    open_one = prove_in_sittings(solver, board.full, True, 12, store, table_mb=1, every=10,
                                 sittings=2)  # fmt: skip
    answered = prove_in_sittings(solver, board.full, False, 12, store, table_mb=1)
    assert (open_one.answer, answered.answer) == (None, False)  # MIN first on 5×5: 11
    held = {(q.gamma, q.max_to_move): q for q in saved_questions(store.path)}
    assert held.keys() == {(12, True), (12, False)}
    assert (held[12, True].answer, held[12, True].sittings) == (None, 1)  # one sitting
    assert held[12, True].nodes == open_one.nodes == 20
    assert held[12, False].answer is False
    assert all(q.free == board.full and q.size == 16 + 24 * q.entries for q in held.values())
    monkeypatch.setattr(console, "width", 160)  # wide enough for the table's nine columns
    shown = CliRunner().invoke(app, ["proofs", str(store.path)])
    assert shown.exit_code == 0, shown.output
    rows = [line for line in shown.output.splitlines() if "value ≥ 12?" in line]
    assert [("open" in row, " no " in row) for row in rows] == [(True, False), (False, True)]
    assert "1 proven" in shown.output  # the answer, a fact of the store
    assert not is_numbers_file(store.path)
    assert saved_questions(store_at(tmp_path / "empty.sqlite").path) == []
    with pytest.raises(StoreError, match="cannot read"):
        saved_questions(tmp_path / "missing.sqlite")
    other = tmp_path / "other.sqlite"
    with contextlib.closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE numbers (question TEXT)")
    with pytest.raises(StoreError, match="no such column"):
        saved_questions(other)


def ask_in_parts(board: Board, max_to_move: bool, gamma: int, store: ProofStore, parts: int,
                 every: int) -> list[Part]:  # fmt: skip
    """Each part by a new solver (another process), one after another, in small slices."""
    return [
        prove_part_in_sittings(NativeSolver(board, table_mb=1, tame_mb=1), board.start,
                               max_to_move, gamma, store, part, parts, table_mb=1, every=every)
        for part in range(1, parts + 1)
    ]  # fmt: skip


def test_a_question_asked_in_parts_gets_the_kernels_answer_on_40_boards_with_holes(
    tmp_path: Path,
) -> None:
    """Parts, then the question asked whole: the answer of the kernel's alpha-beta search,
    found by the whole question in at most one expansion (its moves are answered)."""
    rng = random.Random(11)
    decided = searched = 0
    for index, board in enumerate(random_boards(seed=31, count=sample(40), most_free=25)):
        max_to_move = rng.random() < 0.5
        value = NativeSolver(board, table_mb=1).value(board.start, max_to_move)
        gamma = value + rng.choice((0, 1))
        store = store_at(tmp_path / f"{index}.sqlite")
        parts = ask_in_parts(board, max_to_move, gamma, store, rng.choice((2, 3)), every=30)
        settled = {part.decides for part in parts} - {None}
        assert settled <= {value >= gamma}  # a move that settles it settles it right
        decided += bool(settled)
        whole = NativeSolver(board, table_mb=1, tame_mb=1)
        sitting = prove_in_sittings(whole, board.start, max_to_move, gamma, store, table_mb=1)
        assert sitting.answer is (value >= gamma), (board.drawing(), max_to_move, gamma)
        assert whole.stats.nodes <= 1
        moves = {q.free for q in saved_questions(store.path)} - {board.start}
        assert sitting.parts == len(moves)
        assert sitting.nodes == sum(q.nodes for q in saved_questions(store.path))
        searched += bool(moves)
    # both kinds met: settled by one move, and by all of them
    assert 0 < decided < sample(40)
    assert searched > sample(40) * 3 // 4  # most questions were asked in parts (not by bounds)


def test_parts_split_the_first_moves_alike_in_every_process() -> None:
    board = Board(6, 6)
    question = (board.full, False, 16)
    cold = first_moves(NativeSolver(board, table_mb=8), *question)
    warm = NativeSolver(board, table_mb=8)
    warm.prove(*question, table_mb=8)
    assert [answer.move for answer in first_moves(warm, *question)] == [
        answer.move for answer in cold
    ]  # whatever each table knows
    assert len(cold) == 9 == len({answer.child for answer in cold})  # one per child


def test_a_part_stops_when_another_settles_the_question(tmp_path: Path) -> None:
    """6×6 MIN first is 16: "≥ 17?" fails after MIN's (0,1)-(0,2) in about 22,000 nodes,
    while part 1's first move, (0,0)-(0,1), needs some 300,000. Part 2, run to its end at
    part 1's first save, settles it; part 1 stops there."""
    board, store = Board(6, 6), store_at(tmp_path / "numbers.sqlite")
    question = (board.full, False, 17)
    heard: list[tuple[tuple[int, int], Sitting]] = []

    def meanwhile(move: tuple[int, int], sitting: Sitting) -> None:
        if not heard:
            other = prove_part_in_sittings(NativeSolver(board, table_mb=8), *question, store,
                                           2, 2, table_mb=8)  # fmt: skip
            assert other == Part(moves=4, answered=1, decides=False)
        heard.append((move, sitting))

    solver = NativeSolver(board, table_mb=8)
    part = prove_part_in_sittings(solver, *question, store, 1, 2, table_mb=8, every=2_000,
                                  on_save=meanwhile)  # fmt: skip
    assert part == Part(moves=5, answered=0, decides=False)
    assert len(heard) == 1  # it stopped at the save during which part 2 settled it
    assert heard[-1][1].answer is None
    assert solver.stats.nodes < 10_000
    later = ask_in_parts(board, False, 17, store, 2, every=10**6)  # nothing left to ask
    assert [part.decides for part in later] == [False, False]
    assert prove_in_sittings(NativeSolver(board, table_mb=8), *question, store,
                             table_mb=8).answer is False  # fmt: skip


def test_a_trim_folds_a_questions_parts_into_it(tmp_path: Path) -> None:
    """Part 1 of 6×6 MIN first "≥ 16?" (it holds) answered, part 2 stopped midway: trimmed,
    the file holds the question alone, with their work; asked whole, it goes on and holds."""
    board, store = Board(6, 6), store_at(tmp_path / "numbers.sqlite")
    question = (board.full, False, 16)
    done = prove_part_in_sittings(NativeSolver(board, table_mb=8), *question, store, 1, 2,
                                  table_mb=8)  # fmt: skip
    assert done == Part(moves=5, answered=5, decides=None)
    stopped = NativeSolver(board, table_mb=8, budget=Budget(nodes=3_000))
    with pytest.raises(SearchInterrupted):
        prove_part_in_sittings(stopped, *question, store, 2, 2, table_mb=8, every=1_000)
    before = saved_questions(store.path)
    assert len(before) == 6  # one row a first move asked, none for the question itself
    assert board.full not in {q.free for q in before}
    trim_numbers(NativeSolver(board, table_mb=8), *question, store, keep=1_000, table_mb=8)
    (after,) = saved_questions(store.path)
    assert (after.free, after.answer) == (board.full, None)
    assert (after.nodes, after.cpu, after.sittings) == (
        sum(q.nodes for q in before), sum(q.cpu for q in before), sum(q.sittings for q in before)
    )  # fmt: skip
    later = NativeSolver(board, table_mb=8)
    sitting = prove_in_sittings(later, *question, store, table_mb=8)
    assert sitting.answer is True
    assert tally(later.move_answers(*question)) == Tally(proven=9, refuted=0, open=0)
    assert sitting.nodes == after.nodes + later.stats.nodes


def test_moves_numbers_are_for_proving_and_refuting_the_question_after_them() -> None:
    """Once "≥ γ?" holds after a move its proof number is 0, once it fails its disproof
    number, whoever moves first."""
    board = Board(6, 6)  # 16 for both starters
    for max_to_move, gamma, done in ((False, 16, 0), (True, 17, 1)):
        solver = NativeSolver(board, table_mb=8)
        solver.prove(board.full, max_to_move, gamma, table_mb=8)
        answers = solver.move_answers(board.full, max_to_move, gamma)
        decided = [a.numbers for a in answers if a.reaches is not None]
        assert decided
        assert all(numbers is not None and numbers[done] == 0 for numbers in decided)


def moves_after_a_slice(
    board: Board, question: tuple[int, bool, int], store: ProofStore, every: int
) -> list[MoveAnswer]:
    """The question asked whole for one slice of ``every`` nodes, then its first moves as
    the numbers it saved tell them (read by a new solver)."""
    prove_in_sittings(NativeSolver(board, table_mb=8), *question, store, table_mb=8,
                      every=every, sittings=1)  # fmt: skip
    reader = NativeSolver(board, table_mb=8)
    with contextlib.closing(sqlite3.connect(store.path)) as db:
        reader.learn_numbers(db.execute("SELECT records FROM numbers").fetchone()[0], 8)
    return first_moves(reader, *question)


def test_a_part_asks_first_the_move_nearest_to_settling_the_question(tmp_path: Path) -> None:
    """6×6 MIN first "≥ 17?" fails: after a slice of the question asked whole, a part asks
    first the move df-pn would, the smallest disproof number (the likeliest refutation)."""
    board, store = Board(6, 6), store_at(tmp_path / "numbers.sqlite")
    question = (board.full, False, 17)
    moves = moves_after_a_slice(board, question, store, every=20_000)
    open_ones = [a for a in moves if a.reaches is None and a.numbers]
    nearest = min(open_ones, key=lambda answer: answer.numbers[1] if answer.numbers else 0)
    assert nearest.move != moves[0].move  # not the first by key
    asked: list[tuple[int, int]] = []
    prove_part_in_sittings(NativeSolver(board, table_mb=8), *question, store, 1, 1,
                           table_mb=8, on_save=lambda move, _: asked.append(move))  # fmt: skip
    assert asked[0] == nearest.move


def test_parts_split_the_moves_the_questions_own_numbers_leave_open(tmp_path: Path) -> None:
    """5×6 MIN first "≥ 14?" (it holds) asked whole for a slice, then in two parts one
    after the other: each takes half of the moves the question's row leaves open, though
    part 1 had answered its own before part 2 started."""
    board, store = Board(5, 6), store_at(tmp_path / "numbers.sqlite")
    question = (board.full, False, 14)
    moves = moves_after_a_slice(board, question, store, every=30_000)
    left = [answer for answer in moves if answer.reaches is None]
    assert 2 <= len(left) < 15  # the slice settled some of the 15 moves, not all
    parts = [prove_part_in_sittings(NativeSolver(board, table_mb=8), *question, store, k, 2,
                                    table_mb=8) for k in (1, 2)]  # fmt: skip
    assert parts == [
        Part(moves=len(left[0::2]), answered=len(left[0::2]), decides=None),
        Part(moves=len(left[1::2]), answered=len(left[1::2]), decides=None),
    ]
    whole = NativeSolver(board, table_mb=8)
    assert prove_in_sittings(whole, *question, store, table_mb=8).answer is True
    assert whole.stats.nodes <= 1
