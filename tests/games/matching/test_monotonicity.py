"""The monotonicity theorem behind dominated moves, checked on the naive game value.

The game matching number of an induced subgraph never exceeds the graph's, for either
player moving first (docs/tiling_search.md proves it from the starters' theorem). From it:
a move's child is the subgraph left once its two cells and the cells it isolates are gone,
so a move that removes a subset of what another removes is worth at least as much.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.games.matching.solver import strategy_bound
from tests.games.matching.naive_matching import NaiveEdge, game_value, graphs, induced


@settings(max_examples=300)
@given(graphs(max_vertices=8), st.data())
def test_an_induced_subgraph_never_has_a_larger_value(
    graph: tuple[int, list[NaiveEdge]], data: st.DataObject
) -> None:
    n, edges = graph
    whole = frozenset(edges)
    kept = data.draw(st.lists(st.integers(0, max(n - 1, 0)), unique=True)) if n else []
    part = induced(edges, kept)
    for max_first in (True, False):
        assert game_value(part, max_first) <= game_value(whole, max_first)


def test_every_vertex_deletion_of_every_graph_on_five_vertices() -> None:
    """Exhaustive on the smallest interesting case: all 1,024 graphs on 5 labelled vertices."""
    pairs = list(itertools.combinations(range(5), 2))
    checked = 0
    for chosen in itertools.product((False, True), repeat=len(pairs)):
        edges = [pair for pair, keep in zip(pairs, chosen, strict=True) if keep]
        whole = frozenset(edges)
        for v in range(5):
            part = induced(edges, [u for u in range(5) if u != v])
            for max_first in (True, False):
                assert game_value(part, max_first) <= game_value(whole, max_first)
                checked += 1
    assert checked == 1024 * 10


def test_a_deletion_can_cost_two_dominoes() -> None:
    """Why no upper bound comes from deleting cells (docs/tiling_search.md): the 3×3 ring
    beside a domino is worth 5 with MAX first, and 3 without one end of the domino or
    without its edge."""
    ring = [(i, (i + 1) % 8) for i in range(8)]
    assert (game_value(frozenset(ring), True), game_value(frozenset(ring), False)) == (3, 4)
    with_domino = frozenset([*ring, (8, 9)])
    assert game_value(with_domino, True) == 5
    assert game_value(induced(with_domino, range(9)), True) == 3  # vertex 9 deleted
    assert game_value(with_domino - {(8, 9)}, True) == 3  # the edge deleted


def test_the_strategy_bound_is_the_papers_two_thirds_of_nu() -> None:
    """The kernel's and the solver's strategy bound in closed form (docs/tiling_search.md):
    ⌈2ν/3⌉ with MAX first, ⌈(2ν − 1)/3⌉ with MIN first."""
    for nu in range(1, 40):
        assert strategy_bound(nu, True) == -(-2 * nu // 3)
        assert strategy_bound(nu, False) == -(-(2 * nu - 1) // 3)
