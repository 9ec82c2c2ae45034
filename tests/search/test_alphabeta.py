"""Alpha-beta against the tree reference: values, windows, tests, tables, bounds, depth."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError, SearchInterrupted
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta, null_window_test
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game, Player
from evalgame.search.searcher import INF, Searcher
from evalgame.search.table import TranspositionTable
from tests.samples import sample
from tests.strategies import TreeGame, chance, leaf, node, replay, tree_size, trees, value_of

Tree = tuple[Any, ...]

options = st.fixed_dictionaries(
    {
        "keyed": st.booleans(),
        "bounds": st.none() | st.tuples(st.integers(0, 2), st.integers(0, 2)),
        "reverse": st.booleans(),
        "dominance": st.booleans(),
    }
)


def check_pv(game: TreeGame, pv: tuple[int, ...], value: Number | None) -> None:
    if value is None:
        assert pv == ()
    else:
        assert game.payoff(replay(game, pv)) == value


@settings(max_examples=sample(100))
@given(trees(affine=True), options, st.booleans())
def test_agrees_with_reference(tree: Tree, option: dict[str, Any], use_table: bool) -> None:
    game = TreeGame(tree, **option)
    table = TranspositionTable() if use_table else None
    result = alphabeta(game, table=table)
    assert result.value == value_of(game)
    assert result.exact
    check_pv(game, result.pv, result.value)


@settings(max_examples=sample(100))
@given(trees(alternating=True, invalid=False, fractions=False), st.booleans())
def test_alternating_integer_trees(tree: Tree, reverse: bool) -> None:
    game = TreeGame(tree, reverse=reverse)
    result = alphabeta(game)
    assert result.value == value_of(game)
    check_pv(game, result.pv, result.value)


@settings(max_examples=sample(150))
@given(trees(affine=True), options, st.booleans())
def test_visited_plus_pruned_is_the_tree(
    tree: Tree, option: dict[str, Any], use_table: bool
) -> None:
    game = TreeGame(tree, **option)
    context = SearchContext(game, None)
    context.measure_sizes(game.initial())
    table = TranspositionTable() if use_table else None
    Searcher(context, table).search(game.initial(), -INF, INF)
    stats = context.stats
    assert stats.nodes + stats.pruned == tree_size(tree)
    if not use_table:
        assert stats.table_hits == stats.table_pruned == 0
    result = alphabeta(game, table=TranspositionTable() if use_table else None)
    assert result.stats.nodes + result.stats.pruned >= tree_size(tree)  # + the PV walk


windows = st.tuples(st.fractions(-5, 5, max_denominator=2), st.fractions(-5, 5, max_denominator=2))


@settings(max_examples=sample(150))
@given(trees(affine=True), options, windows)
def test_fail_soft_window(
    tree: Tree, option: dict[str, Any], window: tuple[Fraction, Fraction]
) -> None:
    alpha, beta = sorted(window)
    assume(alpha < beta)
    game = TreeGame(tree, **option)
    true = value_of(game)
    value = alphabeta(game, alpha=alpha, beta=beta, table=TranspositionTable()).value
    if true is None:
        assert value is None
        return
    assert value is not None
    if value <= alpha:
        assert true <= value
    elif value >= beta:
        assert true >= value
    else:
        assert true == value


@settings(max_examples=sample(150))
@given(trees(affine=True), options, st.fractions(-5, 5, max_denominator=2), st.booleans())
def test_exact_null_window_test(
    tree: Tree, option: dict[str, Any], gamma: Fraction, strict: bool
) -> None:
    game = TreeGame(tree, **option)
    true = value_of(game)
    answer = null_window_test(game, None, gamma, strict=strict, table=TranspositionTable())
    if true is None:
        assert answer is None
        return
    assert answer is not None
    if (answer > gamma) if strict else (answer >= gamma):
        assert true >= answer
    else:
        assert true <= answer


def test_test_decides_at_the_value_itself() -> None:
    game = TreeGame(node("max", node("min", leaf(3), leaf(5)), node("min", leaf(2), leaf(9))))
    assert null_window_test(game, None, 3, strict=False) == 3  # value ≥ 3
    answer = null_window_test(game, None, 3, strict=True)  # value > 3? no
    assert answer is not None
    assert answer <= 3


@settings(max_examples=sample(150))
@given(trees(affine=True, max_depth=5), st.integers(0, 4), options)
def test_depth_limited(tree: Tree, depth: int, option: dict[str, Any]) -> None:
    option["dominance"] = False  # dominance holds for true values, not for heuristic ones
    game = TreeGame(tree, **option)
    result = alphabeta(game, depth=depth, table=TranspositionTable())
    assert result.value == value_of(game, depth=depth)
    if result.exact:
        assert result.value == value_of(game)
    if result.value is not None:
        position = replay(game, result.pv)
        if game.moves(position):
            assert len(result.pv) == depth
            assert game.evaluate(position) == result.value
        else:
            assert game.payoff(position) == result.value


def test_deep_cutoff_and_stats() -> None:
    # the right MIN node is cut after its first child: 2 ≤ α = 3
    tree = node("max", node("min", leaf(3), leaf(5)), node("min", leaf(2), leaf(9), leaf(1)))
    result = alphabeta(TreeGame(tree))
    assert (result.value, result.pv) == (3, (0, 0))
    assert result.stats.alpha_cutoffs == 1
    assert result.stats.alpha_pruned == 2
    assert result.stats.nodes == 6


def test_bounds_cut_only_valid_positions() -> None:
    # bounds (0, 0) on the all-invalid subtree must not make it pass for a value
    tree = node("max", node("min", node("max", leaf(None), leaf(None)), leaf(10)), leaf(5))
    game = TreeGame(tree, bounds=(0, 0))
    assert alphabeta(game).value == 10


def test_tight_bounds_cut() -> None:
    tree = node("max", node("min", leaf(4), leaf(6)), node("min", leaf(1), leaf(2)))
    result = alphabeta(TreeGame(tree, bounds=(0, 0)))
    assert result.value == 4
    assert result.stats.bound_cutoffs >= 1
    assert result.pv == (0, 0)


def test_refuses_chance() -> None:
    tree = node("max", chance((Fraction(1), leaf(1))))
    with pytest.raises(GameError, match="expectiminimax"):
        alphabeta(TreeGame(tree))


def test_terminal_and_invalid_roots() -> None:
    assert alphabeta(TreeGame(leaf(3))).value == 3
    result = alphabeta(TreeGame(node("max", leaf(None))), table=TranspositionTable())
    assert (result.value, result.pv) == (None, ())


def test_node_budget() -> None:
    tree = node("max", *(node("min", leaf(i), leaf(i + 1)) for i in range(60)))
    with pytest.raises(SearchInterrupted):
        alphabeta(TreeGame(tree), budget=Budget(nodes=30, check_every=1))


class Chain(Game[int, int]):
    """A single line of ``length`` forced moves."""

    def __init__(self, length: int) -> None:
        self.length = length

    def initial(self) -> int:
        return 0

    def to_move(self, position: int) -> Player:
        return Player.MAX

    def moves(self, position: int) -> list[int]:
        return [1] if position < self.length else []

    def play(self, position: int, move: int) -> int:
        return position + move

    def payoff(self, position: int) -> Number:
        return 1


def test_too_deep_is_a_clear_error() -> None:
    with pytest.raises(GameError, match="too deep"):
        alphabeta(Chain(100_000))
