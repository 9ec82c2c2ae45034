from __future__ import annotations

from functools import cache, reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError
from evalgame.games.classic.heap_play import HeapPlay
from evalgame.games.classic.impartial import (
    GrundysGame,
    HeapGame,
    Heaps,
    Kayles,
    Nim,
    SubtractionGame,
)
from evalgame.search.alphabeta import alphabeta
from evalgame.search.grundy import Join, PlayConvention, grundy_value, misere_winner
from evalgame.search.table import TranspositionTable
from tests.games.naive import naive_value

# OEIS A002188, Sprague-Grundy values of Grundy's game, n = 0..59
A002188 = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
    3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
]  # fmt: skip
# OEIS A002186, Sprague-Grundy values of Kayles, n = 0..59
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
    7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
]  # fmt: skip


def brute_grundy(game: HeapGame, position: Heaps) -> int:
    """mex over the options, recursively, with no use of the XOR decomposition."""

    @cache
    def value(position: Heaps) -> int:
        seen = {value(option) for option in game.options(position)}
        return next(n for n in range(len(seen) + 1) if n not in seen)

    return value(position)


def test_grundys_game_matches_oeis_a002188() -> None:
    assert GrundysGame().heap_values(59) == A002188


def test_kayles_matches_oeis_a002186() -> None:
    assert Kayles().heap_values(59) == A002186


@pytest.mark.parametrize("game", [GrundysGame(), Kayles(), SubtractionGame([1, 3, 4]), Nim()])
def test_heap_values_match_brute_force_on_single_heaps(game: HeapGame) -> None:
    values = game.heap_values(16)
    for size in range(17):
        assert brute_grundy(game, (size,) if size else ()) == values[size]
        assert grundy_value(game, (size,) if size else ()) == values[size]


def test_published_terms_are_confirmed_by_brute_force_for_small_heaps() -> None:
    for size in range(14):
        position = (size,) if size else ()
        assert brute_grundy(GrundysGame(), position) == A002188[size]
        assert brute_grundy(Kayles(), position) == A002186[size]


def test_subtraction_and_takeaway() -> None:
    assert SubtractionGame([1, 2, 3]).heap_values(12) == [n % 4 for n in range(13)]
    assert SubtractionGame([2, 5]).heap_values(9) == [0, 0, 1, 1, 0, 2, 1, 0, 0, 1]
    with pytest.raises(GameError, match="subtraction set"):
        SubtractionGame([0, 1])
    with pytest.raises(GameError, match="subtraction set"):
        SubtractionGame([])


def test_takeaway_12_is_a_second_player_win() -> None:
    game = HeapPlay(SubtractionGame([1, 2, 3], [12]), PlayConvention.NORMAL)
    assert alphabeta(game, table=TranspositionTable()).value == -1
    assert naive_value(game, game.initial()) == -1
    assert SubtractionGame([1, 2, 3], [12]).grundy((12,)) == 0


@given(st.lists(st.integers(0, 5), max_size=4))
@settings(max_examples=40)
def test_nim_positions_follow_the_xor_rule(heaps: list[int]) -> None:
    game = Nim(heaps)
    xor_value = reduce(xor, heaps, 0)
    assert game.grundy(game.initial()) == xor_value
    assert brute_grundy(game, game.initial()) == xor_value
    play = HeapPlay(game, PlayConvention.NORMAL)
    assert alphabeta(play, table=TranspositionTable()).value == (1 if xor_value else -1)


@given(
    st.lists(st.integers(0, 8), min_size=1, max_size=3),
    st.sampled_from(["grundy", "kayles", "subtraction"]),
)
@settings(max_examples=25)
def test_joins_match_a_search_of_the_joined_game(sizes: list[int], kind: str) -> None:
    def make(heaps: list[int]) -> HeapGame:
        if kind == "grundy":
            return GrundysGame(heaps)
        if kind == "kayles":
            return Kayles(heaps)
        return SubtractionGame([1, 3, 4], heaps)

    parts = [make([size]) for size in sizes]
    xor_value = reduce(xor, (part.grundy(part.initial()) for part in parts), 0)
    assert grundy_value(Join(parts)) == xor_value
    # the heap game on all the heaps at once is the same join, searched as a two-player game
    searched = alphabeta(HeapPlay(make(sizes), PlayConvention.NORMAL), table=TranspositionTable())
    assert searched.value == (1 if xor_value else -1)


def test_misere_nim_differs_from_normal_play() -> None:
    # misère Nim: with all heaps of size 1 the player to move wins iff the count is even
    for ones in range(1, 6):
        game = Nim([1] * ones)
        assert misere_winner(game) == ("first" if ones % 2 == 0 else "second")
        value = alphabeta(HeapPlay(game, PlayConvention.MISERE), table=TranspositionTable()).value
        assert value == (1 if ones % 2 == 0 else -1)
    # otherwise the normal-play rule (xor ≠ 0) holds
    assert misere_winner(Nim([3, 4, 5])) == "first"
    assert misere_winner(Nim([1, 2, 3])) == "second"


def test_options_are_canonical_and_distinct() -> None:
    assert Nim([2, 2]).options((2, 2)) == [(2,), (1, 2)]
    assert Kayles().options((3,)) == [(2,), (1, 1), (1,)]
    assert GrundysGame().options((2, 6)) == [(1, 2, 5), (2, 2, 4)]
    with pytest.raises(GameError, match="whole numbers"):
        Nim([-1])
