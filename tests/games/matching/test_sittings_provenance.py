"""Provenance and alarms of df-pn's saved numbers.

Every row of a numbers file records the code version (commit, dirty flag) and the options of
each sitting that wrote it; a file saved before that was recorded still opens, read-only and
unchanged, and says its code is unknown. A decided answer that contradicts another stops the
run with a :class:`~evalgame.errors.ContradictionError` that names both: two rows of a file
(the same position with another γ), a decided entry of one row's numbers against another
row's, or a search that decides a question against a decided entry it learned.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.analysis.tiling_results import KernelProof
from evalgame.cli import app
from evalgame.errors import ContradictionError
from evalgame.games.matching import native
from evalgame.games.matching.native import NativeSolver
from evalgame.games.matching.sittings import (
    kernel_identity,
    learn_saved,
    prove_in_sittings,
    question_text,
    saved_questions,
    trim_numbers,
)
from evalgame.games.tiling.board import Board
from evalgame.provenance import UNKNOWN, code_version, provenance
from tests.scripts import load_script

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


def add_row(path: Path, question: str, answer: bool | None, records: bytes, kernel: str) -> None:
    """A row written as another build would: no provenance (an old file's columns)."""
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(
            "INSERT INTO numbers (question, kernel, answer, nodes, cpu, sittings, saved, records)"
            " VALUES (?, ?, ?, 1, 0.1, 1, '2026-11-01 00:00:00', ?)",
            (question, kernel, None if answer is None else int(answer), records),
        )


def test_a_saved_answer_records_the_code_version_and_the_options(tmp_path: Path) -> None:
    board, path = Board(5, 5), tmp_path / "numbers.sqlite"
    for _ in range(2):  # two sittings of one build: recorded once
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 12, path,
                          table_mb=1, every=200, sittings=1, keep=5_000)  # fmt: skip
    (saved,) = saved_questions(path)
    (made,) = saved.provenance
    assert made["code"] == code_version()
    assert saved.codes == [code_version()]
    assert made["options"]["dfpn_mb"] == 1
    assert made["options"]["keep"] == 5_000
    assert made["options"]["every"] == 200
    assert made["options"]["weak"] is False
    assert made["options"]["kernel_options"] == "strategy,turns,components,etc,symmetry"
    assert made["options"]["vertices"] == 25
    trim_numbers(NativeSolver(board, table_mb=1), board.full, True, 12, path, keep=10,
                 table_mb=1)  # fmt: skip
    (trimmed,) = saved_questions(path)  # the rewrite is recorded too, after the sittings
    assert [m["options"].get("trimmed_to") for m in trimmed.provenance] == [None, 10]
    shown = CliRunner().invoke(app, ["proofs", str(path), "--json"])
    assert shown.exit_code == 0, shown.output
    (question,) = json.loads(shown.output)["questions"]
    assert question["provenance"][0] == made
    text = CliRunner().invoke(app, ["proofs", str(path)]).output
    assert f"written by {code_version()}" in " ".join(text.split())


def test_a_file_saved_before_provenance_opens_unchanged_and_is_migrated_when_written(
    tmp_path: Path,
) -> None:
    board, new, old = Board(4, 4), tmp_path / "new.sqlite", tmp_path / "old.sqlite"
    solver = NativeSolver(board, table_mb=1)
    prove_in_sittings(solver, board.full, True, 7, new, table_mb=1)
    with contextlib.closing(sqlite3.connect(new)) as db:
        kernel, records = db.execute("SELECT kernel, records FROM numbers").fetchone()
    with contextlib.closing(sqlite3.connect(old)) as db, db:
        db.execute(OLD_SCHEMA)
    add_row(old, question_text(board.full, True, 8), None, records, kernel)
    before = old.read_bytes()
    (saved,) = saved_questions(old)
    assert saved.codes == [UNKNOWN]
    assert learn_saved(NativeSolver(board, table_mb=1), old, [(board.full, True, 8)],
                       table_mb=1) == 1  # fmt: skip
    assert old.read_bytes() == before  # read, not rewritten
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 8, old, table_mb=1)
    (saved,) = saved_questions(old)  # its next save adds the column
    assert saved.answer is False
    assert saved.codes == [UNKNOWN, code_version()]


@pytest.mark.parametrize("name", sorted(path.stem for path in NUMBERS.glob("*.sqlite")))
def test_the_committed_numbers_files_open_agree_and_are_left_as_they_are(name: str) -> None:
    """Every row of a committed file is read and its numbers learned into one kernel: no
    decided entry of one row contradicts another's; the file is not written."""
    path = NUMBERS / f"{name}.sqlite"
    before = path.read_bytes()
    rows, cols = map(int, name.split("-")[0].split("x"))
    questions = saved_questions(path)
    assert questions
    assert all(q.codes == [UNKNOWN] for q in questions)
    asked = [(q.free, q.max_to_move, q.gamma) for q in questions]
    assert learn_saved(NativeSolver(Board(rows, cols), table_mb=16), path, asked,
                       table_mb=64) == len(questions)  # fmt: skip
    assert path.read_bytes() == before


def test_a_row_that_contradicts_another_stops_the_run_and_names_both(tmp_path: Path) -> None:
    board, path = Board(4, 4), tmp_path / "numbers.sqlite"
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, path, table_mb=1)
    with contextlib.closing(sqlite3.connect(path)) as db:
        kernel, records = db.execute("SELECT kernel, records FROM numbers").fetchone()
    wrong = question_text(board.full, True, 6)  # "≥ 6? no" beside "≥ 7? yes"
    add_row(path, wrong, False, records, kernel)
    with pytest.raises(ContradictionError) as raised:
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, path, table_mb=1)
    error = raised.value
    assert "one position, two bounds that do not meet" in error.subject
    assert f"row {wrong!r}" in error.known
    assert "code " + UNKNOWN in error.known
    assert "no: value ≤ 5" in error.known
    assert f"row {question_text(board.full, True, 7)!r}" in error.new
    assert f"code {code_version()}" in error.new
    assert "yes: value ≥ 7" in error.new


def test_a_sitting_whose_answer_contradicts_a_saved_row_is_not_saved(tmp_path: Path) -> None:
    board, path = Board(4, 4), tmp_path / "numbers.sqlite"
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 8, path, table_mb=1)
    with contextlib.closing(sqlite3.connect(path)) as db:
        kernel, records = db.execute("SELECT kernel, records FROM numbers").fetchone()
    add_row(path, question_text(board.full, True, 6), False, records, kernel)  # a false "no"
    before = path.read_bytes()
    with pytest.raises(ContradictionError) as raised:
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, path, table_mb=1)
    assert "value >= 6" in raised.value.known
    assert "no: value ≤ 5" in raised.value.known
    assert raised.value.new == f"this sitting ({code_version()}) answers yes: value ≥ 7"
    assert path.read_bytes() == before  # its answer not saved


def test_numbers_that_contradict_a_learned_decided_entry_are_refused(tmp_path: Path) -> None:
    """Two rows of other questions whose numbers disagree on a position they share: the
    kernel names the entry, the row it was learned from and the row that contradicts it."""
    board, path = Board(4, 4), tmp_path / "numbers.sqlite"
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, path, table_mb=1)
    with contextlib.closing(sqlite3.connect(path)) as db:
        kernel, records = db.execute("SELECT kernel, records FROM numbers").fetchone()
    # an open question elsewhere whose saved numbers say the root's "≥ 7?" fails
    elsewhere = question_text(board.full & ~0b11, False, 6)
    add_row(path, elsewhere, None, flipped(records), kernel)
    solver = NativeSolver(board, table_mb=1)
    with pytest.raises(ContradictionError) as raised:
        learn_saved(solver, path, [(board.full, True, 7), (board.full & ~0b11, False, 6)],
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
    board, path = Board(4, 4), tmp_path / "numbers.sqlite"
    solver = NativeSolver(board, table_mb=1)
    assert solver.prove(board.full, True, 7, table_mb=1) is True
    records = solver.numbers(10, (board.full, True, 7))
    header = records[:8] + (1).to_bytes(8, "little")  # the question's own entry alone
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(OLD_SCHEMA)
    add_row(path, question_text(board.full, True, 7), None,  # open, its numbers "no"
            header + flipped(records)[16:40], kernel_identity(solver))  # fmt: skip
    with pytest.raises(ContradictionError) as raised:
        prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, path, table_mb=1)
    error = raised.value
    assert "value ≤ 6" in error.known
    assert f"learned from {path}" in error.known
    assert error.new == (
        "this process's df-pn search says value ≥ 7 (MAX to move reaches its goal: proof number 0)"
    )


def test_the_script_stops_on_a_contradiction_with_an_error_not_a_traceback(
    tmp_path: Path,
) -> None:
    board, numbers = Board(4, 4), tmp_path / "numbers.sqlite"
    prove_in_sittings(NativeSolver(board, table_mb=1), board.full, True, 7, numbers, table_mb=1)
    with contextlib.closing(sqlite3.connect(numbers)) as db:
        kernel, records = db.execute("SELECT kernel, records FROM numbers").fetchone()
    add_row(numbers, question_text(board.full, True, 6), False, records, kernel)
    copy = tmp_path / "copy.sqlite"
    shutil.copy(numbers, copy)
    script = Path(__file__).resolve().parents[3] / "scripts" / "tiling_proofs.py"
    done = subprocess.run(
        [sys.executable, str(script), "4", "4", "--tests", "7", "--until", "23:59",
         "--table-mb", "1", "--dfpn-mb", "1", "--numbers", str(numbers)],
        capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("error: contradiction about one position")
    assert numbers.read_bytes() == copy.read_bytes()


def test_a_recorded_proof_carries_its_provenance_and_a_contradicting_one_is_refused(
    tmp_path: Path,
) -> None:
    script = load_script("tiling_proofs")
    path = tmp_path / "results.json"
    old = {"rows": 7, "cols": 7, "first": "max", "proof": "value ≥ 22", "nodes": 1,
           "seconds": 1.0, "date": "2026-11-01"}  # fmt: skip
    path.write_text(json.dumps({"kernel_proofs": [old]}))
    made = provenance({"dfpn_mb": 64, "rows": 7})
    script.record(path, KernelProof(7, 7, "min", "value ≤ 22", 5, 2.0, provenance=made))
    first, second = json.loads(path.read_text())["kernel_proofs"]
    assert first == old  # as it was: no provenance added to what was recorded before
    assert second["provenance"] == {"code": code_version(), "options": {"dfpn_mb": 64, "rows": 7}}
    before = path.read_text()
    for wrong in (KernelProof(7, 7, "max", "value ≤ 21", 5, 2.0, provenance=made),
                  KernelProof(7, 7, "min", "value ≤ 20", 5, 2.0, provenance=made)):  # fmt: skip
        with pytest.raises(ContradictionError) as raised:
            script.record(path, wrong)
        assert "the proof of 2026-11-01 (MAX first, code unknown" in raised.value.known
        assert f"code {code_version()}) says {wrong.proof}" in raised.value.new
    assert path.read_text() == before
