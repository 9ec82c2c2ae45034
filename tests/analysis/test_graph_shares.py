"""The graph-share data and its two sections: chains against a plain minimax over every
colouring, the proven values against brute force, and the committed JSON against a
recomputation of its first games."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path

import networkx as nx
import pytest

from evalgame.analysis.equal_shares import HalfK, half_k, size_of
from evalgame.analysis.equal_shares import markdown as equal_markdown
from evalgame.analysis.graph_estimates import markdown, random_share, turan
from evalgame.analysis.graph_shares import ShareRecord, _girth, share_record
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence

DOCS = Path(__file__).resolve().parents[2] / "docs"


def naive_value(sets: tuple[tuple[int, ...], ...], size: int, k: int) -> int:
    """MAX proposes one of k colours, MIN colours any uncoloured element; x is MAX's when
    S(x) is not monochromatic. Plain minimax over every game."""

    @cache
    def value(colours: tuple[int | None, ...]) -> int:
        if None not in colours:
            return sum(len({colours[i] for i in s}) > 1 for s in sets)
        return max(
            min(
                value((*colours[:i], c, *colours[i + 1 :]))
                for i in range(size)
                if colours[i] is None
            )
            for c in range(k)
        )

    return value((None,) * size)


@pytest.mark.parametrize(
    ("spec", "pair"),
    [("cycle:4", ("V", "E")), ("path:4", ("E", "V")), ("star:4", ("V", "E")),
     ("grid:2x2", ("R", "V")), ("bipartite:2x2", ("V", "E")), ("wheel:4", ("E", "R")),
     ("bipartite:1x3", ("V", "R"))],
)  # fmt: skip
def test_chains_match_a_plain_minimax(spec: str, pair: tuple[str, str]) -> None:
    record = share_record(spec, pair, seconds=30)
    share = incidence(load_graph(spec), *pair)
    expected = [naive_value(share.sets, len(share.a_names), k) for k in range(1, record.a + 1)]
    assert record.values == expected


@pytest.mark.parametrize("spec", ["cycle:7", "grid:3x3", "path:5", "complete:4", "petersen",
                                  "bipartite:2x3", "wheel:6", "friendship:2"])  # fmt: skip
def test_girth_and_parameters(spec: str) -> None:
    graph = load_graph(spec).to_networkx()
    expected = nx.girth(graph)
    assert _girth(graph) == (None if expected == float("inf") else expected)


def test_faces_of_the_new_families_by_euler() -> None:
    for spec in ["bipartite:2x5", "grid:3x4", "star:6", "ladder:4"]:
        record = share_record(spec, ("R", "V"), seconds=30)
        assert record.faces == record.edges - record.vertices + 2


def test_turan_against_every_colouring() -> None:
    for n, k in [(4, 2), (5, 3), (6, 2), (5, 4)]:
        best = max(
            comb(n, 2) - sum(comb(colours.count(c), 2) for c in range(k))
            for colours in itertools.product(range(k), repeat=n)
        )
        assert turan(n, k) == best


def test_random_share_against_every_colouring() -> None:
    share = incidence(load_graph("friendship:2"), "V", "E")
    n, k = len(share.a_names), 3
    total = sum(
        sum(len({colours[i] for i in s}) > 1 for s in share.sets)
        for colours in itertools.product(range(k), repeat=n)
    )
    assert random_share([len(s) for s in share.sets], k) == Fraction(total, k**n)


def test_committed_chains_match_a_recomputation_of_the_first_games() -> None:
    data = json.loads((DOCS / "graph_shares.json").read_text())
    for key in list(data)[:8]:
        record = ShareRecord(**data[key])
        again = share_record(record.spec, (record.pair[0], record.pair[1]), seconds=30)
        assert again.chain == record.chain, key
        assert (again.a, again.b, again.girth, again.faces) == (
            record.a, record.b, record.girth, record.faces,
        )  # fmt: skip
    results = (DOCS / "results.md").read_text()
    solved = sum(value["chain"] is not None for value in data.values())
    assert f"{solved} games" in results


def test_sections_render_their_checks() -> None:
    found = [share_record(f"complete:{n}", ("V", "E"), seconds=30) for n in (3, 4, 5)]
    found += [share_record(f"cycle:{n}", ("V", "E"), seconds=30) for n in range(3, 9)]
    text = markdown(found, "figure.svg", 1.0)
    assert (
        "| P4: complete:N, (V,E): minimax(F,[k]) = t(N,k), the Turán number | 12 | 12 | — |" in text
    )
    equal = equal_markdown(found, "", 1.0)
    assert "| cycle:4 | 2 (2/4)" in equal.replace("**", "")
    assert half_k([Fraction(0), Fraction(3)], 7) == HalfK((2,), False, Fraction(3))
    assert size_of("grid:3x5") == 5
