"""Sampled lines: true bounds pass on every line, false ones fail, and the strongest
replies follow the proof where it is tight."""

from __future__ import annotations

import pytest

from evalgame.games.matching import native
from evalgame.games.matching.lines import _strongest_reply, replay_lines
from evalgame.games.matching.native import NativeSolver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board

pytestmark = pytest.mark.skipif(not native.available(), reason="the C kernel is not built")


@pytest.mark.parametrize("max_first", [True, False])
def test_true_bounds_pass_and_false_ones_fail_on_every_line(max_first: bool) -> None:
    board = Board(5, 5)
    value = MatchingSolver(board).value(board.full, max_first)  # the reference's value
    solver = NativeSolver(board, table_mb=4)
    for bound, high, failing in [
        (value, True, False),
        (value, False, False),
        (value + 1, True, True),
        (value - 1, False, True),
    ]:
        checked = replay_lines(solver, max_first, bound, high, 12, 14, seeds=3)
        assert (checked.lines, checked.seeds, checked.cells) == (12, 3, 14)
        assert 0 < checked.near_best < 12
        assert (checked.failures == checked.lines) if failing else checked.failures == 0


@pytest.mark.parametrize(("gamma", "high"), [(16, True), (16, False), (17, True), (15, False)])
def test_a_replay_by_df_pn_confirms_the_true_bounds_and_catches_false_ones(
    gamma: int, high: bool
) -> None:
    board = Board(6, 6)  # value 16, MIN first
    solver = NativeSolver(board, table_mb=8)
    solver.prove(board.full, False, gamma + (not high), table_mb=8)
    checked = replay_lines(solver, False, gamma, high, 8, 20, dfpn_mb=8)
    assert checked.lines == 8
    assert (checked.failures > 0) is (gamma != 16)


@pytest.mark.parametrize(("rows", "cols"), [(4, 5), (3, 6), (4, 4)])
def test_the_strongest_reply_leaves_the_prover_no_slack(rows: int, cols: int) -> None:
    """At the root, with the bound the value, the strongest reply's child is worth
    exactly one less (by the reference solver), for either side as the opponent."""
    board = Board(rows, cols)
    reference = MatchingSolver(board)
    solver = NativeSolver(board, table_mb=4)
    moves = board.edges_within(board.full)
    for high, opponent_is_max in [(True, False), (False, True)]:
        value = reference.value(board.full, opponent_is_max)
        move = _strongest_reply(solver, board.full, opponent_is_max, value, high, moves, None)
        assert reference.value(board.full & ~move, not opponent_is_max) == value - 1
