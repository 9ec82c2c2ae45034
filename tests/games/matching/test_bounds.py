"""The ladder of null-window tests: its bounds are proven, and it finishes small games."""

from __future__ import annotations

import pytest

from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.bounds import LadderReport, LadderStep, bound_ladder
from evalgame.games.tiling.board import Board
from tests.games.matching.naive_matching import game_value, grid_edges


@pytest.mark.parametrize(("rows", "cols"), [(3, 3), (3, 4), (4, 4)])
def test_small_boards_are_solved(rows: int, cols: int) -> None:
    for max_to_move in (True, False):
        report = bound_ladder(Board(rows, cols), max_to_move=max_to_move, seconds=60)
        assert report.exact
        assert report.lower == game_value(frozenset(grid_edges(rows, cols)), max_to_move)
        assert report.static_lower <= report.lower
        assert report.upper <= report.static_upper


def test_every_finished_step_is_a_true_bound() -> None:
    board = Board(4, 4)
    value = game_value(frozenset(grid_edges(4, 4)), True)
    seen: list[LadderStep] = []

    def record(step: LadderStep, report: LadderReport) -> None:
        seen.append(step)
        assert report.lower <= value <= report.upper

    bound_ladder(board, max_to_move=True, seconds=60, first_slice=0.001, on_step=record)
    assert seen
    for step in seen:
        if step.result is not None and step.result >= step.gamma:
            assert value >= step.result
            assert "MAX strategy" in step.proof
        elif step.result is not None:
            assert value <= step.result
            assert "MIN strategy" in step.proof
        else:
            assert "unfinished" in step.proof


def test_no_time_means_static_bounds() -> None:
    graph = BitGraph(4, [(0, 1), (1, 2), (2, 3)])
    report = bound_ladder(graph, max_to_move=False, seconds=0)
    assert (report.lower, report.upper) == (report.static_lower, report.static_upper)
    assert report.steps == []
