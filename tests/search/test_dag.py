"""Backward induction over DAGs: hand-made graphs, random DAGs, a long chain, cycles."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings

from evalgame.errors import CycleError, GameError, SearchInterrupted
from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.dag import backward_induction
from evalgame.search.protocol import Game, Player
from tests.samples import sample
from tests.strategies import TreeGame, replay, trees, value_of

PLAYERS = {"max": Player.MAX, "min": Player.MIN, "chance": Player.CHANCE}


class Graph(Game[str, str]):
    """Named positions: ``spec[name]`` is a leaf value or (player, successors[, odds])."""

    name = "graph"

    def __init__(self, spec: dict[str, Any], start: str = "s") -> None:
        self.spec, self.start = spec, start

    def initial(self) -> str:
        return self.start

    def to_move(self, position: str) -> Player:
        return PLAYERS[self.spec[position][0]]

    def moves(self, position: str) -> Sequence[str]:
        entry = self.spec[position]
        return entry[1] if isinstance(entry, tuple) else ()

    def play(self, position: str, move: str) -> str:
        return move

    def payoff(self, position: str) -> Number | None:
        value: Number | None = self.spec[position]
        return value

    def key(self, position: str) -> Hashable:
        return position

    def probability(self, position: str, move: str) -> Fraction:
        entry = self.spec[position]
        return Fraction(entry[2][entry[1].index(move)])


def test_hand_made_dag() -> None:
    # s (MAX) → a, b; a (MIN) → c, d; b (MIN) → d, e; d is shared
    spec = {
        "s": ("max", ("a", "b")),
        "a": ("min", ("c", "d")),
        "b": ("min", ("d", "e")),
        "c": 5,
        "d": 2,
        "e": 7,
    }
    result = backward_induction(Graph(spec))
    assert (result.value, result.pv) == (2, ("a", "d"))
    assert (result.stats.nodes, result.stats.edges, result.stats.leaves) == (6, 6, 3)


def test_chance_and_invalid() -> None:
    spec = {
        "s": ("max", ("dice", "bad", "safe")),
        "dice": ("chance", ("x", "y"), (Fraction(1, 3), Fraction(2, 3))),
        "bad": ("chance", ("x", "void"), (Fraction(1, 2), Fraction(1, 2))),
        "safe": ("min", ("void", "z")),
        "x": 9,
        "y": 3,
        "z": 4,
        "void": None,
    }
    result = backward_induction(Graph(spec))
    assert result.value == 5  # 9/3 + 2·3/3; "bad" is invalid, "safe" is worth 4
    assert result.pv == ("dice",)


@settings(max_examples=sample(150))
@given(trees(affine=True, chance_nodes=True, max_depth=5))
def test_random_dags_against_the_tree_reference(tree: tuple[Any, ...]) -> None:
    game = TreeGame(tree, keyed=True)
    result = backward_induction(game)
    assert result.value == value_of(game)
    if result.value is not None:
        end = replay(game, result.pv)
        if not game.moves(end):
            assert game.payoff(end) == result.value
        else:
            assert game.to_move(end) is Player.CHANCE


class Chain(Game[int, int]):
    """``length`` forced moves in a row, keyed by the position."""

    def __init__(self, length: int) -> None:
        self.length = length

    def initial(self) -> int:
        return 0

    def to_move(self, position: int) -> Player:
        return Player.MAX if position % 2 == 0 else Player.MIN

    def moves(self, position: int) -> list[int]:
        return [1] if position < self.length else []

    def play(self, position: int, move: int) -> int:
        return position + move

    def payoff(self, position: int) -> Number:
        return Fraction(position, 3)

    def key(self, position: int) -> Hashable:
        return position


@pytest.mark.slow
def test_chain_of_100000_positions() -> None:
    result = backward_induction(Chain(100_000))
    assert result.value == Fraction(100_000, 3)
    assert len(result.pv) == 100_000
    assert (result.stats.nodes, result.stats.edges) == (100_001, 100_000)


def test_cycle_lists_its_positions_in_order() -> None:
    spec = {
        "s": ("max", ("a", "t")),
        "a": ("min", ("b",)),
        "b": ("max", ("c",)),
        "c": ("min", ("a",)),
        "t": 1,
    }
    with pytest.raises(CycleError) as error:
        backward_induction(Graph(spec))
    assert error.value.cycle == ["a", "b", "c"]
    assert "a → b → c → a" in str(error.value)


def test_needs_keys() -> None:
    with pytest.raises(GameError, match="transposition key"):
        backward_induction(TreeGame(("max", 0, (("leaf", 1),))))


def test_node_budget() -> None:
    with pytest.raises(SearchInterrupted):
        backward_induction(Chain(10_000), budget=Budget(nodes=100, check_every=1))


class SharedKey(Graph):
    """A and B share a key (B = A − 1) but have different successors."""

    def key(self, position: str) -> Hashable:
        return "AB" if position in ("A", "B") else position

    def affine(self, position: str) -> tuple[Number, Number]:
        return (1, -1) if position == "B" else (1, 0)


def test_principal_variation_through_a_shared_key() -> None:
    spec = {
        "s": ("min", ("A", "B")),
        "A": ("max", ("a0", "a1")),
        "B": ("max", ("b0", "b1")),
        "a0": 5,
        "a1": 3,
        "b0": 4,
        "b1": 2,
    }
    result = backward_induction(SharedKey(spec))
    assert (result.value, result.pv) == (4, ("B", "b0"))
