"""Provenance and alarms of the proof store and the proof manager.

Every fact and every sitting a run writes records the code version that proved it (the
worker's) and the run's options; ``evalgame proofs STORE`` says which code versions
contributed. A store kept before that opens unchanged and says its facts' code is unknown.
A fact that contradicts the facts of its key class — recorded by the manager, found in a
store opened or merged, or learned by a worker's table — stops the run with a
:class:`~evalgame.errors.ContradictionError` that names both facts.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.errors import ContradictionError
from evalgame.proofs import EngineProblem, ProofStore, SerialPool, prove, read_summary
from evalgame.proofs.keys import path_key
from evalgame.proofs.leaf import run_leaf
from evalgame.proofs.problem import Fact, forget, learn
from evalgame.proofs.store import CodeShare, read_only
from evalgame.provenance import UNKNOWN, code_version
from evalgame.search.examples import NestedTree
from evalgame.search.registry import SOLVERS, Solver
from evalgame.search.table import TranspositionTable

DOCS = Path(__file__).resolve().parents[2] / "docs" / "proofs"
TREE = ([[3, 5], [2, 9], [4, 8]],)  # MAX first: worth 4


class Keyed(NestedTree):
    """A tree whose positions are their own keys: tables learn bounds about them."""

    def key(self, position: Any) -> Any:
        return position


@dataclass(frozen=True)
class Lying(EngineProblem):
    """A problem whose leaf solver claims two more than the truth whenever a test passes:
    a bug that only a contradiction with a true fact can reveal."""

    def solvers(self) -> Mapping[str, Solver]:
        engine = SOLVERS["mtdf"]
        assert engine.probe is not None
        probe = engine.probe

        def lying(game: Any, position: Any, gamma: Any, strict: bool, *rest: Any) -> Any:
            found = probe(game, position, gamma, strict, *rest)
            return found + 2 if found is not None and found >= gamma else found

        return {"mtdf": dataclasses.replace(engine, probe=lying)}


def test_facts_and_sittings_record_the_code_version_and_the_options(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    proof = prove(EngineProblem("nested", NestedTree, TREE), SerialPool(), store=path)
    assert proof.value == 4
    summary = read_summary(path)
    (share,) = summary.codes
    assert share.code == code_version()
    assert share.facts == sum(worker.facts for worker in summary.workers.values()) > 0
    assert share.options["problem"] == "nested"
    assert share.options["build"] == "evalgame.search.examples.NestedTree"
    assert (share.options["algorithm"], share.options["slice_seconds"]) == ("mtdf", 5.0)
    assert [sitting.code for sitting in summary.sittings] == [code_version()]
    runner = CliRunner()
    data = json.loads(runner.invoke(app, ["proofs", str(path), "--json"]).output)
    assert data["codes"] == [{"code": code_version(), "options": share.options,
                              "facts": share.facts}]  # fmt: skip
    assert data["sittings"][0]["code"] == code_version()
    shown = " ".join(runner.invoke(app, ["proofs", str(path)]).output.split())
    assert f"proven by {share.facts} facts: {code_version()}, options" in shown
    assert f"code {code_version()}" in shown  # the sitting's


def test_a_worker_reports_its_code_version_and_the_store_keeps_it(tmp_path: Path) -> None:
    forget()
    outcome = run_leaf(EngineProblem("nested", NestedTree, TREE), (), 4, False, None, None)
    assert outcome.finished
    assert outcome.code == code_version()
    with ProofStore.open(tmp_path / "s.sqlite", "p") as store:
        store.options = {"workers": 2}
        store.record("a", lower=4, gamma=4, worker="tcp://w:1", code="evalgame 9 (commit x)")
        store.record("b", upper=3, gamma=4, worker="manager")  # this process's code
        assert sorted(store.codes(), key=lambda share: share.code) == sorted(
            [
                CodeShare("evalgame 9 (commit x)", {"workers": 2}, 1),
                CodeShare(code_version(), {"workers": 2}, 1),
            ],
            key=lambda share: share.code,
        )


@pytest.mark.parametrize("name", sorted(path.name for path in DOCS.glob("*.sqlite")))
def test_the_committed_stores_open_unchanged_and_say_their_code_is_unknown(
    tmp_path: Path, name: str
) -> None:
    path = DOCS / name
    before = path.read_bytes()
    summary = read_summary(path)  # every fact merged: none contradicts another
    facts = sum(share.facts for share in summary.workers.values())
    assert summary.codes == [CodeShare(UNKNOWN, {}, facts)]
    assert path.read_bytes() == before
    copy = tmp_path / name  # a sitting resumed from it records its own code beside
    shutil.copy(path, copy)
    with ProofStore.open(copy, summary.problem) as store:
        store.record("new", lower=1, gamma=1, worker="w")
    assert {share.code for share in read_summary(copy).codes} == {UNKNOWN, code_version()}


def test_a_fact_that_contradicts_the_store_is_refused_and_names_both(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "p") as store:
        store.record("k", upper=4, gamma=5, worker="tcp://w:1", code="evalgame 1 (commit a)")
        store.record("k", lower=3, gamma=3, worker="tcp://w:2")  # agrees
        with pytest.raises(ContradictionError) as raised:
            store.record("k", lower=6, gamma=5, worker="tcp://w:3", code="evalgame 2 (commit b)")
        assert store.bounds("k") == (3, 4, False)
    error = raised.value
    assert error.subject.startswith(f"the subproblem k of the store {path}")
    assert error.known.startswith("fact 1 (worker tcp://w:1")
    assert "question value ≥ 5, code evalgame 1 (commit a)) proves value ≤ 4" in error.known
    assert error.new.startswith("the new fact (worker tcp://w:3")
    assert error.new.endswith("code evalgame 2 (commit b)) proves value ≥ 6")
    assert read_summary(path).proven == 1
    assert len(read_only(path).facts()) == 2


def test_a_store_whose_facts_contradict_each_other_does_not_open(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "p") as store:
        store.record("k", lower=5, gamma=5, worker="w1")
    with sqlite3.connect(path) as db:  # written by a build that did not check
        db.execute("INSERT INTO facts VALUES ('k', NULL, '3', 0, '4', 0, 1, 0.1, 'w2', 2e9)")
    db.close()
    with pytest.raises(ContradictionError) as raised:
        read_summary(path)
    assert "fact 1 (worker w1" in raised.value.known
    assert "proves value ≥ 5" in raised.value.known
    assert raised.value.new.startswith("fact 2 (worker w2, 2033-05-18 03:33:20 UTC")
    assert f"code {UNKNOWN}) proves value ≤ 3" in raised.value.new


def test_a_merge_that_contradicts_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    here, there = tmp_path / "here.sqlite", tmp_path / "there.sqlite"
    with ProofStore.open(here, "p") as store:
        store.record("k", lower=5, gamma=5, worker="w1")
    with ProofStore.open(there, "p") as store:
        store.record("j", lower=1, gamma=1, worker="w2", code="evalgame 7 (commit c)")
        store.record("k", upper=4, gamma=5, worker="w2", code="evalgame 7 (commit c)")
    before = read_summary(here)
    merged = CliRunner().invoke(app, ["proofs", str(here), "--merge", str(there)])
    assert merged.exit_code == 5
    assert "Traceback" not in merged.output
    said = " ".join(merged.output.split())
    assert said.startswith("error: two decided entries contradict each other about")
    assert "proves value ≥ 5" in said
    assert "code evalgame 7 (commit c)) proves value ≤ 4" in said
    assert f"fact 2 of {there} (worker w2" in said
    after = read_summary(here)
    assert (after.proven, after.codes) == (before.proven, before.codes)


def test_a_merge_keeps_the_code_versions_of_the_facts_it_adds(tmp_path: Path) -> None:
    here, there = tmp_path / "here.sqlite", tmp_path / "there.sqlite"
    with ProofStore.open(here, "p") as store:
        store.record("k", lower=5, gamma=5, worker="w1")
    with ProofStore.open(there, "p") as store:
        store.options = {"on": "another machine"}
        store.record("j", lower=1, gamma=1, worker="w2", code="evalgame 7 (commit c)")
    with ProofStore.open(here, "p") as mine, read_only(there) as theirs:
        assert mine.absorb(theirs) == 1
        codes = {(share.code, json.dumps(share.options), share.facts) for share in mine.codes()}
    assert codes == {(code_version(), "{}", 1),
                     ("evalgame 7 (commit c)", '{"on": "another machine"}', 1)}  # fmt: skip


def test_a_contradiction_stops_the_run_and_its_sitting_says_so(tmp_path: Path) -> None:
    """The store holds the true "value ≤ 4" of the root; a leaf solver that claims two
    more than the truth makes the root pass "≥ 4?" with 6: the run stops there."""
    path = tmp_path / "s.sqlite"
    problem = Lying("lying", NestedTree, TREE)
    with ProofStore.open(path, problem.label) as store:
        store.record(path_key(()), upper=4, gamma=5, worker="w0", code="evalgame 1 (commit t)")
    forget()
    with pytest.raises(ContradictionError) as raised:
        prove(problem, SerialPool(), store=path, question=4)
    assert "code evalgame 1 (commit t)) proves value ≤ 4" in raised.value.known
    assert raised.value.new.endswith(f"code {code_version()}) proves value ≥ 6")
    (sitting,) = read_summary(path).sittings
    assert sitting.stopped is not None
    assert sitting.stopped.startswith("stopped by a contradiction")


def test_a_worker_that_learns_a_contradicting_fact_stops_and_names_it() -> None:
    problem = EngineProblem("keyed", Keyed, ([[3, 5], [2, 9]],))
    forget()
    with pytest.raises(ContradictionError) as raised:
        learn(problem, "run-1", [Fact(0, (1,), None, 2), Fact(1, (1,), 5, None)], here="w9")
    error = raised.value
    assert error.known == "the table says value ≤ 2"
    assert error.new == (
        "bounds learned says 5 ≤ value: fact 1 of the proof run-1 (the position after the "
        "moves [1]), learned by the worker w9"
    )
    forget()


def test_a_table_refuses_exported_bounds_that_contradict_it() -> None:
    one, other = TranspositionTable(), TranspositionTable(shared_from=0)
    one.learn("k", 3, 3, "a fact")
    other.record("k", (5, None, None, False, None, True))
    other.noted["k"] = None
    with pytest.raises(ContradictionError, match="bounds another table exported says 5"):
        one.absorb(other.export())
