"""Post-order over graphs of positions: every vertex once, after its successors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalgame.errors import CycleError
from evalgame.search.graph import postorder


@st.composite
def dags(draw: st.DrawFn) -> dict[int, list[int]]:
    size = draw(st.integers(1, 12))
    return {
        v: sorted(draw(st.sets(st.integers(v + 1, size - 1), max_size=4))) if v + 1 < size else []
        for v in range(size)
    }


def reachable(graph: dict[int, list[int]], root: int) -> set[int]:
    seen, todo = {root}, [root]
    while todo:
        for w in graph[todo.pop()]:
            if w not in seen:
                seen.add(w)
                todo.append(w)
    return seen


@given(dags())
def test_each_reachable_vertex_once_after_its_successors(graph: dict[int, list[int]]) -> None:
    order = [v for _, v, _ in postorder(0, int, lambda v: [(w, w) for w in graph[v]])]
    assert sorted(order) == sorted(reachable(graph, 0))
    position = {v: i for i, v in enumerate(order)}
    assert all(position[w] < position[v] for v in order for w in graph[v])


def test_known_vertices_are_skipped() -> None:
    graph = {0: [1, 2], 1: [2], 2: []}
    order = [v for _, v, _ in postorder(0, int, lambda v: [(w, w) for w in graph[v]], {1})]
    assert order == [2, 0]


def test_self_loop() -> None:
    with pytest.raises(CycleError) as error:
        list(postorder("a", str, lambda v: [("again", "a")]))
    assert error.value.cycle == ["a"]
