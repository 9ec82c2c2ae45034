"""Board pictures: files in both formats, refusals of bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from evalgame.analysis.tiling_pictures import draw_tiling
from evalgame.errors import InputError
from evalgame.search.protocol import Player

DOMINOES = [((0, 0), (0, 1)), ((1, 0), (2, 0)), ((2, 1), (2, 2))]


def test_png_and_svg(tmp_path: Path) -> None:
    png, svg = tmp_path / "board.png", tmp_path / "board.SVG"
    draw_tiling(3, 3, DOMINOES, png, first=Player.MIN, title="a game")
    draw_tiling(3, 3, DOMINOES, svg)
    assert png.read_bytes().startswith(b"\x89PNG")
    text = svg.read_text()
    assert "<svg" in text
    assert text.count("<path") > len(DOMINOES)


def test_bad_files_and_tilings_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"\.svg or \.png"):
        draw_tiling(3, 3, DOMINOES, tmp_path / "board.pdf")
    with pytest.raises(InputError, match="two dominoes"):
        draw_tiling(3, 3, [*DOMINOES, ((0, 1), (1, 1))], tmp_path / "board.png")
    assert not (tmp_path / "board.png").exists()
