"""The proof manager's AND/OR logic in one process (no Dask): random trees against minimax,
with every leaf split down to the end of the game, with and without young brothers waiting,
a store that answers a second run without any task, and the bound ladder on tiling boards.
A pool that runs every task with cold tables stands for many workers: what a task knows of
the others' work is then only the facts shipped with it, and the values must not move."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.games.evaluate.proof import evaluate_problem
from evalgame.games.evaluate.solve import solve
from evalgame.games.matching.native import Engine
from evalgame.games.tiling.game import solve_tiling
from evalgame.games.tiling.proof import TilingProblem
from evalgame.proofs import EngineProblem, ProofManager, ProofStore, SerialPool, prove, read_summary
from evalgame.proofs.leaf import LeafOutcome, run_leaf
from evalgame.proofs.problem import built, forget
from evalgame.search import minimax
from evalgame.search.examples import NestedTree
from evalgame.search.protocol import Player
from evalgame.search.registry import SOLVERS, Solver
from evalgame.search.stats import SearchStats


class ColdPool(SerialPool):
    """Runs each task at once in this process with cold tables, as on a fresh worker: the
    facts shipped with the task are all it knows of the other tasks' proofs."""

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        forget()
        return super().submit(function, *args, **options)


@dataclass(frozen=True)
class Watched(EngineProblem):
    """A problem whose leaf solver notes the move it is told led to each leaf."""

    def solvers(self) -> Mapping[str, Solver]:
        engine = SOLVERS["mtdf"]
        assert engine.probe is not None
        probe = engine.probe

        def watched(*args: Any) -> Any:
            LAST_MOVES.append(args[-1])
            return probe(*args)

        return {"mtdf": dataclasses.replace(engine, probe=watched)}


LAST_MOVES: list[Any] = []


def test_a_leaf_is_searched_knowing_the_move_that_led_to_it() -> None:
    LAST_MOVES.clear()
    problem = Watched("watched", NestedTree, ([[3, 5], [2, 9]],))
    assert run_leaf(problem, (1,), 4, False, None, None).result == 2
    assert run_leaf(problem, (), 4, False, None, None).result == 3
    assert LAST_MOVES == [1, None]


class Held:
    """A task that runs until the manager asks it to stop."""

    status = "pending"

    def result(self) -> LeafOutcome:
        return LeafOutcome(False, None, 0, 0.0, "a")


class HoldingPool(SerialPool):
    """Two threads; the first task of the leaf ``held`` runs (its slice never running out)
    until the manager asks it to stop, the others finish at once."""

    def __init__(self, held: tuple[Any, ...]) -> None:
        self.held = held
        self.task: Held | None = None
        self.asked: list[bool] = []

    def nthreads(self) -> dict[str, int]:
        return {"a": 1, "b": 1}

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        if args[1] == self.held and self.task is None:
            self.task = Held()
            return self.task
        return super().submit(function, *args, **options)

    def stop(self, future: Any, *, split: bool) -> None:
        if isinstance(future, Held):
            self.asked.append(split)
            future.status = "finished"


def test_a_task_is_split_for_a_thread_that_has_nothing_to_do() -> None:
    # the eldest child of the root runs alone (its brothers wait for it): the idle thread
    # has it split, and the run goes on below it
    tree = [[[3, 5], [2, 9]], [[4, 8], [1, 7]], [[6, 0], [5, 5]]]
    problem = EngineProblem("held", NestedTree, (tree,))
    pool = HoldingPool((0,))
    proof = prove(problem, pool, split_depth=1, slice_seconds=30.0)
    assert proof.value == minimax(NestedTree(tree)).value
    assert pool.asked == [True]  # to be split, not called off
    assert proof.tally.splits == 1


class BesidePool(HoldingPool):
    """A :class:`HoldingPool` that notes the leaves handed out while the held task runs and
    nobody has asked it to stop yet."""

    def __init__(self, held: tuple[Any, ...]) -> None:
        super().__init__(held)
        self.beside: list[tuple[Any, ...]] = []

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        if self.task is not None and self.task.status == "pending" and not self.asked:
            self.beside.append(args[1])
        return super().submit(function, *args, **options)


THREE = [[3, 5], [2, 9], [4, 8]]  # MAX to move, then MIN: value 4


@pytest.mark.parametrize("expect", [None, False])
def test_a_question_expected_to_fail_hands_out_every_child_of_a_max_node(
    expect: bool | None,
) -> None:
    # "≥ 5?" fails: the MAX root is decided only once every child fails, so an expected
    # failure sends the brothers out beside the eldest; without a guess they wait for it
    manager = ProofManager(EngineProblem("three", NestedTree, (THREE,)), pool := BesidePool((0,)),
                           ProofStore.memory("three"), slice_seconds=30.0)  # fmt: skip
    assert manager.test(5, strict=False, expect=expect) == 4
    assert pool.beside == ([] if expect is None else [(1,), (2,)])


class SplitPool(HoldingPool):
    """A :class:`HoldingPool` that holds the first task of each leaf in ``held`` and notes
    the paths of the tasks handed out while a held task ran."""

    def __init__(self, *held: tuple[Any, ...]) -> None:
        super().__init__(())
        self.leaves = set(held)
        self.running: list[Held] = []
        self.beside: list[tuple[Any, ...]] = []

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        if any(task.status == "pending" for task in self.running):
            self.beside.append(args[1])
        if args[1] in self.leaves:
            self.leaves.remove(args[1])
            self.running.append(Held())
            return self.running[-1]
        return SerialPool.submit(self, function, *args, **options)  # not the one held leaf's


def test_an_idle_thread_has_the_eldest_split_deeper_rather_than_its_uncles_searched() -> None:
    # the eldest MIN child is split, its own eldest runs: the root's other children would be
    # speculation far from where the sequential search is, so the idle thread has that
    # eldest split again instead of taking them (7×7, 8 workers: 2.2–2.6× → 1.6× the nodes)
    tree = [[[3, 5], [2, 9]], [[4, 8], [1, 7]], [[6, 0], [5, 5]]]
    problem = EngineProblem("deep", NestedTree, (tree,))
    pool = SplitPool((0,), (0, 0))
    proof = prove(problem, pool, split_depth=1, slice_seconds=30.0)
    assert proof.value == minimax(NestedTree(tree)).value
    assert pool.asked == [True, True]
    assert pool.beside == []


class RecordingPool(SerialPool):
    """Notes the path of every task handed out."""

    def __init__(self) -> None:
        self.paths: list[tuple[Any, ...]] = []

    def submit(self, function: Callable[..., Any], *args: Any, **options: Any) -> Any:
        self.paths.append(args[1])
        return super().submit(function, *args, **options)


@pytest.mark.parametrize(("rows", "cols", "gamma"), [(4, 5, 10), (5, 5, 12)])
def test_a_tiling_proof_hands_out_the_root_moves_in_the_kernels_order(
    rows: int, cols: int, gamma: int
) -> None:
    # the order of the top plies decides which subtrees a proof searches at all: the leaves'
    # own solver orders them (on 7×7 "≥ 22?" the game's simpler order cost 3.65× the nodes;
    # on these boards the two orders hand out MAX's first moves differently)
    forget()
    problem = TilingProblem(rows, cols)
    game, solver, memory = built(problem)
    ranked = solver.order(game, game.initial(), gamma, memory=memory)
    pool = RecordingPool()
    ProofManager(problem, pool, ProofStore.memory(problem.label)).test(gamma, strict=False)
    handed = list(dict.fromkeys(path[0] for path in pool.paths))
    assert len(handed) > 2
    assert handed == [move for move in ranked if move in handed]


def test_a_leaf_split_returns_its_children_in_its_searchs_order() -> None:
    forget()
    problem = TilingProblem(6, 6)
    outcome = run_leaf(problem, (), 15, False, 1e-9, None)  # stopped at its first look
    assert not outcome.finished
    game, solver, memory = built(problem)
    ranked = solver.order(game, game.initial(), 15, memory=memory)
    assert [move for move, _, _ in outcome.children] == ranked


@pytest.mark.parametrize(("expect", "handed"), [(None, [(0,)]), (True, [(0, 0), (0, 1)])])
def test_a_question_expected_to_pass_opens_the_eldest_min_node_at_once(
    expect: bool | None, handed: list[tuple[int, ...]]
) -> None:
    # "≥ 5?" passes through the eldest MIN child (worth 5), every child of which must then
    # pass: expected, they are handed out at once instead of the eldest as one task
    tree = [[[3, 5], [2, 9]], [[4, 8], [1, 7]]]
    manager = ProofManager(EngineProblem("four", NestedTree, (tree,)), pool := RecordingPool(),
                           ProofStore.memory("four"))  # fmt: skip
    assert manager.test(5, strict=False, expect=expect) == 5
    assert pool.paths == handed


class KeyedTree(NestedTree):
    """A nested tree whose positions are their own transposition keys (so that the
    engine's tables hold them and facts are learned)."""

    def key(self, position: Any) -> Any:
        return position


values = st.one_of(st.integers(-5, 5), st.none())
trees: st.SearchStrategy[Any] = st.recursive(
    values, lambda sub: st.lists(sub, min_size=1, max_size=3), max_leaves=25
)


@settings(max_examples=60)
@given(
    tree=trees,
    split_depth=st.integers(0, 3),
    slice_seconds=st.sampled_from([0.0, 30.0]),
    ybw=st.booleans(),
)
def test_random_trees_match_minimax(
    tree: Any, split_depth: int, slice_seconds: float, ybw: bool
) -> None:
    problem = EngineProblem(f"tree {tree!r}", NestedTree, (tree,))
    proof = prove(
        problem,
        SerialPool(),
        split_depth=split_depth,
        slice_seconds=slice_seconds,
        young_brothers_wait=ybw,
    )
    assert proof.value == minimax(NestedTree(tree)).value


@settings(max_examples=60)
@given(tree=trees, gamma=st.integers(-6, 6))
def test_one_question_is_answered_as_minimax_says(tree: Any, gamma: int) -> None:
    problem = EngineProblem(f"tree {tree!r}", NestedTree, (tree,))
    proof = prove(problem, SerialPool(), split_depth=1, question=gamma)
    value = minimax(NestedTree(tree)).value
    if value is None:  # no valid leaf: nothing to prove either way
        assert proof.lower is None
        return
    assert proof.lower is not None or proof.upper is not None
    if value >= gamma:
        assert proof.lower is not None
        assert value >= proof.lower >= gamma
    else:
        assert proof.upper is not None
        assert gamma > proof.upper >= value


@settings(max_examples=60)
@given(
    tree=trees,
    gamma=st.integers(-6, 6),
    strict=st.booleans(),
    expect=st.sampled_from([None, True, False]),
    split_depth=st.integers(0, 2),
)
def test_any_expected_answer_keeps_the_answers_of_random_trees(
    tree: Any, gamma: int, strict: bool, expect: bool | None, split_depth: int
) -> None:
    # an expectation only decides what goes out when: right or wrong, the answer holds
    problem = EngineProblem(f"tree {tree!r}", NestedTree, (tree,))
    manager = ProofManager(problem, SerialPool(), ProofStore.memory(problem.label),
                           split_depth=split_depth)  # fmt: skip
    result = manager.test(gamma, strict=strict, expect=expect)
    value = minimax(NestedTree(tree)).value
    if value is None:
        assert result is None
        return
    assert result is not None
    passes = value > gamma if strict else value >= gamma
    assert (result > gamma if strict else result >= gamma) is passes
    assert value >= result if passes else result >= value  # fail-soft: a bound on the value


def test_a_second_run_on_the_store_needs_no_task(tmp_path: Path) -> None:
    tree = [[[3, 5], [2, 9]], [[4, 8], [1, 7]], [[6, 0], [5, 5]]]
    problem = EngineProblem("three levels", NestedTree, (tree,))
    first = prove(problem, SerialPool(), store=tmp_path / "s.sqlite", split_depth=1)
    again = prove(problem, SerialPool(), store=tmp_path / "s.sqlite", split_depth=1)
    assert first.value == again.value == minimax(NestedTree(tree)).value
    assert first.tally.tasks > 0
    assert again.tally.tasks == 0
    # each run is one sitting of the store, with its own work and what it proved
    sittings = read_summary(tmp_path / "s.sqlite").sittings
    assert [s.stopped for s in sittings] == ["finished", "finished"]
    assert [s.nodes for s in sittings] == [first.tally.nodes, 0]
    assert sittings[0].questions == first.questions
    assert (sittings[1].lower, sittings[1].upper) == (first.value, first.value)


@pytest.mark.parametrize("first", [Player.MAX, Player.MIN])
@pytest.mark.parametrize("ladder", [1e-9, 60.0])
def test_the_bound_ladder_finds_the_tiling_values(first: Player, ladder: float) -> None:
    # 1e-9 s: every question is stopped after its first task and asked again with a longer
    # slice, going on from the facts the store kept
    for rows, cols in [(2, 3), (3, 3), (3, 4), (4, 4)]:
        problem = TilingProblem(rows, cols, first, engine="python")
        proof = prove(problem, SerialPool(), ladder=ladder, split_depth=2)
        assert proof.value == solve_tiling(rows, cols, first, engine="python").value
        assert proof.lower == proof.upper == proof.value


@settings(max_examples=60)
@given(tree=trees, split_depth=st.integers(0, 3), slice_seconds=st.sampled_from([0.0, 30.0]))
def test_shared_facts_keep_the_values_of_random_trees(
    tree: Any, split_depth: int, slice_seconds: float
) -> None:
    problem = EngineProblem(f"keyed tree {tree!r}", KeyedTree, (tree,))
    proof = prove(problem, ColdPool(), split_depth=split_depth, slice_seconds=slice_seconds)
    assert proof.value == minimax(NestedTree(tree)).value


@pytest.mark.parametrize("engine", ["python", "native"])
@pytest.mark.parametrize("first", [Player.MAX, Player.MIN])
def test_shared_facts_keep_the_tiling_values(engine: Engine, first: Player) -> None:
    for rows, cols in [(2, 3), (3, 3), (3, 4), (4, 4)]:
        expected = solve_tiling(rows, cols, first, engine=engine).value
        for split_depth in (1, 2, 3):
            problem = TilingProblem(rows, cols, first, engine=engine, table_mb=1)
            assert prove(problem, ColdPool(), split_depth=split_depth).value == expected


@pytest.mark.parametrize("expression", ["X*(Y-Z)", "a*b - c*d + e", "(a-b)*(c-d)"])
def test_shared_facts_keep_the_evaluate_values(expression: str) -> None:
    expected = solve(expression, algorithm="mtdf").value
    for split_depth in (1, 2):
        assert prove(evaluate_problem(expression), ColdPool(), split_depth=split_depth).value == (
            expected
        )


def test_evaluate_tasks_send_table_entries_only_where_keys_are_portable() -> None:
    # e-Valuate's keys are portable texts, so its tasks send their tables' bounds (which
    # the cold-pool tests above ship to fresh tables: their values stay right); a game
    # whose keys may differ between processes sends none
    forget()
    evaluate = run_leaf(evaluate_problem("a*b - c*d + e"), (), 10, False, None, None)
    assert evaluate.finished
    assert evaluate.entries
    tree = EngineProblem("keyed tree", KeyedTree, ([[3, 5], [2, 9]],))
    assert run_leaf(tree, (), 3, False, None, None).entries == b""


@pytest.mark.parametrize("first", [Player.MAX, Player.MIN])
@pytest.mark.parametrize("expression", ["x/y + 2*y/z - z/x", "a*b - 2*c*d + e/f"])
def test_shared_tables_keep_the_evaluate_values(expression: str, first: Player) -> None:
    expected = solve(expression, range(4), algorithm="mtdf", first=first).value
    problem = evaluate_problem(expression, range(4), first)
    assert prove(problem, ColdPool(), split_depth=2).value == expected


@pytest.mark.parametrize("pool", [SerialPool, ColdPool])
def test_splits_keep_the_tiling_values(pool: Callable[[], SerialPool]) -> None:
    # slices of no time: the kernel stops every task at its first look at the clock, after
    # a few thousand nodes, and the children its table decided are settled from it (with
    # cold tables the facts shipped make every task small: it may finish unsplit)
    splits = 0
    cols = 6 if pool is SerialPool else 5  # cold tables: every task learns what was shipped
    for first in (Player.MAX, Player.MIN):
        proof = prove(TilingProblem(5, cols, first, table_mb=1), pool(), slice_seconds=0.0)
        assert proof.value == solve_tiling(5, cols, first).value
        splits += proof.tally.splits
    assert splits > 0 or pool is ColdPool


class Box(list[bytes]):
    """An inbox in this process: what :class:`~evalgame.proofs.leaf.Swap` puts, in order."""

    def put(self, data: bytes) -> None:
        self.append(data)

    def get(self, batch: bool) -> list[bytes]:
        taken = list(self)
        self.clear()
        return taken


def test_a_task_swaps_what_it_proves_with_the_other_workers_while_it_searches(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from evalgame.proofs import leaf

    boxes: dict[str, Box] = {}
    monkeypatch.setattr(leaf, "_inbox", lambda run, worker: boxes.setdefault(worker, Box()))
    monkeypatch.setattr(leaf, "SWAP_SECONDS", 0.0)  # at every look of its budget
    here = leaf.worker_name()
    problem = TilingProblem(5, 6, table_mb=4)
    # what another worker proved on the whole board (value 14)
    forget()
    game, solver, other = built(problem)
    assert solver.test(game, game.initial(), 14, memory=other) == 14
    move = solver.order(game, game.initial(), 14, memory=other)[0]
    sent = solver.entries(other)
    # a cold worker's task: what it proved went out during its search, not only with its
    # result, and a worker that took it in searches the same leaf with fewer nodes
    forget()
    cold = run_leaf(problem, (move,), 14, False, None, None, "run", peers=[here, "other"])
    assert cold.finished
    assert boxes["other"]
    child = game.play(game.initial(), move)
    nodes = []
    nothing: list[bytes] = []
    for sent_to_it in (nothing, boxes["other"]):
        forget()
        _, _, third = built(problem)
        for proven in sent_to_it:
            solver.merge(third, proven)
        stats = SearchStats()
        solver.test(game, child, 14, memory=third, stats=stats)
        nodes.append(stats.nodes)
    assert nodes[1] < nodes[0]
    # the other worker's entries waiting in this one's inbox are taken in before the
    # search starts (not at its first swap: none comes now), so the same task needs fewer
    # nodes than the cold one
    monkeypatch.setattr(leaf, "SWAP_SECONDS", 1e9)
    forget()
    boxes[here] = Box([sent])
    outcome = run_leaf(problem, (move,), 14, False, None, None, "run", peers=[here, "other"])
    assert outcome.finished
    assert boxes[here] == []  # taken in
    assert outcome.nodes < cold.nodes
    _, _, memory = built(problem)
    root = game.initial()
    assert solver.known(game, root, memory) == solver.known(game, root, other) != game.bounds(root)


def test_no_swap_without_other_workers_or_for_tests_that_go_on() -> None:
    from evalgame.proofs import leaf

    problem = TilingProblem(3, 4)
    _, solver, memory = built(problem)
    here = leaf.worker_name()
    assert leaf.swap_with(problem, solver, memory, "run", here, [here]) is None
    assert leaf.swap_with(problem, solver, memory, "", here, [here, "other"]) is None
    dfpn = TilingProblem(3, 4, algorithm="dfpn")
    assert leaf.swap_with(dfpn, dfpn.solver(), memory, "run", here, [here, "other"]) is None
