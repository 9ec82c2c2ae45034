"""A df-pn proof stopped and started again goes on from the numbers its jobs saved in the
store (:mod:`evalgame.proofs.jobs`): the first job of the next sitting — a new process,
with nothing in memory — takes them up, and they are dropped once the question is answered.
What is taken up is checked directly, so the test fails if the checkpoint is forgotten."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from evalgame.errors import SearchInterrupted
from evalgame.games.matching import native
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import ProofStore, SerialPool, leaf, prove, read_summary
from evalgame.proofs.problem import forget
from evalgame.search.protocol import Player

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

#: the argument of run_job that carries a checkpoint to take up
RESUME = 10


class WatchingPool(SerialPool):
    """Runs each job at once, noting the checkpoint it carried; stops the run (as Ctrl-C
    does) at the job numbered ``stop_at``."""

    def __init__(self, stop_at: int | None = None) -> None:
        super().__init__()
        self.resumed: list[bytes] = []
        self.stop_at = stop_at

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        if self.stop_at is not None and len(self.resumed) + 1 >= self.stop_at:
            raise KeyboardInterrupt
        self.resumed.append(args[RESUME])
        return super().submit(function, *args, **options)


def dfpn_problem(keep: int = 1000) -> TilingProblem:
    return TilingProblem(6, 6, Player.MIN, table_mb=8, algorithm="dfpn", keep=keep)


def test_a_stopped_dfpn_proof_goes_on_from_its_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leaf, "CHECKPOINT_SECONDS", 0.0)  # a checkpoint from every job
    store = tmp_path / "6x6.sqlite"
    forget()
    with pytest.raises(SearchInterrupted):
        prove(dfpn_problem(), WatchingPool(stop_at=4), store=store, question=17, job_nodes=2000)
    with ProofStore.open(store, dfpn_problem().label) as saved:
        rows = saved._db.execute("SELECT key, gamma, length(records) FROM checkpoints").fetchall()
        assert [size > 16 for _, _, size in rows] == [True]
    assert read_summary(store).checkpoints == (1, rows[0][2])  # evalgame proofs STORE says so
    forget()  # a new process: nothing in memory
    pool = WatchingPool()
    proof = prove(dfpn_problem(), pool, store=store, question=17, job_nodes=2000)
    assert proof.upper == 16  # "≥ 17?" no
    assert pool.resumed[0]  # the first job took up the checkpoint ...
    assert not any(pool.resumed[1:])  # ... and the next ones ran where it had gone on
    with ProofStore.open(store, dfpn_problem().label) as done:
        assert done.checkpoint(rows[0][0], 17, False) == b""  # decided: dropped


def test_a_checkpoint_keeps_as_many_numbers_as_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leaf, "CHECKPOINT_SECONDS", 0.0)
    sizes = []
    for keep in (0, 10, native.CHECKPOINT_ENTRIES):
        forget()
        store = tmp_path / f"keep-{keep}.sqlite"
        with pytest.raises(SearchInterrupted):
            prove(dfpn_problem(keep), WatchingPool(stop_at=4), store=store, question=17,
                  job_nodes=2000)  # fmt: skip
        with ProofStore.open(store, dfpn_problem(keep).label) as saved:
            sizes += [
                size for (size,) in saved._db.execute("SELECT length(records) FROM checkpoints")
            ]
    # 24 bytes an entry: ten entries more than none, then the many the search had
    assert sizes[1] - sizes[0] == 24 * 10
    assert sizes[2] > sizes[1]


def test_stores_merged_keep_the_checkpoints(tmp_path: Path) -> None:
    with (
        ProofStore.open(tmp_path / "a.sqlite", "p") as one,
        ProofStore.open(tmp_path / "b.sqlite", "p") as other,
    ):
        other.save_checkpoint("k", 7, False, b"numbers")
        one.absorb(other)
        assert one.checkpoint("k", 7, False) == b"numbers"
