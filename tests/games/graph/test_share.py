from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError, IllegalMoveError
from evalgame.games.graph.graphs import Graph, load_graph
from evalgame.games.graph.incidence import PAIRS, Incidence, incidence
from evalgame.games.graph.share import GraphShare, SharePosition, swap_classes
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.protocol import Player
from evalgame.search.pv import attains
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable
from tests.games.graph.naive_share import naive_share, small_graphs

#: the paper's Example 1: game(F3, A, B, [2], f) under optimal play
PAPER_F3 = {
    ("V", "E"): 4,
    ("E", "V"): 2,
    ("E", "R"): 2,
    ("V", "R"): 3,
    ("R", "V"): 5,
    ("R", "E"): 6,
}
SOLVERS: list[Callable[..., SearchResult[int]]] = [alphabeta, mtdf, negascout]
weights = st.one_of(
    st.just("unit"),
    st.dictionaries(
        st.sampled_from(
            [f"v{i}" for i in range(6)]
            + [f"v{i}-v{j}" for i in range(6) for j in range(i + 1, 6)]
            + ["r0", "r1", "r2"]
        ),
        st.fractions(min_value=0, max_value=3, max_denominator=3),
    ),
)


def structure(graph: Graph, pair: tuple[str, str], chosen: object, limit: int = 7) -> Incidence:
    """The incidence structure of a random game, or reject the example."""
    a, b = pair
    plain = incidence(graph, a, b)
    assume(len(plain.a_names) <= limit)
    if isinstance(chosen, dict):
        return incidence(graph, a, b, {k: v for k, v in chosen.items() if k in plain.b_names})
    return plain


def naive(share: Incidence, k: int, rule: str = "mono") -> Number:
    return naive_share(share.sets, share.weights, len(share.a_names), k, rule)


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("pair", PAIRS)
def test_friendship_graph_gives_the_papers_six_values(
    pair: tuple[str, str], solver: Callable[..., SearchResult[int]]
) -> None:
    game = GraphShare(incidence(load_graph("friendship:3"), *pair), 2)
    result = solver(game, table=TranspositionTable())
    assert result.value == PAPER_F3[pair]
    assert attains(game, game.initial(), result.pv, PAPER_F3[pair])


@pytest.mark.parametrize("pair", PAIRS)
def test_friendship_graph_agrees_with_the_naive_reference(pair: tuple[str, str]) -> None:
    share = incidence(load_graph("friendship:3"), *pair)
    if len(share.a_names) <= 7:
        assert naive(share, 2) == PAPER_F3[pair]


@settings(max_examples=60)
@given(small_graphs(), st.sampled_from(PAIRS), st.integers(1, 3), weights)
def test_every_pair_agrees_with_brute_force(
    graph: Graph, pair: tuple[str, str], k: int, chosen: object
) -> None:
    share = structure(graph, pair, chosen)
    expected = naive(share, k)
    for symmetries in (1, 64):
        game = GraphShare(share, k, symmetries=symmetries)
        result = alphabeta(game, table=TranspositionTable())
        assert result.value == expected
        assert attains(game, game.initial(), result.pv, expected)


@settings(max_examples=40)
@given(small_graphs(), st.sampled_from(PAIRS), weights)
def test_parity_rule_agrees_with_brute_force(
    graph: Graph, pair: tuple[str, str], chosen: object
) -> None:
    share = structure(graph, pair, chosen)
    expected = naive(share, 2, "parity")
    for solver in SOLVERS:
        game = GraphShare(share, 2, "parity")
        result = solver(game, table=TranspositionTable())
        assert result.value == expected
        assert attains(game, game.initial(), result.pv, expected)


def positions(game: GraphShare, rng: random.Random, playouts: int) -> list[SharePosition]:
    """Positions met along random playouts, start included."""
    found = []
    for _ in range(playouts):
        position = game.initial()
        while not game.is_terminal(position):
            found.append(position)
            position = game.play(position, rng.choice(list(game.moves(position))))
    return found


@settings(max_examples=25)
@given(
    small_graphs(),
    st.sampled_from(PAIRS),
    st.sampled_from(["mono", "parity"]),
    st.integers(2, 3),
    st.randoms(),
)
def test_hooks_are_sound_along_random_playouts(
    graph: Graph, pair: tuple[str, str], rule: str, k: int, rng: random.Random
) -> None:
    """Bounds hold, equal keys mean equal values up to ``won``, and the moves the order
    hook keeps attain the value of the position."""
    share = structure(graph, pair, "unit", limit=6)
    k = 2 if rule == "parity" else k
    game = GraphShare(share, k, rule)
    by_key: dict[object, set[Number]] = defaultdict(set)

    def value(position: SharePosition) -> Number:
        return naive_share(
            share.sets, share.weights, len(share.a_names), k, rule,
            position.colours, position.proposal,
        )  # fmt: skip

    for position in positions(game, rng, 4):
        truth = value(position)
        low, high = game.bounds(position)
        assert low is not None
        assert high is not None
        assert low <= truth <= high
        by_key[game.key(position)].add(truth - position.won)
        kept = game.order(position, game.moves(position))
        children = [value(game.play(position, move)) for move in kept]
        best = max(children) if game.to_move(position) is Player.MAX else min(children)
        assert best == truth
    assert all(len(values) == 1 for values in by_key.values())


def test_colours_are_interchangeable_in_keys_under_the_mono_rule_only() -> None:
    share = incidence(load_graph("path:4"), "V", "E")
    mono, parity = GraphShare(share, 3), GraphShare(share, 2, "parity")

    def line(game: GraphShare, *moves: int) -> SharePosition:
        position = game.initial()
        for move in moves:
            position = game.play(position, move)
        return position

    assert mono.key(line(mono, 1, 0)) == mono.key(line(mono, 2, 0))
    assert parity.key(line(parity, 1, 0)) != parity.key(line(parity, 2, 0))


def test_symmetric_positions_share_a_key() -> None:
    game = GraphShare(incidence(load_graph("cycle:6"), "V", "E"), 2)
    start = game.play(game.initial(), 1)
    keys = {game.key(game.play(start, a)) for a in range(6)}
    assert len(keys) == 1
    assert game.order(start, game.moves(start)) == [0]  # one vertex stands for all six


def test_proposer_is_offered_the_labels_and_one_fresh_colour() -> None:
    game = GraphShare(incidence(load_graph("path:5"), "V", "E"), 4, symmetries=1)
    position = game.play(game.play(game.initial(), 3), 0)
    assert sorted(game.order(position, game.moves(position))) == [1, 3]
    assert list(game.moves(position)) == [1, 2, 3, 4]


def test_twins_are_merged_for_the_placer() -> None:
    # K_{1,3}: the three leaves are interchangeable, as swaps and as twins
    game = GraphShare(incidence(load_graph("star:4"), "V", "E"), 2, symmetries=1)
    start = game.play(game.initial(), 1)
    assert sorted(game.order(start, game.moves(start))) == [0, 1]
    assert game.classes == (0, 1, 1, 1)


def test_more_colours_than_elements_play_like_as_many_as_elements() -> None:
    share = incidence(load_graph("cycle:4"), "V", "E")
    assert GraphShare(share, 40).k == 4
    assert alphabeta(GraphShare(share, 40)).value == alphabeta(GraphShare(share, 4)).value == 4


def test_one_colour_leaves_max_nothing_and_ends_at_once() -> None:
    game = GraphShare(incidence(load_graph("wheel:6"), "E", "R"), 1)
    assert game.is_terminal(game.initial())
    assert alphabeta(game).value == 0


def test_weights_count_exactly() -> None:
    share = incidence(load_graph("path:3"), "V", "E", {"v0-v1": Fraction(1, 3)})
    value = alphabeta(GraphShare(share, 2)).value
    assert value == naive(share, 2)
    assert isinstance(value, Fraction | int)


@pytest.mark.parametrize(
    ("colours", "rule", "message"),
    [(3, "parity", "exactly 2"), (0, "mono", "at least 1"), (2, "odd", "mono or parity")],
)
def test_bad_games_are_refused(colours: int, rule: str, message: str) -> None:
    with pytest.raises(GameError, match=message):
        GraphShare(incidence(load_graph("path:3"), "V", "E"), colours, rule)


def test_illegal_moves_are_refused() -> None:
    game = GraphShare(incidence(load_graph("path:3"), "V", "E"), 2)
    with pytest.raises(IllegalMoveError):
        game.play(game.initial(), 3)
    placed = game.play(game.play(game.initial(), 1), 0)
    with pytest.raises(IllegalMoveError):
        game.play(game.play(placed, 1), 0)  # v0 is coloured already


def test_swap_classes_follow_weights() -> None:
    # two leaves of a star are interchangeable only when their edges weigh the same
    sets = [(1, 0b011), (2, 0b101)]
    assert swap_classes(3, sets) == (0, 1, 2)
    assert swap_classes(3, [(1, 0b011), (1, 0b101)]) == (0, 1, 1)


def test_describe_moves() -> None:
    game = GraphShare(incidence(load_graph("path:3"), "V", "E"), 2)
    proposed = game.play(game.initial(), 2)
    assert game.describe_move(game.initial(), 2) == "colour 2"
    assert game.describe_move(proposed, 1) == "2→v1"
