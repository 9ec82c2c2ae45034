"""The paper's Table 1: the counts our explanation quotes are the ones the solvers give."""

from __future__ import annotations

from evalgame.analysis.paper import EXPLANATION, PUBLISHED, impossible_rows, reproduce
from evalgame.games.evaluate.solve import solve
from evalgame.games.evaluate.treesize import tree_size
from tests.samples import thorough_only


def paper_count(expression: str, algorithm: str, order: tuple[int, ...] | None = None) -> int:
    stats = solve(expression, algorithm=algorithm, value_order=order).stats
    return stats.pruned + stats.table_hits


def quoted(count: int) -> bool:
    return f"{count:,}" in EXPLANATION


def test_three_and_four_variables_match_the_printed_counts() -> None:
    three, four = PUBLISHED[0], PUBLISHED[1]
    assert paper_count(three.expression, "alphabeta") == three.pruned_alphabeta == 4515
    assert paper_count(three.expression, "paper", three.order) == three.pruned_paper
    assert paper_count(four.expression, "paper", four.order) == four.pruned_paper
    alphabeta = paper_count(four.expression, "alphabeta")
    assert alphabeta == 302314  # printed: 302,271
    assert quoted(alphabeta)


def test_five_variables_with_the_printed_order_is_a_tenth_of_the_printed_count() -> None:
    five = PUBLISHED[2]
    count = paper_count(five.expression, "paper", five.order)
    assert quoted(count)
    assert round(10 * count, -6) == five.pruned_paper
    assert count < tree_size(5) < five.pruned_paper


@thorough_only
def test_five_variables_algorithm_one() -> None:
    five = PUBLISHED[2]
    solution = solve(five.expression, algorithm="alphabeta")
    assert solution.value == five.value
    stats = solution.stats
    assert stats.nodes + stats.pruned == tree_size(5)  # every node is visited or pruned
    assert quoted(stats.pruned)
    assert stats.pruned < tree_size(5) < five.pruned_alphabeta


def test_impossible_rows() -> None:
    assert [row.variables for row in impossible_rows()] == [5, 6]


def test_reproduce_marks_stopped_runs() -> None:
    runs = reproduce(["(a+b)/c + (d+e)/f"], ["residual", "alphabeta", "minimax"], max_nodes=2000)
    by_algorithm = {run.algorithm: run for run in runs}
    assert by_algorithm["residual"].value is not None or by_algorithm["residual"].stopped
    assert by_algorithm["alphabeta"].stopped is not None
    assert "node budget" in by_algorithm["alphabeta"].stopped
    assert "skipped" in (by_algorithm["minimax"].stopped or "")
    assert "paper, printed order" in by_algorithm
