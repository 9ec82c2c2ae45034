"""Job-level df-pn on simulated workers (:mod:`evalgame.proofs.simulate`): the answers of
the Python solver, the wall on one worker is its jobs' costs plus the latency, on more
workers never above that sum; and ``evalgame proofs --project N --simulate``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evalgame.cli import app
from evalgame.games.matching import native
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.game import TilingGame
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs.job import INFINITE
from evalgame.proofs.jobs import OPEN_THREADS
from evalgame.proofs.manager import Node
from evalgame.proofs.problem import forget
from evalgame.proofs.simulate import (
    SimulatedFuture,
    SimulatedJobManager,
    SimulatedPool,
    simulate,
)
from evalgame.proofs.store import ProofStore
from evalgame.search.protocol import Player
from tests.cli.test_json_schemas import assert_valid, assert_words

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

LATENCY = 0.02


@pytest.mark.parametrize("first", [Player.MAX, Player.MIN])
def test_simulated_workers_answer_as_the_python_solver(first: Player) -> None:
    problem = TilingProblem(4, 5, first, table_mb=8, algorithm="dfpn", blocked=((1, 1), (2, 3)))
    game = TilingGame(4, 5, first, blocked=problem.blocked)
    value = MatchingSolver(game.graph).value(game.initial().free, first is Player.MAX)
    questions = [(value, False), (value + 1, False)]  # yes, then no: both fail-soft = value
    runs = simulate(problem, questions, [1, 3, 8], latency=LATENCY, job_nodes=10)
    for run in runs:
        assert run.answers == [value, value], run.workers
        assert run.jobs > 1
        # some job runs at every instant of the virtual clock: never more than the sum
        assert run.wall <= run.cpu + LATENCY * run.jobs + 1e-9
    one = runs[0]
    assert one.wall == pytest.approx(one.cpu + LATENCY * one.jobs)  # nothing overlaps


def test_idle_workers_open_the_busy_subtree() -> None:
    """On 4×5 one job at the root answers all: without opening it, 15 of 16 workers
    would wait for it (a subtree with a job takes no other job)."""
    problem = TilingProblem(4, 5, table_mb=8, algorithm="dfpn")
    pool = SimulatedPool(workers=16, latency=LATENCY)
    manager = SimulatedJobManager(problem, pool, ProofStore.memory(problem.label), job_nodes=20)
    assert pool.workers >= OPEN_THREADS
    peak = 0
    hand_out = manager._hand_out

    def counted(node: Node, limits: tuple[int, int]) -> None:
        nonlocal peak
        hand_out(node, limits)
        peak = max(peak, len(manager._running))

    manager._hand_out = counted  # type: ignore[method-assign]
    assert manager.test(9, strict=False) == 9  # 4×5 MAX first is worth 9
    assert peak > 1
    assert manager._opened


@pytest.mark.parametrize(("rows", "cols", "gamma"), [(5, 5, 12), (4, 5, 9)])
def test_two_workers_open_the_busy_child_and_keep_at_needed_children(
    rows: int, cols: int, gamma: int
) -> None:
    """MAX first, "≥ value?" (yes: an OR root where one child answers): the second of two
    workers finds the real numbers' child busy, guesses beside it and opens it; below the
    opened child (every child needed) a job keeps at its child: no threshold on the number
    df-pn would turn at (the disproof number at MIN's nodes) but its parent's."""
    problem = TilingProblem(rows, cols, table_mb=8, algorithm="dfpn")
    forget()  # a cold kernel: another test's table would answer the first job whole
    pool = SimulatedPool(workers=2, latency=LATENCY)
    manager = SimulatedJobManager(problem, pool, ProofStore.memory(problem.label), job_nodes=50)
    assert pool.workers < OPEN_THREADS  # opened beside a guess, not for an idle thread
    kept: list[bool] = []
    hand_out = manager._hand_out

    def recorded(node: Node, limits: tuple[int, int]) -> None:
        parent = node.parent
        if parent is not None and parent in manager._opened and parent.parent is not None:
            root = parent.parent
            _, _, _, proof, disproof = manager._score(root)
            if parent.depth == 1 and not parent.maximizing and proof <= disproof:
                # below MIN's opened node, while the root leans to yes (where MIN's node
                # had no limit on its disproof number): none on the child's either
                kept.append(limits[1] >= INFINITE)
        hand_out(node, limits)

    manager._hand_out = recorded  # type: ignore[method-assign]
    assert manager.test(gamma, strict=False) == gamma
    assert manager._opened, "the busy child was never opened"
    assert kept
    assert all(kept), kept


def test_a_job_waits_for_a_free_worker() -> None:
    pool = SimulatedPool(workers=2, latency=1.0)
    futures = [pool.submit(int, n) for n in range(5)]
    starts = sorted(round(future.start) for future in futures)
    assert starts == [0, 0, 1, 1, 2]
    done: list[SimulatedFuture] = []
    while len(done) < 5:
        done += pool.wait([f for f in futures if f not in done])
    assert [f.result() for f in futures] == [0, 1, 2, 3, 4]
    assert round(pool.now) == 3


def test_the_proofs_command_simulates(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    problem = TilingProblem(4, 4, algorithm="dfpn")
    with ProofStore.open(path, problem.label) as store:
        store.set_asking(8, False)  # a question asked: 4×4 is worth 7
    runner = CliRunner()
    shown = runner.invoke(
        app, ["proofs", str(path), "--project", "1,2", "--simulate", "--latency", "0.01"]
    )
    assert shown.exit_code == 0, shown.output
    assert "simulated workers" in shown.output
    answer = json.loads(
        runner.invoke(app, ["proofs", str(path), "--project", "4", "--simulate", "--json"]).output
    )
    assert_valid("proofs", answer)  # its schema, docs/schemas/proofs.json
    assert_words(answer)
    one, four = answer["simulation"]
    assert (one["workers"], four["workers"]) == (1, 4)
    assert one["answers"] == four["answers"] == ["7"]
    refused = runner.invoke(app, ["proofs", str(path), "--simulate"])
    assert refused.exit_code == 2
    assert "--simulate goes with --project" in refused.output
