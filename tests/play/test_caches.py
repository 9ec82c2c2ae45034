"""The engines a server keeps between requests stay within their bounds: every cache of
tables (e-Valuate, tiling, graph games, game trees) is an :class:`Engines`, so the least
recently used are dropped by count and by total size, and one grown too large is not kept."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from evalgame.play import evaluate, graph, tiling
from evalgame.play.engines import Engines
from evalgame.web import tree_api

#: each cache, and a call that fills one entry of it with a different key for each i
CACHES: dict[str, tuple[Engines[Any, Any], Callable[[int], Any]]] = {
    "evaluate": (evaluate._TABLES, lambda i: evaluate.game_state(f"x*y-{i}*z", "0..2", "max", [])),
    "tiling": (tiling._TABLES, lambda i: tiling.tiling_hint(4, i + 4, [])),
    "graph": (
        graph._TABLES,
        lambda i: graph.graph_state(f"cycle:{i + 5}", "V", "E", 2, "mono", "min", []),
    ),
    "tree": (tree_api._TREES, lambda i: tree_api._tree_json(f"x-{i}", "0,1", "alphabeta")),
}


@pytest.mark.parametrize("name", CACHES)
def test_caches_keep_the_most_recent_engines_within_their_count(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, fill = CACHES[name]
    monkeypatch.setattr(cache, "max_engines", 2)
    cache.clear()
    for i in range(4):
        fill(i)
    assert len(list(cache.keys())) == 2


@pytest.mark.parametrize("name", CACHES)
def test_caches_drop_an_engine_that_grew_past_their_total(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache, fill = CACHES[name]
    cache.clear()
    fill(0)
    (key,) = cache.keys()
    grown = cache.size(cache.get(key))
    assert grown > 0  # the solve stored something: the size counts it
    monkeypatch.setattr(cache, "max_size", grown - 1)
    fill(1)  # the next request finds the first engine over the bound and drops it
    assert key not in list(cache.keys())


def test_an_evaluate_engine_counts_the_residual_forms_its_search_built(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = evaluate._TABLES
    cache.clear()
    evaluate.game_state("(a+b)/c+d*e", "0..4", "max", [])
    (key,) = cache.keys()
    searched = cache.get(key)
    fresh = evaluate._make(key)  # the same game before any search
    table_rows = len(searched.oracle.table) + len(searched.oracle.values)
    built = cache.size(searched) - table_rows - cache.size(fresh)
    assert built > 0  # the forms the search added are in the size the cache sees
    # a bound the table and values fit in, but not the forms: the engine is dropped
    monkeypatch.setattr(cache, "max_size", table_rows + cache.size(fresh))
    evaluate.game_state("x*y-z", "0..2", "max", [])
    assert key not in list(cache.keys())
