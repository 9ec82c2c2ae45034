"""Star1 and Star2 (*-minimax) against expectiminimax: the same exact value on random chance
trees, never more nodes entered (Star1) and never a node outside the tree (Star2)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.lab.random_tree import random_tree
from evalgame.search.chance import expectiminimax
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Player
from evalgame.search.star import StarSearcher, star1, star2
from tests.samples import sample


def leaves(game: DagGame) -> list[Fraction]:
    return [Fraction(n.value) for n in game.nodes.values() if n.value is not None]


def chance_game(branching: int, depth: int, seed: int) -> DagGame:
    data = random_tree(branching, depth, -9, 9, chance=True, seed=seed)
    assert isinstance(data, dict)
    return DagGame.from_data(data)


class Entered(StarSearcher[str, str]):
    """Star search noting every position it enters."""

    def __init__(self, game: DagGame, probe: bool) -> None:
        values = leaves(game)
        super().__init__(SearchContext(game, None), min(values), max(values), probe=probe)
        self.seen: set[str] = set()

    def entered(self, position: str, alpha: object, beta: object, probe: bool) -> None:
        self.seen.add(position)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize(("branching", "depth"), [(2, 4), (3, 3), (3, 4), (2, 6)])
def test_star_finds_the_expectiminimax_value_with_fewer_nodes(
    branching: int, depth: int, seed: int
) -> None:
    game = chance_game(branching, depth, seed)
    low, high = min(leaves(game)), max(leaves(game))
    full = expectiminimax(game)
    assert full.stats.nodes == len(game.nodes)  # a tree: every node entered once
    one, two = star1(game, low, high), star2(game, low, high)
    assert one.value == two.value == full.value
    assert one.stats.nodes <= full.stats.nodes  # Star1 never enters a node twice
    for probe in (False, True):
        watched = Entered(game, probe)
        assert watched.search(game.start, -float("inf"), float("inf")) == full.value
        assert watched.seen <= set(game.nodes)
        assert len(watched.seen) <= full.stats.nodes


def test_star_prunes_on_average() -> None:
    """Not a bound, a measurement: on 3×4 chance trees both prune something in every tree
    of these seeds, and Star2 enters fewer distinct positions than Star1 overall."""
    full = one = two = 0
    for seed in range(20):
        game = chance_game(3, 4, seed)
        low, high = min(leaves(game)), max(leaves(game))
        full += expectiminimax(game).stats.nodes
        one += star1(game, low, high).stats.nodes
        watched = Entered(game, True)
        watched.search(game.start, -float("inf"), float("inf"))
        two += len(watched.seen)
    assert one < full
    assert two < full


@st.composite
def chance_trees(draw: st.DrawFn, depth: int = 0) -> object:
    """A tree as nested tuples: ('leaf', v) or (player, children, weights)."""
    if depth >= 4 or (depth > 0 and draw(st.booleans())):
        return ("leaf", draw(st.integers(-5, 5)))
    player = draw(st.sampled_from(["max", "min", "chance"]))
    children = draw(st.lists(chance_trees(depth + 1), min_size=1, max_size=3))
    weights = draw(st.lists(st.integers(0, 3), min_size=len(children), max_size=len(children)))
    if sum(weights) == 0:
        weights[0] = 1
    return (player, children, weights)


def to_game(tree: object) -> DagGame:
    positions: dict[str, object] = {}

    def add(node: object, name: str) -> None:
        assert isinstance(node, tuple)
        if node[0] == "leaf":
            positions[name] = {"value": node[1]}
            return
        player, children, weights = node
        moves = [f"{name}.{i}" for i in range(len(children))]
        raw: dict[str, object] = {"player": player, "moves": moves}
        if player == "chance":
            raw["probabilities"] = [str(Fraction(w, sum(weights))) for w in weights]
        positions[name] = raw
        for child, move in zip(children, moves, strict=True):
            add(child, move)

    add(tree, "r")
    return DagGame.from_data({"start": "r", "positions": positions})


@settings(max_examples=sample(300), deadline=None)
@given(chance_trees(), st.integers(0, 3), st.integers(0, 3))
def test_star_on_any_tree_with_any_valid_bounds(tree: object, below: int, above: int) -> None:
    """Any players in any order, zero probabilities, bounds looser than the leaves."""
    game = to_game(tree)
    low, high = min(leaves(game)) - below, max(leaves(game)) + above
    full = expectiminimax(game)
    one, two = star1(game, low, high), star2(game, low, high)
    assert one.value == two.value == full.value
    assert one.stats.nodes <= full.stats.nodes


def test_bounds_that_a_leaf_breaks_are_refused() -> None:
    game = parse_nested_tree("[[3, 12], [2, 4]]")
    with pytest.raises(GameError, match="outside the bounds"):
        star1(game, 0, 10)
    with pytest.raises(GameError, match="empty"):
        star2(game, 5, 4)
    assert game.to_move("1") is Player.MIN
    assert star1(game, 0, 12).value == 3
