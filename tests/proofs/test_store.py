"""The proof store: facts survive a reopen; foreign, damaged or mismatched files are refused
and left byte for byte as they were."""

from __future__ import annotations

import json
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.errors import StoreError
from evalgame.proofs.store import ProofStore, Sitting, read_summary


def test_facts_merge_and_survive_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "p") as store:
        store.record("k", lower=3, gamma=3, nodes=5, cpu=0.5, worker="w1")
        store.record("k", upper=Fraction(7, 2), gamma=4, nodes=7, cpu=1.5, worker="w2")
        store.record("dead", invalid=True, nodes=1, worker="w1")
        store.set_root(3, 4, "value ≥ 4")
        store.set_asking(Fraction(7, 2), strict=True)
    with ProofStore.open(path, "p") as store:
        assert store.bounds("k") == (3, Fraction(7, 2), False)
        assert store.bounds("dead").invalid
        assert store.bounds("unknown") == (None, None, False)
    summary = read_summary(path)
    assert (summary.problem, summary.lower, summary.upper) == ("p", 3, 4)
    assert (summary.proven, summary.nodes, summary.cpu) == (2, 13, 2.0)
    assert summary.asking == (Fraction(7, 2), True)  # a run started again asks it first
    assert summary.workers["w1"].facts == 2
    assert summary.workers["w2"].rate == 7 / 1.5


def _refused(path: Path, problem: str, message: str) -> None:
    before = path.read_bytes()
    with pytest.raises(StoreError, match=message):
        ProofStore.open(path, problem)
    assert path.read_bytes() == before


def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    path.write_bytes(b"these are my notes, not a database" * 100)
    _refused(path, "p", "not an evalgame proof store")


def test_another_programs_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE accounts (name TEXT, balance INTEGER)")
        db.execute("INSERT INTO accounts VALUES ('ann', 10)")
    db.close()
    _refused(path, "p", "not an evalgame proof store")


def test_a_store_of_another_problem_or_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "tiling 5×5, MAX first") as store:
        store.record("k", lower=1)
    _refused(path, "tiling 5×5, MIN first", "holds the proofs of 'tiling 5×5, MAX first'")
    with sqlite3.connect(path) as db:
        db.execute("UPDATE meta SET value = '99' WHERE name = 'version'")
    db.close()
    _refused(path, "tiling 5×5, MAX first", "version 99")


def test_a_truncated_store_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "p") as store:
        for number in range(200):
            store.record(f"k{number}", lower=number)
    path.write_bytes(path.read_bytes()[:1500])
    _refused(path, "p", "not an evalgame proof store")


def test_the_proofs_command_shows_a_store_and_refuses_others(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "demo problem") as store:
        store.record("k", lower=2, nodes=100, cpu=2.0, worker="tcp://w:1")
        store.set_root(2, None, "value ≥ 2")
        store.set_open([("k2", 3, 2)])
        store.log_sitting(Sitting(1.8e9, 1.8e9 + 3600, 2, 100, 7.5, 2, None, ["value ≥ 2"]))
    runner = CliRunner()
    shown = runner.invoke(app, ["proofs", str(path)])
    assert shown.exit_code == 0, shown.output
    assert "demo problem" in shown.output
    assert "tcp://w:1" in shown.output
    data = json.loads(runner.invoke(app, ["proofs", str(path), "--json"]).output)
    assert (data["lower"], data["upper"], data["proven"], data["open"]) == ("2", None, 1, 1)
    assert data["workers"]["tcp://w:1"]["nodes"] == data["stats"]["nodes"] == 100
    assert "sitting 1" in shown.output
    assert "(running, or killed)" in shown.output
    (sitting,) = data["sittings"]
    assert sitting["started"] == "2027-01-15 08:00"
    assert (sitting["seconds"], sitting["workers"], sitting["lower"]) == (3600, 2, "2")
    other = tmp_path / "x.sqlite"
    other.write_text("hello")
    refused = runner.invoke(app, ["proofs", str(other)])
    assert refused.exit_code == 2
    assert "not an evalgame proof store" in refused.output
    assert other.read_text() == "hello"


def test_a_store_absorbs_what_another_machine_proved(tmp_path: Path) -> None:
    here, there = tmp_path / "here.sqlite", tmp_path / "there.sqlite"
    with ProofStore.open(here, "p") as store:
        store.record("a", upper=9, gamma=10, nodes=5, cpu=0.5, worker="w1")
        store.set_root(5, 9, "value ≥ 10")
        store.set_asking(5, strict=False)  # answered by the other machine's bound below
    with ProofStore.open(there, "p") as store:
        store.record("a", lower=4, gamma=4, nodes=7, cpu=1.5, worker="w2")
        store.record("b", invalid=True, nodes=1, worker="w2")
        store.set_root(6, None, "value ≥ 6")
        store.set_asking(7, strict=False)
        store.log_sitting(Sitting(1.8e9, 1.8e9 + 60, 1, 8, 2.0, 6, None, ["value ≥ 6"]))
    runner = CliRunner()
    merged = runner.invoke(app, ["proofs", str(here), "--merge", str(there)])
    assert merged.exit_code == 0, merged.output
    assert "2 facts added" in " ".join(merged.output.split())
    again = runner.invoke(app, ["proofs", str(here), "--merge", str(there), "--json"])
    data = json.loads(again.output)  # nothing twice
    assert (data["lower"], data["upper"], data["proven"]) == ("6", "9", 2)
    assert data["stats"]["nodes"] == 13
    assert set(data["questions"]) == {"value ≥ 10", "value ≥ 6"}
    assert data["asking"] == "value ≥ 7"  # the question still open
    assert len(data["sittings"]) == 1
    with ProofStore.open(here, "p") as store:
        assert store.bounds("a") == (4, 9, False)
        assert store.bounds("b").invalid


def test_a_store_of_another_problem_or_bounds_that_contradict_are_not_merged(
    tmp_path: Path,
) -> None:
    here, foreign, contrary = (tmp_path / f"{name}.sqlite" for name in ("h", "f", "c"))
    with ProofStore.open(here, "p") as store:
        store.set_root(5, 9, "value ≥ 5")
    with ProofStore.open(foreign, "q") as store:
        store.record("a", lower=1, nodes=1, worker="w")
    with ProofStore.open(contrary, "p") as store:
        store.set_root(10, None, "value ≥ 10")
    runner = CliRunner()
    for other, status, message in ((foreign, 2, "not of"), (contrary, 5, "contradict each other")):
        refused = runner.invoke(app, ["proofs", str(here), "--merge", str(other)])
        assert refused.exit_code == status
        assert message in refused.output
    said = " ".join(refused.output.split())  # both stores named, with what each says
    assert f"{here} says 5 ≤ value ≤ 9" in said
    assert f"{contrary} says 10 ≤ value" in said
    summary = read_summary(here)
    assert (summary.lower, summary.upper, summary.proven) == (5, 9, 0)


def test_sittings_are_kept_and_an_older_store_without_them_is_read_untouched(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "p") as store:
        store.log_sitting(Sitting(100.0, 150.0, 2, 10, 1.0, 1, 5, [], None))
        store.log_sitting(Sitting(100.0, 200.0, 2, 20, 2.0, 3, 5, ["value ≥ 3"], "finished"))
        store.log_sitting(Sitting(300.0, 400.0, 1, 5, 0.5, 3, 4, ["value ≥ 5"], "time budget"))
    sittings = read_summary(path).sittings
    assert [(s.started, s.nodes, s.lower, s.stopped) for s in sittings] == [
        (100.0, 20, 3, "finished"),  # a run's row is brought up to date, not repeated
        (300.0, 5, 3, "time budget"),
    ]
    assert sittings[0].questions == ["value ≥ 3"]
    with sqlite3.connect(path) as db:  # a store written before sittings were kept
        db.execute("DROP TABLE sittings")
    db.close()
    before = path.read_bytes()
    assert read_summary(path).sittings == []
    assert path.read_bytes() == before
    with ProofStore.open(path, "p") as store:  # opened to continue: the table is added
        assert store.sittings() == []
        store.log_sitting(Sitting(500.0, 600.0, 2, 1, 0.1, 3, 4, [], None))
    assert len(read_summary(path).sittings) == 1
