"""Sprague–Grundy theory against brute force, and misère play against search."""

from __future__ import annotations

from functools import cache, reduce
from itertools import product
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import CycleError, GameError
from evalgame.search.alphabeta import alphabeta
from evalgame.search.grundy import (
    ImpartialAsGame,
    ImpartialGame,
    Join,
    PlayConvention,
    grundy_value,
    join_grundy,
    mex,
    misere_nim_move,
    misere_nim_wins,
    misere_winner,
    normal_play_winner,
)
from evalgame.search.minimax import minimax
from evalgame.search.table import TranspositionTable
from tests.samples import sample


class Graph(ImpartialGame[int]):
    """Positions 0..n-1; ``edges[i]`` lists the options of ``i``."""

    name = "graph"

    def __init__(self, edges: tuple[tuple[int, ...], ...], start: int = 0) -> None:
        self.edges, self.start = edges, start

    def initial(self) -> int:
        return self.start

    def options(self, position: int) -> tuple[int, ...]:
        return self.edges[position]


class Nim(ImpartialGame[tuple[int, ...]]):
    """Nim on the given heaps (a position keeps empty heaps)."""

    name = "nim"

    def __init__(self, heaps: tuple[int, ...]) -> None:
        self.heaps = heaps

    def initial(self) -> tuple[int, ...]:
        return self.heaps

    def options(self, heaps: tuple[int, ...]) -> list[tuple[int, ...]]:
        return [(*heaps[:i], k, *heaps[i + 1 :]) for i, h in enumerate(heaps) for k in range(h)]


@st.composite
def acyclic_graphs(draw: st.DrawFn, max_size: int = 9) -> Graph:
    """Random impartial games whose options always have larger numbers (so no cycle)."""
    size = draw(st.integers(1, max_size))
    edges = tuple(
        tuple(sorted(draw(st.sets(st.integers(i + 1, size - 1), max_size=3))))
        if i + 1 < size
        else ()
        for i in range(size)
    )
    return Graph(edges)


def brute_grundy(game: ImpartialGame[int], position: int) -> int:
    @cache
    def value(p: int) -> int:
        options = {value(q) for q in game.options(p)}
        return min(n for n in range(len(options) + 1) if n not in options)

    return value(position)


@given(st.lists(st.integers(0, 6), max_size=8))
def test_mex_is_the_least_missing_number(values: list[int]) -> None:
    result = mex(values)
    assert result not in values
    assert all(n in values for n in range(result))


@settings(max_examples=sample(100))
@given(acyclic_graphs())
def test_grundy_values_by_brute_force(game: Graph) -> None:
    for position in range(len(game.edges)):
        assert grundy_value(game, position) == brute_grundy(game, position)


def test_known_values() -> None:
    assert [grundy_value(Nim((n,))) for n in range(6)] == list(range(6))
    take3 = Graph(tuple(tuple(n - k for k in (1, 2, 3) if k <= n) for n in range(13)), start=12)
    assert [grundy_value(take3, n) for n in range(13)] == [n % 4 for n in range(13)]
    assert normal_play_winner(take3) == "second"  # 12 matches: the first player loses
    assert join_grundy([3, 4, 5]) == 2


@settings(max_examples=sample(100))
@given(acyclic_graphs(max_size=6), acyclic_graphs(max_size=6))
def test_join_is_xor_and_agrees_with_search(a: Graph, b: Graph) -> None:
    joined = Join([a, b])
    value = grundy_value(joined)
    assert value == join_grundy([grundy_value(a), grundy_value(b)])
    # the joined game searched as a MAX/MIN game: MAX (first player) wins iff the value ≠ 0
    searched = alphabeta(ImpartialAsGame(joined, PlayConvention.NORMAL), table=TranspositionTable())
    assert searched.value == (1 if value else -1)
    assert normal_play_winner(joined) == ("first" if value else "second")


@settings(max_examples=sample(100))
@given(acyclic_graphs(max_size=7))
def test_misere_agrees_with_search(game: Graph) -> None:
    searched = minimax(ImpartialAsGame(game, PlayConvention.MISERE)).value
    assert misere_winner(game) == ("first" if searched == 1 else "second")


def test_misere_differs_from_normal_play() -> None:
    nim = Nim((1, 1))
    assert normal_play_winner(nim) == "second"
    assert misere_winner(nim) == "first"
    assert minimax(ImpartialAsGame(nim, PlayConvention.NORMAL)).value == -1
    assert minimax(ImpartialAsGame(nim, PlayConvention.MISERE)).value == 1


@pytest.mark.parametrize("heaps", list(product(range(4), repeat=3)))
def test_misere_nim_theory(heaps: tuple[int, ...]) -> None:
    # Bouton: misère Nim is normal Nim, except when every heap is 0 or 1: then the first
    # player wins iff the number of 1-heaps is even
    if all(h <= 1 for h in heaps):
        expected = "first" if sum(heaps) % 2 == 0 else "second"
    else:
        expected = "first" if reduce(xor, heaps) else "second"
    assert misere_winner(Nim(heaps)) == expected


@pytest.mark.parametrize("heaps", list(product(range(6), repeat=3)))
def test_the_misere_nim_rule_and_its_move_against_search(heaps: tuple[int, ...]) -> None:
    """Bouton's rule (misere_nim_wins) agrees with the search, and its move leaves the
    opponent a position the search finds lost."""
    wins = misere_winner(Nim(heaps)) == "first"
    assert misere_nim_wins(heaps) == wins
    move = misere_nim_move(heaps)
    assert (move is not None) == (wins and any(heaps))
    if move is not None:
        index, before, after = move
        assert heaps[index] == before > after >= 0
        left = (*heaps[:index], after, *heaps[index + 1 :])
        assert misere_winner(Nim(left)) == "second"


def test_no_grundy_value_for_a_misere_game() -> None:
    misere = ImpartialAsGame(Nim((1, 2)), PlayConvention.MISERE)
    with pytest.raises(GameError, match="not an ImpartialGame"):
        grundy_value(misere)  # type: ignore[arg-type]


def test_long_chain_without_recursion() -> None:
    chain = Graph((*((n + 1,) for n in range(100_000)), ()))
    assert grundy_value(chain) == 0  # 100 000 forced moves: the second player moves last
    assert misere_winner(chain) == "first"


def test_cycle_is_reported() -> None:
    with pytest.raises(CycleError) as error:
        grundy_value(Graph(((1,), (2,), (0, 3), ())))
    assert error.value.cycle == [0, 1, 2]
