"""The DAG and tree lab against brute force, the textbook and Knuth and Moore's count."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import CycleError, LimitError
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.lab.dag import ALGORITHMS, read_game, tree_size, walk_game

TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "game.json"

Nested = Any  # an int or a list of Nested


def brute(tree: Nested, maximizing: bool = True) -> int:
    """Minimax of a nested list, written out plainly."""
    if isinstance(tree, int):
        return tree
    values = [brute(child, not maximizing) for child in tree]
    return max(values) if maximizing else min(values)


def subtree(tree: Nested, path: str) -> Nested:
    for part in path.split(".") if path != "root" else []:
        tree = tree[int(part) - 1]
    return tree


trees = st.recursive(
    st.integers(-9, 9), lambda children: st.lists(children, min_size=1, max_size=3), max_leaves=20
)


@settings(max_examples=60, deadline=None)
@given(trees, st.sampled_from(ALGORITHMS))
def test_every_value_is_the_brute_force_one(tree: Nested, algorithm: str) -> None:
    lab = walk_game(parse_nested_tree(json.dumps(tree)), algorithm)  # type: ignore[arg-type]
    assert lab["value"] == str(brute(tree))
    for path, value in lab["values"].items():
        depth = 0 if path == "root" else path.count(".") + 1
        assert value == str(brute(subtree(tree, path), depth % 2 == 0))


@settings(max_examples=60, deadline=None)
@given(trees)
def test_alphabeta_windows_and_cuts_are_sound(tree: Nested) -> None:
    lab = walk_game(parse_nested_tree(json.dumps(tree)), "alphabeta")
    nodes = lab["tree"]
    entered = [s["node"] for s in lab["steps"] if s["step"] == "enter"]
    assert len(entered) == lab["stats"]["nodes"] == lab["counts"]["alphabeta"]
    assert lab["counts"]["minimax"] == len(nodes) == lab["counts"]["tree"]
    pruned = set()
    for step in lab["steps"]:
        position = step["position"]
        exact = Fraction(lab["values"][position])
        if step["step"] == "leave":
            value = Fraction(step["value"])
            assert {"exact": exact == value, "upper": exact <= value, "lower": exact >= value}[
                step["bound"]
            ]
        elif step["step"] == "cut":
            children = [i for i, node in enumerate(nodes) if node["parent"] == step["node"]]
            assert step["pruned"] == children[len(children) - len(step["pruned"]) :]
            pruned.update(step["pruned"])
    # every node not entered lies below a pruned child, and no pruned child was entered
    for node in range(len(nodes)):
        below = node
        while below is not None and below not in pruned:
            below = nodes[below]["parent"]
        assert (node in entered) == (below is None)


def test_textbook_tree() -> None:
    lab = walk_game(parse_nested_tree(TEXTBOOK), "alphabeta")
    assert lab["value"] == "3"
    cuts = [step for step in lab["steps"] if step["step"] == "cut"]
    # MIN at the second child sees 2 ≤ α = 3 and prunes 4 and 6
    assert [(c["position"], c["kind"], c["pruned"]) for c in cuts] == [("2", "alpha", [7, 8])]
    windows = {s["position"]: (s["alpha"], s["beta"]) for s in lab["steps"] if s["step"] == "enter"}
    assert windows["root"] == ("-inf", "+inf")
    assert windows["1.2"] == ("-inf", "3")
    assert windows["2"] == ("3", "+inf")
    assert windows["3.3"] == ("3", "5")
    assert lab["counts"] | {"expectiminimax": None} == {
        "vertices": 13,
        "edges": 12,
        "tree": 13,
        "minimax": 13,
        "alphabeta": 11,
        "alphabeta_best": 9,
        "alphabeta_worst": 13,
        "expectiminimax": None,
    }


@pytest.mark.parametrize(("branching", "depth"), [(2, 3), (3, 2), (3, 3), (2, 4)])
def test_best_order_reaches_the_knuth_moore_minimum(branching: int, depth: int) -> None:
    """With the best move first, alpha-beta evaluates b^⌈d/2⌉ + b^⌊d/2⌋ − 1 leaves."""
    counter = iter(range(10**6))

    def uniform(level: int) -> Nested:  # distinct leaves, no ties
        if level == 0:
            return (next(counter) * 7919) % 1009
        return [uniform(level - 1) for _ in range(branching)]

    def best_first(tree: Nested, maximizing: bool = True) -> Nested:
        if isinstance(tree, int):
            return tree
        children = [best_first(child, not maximizing) for child in tree]
        return sorted(children, key=lambda c: brute(c, not maximizing), reverse=maximizing)

    tree = best_first(uniform(depth))
    lab = walk_game(parse_nested_tree(json.dumps(tree)), "alphabeta")
    enters = [s["position"] for s in lab["steps"] if s["step"] == "enter"]
    leaves = [position for position in enters if position.count(".") == depth - 1]
    assert len(leaves) == branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1
    assert lab["counts"]["alphabeta_best"] == lab["counts"]["alphabeta"]
    assert lab["counts"]["alphabeta_worst"] > lab["counts"]["alphabeta_best"]


def test_dfs_on_a_dag_solves_each_position_once() -> None:
    lab = walk_game(DagGame.from_file(EXAMPLE), "dfs")
    assert lab["value"] == "25/6"
    assert lab["counts"]["vertices"] == 8
    assert lab["counts"]["edges"] == 9
    assert lab["counts"]["tree"] == 10  # coins and chest are reached twice
    enters = [s["position"] for s in lab["steps"] if s["step"] == "enter"]
    leaves = [s["position"] for s in lab["steps"] if s["step"] == "leave"]
    assert sorted(enters) == sorted(leaves) == sorted(lab["values"]) == sorted(lab["visited"])
    # a vertex turns black after its successors
    for step in lab["steps"]:
        if step["step"] == "leave":
            for move in read_game(json.loads(EXAMPLE.read_text())).moves(step["position"]):
                assert leaves.index(move) < leaves.index(step["position"])
    assert lab["steps"][-1] == {"step": "leave", "position": "door", "value": "25/6"}
    assert lab["steps"][-1 - 1]["step"] == "leave"


def test_chance_positions_need_expectiminimax() -> None:
    lab = walk_game(DagGame.from_file(EXAMPLE), "expectiminimax")
    assert lab["value"] == "25/6"
    assert lab["counts"]["expectiminimax"] == 10
    assert lab["counts"]["minimax"] is None
    assert lab["counts"]["alphabeta"] is None
    with pytest.raises(ValueError, match="chance nodes"):
        walk_game(DagGame.from_file(EXAMPLE), "alphabeta")


def test_a_cycle_names_its_positions() -> None:
    raw = {
        "start": "a",
        "positions": {
            "a": {"player": "max", "moves": ["b", "x"]},
            "b": {"player": "min", "moves": ["c"]},
            "c": {"player": "max", "moves": ["a"]},
            "x": {"value": 1},
        },
    }
    with pytest.raises(CycleError) as caught:
        read_game(raw)
    assert sorted(map(str, caught.value.cycle)) == ["a", "b", "c"]


def test_sizes_are_limited() -> None:
    chain: dict[str, Any] = {f"p{i}": {"player": "max", "moves": [f"p{i + 1}", f"q{i + 1}"]}
                             for i in range(12)}  # fmt: skip
    chain.update({f"q{i}": {"player": "min", "moves": [f"p{i}"]} for i in range(1, 13)})
    chain["p12"] = {"value": 0}
    game = read_game({"start": "p0", "positions": chain})
    assert tree_size(game) > 2000
    assert walk_game(game, "dfs")["counts"]["alphabeta"] is None  # the tree is not unfolded
    with pytest.raises(LimitError, match="nodes of the game's tree"):
        walk_game(game, "alphabeta")
    with pytest.raises(LimitError, match="number of positions"):
        read_game(json.dumps([1] * 401))
