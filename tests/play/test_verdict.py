"""The one verdict rule against brute force, and each game's wording of it."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.expr.domain import parse_domain
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.oracle import Oracle
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.share import GraphShare
from evalgame.games.tiling.game import TilingGame
from evalgame.numbers import Number
from evalgame.play.evaluate import TERMS as EVALUATE_TERMS
from evalgame.play.evaluate import session
from evalgame.play.graph import graph_state, terms
from evalgame.play.tiling import TERMS as TILING_TERMS
from evalgame.play.tiling import tiling_state
from evalgame.play.verdict import Outcome, judge, winner
from evalgame.search.protocol import Player
from tests.games.naive import naive_value


def expected(final: Number, par: Number) -> str | None:
    """The paper's rule written out: larger — MAX, smaller — MIN, equal — a draw."""
    return "max" if final > par else "min" if final < par else None


@settings(max_examples=40)
@given(
    expression=st.sampled_from(["X*(Y-Z)", "a/b - c", "x - y*y", "(10-X)*Y"]),
    domain=st.sampled_from(["0..3", "-1..2", "1/2,1,3"]),
    first=st.sampled_from([Player.MAX, Player.MIN]),
    data=st.data(),
)
def test_evaluate_verdicts_against_brute_force(
    expression: str, domain: str, first: Player, data: st.DataObject
) -> None:
    """Random lines to the end: the verdict compares val(E) with the naive minimax(E)."""
    game = EValuate(expression, parse_domain(domain), first=first)
    played = session(Oracle(game))
    while not played.is_over:
        played.play(data.draw(st.sampled_from(played.legal_moves())))
    final, par = game.payoff(played.position), naive_value(game, game.initial())
    assert final is not None
    assert par is not None
    verdict = played.verdict()
    assert (None if verdict.winner is None else verdict.winner.value) == expected(final, par)
    assert verdict.decided


@settings(max_examples=12)
@given(size=st.sampled_from([(2, 3), (3, 3), (1, 6)]), data=st.data())
def test_tiling_verdicts_against_brute_force(size: tuple[int, int], data: st.DataObject) -> None:
    """The person plays MAX at random, the engine MIN; the verdict uses the naive value."""
    rows, cols = size
    game = TilingGame(rows, cols)
    state = tiling_state(rows, cols, "max", [])
    while not state["over"]:
        position = game.initial()
        for one, two in state["dominoes"]:
            position = game.play(position, game.board.edge(tuple(one), tuple(two)))
        edge = data.draw(st.sampled_from(game.moves(position)))
        cells = [list(cell) for cell in game.board.domino(edge)]
        state = tiling_state(rows, cols, "max", [*state["dominoes"], cells])
    value = naive_value(game, game.initial())
    assert value is not None
    assert state["result"]["winner"] == expected(int(state["result"]["final"]), value)
    assert state["result"]["decided"]


@settings(max_examples=10)
@given(spec=st.sampled_from(["path:4", "star:4"]), role=st.sampled_from(["max", "min"]))
def test_graph_verdicts_against_brute_force(spec: str, role: str) -> None:
    """The person plays the first listed move every time; the verdict uses the naive value."""
    game = GraphShare(incidence(load_graph(spec), "V", "E"), 2)
    state = graph_state(spec, "V", "E", 2, "mono", role, [])
    while not state["over"]:
        state = graph_state(spec, "V", "E", 2, "mono", role, [*state["moves"], state["options"][0]])
    value = naive_value(game, game.initial())
    assert value is not None
    assert state["result"]["winner"] == expected(Fraction(state["result"]["final"]), value)


def test_outcome_is_the_rule_with_par_zero() -> None:
    for value in (-2, Fraction(-1, 3), 0, Fraction(1, 7), 5):
        assert Outcome.of(value).winner == winner(value, 0)


def test_each_game_words_its_verdicts() -> None:
    """The sentences the page and the command line have always shown."""
    cases: list[tuple[Any, ...]] = [
        (EVALUATE_TERMS, 5, 3, "MAX wins: val(E) = 5 > minimax(E) = 3"),
        (EVALUATE_TERMS, Fraction(1, 2), 3, "MIN wins: val(E) = 1/2 < minimax(E) = 3"),
        (EVALUATE_TERMS, 18, 18, "a draw: val(E) = minimax(E) = 18"),
        (TILING_TERMS, 20, 19, "MAX wins: 20 dominoes > the value 19"),
        (TILING_TERMS, 18, 19, "MIN wins: 18 dominoes < the value 19"),
        (TILING_TERMS, 19, 19, "a draw: 19 dominoes, the value of the game"),
        (terms(6), 5, 4, "MAX wins: share 5 > minimax 4"),
        (terms(6), 4, 4, "a draw: share = minimax = 4"),
    ]
    for wording, final, par, text in cases:
        verdict = judge(final, par, wording)
        assert verdict.text == text
        assert text.endswith(verdict.reason)  # the comparison alone, for "you win: …"
    undecided = judge(20, None, TILING_TERMS, bounds=(19, 22))
    assert undecided.text == (
        "20 dominoes; the value of this board is not known yet (19 ≤ value ≤ 22), "
        "so there is no verdict"
    )
    assert (undecided.winner, undecided.decided) == (None, False)
    assert judge(3, None, terms(6)).text == "MAX's share is 3 of 6"
