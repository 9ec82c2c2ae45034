"""The DAG and tree lab against brute force, the textbook and Knuth and Moore's count."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import CycleError, GameError, InputError, LimitError
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.lab.dag import ALGORITHMS, Options, walk_game
from evalgame.lab.dag_tree import Order, read_game, tree_size
from evalgame.lab.random_tree import random_tree
from tests.samples import sample

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


@settings(max_examples=sample(60), deadline=None)
@given(trees, st.sampled_from(ALGORITHMS))
def test_every_value_is_the_brute_force_one(tree: Nested, algorithm: str) -> None:
    lab = walk_game(parse_nested_tree(json.dumps(tree)), algorithm)  # type: ignore[arg-type]
    assert lab["value"] == str(brute(tree))
    for path, value in lab["values"].items():
        depth = 0 if path == "root" else path.count(".") + 1
        assert value == str(brute(subtree(tree, path), depth % 2 == 0))


@settings(max_examples=sample(60), deadline=None)
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
    assert lab["counts"] | {"expectiminimax": None, "star1": 11, "star2": 11} == {
        "vertices": 13,
        "edges": 12,
        "tree": 13,
        "minimax": 13,
        "alphabeta": 11,
        "alphabeta_best": 9,
        "alphabeta_worst": 13,
        "expectiminimax": None,
        "star1": 11,  # without chance, Star1 is alpha-beta
        "star2": 11,
        "star2_visits": 11,
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
                             for i in range(14)}  # fmt: skip
    chain.update({f"q{i}": {"player": "min", "moves": [f"p{i}"]} for i in range(1, 15)})
    chain["p14"] = {"value": 0}
    game = read_game({"start": "p0", "positions": chain})
    assert tree_size(game) > 5000
    assert walk_game(game, "dfs")["counts"]["alphabeta"] is None  # the tree is not unfolded
    with pytest.raises(LimitError, match="nodes of the game's tree"):
        walk_game(game, "alphabeta")
    with pytest.raises(LimitError, match="number of positions"):
        read_game(json.dumps([1] * 5001))


# ---------------------------------------------------------------- Star1 and Star2, options

#: the textbook horizon effect: MAX's knight is lost whatever happens, but a check (giving a
#: pawn) pushes the loss past a search cut off at depth 2 or 3, which then prefers it
HORIZON: dict[str, Any] = {
    "start": "trapped",
    "positions": {
        "trapped": {"player": "max", "moves": ["sac", "check"], "estimate": 0},
        "sac": {"player": "min", "moves": ["taken"], "estimate": -3},
        "taken": {"player": "max", "moves": ["end"], "estimate": -3},
        "end": {"value": -3},
        "check": {"player": "min", "moves": ["xpawn", "block"], "estimate": 0},
        "xpawn": {"player": "max", "moves": ["free"], "estimate": -1},
        "free": {"player": "min", "moves": ["falls"], "estimate": -1},
        "falls": {"player": "max", "moves": ["lost"], "estimate": -4},
        "lost": {"value": -4},
        "block": {"value": 0},
    },
}


def chance_tree(seed: int) -> DagGame:
    return read_game(random_tree(3, 4, -9, 9, chance=True, seed=seed))


@pytest.mark.parametrize("seed", range(8))
def test_star_walks_give_the_expectiminimax_value_with_fewer_nodes(seed: int) -> None:
    game = chance_tree(seed)
    full = walk_game(game, "expectiminimax")
    values = [full["values"][name] for name, node in game.nodes.items() if node.value is not None]
    for algorithm in ("star1", "star2"):
        lab = walk_game(game, algorithm)
        assert lab["value"] == full["value"]
        assert lab["bounds"] == [min(values, key=Fraction), max(values, key=Fraction)]
        entered = {step["node"] for step in lab["steps"] if step["step"] == "enter"}
        assert len(entered) == lab["stats"]["nodes"] == lab["counts"][algorithm]
        assert lab["counts"][algorithm] <= full["counts"]["expectiminimax"] == len(game.nodes)
        # every node is left once per time it is entered, the root last with the value
        leaves = [step for step in lab["steps"] if step["step"] == "leave"]
        assert len(leaves) == sum(step["step"] == "enter" for step in lab["steps"])
        assert leaves[-1]["node"] == 0
        assert leaves[-1]["value"] == full["value"]
        for step in lab["steps"]:
            if step["step"] == "cut" and step["kind"].startswith("star"):
                terms = step["terms"]
                low = sum(Fraction(t["p"]) * Fraction(t["lo"]) for t in terms)
                high = sum(Fraction(t["p"]) * Fraction(t["hi"]) for t in terms)
                assert step["pruned"]
                assert low < high  # not yet exact: the cut is what ends the search
    star1 = walk_game(game, "star1")
    assert star1["stats"]["visits"] == star1["stats"]["nodes"]  # Star1 never searches again


def test_star2_probes_and_cuts_on_a_tree_built_for_it() -> None:
    # a fair coin between two MIN positions; MAX's first choice is worth 5. After the first
    # MIN position's first move (1), with U = 9 the coin is worth at most ½·1 + ½·9 = 5 ≤ α.
    game = read_game(
        {
            "start": "r",
            "positions": {
                "r": {"player": "max", "moves": ["a", "coin"]},
                "a": {"value": 5},
                "coin": {
                    "player": "chance",
                    "moves": ["m1", "m2"],
                    "probabilities": ["1/2", "1/2"],
                },
                "m1": {"player": "min", "moves": ["x1", "x2"]},
                "m2": {"player": "min", "moves": ["y1", "y2"]},
                "x1": {"value": 1},
                "x2": {"value": 9},
                "y1": {"value": 9},
                "y2": {"value": 0},
            },
        }
    )
    lab = walk_game(game, "star2")
    assert lab["value"] == "5"
    probes = [step for step in lab["steps"] if step["step"] == "probe"]
    assert [(p["position"], p["value"], p["bound"]) for p in probes] == [("m1", "1", "upper")]
    cut = next(step for step in lab["steps"] if step["step"] == "cut")
    assert cut["kind"] == "star-low"
    assert cut["value"] == "5"  # ½·1 + ½·9 ≤ α = 5
    assert cut["terms"] == [{"p": "1/2", "lo": "0", "hi": "1"}, {"p": "1/2", "lo": "0", "hi": "9"}]
    assert lab["counts"]["star2"] < lab["counts"]["star1"] < lab["counts"]["expectiminimax"]


def test_bounds_must_hold_for_every_leaf() -> None:
    game = chance_tree(1)
    with pytest.raises(InputError, match="do not hold for every leaf"):
        walk_game(game, "star1", options=Options(bounds=(0, 9)))
    loose = walk_game(game, "star1", options=Options(bounds=(-20, 20)))
    assert loose["value"] == walk_game(game, "expectiminimax")["value"]
    assert loose["bounds"] == ["-20", "20"]


@pytest.mark.parametrize("order", ["given", "best", "worst"])
@pytest.mark.parametrize("table", [False, True])
def test_alphabeta_with_any_order_and_table_finds_the_value(order: Any, table: bool) -> None:
    for seed in range(5):
        text = random_tree(3, 4, 0, 9, chance=False, seed=seed)
        assert isinstance(text, str)
        lab = walk_game(read_game(text), "alphabeta", options=Options(order=order, table=table))
        assert lab["value"] == str(brute(json.loads(text)))
        entered = sum(step["step"] == "enter" for step in lab["steps"])
        assert entered == lab["stats"]["nodes"]
        key = {"given": "alphabeta", "best": "alphabeta_best", "worst": "alphabeta_worst"}
        assert lab["counts"][key[order]] == entered
        for cut in (step for step in lab["steps"] if step["step"] == "cut"):
            assert not set(cut["pruned"]) & {
                s["node"] for s in lab["steps"] if s["step"] == "enter"
            }


def test_the_table_answers_a_position_reached_twice() -> None:
    shared = {
        "start": "a",
        "positions": {
            "a": {"player": "max", "moves": ["b", "c"]},
            "b": {"player": "min", "moves": ["d", "e"]},
            "c": {"player": "min", "moves": ["d", "f"]},
            "d": {"player": "max", "moves": ["g", "h"]},
            "e": {"value": 4}, "f": {"value": 1}, "g": {"value": 2}, "h": {"value": 5},
        },
    }  # fmt: skip
    lab = walk_game(read_game(shared), "alphabeta", options=Options(table=True))
    hits = [step for step in lab["steps"] if step.get("table")]
    assert [(step["position"], step["value"]) for step in hits] == [("d", "5")]
    assert lab["value"] == "4"


@pytest.mark.parametrize(
    ("algorithm", "depth"), [("alphabeta", 2), ("minimax", 2), ("alphabeta", 3)]
)
def test_the_horizon_effect_shows_on_a_tree_built_for_it(algorithm: Any, depth: int) -> None:
    lab = walk_game(read_game(HORIZON), algorithm, options=Options(depth=depth))
    horizon = lab["horizon"]
    assert horizon["chosen"] == "check"  # the delaying move
    assert horizon["estimate"] == "-1"
    assert horizon["chosen_exact"] == "-4"
    assert horizon["exact"] == "-3"
    assert horizon["best"] == ["sac"]
    assert horizon["effect"] is True
    assert any(step.get("bound") == "estimate" for step in lab["steps"])
    deeper = walk_game(read_game(HORIZON), algorithm, options=Options(depth=4))["horizon"]
    assert deeper["chosen"] == "sac"
    assert deeper["effect"] is False


@pytest.mark.parametrize("evaluation", ["zero", "mean", "first"])
def test_a_depth_cut_off_with_any_evaluation_matches_a_plain_one(evaluation: Any) -> None:
    """Depth-limited minimax by hand on nested lists, against both searches."""
    text = "[[[3,5],[6,9]],[[1,2],[0,-1]],[[8,8],[7,2]]]"
    tree = json.loads(text)

    def leaves(node: Nested) -> list[int]:
        return [node] if isinstance(node, int) else [x for c in node for x in leaves(c)]

    def estimate(node: Nested) -> Fraction:
        if evaluation == "zero":
            return Fraction(0)
        if evaluation == "mean":
            return Fraction(sum(leaves(node)), len(leaves(node)))
        return Fraction(leaves(node)[0])

    def limited(node: Nested, depth: int, maximizing: bool) -> Fraction:
        if isinstance(node, int):
            return Fraction(node)
        if depth == 0:
            return estimate(node)
        values = [limited(c, depth - 1, not maximizing) for c in node]
        return max(values) if maximizing else min(values)

    for depth in (1, 2):
        want = limited(tree, depth, True)
        for algorithm in ("minimax", "alphabeta"):
            options = Options(depth=depth, evaluation=evaluation)
            lab = walk_game(read_game(text), algorithm, options=options)
            assert Fraction(lab["horizon"]["estimate"]) == want


def test_options_a_search_does_not_take_are_refused() -> None:
    game = read_game(TEXTBOOK)
    with pytest.raises(InputError, match="depth cut-off applies to minimax and alpha-beta"):
        walk_game(game, "star1", options=Options(depth=2))
    with pytest.raises(InputError, match="table"):
        walk_game(game, "minimax", options=Options(table=True))
    with pytest.raises(GameError, match="has no 'estimate'"):
        walk_game(game, "alphabeta", options=Options(depth=1))


def test_star_takes_the_move_order_too() -> None:
    """Without chance Star1 is alpha-beta with bounds: best first it enters what alpha-beta
    best first enters on the textbook tree."""
    game = read_game(TEXTBOOK)
    orders: tuple[tuple[Order, int], ...] = (("best", 9), ("worst", 13), ("given", 11))
    for order, count in orders:
        lab = walk_game(game, "star1", options=Options(order=order))
        assert lab["value"] == "3"
        assert lab["stats"]["nodes"] == lab["counts"]["star1"] == count
        entered = {step["node"] for step in lab["steps"] if step["step"] == "enter"}
        pruned = {n for step in lab["steps"] if step["step"] == "cut" for n in step["pruned"]}
        assert not entered & pruned
        assert len(entered) + sum(lab_size(lab, n) for n in pruned) == 13


def lab_size(lab: dict[str, Any], node: int) -> int:
    """The nodes of the subtree of ``node`` in a lab's tree."""
    below = [i for i, n in enumerate(lab["tree"]) if n["parent"] == node]
    return 1 + sum(lab_size(lab, child) for child in below)
