"""Pictures of positions for the PettingZoo renders: ``rgb_array`` images (numpy arrays of
shape ``(height, width, 3)``, ``uint8``) and the ``human`` window that shows them.

A board game is drawn cell by cell (:func:`board_image`); the other games as their text
picture (:func:`text_image`, drawn by matplotlib, which evalgame depends on).

>>> picture = board_image([[".", "x"], ["#", "."]])
>>> picture.shape, picture.dtype.name
((64, 64, 3), 'uint8')
>>> [COLOURS[mark] == tuple(picture[r * CELL + CELL // 2, c * CELL + CELL // 2])
...  for r, c, mark in [(0, 0, "."), (0, 1, "x"), (1, 0, "#")]]
[True, True, True]
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

#: an ``rgb_array`` image
Image = npt.NDArray[np.uint8]
#: the side of a drawn cell, in pixels
CELL = 32
#: the colour of each mark of a board: free, covered by a domino, blocked
COLOURS: dict[str, tuple[int, int, int]] = {
    ".": (255, 255, 255),
    "x": (70, 130, 180),
    "#": (40, 40, 40),
}
#: the colour of the lines between cells
GRID = (160, 160, 160)


def board_image(marks: list[list[str]]) -> Image:
    """The board whose cells have ``marks`` (``.``, ``x``, ``#``, row by row), a square of
    :data:`CELL` pixels a cell, in :data:`COLOURS`, with grey lines between cells."""
    colours = np.array([[COLOURS[mark] for mark in row] for row in marks], np.uint8)
    picture = colours.repeat(CELL, axis=0).repeat(CELL, axis=1)
    picture[::CELL, :] = picture[:, ::CELL] = GRID
    picture[-1, :] = picture[:, -1] = GRID
    return picture


def text_image(text: str, lines: int, columns: int) -> Image:
    """``text`` in black monospace on white, in an image the size of ``lines`` lines of
    ``columns`` characters (one size for every position of a game, as videos need).

    >>> text_image("x - y\\nMAX to move", 3, 20).shape == text_image("", 3, 20).shape
    True
    """
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    width, height = columns * 0.12 + 0.3, lines * 0.25 + 0.2  # inches, 14-point monospace
    figure = Figure(figsize=(width, height), dpi=100, facecolor="white")
    figure.text(0.15 / width, 1 - 0.1 / height, text, family="monospace", size=14, va="top")
    canvas: Any = FigureCanvasAgg(figure)  # its drawing methods are untyped
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3].copy()


class Window:
    """The ``human`` render: a matplotlib window showing the latest image (nothing is shown
    where matplotlib has no interactive backend, and it warns)."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.figure: Any = None
        self.shown: Any = None

    def show(self, picture: Image) -> None:
        """Show ``picture``, in a new window the first time."""
        import matplotlib.pyplot as plt

        if self.figure is None or not plt.fignum_exists(self.figure.number):
            self.figure = plt.figure(self.title)
            axes = self.figure.add_axes((0, 0, 1, 1))
            axes.set_axis_off()
            self.shown = axes.imshow(picture)
            plt.show(block=False)
        else:
            self.shown.set_data(picture)
            self.shown.set_extent((-0.5, picture.shape[1] - 0.5, picture.shape[0] - 0.5, -0.5))
        self.figure.canvas.draw_idle()
        self.figure.canvas.flush_events()

    def close(self) -> None:
        """Close the window, if it is open."""
        if self.figure is not None:
            import matplotlib.pyplot as plt

            plt.close(self.figure)
            self.figure = self.shown = None
