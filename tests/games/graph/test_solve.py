from __future__ import annotations

from fractions import Fraction

import pytest

from evalgame.errors import GameError, SearchInterrupted
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import PAIRS, incidence
from evalgame.games.graph.solve import SOLVERS, owned, solve_share
from evalgame.search.budget import Budget
from tests.games.graph.naive_share import naive_share, share_of


@pytest.mark.parametrize("algorithm", SOLVERS)
@pytest.mark.parametrize("pair", PAIRS)
def test_lines_are_whole_games_that_give_the_value(pair: tuple[str, str], algorithm: str) -> None:
    share = incidence(load_graph("wheel:5"), *pair)
    solution = solve_share(share, 2, algorithm=algorithm)
    colours = [0] * len(share.a_names)
    for colour, a in solution.pv:
        colours[a] = colour
    assert sorted(a for _, a in solution.pv) == list(range(len(share.a_names)))
    assert share_of(share.sets, share.weights, colours, "mono") == solution.value
    assert solution.played <= len(solution.pv)


def test_json_contract() -> None:
    solution = solve_share(incidence(load_graph("friendship:3"), "V", "E"), 2)
    data = solution.as_json()
    assert data["value"] == "4"
    assert data["total"] == "9"
    assert data["ceiling"] == "9"
    assert data["formula"].startswith("F = f(v0,v1)")
    assert len(data["pv"]) == 7
    assert set(data["pv"][0]) == {"colour", "element"}
    assert sum(owner == "max" for owner in data["owners"].values()) == 4
    assert data["stats"]["nodes"] > 0


def test_exact_weights_in_json() -> None:
    share = incidence(load_graph("path:3"), "V", "E", {"v0-v1": Fraction(1, 2)})
    data = solve_share(share, 3).as_json()
    assert data["total"] == "3/2"
    assert data["value"] == "3/2"
    assert solve_share(share, 2).as_json()["value"] == str(
        naive_share(share.sets, share.weights, 3, 2)
    )


def test_owned() -> None:
    assert owned("mono", [1, 2])
    assert not owned("mono", [3])
    assert owned("parity", [1])
    assert not owned("parity", [1, 1, 2])


def test_bad_algorithm_and_budget() -> None:
    share = incidence(load_graph("cycle:12"), "V", "E")
    with pytest.raises(GameError, match="unknown algorithm"):
        solve_share(share, 2, algorithm="magic")
    with pytest.raises(SearchInterrupted):
        solve_share(share, 4, budget=Budget(nodes=50, check_every=1))
