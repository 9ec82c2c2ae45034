"""Proof-number search in the C kernel: its answers are the alpha-beta search's.

``NativeSolver.prove`` answers "value ≥ γ?" by df-pn (docs/tiling_search.md,
"Proof-number search"). It is checked against exact values from independent searches —
the Python solver (the reference) up to 20 free cells and the kernel's alpha-beta search
up to 25 — on random boards with holes, both starters, γ around the value, each question
from a fresh table (so no earlier answer decides it), with the kernel's options and the
search's own parameters varied. A budget too small must leave the question open, never
answer it wrongly; a budget far above what the search needs must answer it (with the
crumbs option, an entry of the number table once became its own descendant and df-pn
never finished).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from evalgame.errors import InputError, SearchInterrupted
from evalgame.games.matching import native
from evalgame.games.matching.native import (
    ALL_OPTIONS,
    LARGE_GRAPH_OPTIONS,
    NativeSolver,
    default_options,
)
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board
from evalgame.search.budget import Budget
from tests.games.matching.naive_matching import random_boards
from tests.samples import sample

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")

#: (options, leaf_cells, epsilon, weak): the default search, every kernel option, plain
#: df-pn (no 1 + ε), small cores left to the null-window test, weak proof numbers
VARIANTS = [
    (None, 0, 0.25, False),
    (ALL_OPTIONS, 0, 0.25, False),
    (None, 0, 0.0, False),
    (None, 8, 0.25, False),
    (None, 0, 0.0, True),
    (ALL_OPTIONS, 8, 0.25, True),
]


#: the crumbs option with the default search: regions of at most 6 or 8 cells in the
#: database leave cores beside the crumbs on boards this small (with 16 nearly every
#: position is decided by the sum rule), the positions where the crumb move was looping
CRUMB_VARIANTS = [(LARGE_GRAPH_OPTIONS, 0, 0.0, False), (LARGE_GRAPH_OPTIONS, 0, 0.0, True)]
#: a question on these boards needs at most a few thousand df-pn nodes (about 6,300 at
#: most on the 200 boards of the crumbs test)
BUDGET = 100_000


def check(
    board: Board,
    value: int,
    max_to_move: bool,
    rng: random.Random,
    variants: Sequence[tuple[int | None, int, float, bool]] = VARIANTS,
    tame_cells: int | None = None,
) -> None:
    """df-pn on "≥ γ?" for γ = value - 1, value, value + 1, each from a fresh table."""
    for gamma in (value - 1, value, value + 1):
        options, leaf_cells, epsilon, weak = rng.choice(variants)
        solver = NativeSolver(board, table_mb=1, tame_mb=1, options=options, tame_cells=tame_cells)
        answer = solver.prove(
            board.start,
            max_to_move,
            gamma,
            max_nodes=BUDGET,
            table_mb=1,
            leaf_cells=leaf_cells,
            epsilon=epsilon,
            weak=weak,
        )
        question = (board.drawing(), max_to_move, gamma, options, tame_cells, weak)
        assert answer is not None, ("unanswered", *question)
        assert answer is (value >= gamma), question
        # what it proved joined the table
        lower, upper = solver.bounds(board.start, max_to_move)
        assert lower >= gamma if answer else upper < gamma


def test_against_the_kernel_on_200_boards_with_holes() -> None:
    rng = random.Random(11)
    for board in random_boards(seed=13, count=sample(200), most_free=25):
        for max_to_move in (True, False):
            value = NativeSolver(board, table_mb=1).value(board.start, max_to_move)
            check(board, value, max_to_move, rng)


def test_with_crumbs_against_the_kernel_on_200_boards_with_holes() -> None:
    # the reference is the alpha-beta search without crumbs (the default under 37 vertices)
    rng = random.Random(23)
    for board in random_boards(seed=13, count=sample(200), most_free=25):
        for max_to_move in (True, False):
            value = NativeSolver(board, table_mb=1).value(board.start, max_to_move)
            check(board, value, max_to_move, rng, CRUMB_VARIANTS, rng.choice((6, 8)))


def test_a_crumb_move_and_its_reply_do_not_loop() -> None:
    # on 3×8 MIN's crumb move and MAX's reply lead back to the question of the position two
    # moves up; df-pn with crumbs used to spend any budget on it (10 M nodes tried)
    board = Board(3, 8)
    solver = NativeSolver(board, table_mb=1, tame_mb=1, options=LARGE_GRAPH_OPTIONS, tame_cells=6)
    assert solver.prove(board.full, True, 11, max_nodes=BUDGET, table_mb=1) is True
    assert NativeSolver(board, table_mb=1).value(board.full, True) == 11  # without crumbs


@pytest.mark.slow
def test_against_the_python_solver_on_200_boards_with_holes() -> None:
    rng = random.Random(17)
    for board in random_boards(seed=19, count=sample(200), most_free=20):
        for max_to_move in (True, False):
            check(board, MatchingSolver(board).value(board.start, max_to_move), max_to_move, rng)


def test_a_small_budget_leaves_the_question_open_never_wrong() -> None:
    board = Board(5, 6, [(0, 0), (2, 3), (4, 5)])
    for max_to_move in (True, False):
        value = NativeSolver(board, table_mb=1).value(board.start, max_to_move)
        for gamma in (value, value + 1):
            answers = []
            for max_nodes in (1, 2, 5, 20, 100, 1000, 10**6):
                solver = NativeSolver(board, table_mb=1, options=default_options(0))
                answers.append(
                    solver.prove(board.start, max_to_move, gamma, max_nodes=max_nodes, table_mb=1)
                )
            assert answers[0] is None  # one node cannot decide it: the bounds do not
            assert answers[-1] is (value >= gamma)
            assert set(answers) <= {None, value >= gamma}


def test_thresholds_stop_a_proof_where_df_pn_would_turn_never_wrong() -> None:
    """``prove_within`` (a job of job-level df-pn): stopped once the position's proof or
    disproof number reaches its limit, and taken up again with wider limits (each one past
    the numbers reached, as a df-pn above would), it answers as ``prove`` does; infinite
    limits are ``prove`` itself; limits below 1 are refused."""
    board = Board(5, 6, [(0, 0), (2, 3), (4, 5)])
    infinite = 2**32 - 1
    for max_to_move in (True, False):
        value = NativeSolver(board, table_mb=1).value(board.start, max_to_move)
        for gamma in (value, value + 1):
            solver = NativeSolver(board, table_mb=1)
            numbers, stops = (1, 1), 0
            while True:
                limits = (numbers[0] + 2, numbers[1] + 2)
                answer, numbers = solver.prove_within(board.start, max_to_move, gamma, limits)
                if answer is not None:
                    break
                stops += 1
                assert numbers[0] >= limits[0] or numbers[1] >= limits[1]
                assert 0 not in numbers
            assert answer is (value >= gamma)
            assert stops > 0
            assert numbers == ((0, infinite) if answer else (infinite, 0))
            fresh = NativeSolver(board, table_mb=1)
            assert fresh.prove_within(board.start, max_to_move, gamma, (infinite, infinite)) == (
                answer,
                numbers,
            )
    with pytest.raises(InputError):
        NativeSolver(board, table_mb=1).prove_within(board.start, True, 9, (0, 5))


def test_the_solver_budget_stops_a_proof() -> None:
    board = Board(7, 7)  # "≥ 22?" needs millions of nodes; the budget is checked every 16384
    solver = NativeSolver(board, table_mb=1, budget=Budget(nodes=1000))
    with pytest.raises(SearchInterrupted):
        solver.prove(board.full, True, 22)


def test_bad_parameters_are_refused() -> None:
    solver = NativeSolver(Board(3, 3), table_mb=1)
    for kwargs in ({"max_nodes": 0}, {"leaf_cells": -1}, {"epsilon": -0.5}, {"table_mb": 0}):
        with pytest.raises(InputError):
            solver.prove(Board(3, 3).full, True, 4, **kwargs)


def test_each_moves_answer_is_its_childs_value() -> None:
    """What the table of numbers says of each move (``move_answers``) against the Python
    solver's value of the child, on 60 boards with holes, both starters, γ at the value and
    one above; a question stopped early leaves moves open, never wrong. Moves leading to
    the same question (symmetric ones) carry the same answer."""
    rng = random.Random(29)
    answered = 0
    for board in random_boards(seed=31, count=60, most_free=20):
        reference = MatchingSolver(board)
        for max_to_move in (True, False):
            value = reference.value(board.start, max_to_move)
            gamma = value + rng.choice((0, 1))
            solver = NativeSolver(board, table_mb=1, tame_mb=1)
            solver.prove(board.start, max_to_move, gamma, max_nodes=rng.choice((3, BUDGET)))
            by_child: dict[tuple[int, int, int], bool | None] = {}
            for answer in solver.move_answers(board.start, max_to_move, gamma):
                if answer.reaches is None:
                    continue
                u, v = answer.move
                child = board.start & ~(1 << u) & ~(1 << v)
                worth = 1 + reference.value(child, not max_to_move)
                assert answer.reaches is (worth >= gamma), (board.drawing(), answer)
                assert by_child.setdefault(answer.child, answer.reaches) is answer.reaches
                answered += 1
    assert answered > sample(100)


def test_a_stopped_proof_keeps_the_numbers_of_its_question() -> None:
    """A search stopped by its node limit stores the numbers its children have reached, up
    the path it was searching: the question's own entry among them, which its parent's
    question (a move asked as its own question, in parts) reads to show where it stands."""
    board = Board(6, 6)
    gamma = NativeSolver(board, table_mb=16).value(board.full, True)  # MAX first: 16
    for max_nodes in (50, 5000):
        solver = NativeSolver(board, table_mb=16)
        first = solver.move_answers(board.full, True, gamma)[0]
        u, v = first.move
        child = board.full & ~(1 << u) & ~(1 << v)
        assert solver.prove(child, False, gamma - 1, max_nodes=max_nodes, table_mb=16) is None
        (after,) = [a for a in solver.move_answers(board.full, True, gamma) if a.move == first.move]
        assert after.reaches is None
        assert after.numbers is not None
        assert 0 not in after.numbers
