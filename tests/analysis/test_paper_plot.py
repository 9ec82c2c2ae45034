"""The chart of ``evalgame paper --plot``: what it shows, and what it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from evalgame.analysis.paper import reproduce
from evalgame.analysis.paper_plot import draw_counts
from evalgame.errors import InputError


def test_chart_names_every_expression_and_algorithm(tmp_path: Path) -> None:
    runs = reproduce(["(10-X)*Y", "x/y + 2*y/z - z/x"], ["alphabeta", "paper"], max_nodes=20_000)
    out = tmp_path / "counts.svg"
    draw_counts(runs, out)
    text = out.read_text()
    for label in ("(10-X)*Y", "x/y + 2*y/z - z/x", "alphabeta", "paper, printed order"):
        assert f">{label}<" in text.replace("&amp;", "&")
    assert "positions visited" in text
    assert "printed in the paper" in text


def test_stopped_runs_are_drawn_too(tmp_path: Path) -> None:
    runs = reproduce(["X*(Y-Z)"], ["alphabeta"], max_nodes=500)
    assert runs[0].stopped
    draw_counts(runs, tmp_path / "stopped.png")
    assert (tmp_path / "stopped.png").read_bytes().startswith(b"\x89PNG")


def test_refusals(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"must end in \.svg or \.png"):
        draw_counts(reproduce(["a"], ["alphabeta"]), tmp_path / "counts.pdf")
    with pytest.raises(InputError, match="no runs"):
        draw_counts([], tmp_path / "counts.svg")
