"""Pictures of boards with dominoes (SVG or PNG through matplotlib).

A finished tiling game shows whose domino is whose (MAX blue, MIN red) and the order of
play; a minimum maximal tiling shows its dominoes in one colour. Empty cells stay white.

>>> import tempfile, pathlib
>>> out = pathlib.Path(tempfile.mkdtemp()) / "board.svg"
>>> draw_tiling(2, 3, [((0, 0), (0, 1)), ((0, 2), (1, 2))], out, first=Player.MAX)
>>> out.read_text().startswith("<?xml")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from evalgame.errors import InputError
from evalgame.games.tiling.board import Cell, Domino
from evalgame.games.tiling.game import board_text
from evalgame.search.protocol import Player

#: the picture formats :func:`draw_tiling` writes
FORMATS = (".svg", ".png")
COLOURS = {Player.MAX: "#3b6fb6", Player.MIN: "#c8443c", None: "#6b8e23"}


def draw_tiling(
    rows: int,
    cols: int,
    dominoes: Sequence[Domino],
    path: Path | str,
    *,
    first: Player | None = None,
    title: str | None = None,
    blocked: Sequence[Cell] = (),
) -> None:
    """Draw the board with ``dominoes`` into ``path`` (``.svg`` or ``.png``); blocked
    cells are grey.

    With ``first`` the dominoes are moves in order of play, alternately ``first``'s and
    the other player's: they are numbered and coloured by player.
    """
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch, Patch, Rectangle

    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise InputError(f"cannot draw {path.name}: the file must end in .svg or .png")
    board_text(rows, cols, dominoes, blocked)  # refuses overlapping or impossible dominoes
    walls = set(blocked)
    side = 0.6
    figure = Figure(figsize=(max(cols * side, 2.5), rows * side + 0.8))
    axes = figure.add_subplot()
    axes.set_xlim(-0.1, cols + 0.1)
    axes.set_ylim(rows + 0.1, -0.1)
    axes.set_aspect("equal")
    axes.axis("off")
    for r in range(rows):
        for c in range(cols):
            colour = "#666666" if (r, c) in walls else "white"
            axes.add_patch(Rectangle((c, r), 1, 1, facecolor=colour, edgecolor="#bbbbbb"))
    for index, ((r1, c1), (r2, c2)) in enumerate(dominoes):
        player = None if first is None else first if index % 2 == 0 else first.opponent
        top, left = min(r1, r2), min(c1, c2)
        height, width = abs(r1 - r2) + 1, abs(c1 - c2) + 1
        inset = 0.12
        axes.add_patch(
            FancyBboxPatch(
                (left + inset, top + inset),
                width - 2 * inset,
                height - 2 * inset,
                boxstyle="round,pad=0,rounding_size=0.15",
                facecolor=COLOURS[player],
                edgecolor="black",
                linewidth=0.8,
            )
        )
        if first is not None:
            axes.text(
                left + width / 2,
                top + height / 2,
                str(index + 1),
                ha="center",
                va="center",
                color="white",
                fontsize=9,
                fontweight="bold",
            )
    if first is not None:
        axes.legend(
            handles=[
                Patch(facecolor=COLOURS[Player.MAX], label="MAX"),
                Patch(facecolor=COLOURS[Player.MIN], label="MIN"),
            ],
            loc="upper center",
            bbox_to_anchor=(0.5, 0.0),
            ncol=2,
            frameon=False,
            fontsize=8,
        )
    if title:
        axes.set_title(title, fontsize=10)
    figure.savefig(path, bbox_inches="tight", dpi=150)
