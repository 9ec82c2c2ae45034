"""Tiling problems whose leaf tasks or df-pn jobs kill the worker process running them
(SIGKILL): the fault lands in the middle of a run, whatever the machine's speed; and the
facts of a proof store, read beside the run writing it."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import leaf
from evalgame.search.registry import Solver


@dataclass(frozen=True)
class FatalTask(TilingProblem):
    """:class:`TilingProblem` whose leaf solver kills its process on the first question it
    is asked anywhere (``marker``: a file the first one creates) and then solves as usual —
    or, without a marker, on every question."""

    marker: str = ""

    def solver(self) -> Solver:
        """The matching solver, behind questions that kill the process."""
        real = super().solver()
        marker = Path(self.marker) if self.marker else None

        def probe(game: Any, position: Any, *question: Any) -> Any:
            if marker is not None:
                try:
                    marker.touch(exist_ok=False)  # only the first task anywhere gets here
                except FileExistsError:
                    assert real.probe is not None
                    return real.probe(game, position, *question)
            os.kill(os.getpid(), signal.SIGKILL)
            raise AssertionError("unreachable: the process was killed")

        return dataclasses.replace(real, probe=probe)


def stored_facts(store: Path | str) -> set[tuple[Any, ...]]:
    """Every fact of the proof store ``store`` (read beside the manager writing it: none
    while the file is created, before its tables are)."""
    if not Path(store).exists():
        return set()
    with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as connection:
        try:
            return set(connection.execute("SELECT key, lower, upper, invalid, gamma FROM facts"))
        except sqlite3.OperationalError as error:
            if "no such table" not in str(error):
                raise
            return set()


@dataclass(frozen=True)
class KillingJob(TilingProblem):
    """:class:`TilingProblem` (``algorithm="dfpn"``: job-level df-pn) whose kernel kills its
    worker process (SIGKILL) in the middle of a job, once in the whole run: at its first
    search after the proof store ``store`` holds a fact. It leaves in the folder ``marks``
    what a test checks: ``killed`` (the process and the question it was asked),
    ``before.json`` (the store's facts at the kill) and ``again`` once another process
    asks the killed question again (its job ran again elsewhere)."""

    marks: str = ""
    store: str = ""

    def solver(self) -> Solver:
        """The df-pn solver, its kernel behind :class:`Killing`."""
        real = super().solver()

        def remember(game: Any) -> Any:
            return Killing(real.memory(game), Path(self.marks), Path(self.store))

        return dataclasses.replace(real, remember=remember)


class Killing:
    """A kernel whose searches (``prove``, ``prove_within``: what a job calls) kill their
    process once, as :class:`KillingJob` says; the rest is the kernel's."""

    def __init__(self, kernel: Any, marks: Path, store: Path) -> None:
        self._kernel, self._marks, self._store = kernel, marks, store

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._kernel, name)
        if name not in ("prove", "prove_within"):
            return found

        def search(free: int, max_to_move: bool, gamma: int, *args: Any, **options: Any) -> Any:
            self._fault([os.getpid(), free, max_to_move, gamma])
            return found(free, max_to_move, gamma, *args, **options)

        return search

    def __setattr__(self, name: str, value: Any) -> None:
        if name.startswith("_"):
            object.__setattr__(self, name, value)
        else:
            setattr(self._kernel, name, value)

    def _fault(self, asked: list[Any]) -> None:
        """Kill this process at the first search after the store holds a fact; note a later
        search of the killed question by another process."""
        killed = self._marks / "killed"
        if killed.exists():
            if not (self._marks / "again").exists():
                pid, question = json.loads(killed.read_text())["asked"]
                if pid != asked[0] and question == asked[1:]:
                    (self._marks / "again").touch()
            return
        facts = stored_facts(self._store)
        if not facts:
            return
        note = self._marks / f"killing-{asked[0]}"
        note.write_text(
            json.dumps({"asked": [asked[0], asked[1:]], "facts": sorted(facts, key=repr)})
        )
        try:
            os.link(note, killed)  # whole or not at all, and only once in the whole run
        except FileExistsError:
            return
        os.kill(os.getpid(), signal.SIGKILL)


def killed_job(marks: Path | str) -> tuple[set[tuple[Any, ...]], bool] | None:
    """What :class:`KillingJob` left in ``marks``: the store's facts when it killed its
    worker, and whether the killed job ran again in another process (``None``: no kill)."""
    killed = Path(marks) / "killed"
    if not killed.exists():
        return None
    facts = {tuple(fact) for fact in json.loads(killed.read_text())["facts"]}
    return facts, (Path(marks) / "again").exists()


def checkpoint_every_job() -> None:
    """Have this process's unfinished df-pn jobs each return a checkpoint of the kernel's
    numbers (not once every :data:`~evalgame.proofs.leaf.CHECKPOINT_SECONDS` of CPU time:
    a small proof's jobs take less in all), for ``Client.run`` on every worker."""
    leaf.CHECKPOINT_SECONDS = 0.0
