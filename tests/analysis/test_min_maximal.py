"""Minimum maximal matchings by HiGHS against exhaustive enumeration, and Theorem 1."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from evalgame.analysis.min_maximal import minimum_maximal_matching, minimum_maximal_tiling
from evalgame.games.matching.bitgraph import BitGraph, bits
from tests.games.matching.naive_matching import NaiveEdge, graphs, grid_edges, min_maximal
from tests.samples import thorough_only


def is_maximal_matching(edges: list[NaiveEdge], chosen: list[NaiveEdge]) -> bool:
    covered = [v for e in chosen for v in e]
    if len(covered) != len(set(covered)) or not set(chosen) <= set(edges):
        return False
    return all(u in covered or v in covered for u, v in edges)


@pytest.mark.parametrize(("rows", "cols"), [(r, c) for r in range(1, 5) for c in range(r, 5)])
def test_every_board_up_to_four_by_four(rows: int, cols: int) -> None:
    tiling = minimum_maximal_tiling(rows, cols)
    assert tiling.value == min_maximal(frozenset(grid_edges(rows, cols)))
    assert len(tiling.dominoes) == tiling.value
    numbered = [(r1 * cols + c1, r2 * cols + c2) for (r1, c1), (r2, c2) in tiling.dominoes]
    assert is_maximal_matching(grid_edges(rows, cols), numbered)


@settings(max_examples=40)
@given(graphs(max_vertices=8))
def test_random_graphs(graph: tuple[int, list[NaiveEdge]]) -> None:
    n, edges = graph
    found = minimum_maximal_matching(BitGraph(n, edges))
    assert found.value == min_maximal(frozenset(edges))
    chosen = [tuple(bits(edge)) for edge in found.edges]
    assert is_maximal_matching(edges, chosen)  # type: ignore[arg-type]
    assert found.dual_bound <= found.value + 1e-6


def test_graph_without_edges() -> None:
    assert minimum_maximal_matching(BitGraph(3, [])).value == 0


@thorough_only
def test_theorem_1_every_maximal_partial_tiling_of_8x8_has_22_dominoes() -> None:
    tiling = minimum_maximal_tiling(8, 8)
    assert tiling.value == 22
    assert tiling.dual_bound > 21
