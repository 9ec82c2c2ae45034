from __future__ import annotations

from pathlib import Path

import pytest

from evalgame.errors import InputError
from evalgame.games.graph.graphs import graph_from_edge_list, load_graph
from evalgame.games.graph.incidence import PAIRS, incidence
from evalgame.games.graph.pictures import _tint, draw_colouring, positions
from evalgame.games.graph.solve import solve_share


@pytest.mark.parametrize("pair", PAIRS)
def test_every_pair_draws(pair: tuple[str, str], tmp_path: Path) -> None:
    out = tmp_path / "game.svg"
    solve_share(incidence(load_graph("wheel:5"), *pair), 2).draw(out)
    text = out.read_text()
    assert text.startswith("<?xml")
    assert "MAX gets" in text or "<svg" in text


def test_png_and_graphs_without_coordinates(tmp_path: Path) -> None:
    share = incidence(graph_from_edge_list("a b\nb c\nc a\nc d"), "V", "E")
    out = tmp_path / "plain.png"
    draw_colouring(share, {0: 1, 1: 2}, [True, False, True, False], out, title="partial")
    assert out.read_bytes().startswith(b"\x89PNG")
    assert len(positions(share)) == 4


def test_bad_suffix_is_refused(tmp_path: Path) -> None:
    share = incidence(load_graph("path:3"), "V", "E")
    with pytest.raises(InputError, match=r"svg or \.png"):
        draw_colouring(share, {}, [False, False], tmp_path / "game.jpg")


def test_tint() -> None:
    assert _tint("#000000") == "#7f7f7f"
    assert _tint("#ffffff") == "#ffffff"
