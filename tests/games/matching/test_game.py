"""The matching game on the generic engine: every algorithm against the naive value."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError, IllegalMoveError
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.game import MatchingGame
from evalgame.games.tiling.board import Board
from evalgame.numbers import Number
from evalgame.search import TranspositionTable, alphabeta, minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.protocol import Game, Player
from evalgame.search.result import SearchResult
from tests.games.matching.naive_matching import NaiveEdge, game_value, graphs, grid_edges
from tests.games.naive import naive_value

Solver = Callable[[MatchingGame], SearchResult[int]]

SOLVERS: dict[str, Solver] = {
    "minimax": minimax,
    "alphabeta": lambda game: alphabeta(game),
    "alphabeta+table": lambda game: alphabeta(game, table=TranspositionTable()),
    "negascout+table": lambda game: negascout(game, table=TranspositionTable()),
    "mtdf": mtdf,
}


@pytest.mark.parametrize("name", SOLVERS)
@settings(max_examples=40)
@given(graph=graphs(max_vertices=7), first=st.sampled_from([Player.MAX, Player.MIN]))
def test_engine_values_on_graphs(
    name: str, graph: tuple[int, list[NaiveEdge]], first: Player
) -> None:
    n, edges = graph
    game = MatchingGame(BitGraph(n, edges), first)
    result = SOLVERS[name](game)
    assert result.value == game_value(frozenset(edges), first is Player.MAX)


@pytest.mark.parametrize("name", ["alphabeta+table", "negascout+table", "mtdf"])
@pytest.mark.parametrize(("rows", "cols"), [(2, 4), (3, 3), (3, 4), (4, 4)])
def test_engine_values_on_boards(name: str, rows: int, cols: int) -> None:
    for first in (Player.MAX, Player.MIN):
        game = MatchingGame(Board(rows, cols), first)
        expected = game_value(frozenset(grid_edges(rows, cols)), first is Player.MAX)
        assert SOLVERS[name](game).value == expected


def test_the_protocol_alone_gives_the_naive_value() -> None:
    """The five required methods, without any hook, already define the right game."""
    game: Game[object, int] = MatchingGame(Board(3, 3), Player.MIN)  # type: ignore[assignment]
    assert naive_value(game, game.initial()) == game_value(frozenset(grid_edges(3, 3)), False)


def test_hooks_are_consistent_on_every_reachable_position() -> None:
    """Equal keys ⇒ equal value − offset; the static bounds hold."""
    for first in (Player.MAX, Player.MIN):
        game = MatchingGame(Board(3, 3), first)
        seen: dict[object, Number] = {}
        stack = [game.initial()]
        visited = set()
        while stack:
            position = stack.pop()
            if position in visited:
                continue
            visited.add(position)
            value = naive_value(game, position)
            assert isinstance(value, int)
            low, high = game.bounds(position)
            assert low <= value <= high
            scale, offset = game.affine(position)
            assert scale == 1
            assert seen.setdefault(game.key(position), value - offset) == value - offset
            ordered = game.order(position, game.moves(position))
            assert sorted(ordered) == sorted(game.moves(position))
            stack.extend(game.play(position, move) for move in game.moves(position))


def test_illegal_moves_are_refused() -> None:
    game = MatchingGame(Board(2, 2))
    start = game.initial()
    taken = game.play(start, 0b0011)
    with pytest.raises(IllegalMoveError, match="not an edge with both ends free"):
        game.play(taken, 0b0011)
    with pytest.raises(IllegalMoveError):
        game.play(start, 0b1001)  # (0,0) and (1,1) are not adjacent
    with pytest.raises(IllegalMoveError):
        game.play(start, 0b0111)


def test_chance_cannot_move_first() -> None:
    with pytest.raises(GameError):
        MatchingGame(Board(2, 2), Player.CHANCE)


def test_moves_are_described_as_dominoes() -> None:
    game = MatchingGame(Board(2, 3))
    assert game.describe_move(game.initial(), 0b000110) == "(0,1)–(0,2)"
