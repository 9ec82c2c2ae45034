"""The node counts of ``evalgame paper`` as a chart: visited and pruned, per algorithm.

One group of bars per expression, one bar per algorithm (log scale). The top panel shows
the positions each algorithm visited, the lower one the nodes it pruned, counted as the
paper counts them; a dash marks T(n), the size of the whole game tree, and black diamonds
the counts the paper printed (above the bars of Algorithm 1 and of the paper's method with
its printed digit order). A run stopped by its node budget is drawn hatched at the
count it had reached.

>>> import tempfile, pathlib
>>> from evalgame.analysis.paper import reproduce
>>> out = pathlib.Path(tempfile.mkdtemp()) / "counts.svg"
>>> draw_counts(reproduce(["(10-X)*Y"], ["alphabeta", "paper"]), out)
>>> out.read_text().startswith("<?xml")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from evalgame.analysis.paper import PUBLISHED, PUBLISHED_ORDER, Run
from evalgame.errors import InputError
from evalgame.expr.expression import parse
from evalgame.games.evaluate.treesize import tree_size

#: the picture formats :func:`draw_counts` writes
FORMATS = (".svg", ".png")
COLOURS = ("#3b6fb6", "#c8443c", "#6b8e23", "#e39b2d", "#7e57c2", "#26a69a", "#8d6e63", "#546e7a")


def draw_counts(runs: Sequence[Run], path: Path | str) -> None:
    """Draw the visited and pruned node counts of ``runs`` into ``path`` (.svg or .png)."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise InputError(f"cannot draw {path.name}: the file must end in .svg or .png")
    if not runs:
        raise InputError("there are no runs to draw")
    expressions = list(dict.fromkeys(run.expression for run in runs))
    algorithms = list(dict.fromkeys(run.algorithm for run in runs))
    figure = Figure(figsize=(max(7.5, 1.5 + 1.3 * len(expressions)), 8.0))
    top, bottom = figure.subplots(2, 1, sharex=True)
    width = 0.8 / len(algorithms)
    found = {(run.expression, run.algorithm): run for run in runs}
    handles: list[Any] = []

    def x_of(group: int, algorithm: str) -> float:
        return group - 0.4 + (algorithms.index(algorithm) + 0.5) * width

    for index, algorithm in enumerate(algorithms):
        colour = COLOURS[index % len(COLOURS)]
        handles.append(Patch(facecolor=colour, label=algorithm))
        for group, expression in enumerate(expressions):
            run = found.get((expression, algorithm))
            if run is None:
                continue
            x = x_of(group, algorithm)
            _bar(top, x, width, run.stats.nodes, colour, run.stopped is not None)
            if run.stopped is None and run.stats.pruned:
                _bar(bottom, x, width, run.paper_count, colour, False)
    printed = {row.expression: row for row in PUBLISHED}
    for group, expression in enumerate(expressions):
        size = tree_size(len(parse(expression).variables))
        for axes in (top, bottom):
            axes.hlines(size, group - 0.45, group + 0.45, colors="black", linestyles="dashed")
        row = printed.get(expression)
        if row is None:
            continue
        for count, algorithm, offset in (
            (row.pruned_alphabeta, "alphabeta", -0.15),
            (row.pruned_paper, PUBLISHED_ORDER, 0.15),
        ):
            x = x_of(group, algorithm) if algorithm in algorithms else group + offset
            bottom.plot([x], [count], linestyle="", marker="D", color="black", markersize=5)
    handles += [
        Patch(facecolor="white", edgecolor="grey", hatch="///", label="stopped by the node budget"),
        Line2D([], [], color="black", linestyle="dashed", label="T(n): the whole game tree"),
        Line2D([], [], linestyle="", marker="D", color="black", label="printed in the paper"),
    ]
    for axes, label in ((top, "positions visited"), (bottom, "nodes pruned (paper's count)")):
        axes.set_yscale("log")
        axes.set_ylabel(label)
        axes.grid(axis="y", alpha=0.3)
    bottom.set_xticks(range(len(expressions)), expressions, rotation=20, ha="right", fontsize=8)
    figure.suptitle("Table 1 of the e-Valuate paper, reproduced: node counts by algorithm")
    figure.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.955), ncol=4,
                  fontsize=7.5, frameon=False)  # fmt: skip
    figure.tight_layout(rect=(0, 0, 1, 0.885))
    with rc_context({"svg.fonttype": "none"}):
        figure.savefig(path, dpi=150)


def _bar(axes: Any, x: float, width: float, count: int, colour: str, stopped: bool) -> None:
    if count <= 0:
        return
    axes.bar(
        x, count, width=width, color="white" if stopped else colour, edgecolor=colour,
        hatch="///" if stopped else None,
    )  # fmt: skip
