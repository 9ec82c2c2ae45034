"""``evalgame proofs``: a header that agrees with the sittings below it, and columns that
wrap in an 80-column pipe instead of being cut with "…"."""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evalgame.proofs
from evalgame.cli import app
from evalgame.cli.shared import console
from evalgame.games.matching import native
from evalgame.proofs import Problem, ProofResult, ProofStore, SerialPool, read_summary
from evalgame.proofs.store import Sitting

runner = CliRunner()


@pytest.fixture
def narrow(monkeypatch: pytest.MonkeyPatch) -> None:
    """An 80-column pipe, as ``COLUMNS=80 evalgame proofs STORE | cat`` has it."""
    monkeypatch.setattr(console, "width", 80)


def test_the_header_holds_the_bounds_its_sittings_proved(tmp_path: Path) -> None:
    """A store whose sittings stopped before their first answer (an 8×9 proof on the
    Python solver): they knew the game's static bounds, 24…36, and the header says so
    instead of -∞…+∞."""
    path = tmp_path / "8x9.sqlite"
    with ProofStore.open(path, "tiling 8×9, MAX first") as store:
        store.log_sitting(Sitting(1.8e9, 1.8e9 + 60, 1, 170, 1.0, 24, 36, [], "time budget"))
        store.log_sitting(Sitting(1.9e9, 1.9e9 + 60, 1, 120, 1.0, 25, None, [], "time budget"))
    shown = " ".join(runner.invoke(app, ["proofs", str(path)]).stdout.split())
    assert "proven bounds 25 ≤ value ≤ 36" in shown
    assert "-∞" not in shown.split("sitting 1")[0]
    data = json.loads(runner.invoke(app, ["proofs", str(path), "--json"]).stdout)
    assert (data["lower"], data["upper"]) == ("25", "36")
    assert [(s["lower"], s["upper"]) for s in data["sittings"]] == [("24", "36"), ("25", None)]


def test_a_proof_writes_the_static_bounds_before_its_first_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's own bounds hold the game's static bounds as soon as the proof starts,
    so that ``evalgame proofs`` shows them during the first sitting too."""
    prove = evalgame.proofs.prove

    def serial(problem: Problem, **options: Any) -> ProofResult:
        return prove(problem, SerialPool(), **options)

    monkeypatch.setattr(evalgame.proofs, "prove", serial)
    path = tmp_path / "5x5.sqlite"
    stopped = runner.invoke(app, ["tiling", "5", "5", "--store", str(path), "--timeout", "1e-6"])
    assert stopped.exit_code == 4, stopped.output
    (sitting,) = read_summary(path).sittings
    assert sitting.lower is not None
    assert sitting.upper is not None
    with contextlib.closing(sqlite3.connect(path)) as db:
        root = dict(db.execute("SELECT name, value FROM meta WHERE name IN ('lower', 'upper')"))
    assert (root["lower"], root["upper"]) == (str(sitting.lower), str(sitting.upper))


def test_a_store_fits_an_80_column_pipe(tmp_path: Path, narrow: None) -> None:
    path = tmp_path / "s.sqlite"
    with ProofStore.open(path, "tiling 8×8, MAX first") as store:
        for number, worker in enumerate(("manager", "tcp://127.0.0.1:36199", "tcp://10.0.0.2:1")):
            store.record(f"k{number}", lower=25, nodes=273_857_363 * number, cpu=988.6,
                         worker=worker)  # fmt: skip
        store.set_root(25, 30, "value > 24")
        questions = [f"value ≥ {gamma}" for gamma in range(31, 40)]
        store.log_sitting(Sitting(1.8e9, 1.8e9 + 3299, 1, 736_030_845, 2550.3, 25, 30, questions,
                                  "time budget exhausted (raise it with --timeout)"))  # fmt: skip
    shown = runner.invoke(app, ["proofs", str(path)]).stdout
    lines = shown.splitlines()
    assert max(map(len, lines)) <= 80, shown
    assert "…" not in shown
    assert "547,714,726" in shown  # whole
    assert "tcp://127.0.0.1:36199" in shown
    # a sitting's text wraps under itself, not under the labels
    after = lines[next(i for i, line in enumerate(lines) if line.startswith("sitting 1")) + 1]
    assert after.startswith(" " * 15)
    assert after.strip()
    assert "value ≥ 39" in " ".join(shown.split())


@pytest.mark.skipif(not native.available(), reason="the C kernel is not built")
def test_dfpns_questions_fit_an_80_column_pipe(tmp_path: Path, narrow: None) -> None:
    """The nine columns of df-pn's questions in a store wrap at spaces (a date above its
    time) instead of losing their ends, below the store's summary."""
    store = str(tmp_path / "4x4.sqlite")
    asked = runner.invoke(
        app, ["tiling", "4", "4", "--dfpn-mb", "1", "--ask", "7", "--store", store]
    )
    assert asked.exit_code == 0, asked.output
    shown = runner.invoke(app, ["proofs", store]).stdout
    assert max(map(len, shown.splitlines())) <= 80, shown
    assert "…" not in shown
    assert "value ≥ 7?" in " ".join(shown.split())
    assert shown.startswith("tiling 4×4, MAX first")


def test_cancelled_callbacks_stay_quiet_once_distributed_is_imported() -> None:
    # in a fresh process, as the command line runs: distributed's import configures the
    # logger, so a level set before it was undone (a Ctrl-C test failed 1 run in 5 under load)
    code = (
        "import logging, sys\n"
        "from evalgame.cli.proofs import quiet_cancelled_callbacks\n"
        "assert 'distributed' not in sys.modules\n"
        "quiet_cancelled_callbacks()\n"
        "from distributed import Client\n"
        "print(logging.getLogger('tornado.application').level)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == str(logging.CRITICAL)
