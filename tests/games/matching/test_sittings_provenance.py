"""Provenance and alarms of df-pn's saved numbers, and the numbers files of before.

Every row of df-pn's numbers in a proof store records the code version (commit, dirty flag)
and the options of each sitting that wrote it; a numbers file of older versions (no
provenance, no store) is copied into a store by ``evalgame tiling --import``, unchanged
itself, its code unknown, its answers facts of the store. A decided answer that contradicts
another stops the run with a :class:`~evalgame.errors.ContradictionError` that names both:
two rows (the same position with another γ), a decided entry of one row's numbers against
another row's, or a search that decides a question against a decided entry it learned.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.analysis.tiling_results import KernelProof, record_proof
from evalgame.cli import app
from evalgame.errors import ContradictionError, InputError
from evalgame.games.matching import native
from evalgame.games.matching.native import NativeSolver
from evalgame.games.matching.sittings import (
    import_numbers,
    is_numbers_file,
    kernel_identity,
    learn_saved,
    prove_in_sittings,
    question_text,
    record_answer,
    saved_questions,
    trim_numbers,
)
from evalgame.games.tiling.board import Board
from evalgame.proofs.store import ProofStore
from evalgame.provenance import UNKNOWN, code_version, provenance

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

NUMBERS = Path(__file__).resolve().parents[3] / "docs" / "proofs" / "numbers"

#: the numbers table as files saved before provenance was recorded have it
OLD_SCHEMA = """
CREATE TABLE numbers (question TEXT PRIMARY KEY, kernel TEXT NOT NULL, answer INTEGER,
    nodes INTEGER NOT NULL, cpu REAL NOT NULL, sittings INTEGER NOT NULL,
    saved TEXT NOT NULL, records BLOB NOT NULL)
"""


def flipped(records: bytes, index: int = 0) -> bytes:
    """``records`` with the proof and disproof numbers of record ``index`` swapped: a
    decided entry that says the contrary (the question's own entry comes first)."""
    out = bytearray(records)
    at = 16 + 24 * index
    phi, delta = records[at + 8 : at + 12], records[at + 12 : at + 16]
    out[at + 8 : at + 16] = delta + phi
    return bytes(out)


def store_at(path: Path) -> ProofStore:
    """A proof store at ``path`` for df-pn's sittings."""
    return ProofStore.open(path, "tiling, a test")


def old_file(path: Path) -> Path:
    """An empty numbers file as versions before provenance and the store wrote them."""
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(OLD_SCHEMA)
    return path


def first_row(store: ProofStore) -> tuple[str, bytes]:
    """The kernel and records of the store's first row of numbers."""
    with contextlib.closing(sqlite3.connect(store.path)) as db:
        kernel, records = db.execute("SELECT kernel, records FROM numbers").fetchone()
    return kernel, records


def add_row(path: Path, question: str, answer: bool | None, records: bytes, kernel: str) -> None:
    """A row written as another build would: no provenance (an old file's columns)."""
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "INSERT INTO numbers (question, kernel, answer, nodes, cpu, sittings, saved, records)"
            " VALUES (?, ?, ?, 1, 0.1, 1, '2026-11-01 00:00:00', ?)",
            (question, kernel, None if answer is None else int(answer), records),
        )


def test_a_saved_answer_records_the_code_version_and_the_options(tmp_path: Path) -> None:
    board, store = Board(5, 5), store_at(tmp_path / "numbers.sqlite")
    for _ in range(2):  # two sittings of one build: recorded once
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 12, store,
                          table_mb=1, every=200, sittings=1, keep=5_000)  # fmt: skip
    (saved,) = saved_questions(store.path)
    (made,) = saved.provenance
    assert made["code"] == code_version()
    assert saved.codes == [code_version()]
    assert made["options"]["dfpn_mb"] == 1
    assert made["options"]["keep"] == 5_000
    assert made["options"]["every"] == 200
    assert made["options"]["weak"] is False
    assert made["options"]["kernel_options"] == "strategy,turns,components,etc,symmetry"
    assert made["options"]["vertices"] == 25
    with contextlib.closing(sqlite3.connect(store.path)) as db:  # the store's one table of them
        (code, options), *_ = db.execute("SELECT code, options FROM provenance").fetchall()
    assert (code, json.loads(options)) == (made["code"], made["options"])
    trim_numbers(NativeSolver(board, table_mb=1), board.full, True, 12, store, keep=10,
                 table_mb=1)  # fmt: skip
    (trimmed,) = saved_questions(store.path)  # the rewrite is recorded too, after the sittings
    assert [m["options"].get("trimmed_to") for m in trimmed.provenance] == [None, 10]
    shown = CliRunner().invoke(app, ["proofs", str(store.path), "--json"])
    assert shown.exit_code == 0, shown.output
    (question,) = json.loads(shown.output)["numbers"]
    assert question["provenance"][0] == made
    text = CliRunner().invoke(app, ["proofs", str(store.path)]).output
    assert f"written by {code_version()}" in " ".join(text.split())


def test_an_old_numbers_file_is_copied_into_a_store_that_answers_as_it_did(
    tmp_path: Path,
) -> None:
    """A numbers file as older versions wrote it (5×5 MIN first, "≥ 11?" answered and "≥ 12?"
    open): ``--import`` copies it, unchanged itself; the store's first moves are those the
    file's numbers give, its answer a fact whose code is unknown, and it goes on from there."""
    board, store = Board(5, 5), store_at(tmp_path / "new.sqlite")
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, False, 11, store, table_mb=1)
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, False, 12, store, table_mb=1,
                      every=100, sittings=1)  # fmt: skip
    old = old_file(tmp_path / "old.sqlite")
    with contextlib.closing(sqlite3.connect(store.path)) as db:
        for question, answer, records in db.execute(
            "SELECT question, answer, records FROM numbers"
        ):
            add_row(old, question, None if answer is None else bool(answer), records,
                    kernel_identity(NativeSolver(board, table_mb=1)))  # fmt: skip
    before = old.read_bytes()
    assert is_numbers_file(old)
    assert all(q.codes == [UNKNOWN] for q in saved_questions(old))
    converted = tmp_path / "converted.sqlite"
    arguments = ["tiling", "5", "5", "--first", "min", "--store", str(converted)]
    done = CliRunner().invoke(app, [*arguments, "--import", str(old), "--json"])
    assert done.exit_code == 0, done.output
    assert (json.loads(done.output)["copied"], json.loads(done.output)["answered"]) == (2, 1)
    assert old.read_bytes() == before
    moves = CliRunner().invoke(app, [*arguments, "--dfpn-mb", "1", "--ask", "12", "--moves",
                                     "--json"])  # fmt: skip
    assert moves.exit_code == 0, moves.output
    reader = NativeSolver(board, table_mb=1)
    with contextlib.closing(sqlite3.connect(old)) as db:
        (records,) = db.execute("SELECT records FROM numbers WHERE answer IS NULL").fetchone()
    reader.learn_numbers(records, 1)
    by_file = {a.child: a.reaches for a in reader.move_answers(board.full, False, 12)}
    assert len(json.loads(moves.output)["moves"]) == len(by_file)
    assert sorted(m["reaches"] is None for m in json.loads(moves.output)["moves"]) == sorted(
        reaches is None for reaches in by_file.values()
    )
    held = json.loads(CliRunner().invoke(app, ["proofs", str(converted), "--json"]).output)
    assert (held["lower"], held["upper"], held["proven"]) == ("11", "12", 1)  # static upper
    assert [c["code"] for c in held["codes"]] == [UNKNOWN]
    assert {q["answer"] for q in held["numbers"]} == {True, None}
    again = CliRunner().invoke(app, [*arguments, "--dfpn-mb", "1", "--json"])  # the value
    assert json.loads(again.output)["value"] == "11"
    with pytest.raises(InputError, match="another board or other kernel options"):
        import_numbers(store_at(tmp_path / "6x6.sqlite"), old, NativeSolver(Board(6, 6)))
    with pytest.raises(InputError, match="nothing to import"):
        import_numbers(store, store.path, NativeSolver(board, table_mb=1))


@pytest.mark.parametrize("name", sorted(path.stem for path in NUMBERS.glob("*.sqlite")))
def test_the_committed_numbers_files_convert_agree_and_are_left_as_they_are(
    name: str, tmp_path: Path
) -> None:
    """Every committed numbers file is copied into a store of its board; there every row is
    read and its numbers learned into one kernel: no decided entry of one row contradicts
    another's, each answer is a fact; the file is not written."""
    path = NUMBERS / f"{name}.sqlite"
    before = path.read_bytes()
    size, first = name.split("-")
    rows, cols = map(int, size.split("x"))
    solver = NativeSolver(Board(rows, cols), table_mb=16)
    store = ProofStore.open(tmp_path / "store.sqlite", f"tiling {rows}×{cols}, {first} first")
    questions = import_numbers(store, path, solver)
    assert questions
    assert all(q.codes == [UNKNOWN] for q in questions)
    answered = sum(q.answer is not None for q in questions)
    assert sum(code.facts for code in store.summary().codes) == answered  # each a fact
    asked = [(q.free, q.max_to_move, q.gamma) for q in questions]
    assert learn_saved(solver, store, asked, table_mb=64) == len(questions)
    assert path.read_bytes() == before


OLD_CODE = {"code": "evalgame 0.0.9 (commit 0123456789ab)", "options": {}}


def test_an_answer_that_contradicts_a_fact_or_a_row_stops_the_run_and_names_both(
    tmp_path: Path,
) -> None:
    """4×4 MAX first is 7. A false "≥ 6? no" is refused by the store, whose fact "≥ 7? yes"
    it contradicts (the one check of facts, the manager's too); a false child's answer
    beside its parent's row by the rows' own check (a position and its child)."""
    board, store = Board(4, 4), store_at(tmp_path / "numbers.sqlite")
    solver = NativeSolver(board, table_mb=1)
    prove_in_sittings(solver, board.full, True, 7, store, table_mb=1)
    with pytest.raises(ContradictionError) as raised:
        record_answer(store, solver, question_text(board.full, True, 6), False, 1, 0.1, OLD_CODE)
    error = raised.value
    assert "the subproblem" in error.subject
    assert "worker df-pn in sittings" in error.known
    assert f"code {code_version()}" in error.known
    assert "proves value ≥" in error.known
    assert f"code {OLD_CODE['code']}" in error.new
    prove_in_sittings(solver, board.full, True, 8, store, table_mb=1)  # "no": value ≤ 7
    kernel, records = first_row(store)
    child = question_text(board.full & ~0b11, False, 7)  # "yes" would make the root ≥ 8
    add_row(store.path, child, True, records, kernel)
    with pytest.raises(ContradictionError) as raised:
        prove_in_sittings(solver, board.full & ~0b11, False, 7, store, table_mb=1)
    error = raised.value
    assert "a position and its child after one move" in error.subject
    assert f"row {question_text(board.full, True, 8)!r}" in error.known
    assert "no: value ≤ 7" in error.known
    assert f"row {child!r}" in error.new
    assert "code " + UNKNOWN in error.new


def test_a_sitting_whose_answer_contradicts_a_fact_is_not_saved(tmp_path: Path) -> None:
    board, store = Board(4, 4), store_at(tmp_path / "numbers.sqlite")
    solver = NativeSolver(board, table_mb=1)
    record_answer(store, solver, question_text(board.full, True, 6), False, 1, 0.1, OLD_CODE)
    with pytest.raises(ContradictionError) as raised:
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, store, table_mb=1)
    assert f"code {OLD_CODE['code']}" in raised.value.known
    assert "proves value ≤" in raised.value.known
    assert f"code {code_version()}" in raised.value.new
    assert (saved_questions(store.path), len(store)) == ([], 1)  # its answer not saved


def test_numbers_that_contradict_a_learned_decided_entry_are_refused(tmp_path: Path) -> None:
    """Two rows of other questions whose numbers disagree on a position they share: the
    kernel names the entry, the row it was learned from and the row that contradicts it."""
    board, store = Board(4, 4), store_at(tmp_path / "numbers.sqlite")
    path = store.path
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, store, table_mb=1)
    kernel, records = first_row(store)
    # an open question elsewhere whose saved numbers say the root's "≥ 7?" fails
    elsewhere = question_text(board.full & ~0b11, False, 6)
    add_row(path, elsewhere, None, flipped(records), kernel)
    solver = NativeSolver(board, table_mb=1)
    with pytest.raises(ContradictionError) as raised:
        learn_saved(solver, store, [(board.full, True, 7), (board.full & ~0b11, False, 6)],
                    table_mb=1)  # fmt: skip
    error = raised.value
    assert "df-pn's question value ≥ 7" in error.subject
    assert "MAX to move" in error.subject
    assert "value ≥ 7 (MAX to move reaches its goal" in error.known
    assert f"learned from {path}, row {question_text(board.full, True, 7)!r}" in error.known
    assert error.new.startswith(f"record 0 of {path}, row {elsewhere!r}")
    assert "value ≤ 6" in error.new
    assert UNKNOWN in error.new


def test_a_search_that_contradicts_a_learned_decided_entry_stops(tmp_path: Path) -> None:
    """The old kernel overwrote the learned entry with what its search found, silently."""
    board, store = Board(4, 4), store_at(tmp_path / "numbers.sqlite")
    path = store.path
    solver = NativeSolver(board, table_mb=1)
    assert solver.prove(board.full, True, 7, table_mb=1) is True
    records = solver.numbers(10, (board.full, True, 7))
    header = records[:8] + (1).to_bytes(8, "little")  # the question's own entry alone
    add_row(path, question_text(board.full, True, 7), None,  # open, its numbers "no"
            header + flipped(records)[16:40], kernel_identity(solver))  # fmt: skip
    with pytest.raises(ContradictionError) as raised:
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, store, table_mb=1)
    error = raised.value
    assert "value ≤ 6" in error.known
    assert f"learned from {path}" in error.known
    assert error.new == (
        "this process's df-pn search says value ≥ 7 (MAX to move reaches its goal: proof number 0)"
    )


def test_the_command_stops_on_a_contradiction_with_an_error_not_a_traceback(
    tmp_path: Path,
) -> None:
    board = Board(4, 4)
    store = ProofStore.open(tmp_path / "numbers.sqlite", "tiling 4×4, MAX first")
    solver = NativeSolver(board, table_mb=1)
    record_answer(store, solver, question_text(board.full, True, 6), False, 1, 0.1, OLD_CODE)
    before = saved_questions(store.path)
    done = CliRunner().invoke(app, ["tiling", "4", "4", "--dfpn-mb", "1", "--ask", "7",
                                    "--store", str(store.path)])  # fmt: skip
    assert done.exit_code == 5  # a contradiction's exit status
    assert done.exception is None or isinstance(done.exception, SystemExit)
    said = " ".join(done.output.split())
    assert "error: two decided entries" in said
    assert "the subproblem" in said
    assert saved_questions(store.path) == before


def test_a_recorded_proof_carries_its_provenance_and_a_contradicting_one_is_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "results.json"
    old = {"rows": 7, "cols": 7, "first": "max", "proof": "value ≥ 22", "nodes": 1,
           "seconds": 1.0, "date": "2026-11-01"}  # fmt: skip
    path.write_text(json.dumps({"kernel_proofs": [old]}))
    made = provenance({"dfpn_mb": 64, "rows": 7})
    record_proof(path, KernelProof(7, 7, "min", "value ≤ 22", 5, 2.0, provenance=made))
    first, second = json.loads(path.read_text())["kernel_proofs"]
    assert first == old  # as it was: no provenance added to what was recorded before
    assert second["provenance"] == {"code": code_version(), "options": {"dfpn_mb": 64, "rows": 7}}
    before = path.read_text()
    for wrong in (KernelProof(7, 7, "max", "value ≤ 21", 5, 2.0, provenance=made),
                  KernelProof(7, 7, "min", "value ≤ 20", 5, 2.0, provenance=made)):  # fmt: skip
        with pytest.raises(ContradictionError) as raised:
            record_proof(path, wrong)
        assert "the proof of 2026-11-01 (MAX first, code unknown" in raised.value.known
        assert f"code {code_version()}) says {wrong.proof}" in raised.value.new
    assert path.read_text() == before
