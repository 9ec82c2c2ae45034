"""Pictures of e-Valuate game trees, with the nodes a search pruned marked (SVG or PNG).

The tree grows from left to right, one row per bottom unit, children in the order the
search tried them. MAX nodes are blue boxes, MIN nodes red ones; each box holds what the
search learned of the node — its value, a bound (``≥ 50``, ``≤ 36``) where it left by a
cut-off, ``?`` where it never looked — and each edge its move (a proposed value, or the
variable it is put on).
A MAX node with one variable left is drawn with its leaves as a strip of cells, one per
proposal. Nodes the search never entered are grey: those cut off carry a red ``α`` or
``β``, those answered by the transposition table a green ``TT``; the principal variation
is drawn thick. Below ``depth`` a subtree is collapsed into a triangle with its counts.

A :class:`DrawnTree` is a game tree that draws itself (what ``evalgame.tree`` returns, so
that a notebook shows the picture).

>>> import tempfile, pathlib
>>> from evalgame.lab.tree import game_tree
>>> out = pathlib.Path(tempfile.mkdtemp()) / "tree.svg"
>>> draw_tree(game_tree("(10-X)*Y"), out)
>>> out.read_text().startswith("<?xml")
True
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, BinaryIO

from evalgame.errors import InputError, LimitError
from evalgame.lab.tree import GameTree, Node, Status
from evalgame.numbers import Number, format_number
from evalgame.search.protocol import Player

#: the picture formats :func:`draw_tree` writes
FORMATS = (".svg", ".png")
#: levels drawn by default before subtrees are collapsed, by number of free variables
FULL_VARIABLES = 2
#: most boxes and strip cells in one picture (Figure 1 of the paper has 231; matplotlib
#: takes about a second per 200)
MAX_DRAWN = 600

COLUMN = 1.6  # horizontal distance between levels
BOX_W, BOX_H = 0.95, 0.56
CELL_H = 0.5
INCH = 0.55  # inches per layout unit
MIN_WIDTH = 13.0  # layout units: room for the heading and the legend
MAX_STYLE = {"face": "#dce8f7", "edge": "#2f5f9e"}
MIN_STYLE = {"face": "#f8e0de", "edge": "#b0413e"}
GREY = {"face": "#f0f0f0", "edge": "#a8a8a8"}
PV_COLOUR = "#2e7d32"
CUT_COLOUR = "#c62828"
TABLE_COLOUR = "#2e7d32"


@dataclass
class _Item:
    """A node placed in the picture: its layout position and how it is drawn."""

    node: Node
    x: float
    y: float
    kind: str  # "box", "strip" (MAX node drawn with its leaves) or "collapsed"


class DrawnTree(GameTree):
    """A :class:`~evalgame.lab.tree.GameTree` that draws itself: into a file, as SVG
    text, or in a notebook."""

    @classmethod
    def of(cls, tree: GameTree) -> DrawnTree:
        """``tree``, able to draw itself."""
        return cls(**{field.name: getattr(tree, field.name) for field in fields(tree)})

    def draw(
        self,
        out: str | Path | None = None,
        *,
        at: Sequence[Any] = (),
        depth: int | None = None,
    ) -> str | None:
        """The tree's picture (cut-offs marked; the subtree reached by the moves ``at``):
        into the file ``out`` (``.svg`` or ``.png``), or returned as SVG text.

        >>> from evalgame.lab.tree import game_tree
        >>> DrawnTree.of(game_tree("(10-X)*Y")).draw(at=(5,)).startswith("<?xml")
        True
        """
        if out is not None:
            draw_tree(self, out, at=at, depth=depth)
            return None
        buffer = io.BytesIO()
        save(tree_figure(self, at=at, depth=depth), buffer, "svg")
        return buffer.getvalue().decode()

    def _repr_svg_(self) -> str | None:
        """The picture in a notebook (None: too many boxes to draw, the repr is shown)."""
        try:
            return self.draw()
        except LimitError:
            return None


def draw_tree(
    tree: GameTree,
    path: Path | str,
    *,
    at: Sequence[Any] = (),
    depth: int | None = None,
    title: str | None = None,
) -> None:
    """Draw ``tree`` (or its subtree reached by the moves ``at``) into ``path``.

    ``depth`` is the number of levels drawn below the top before subtrees are collapsed
    (default: everything when at most two variables are free, else two levels).
    """
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise InputError(f"cannot draw {path.name}: the file must end in .svg or .png")
    save(tree_figure(tree, at=at, depth=depth, title=title), path)


def save(figure: Any, target: Path | BinaryIO, form: str | None = None) -> None:
    """Write ``figure`` to a file or stream (SVG text stays text: searchable, small)."""
    from matplotlib import rc_context

    with rc_context({"svg.fonttype": "none"}):
        figure.savefig(target, dpi=150, format=form)


def tree_figure(
    tree: GameTree,
    *,
    at: Sequence[Any] = (),
    depth: int | None = None,
    title: str | None = None,
) -> Any:
    """The matplotlib figure :func:`draw_tree` draws."""
    from matplotlib.figure import Figure

    top = tree.nodes[tree.find(*at)]
    free = top.position[0].count(None)
    if depth is not None and depth < 0:
        raise InputError(f"the depth must be at least 0, not {depth}")
    items = _fitting_layout(tree, top, depth, 2 * free if free <= FULL_VARIABLES else 2)
    rows = max(item.y for item in items) + 1
    cells = max((len(item.node.children) for item in items if item.kind == "strip"), default=0)
    cell_w = _cell_width(tree, items)
    right = max(item.x for item in items) + BOX_W / 2 + 0.4
    right += cells * cell_w + 0.3 if cells else 0
    right += 3.2 if any(item.kind == "collapsed" for item in items) else 0
    width, height = max(right + 0.6, MIN_WIDTH), rows + 2.4
    figure = Figure(figsize=(width * INCH, height * INCH))
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(-0.8, width - 0.8)
    axes.set_ylim(rows + 1.7, -1.4)
    axes.axis("off")
    drawn = {item.node.id: item for item in items}
    for item in items:
        if item.node.id != top.id and item.node.parent in drawn:
            _edge(axes, tree, drawn[item.node.parent], item)
    for item in items:
        if item.kind == "strip":
            _strip(axes, tree, item, cell_w)
        _box(axes, tree, item)
        if item.kind == "collapsed":
            _collapsed(axes, tree, item)
    heading = title if title is not None else _heading(tree, top)
    axes.text(-0.6, -1.0, heading, fontsize=9, va="center", ha="left", linespacing=1.5)
    _legend(axes)
    return figure


def _fitting_layout(tree: GameTree, top: Node, depth: int | None, default: int) -> list[_Item]:
    """The layout to ``depth``, or by default the deepest up to ``default`` levels that
    fits in :data:`MAX_DRAWN` boxes and cells."""
    for levels in [depth] if depth is not None else range(default, -1, -1):
        items = _layout(tree, top, levels)
        drawn = len(items) + sum(len(i.node.children) for i in items if i.kind == "strip")
        if drawn <= MAX_DRAWN:
            return items
    raise LimitError(
        "the boxes and cells of the picture",
        drawn,
        MAX_DRAWN,
        "draw fewer levels (--depth), a subtree (--at) or a smaller domain",
    )


def _layout(tree: GameTree, top: Node, depth: int) -> list[_Item]:
    """Place the nodes: leaves of the drawing one per row, parents centred on children."""
    items: list[_Item] = []
    row = 0

    def place(node: Node, level: int) -> float:
        nonlocal row
        x = level * COLUMN
        free = node.position[0].count(None)
        if node.player is Player.MAX and free == 1 and level + 2 <= depth:
            items.append(_Item(node, x, row, "strip"))
        elif node.player is None or level >= depth:
            items.append(_Item(node, x, row, "box" if node.player is None else "collapsed"))
        else:
            ys = [place(tree.nodes[child], level + 1) for child in node.children]
            items.append(_Item(node, x, (ys[0] + ys[-1]) / 2, "box"))
            return items[-1].y
        row += 1
        return items[-1].y

    place(top, 0)  # recursion depth ≤ 2·(number of variables) + 1, at most 7
    return items


def _cell_width(tree: GameTree, items: list[_Item]) -> float:
    longest = 1
    for item in items:
        if item.kind == "strip":
            for child in item.node.children:
                leaf = tree.nodes[tree.nodes[child].children[0]]
                longest = max(longest, len(_known(tree, leaf)), len(_move(tree, leaf)))
    return max(0.62, 0.16 * longest + 0.2)


def _style(node: Node) -> dict[str, str]:
    if not node.status.entered:
        return GREY
    return MAX_STYLE if node.player is not Player.MIN else MIN_STYLE


def _box(axes: Any, tree: GameTree, item: _Item) -> None:
    from matplotlib.patches import FancyBboxPatch

    node = item.node
    style = _style(node)
    entered = node.status.entered
    axes.add_patch(
        FancyBboxPatch(
            (item.x - BOX_W / 2, item.y - BOX_H / 2),
            BOX_W,
            BOX_H,
            boxstyle="round,pad=0,rounding_size=0.12"
            if node.player is not Player.MIN
            else "round,pad=0,rounding_size=0.27",
            facecolor=style["face"],
            edgecolor=PV_COLOUR if node.principal else style["edge"],
            linewidth=2.2 if node.principal else 1.0,
            linestyle="-" if entered else (0, (3, 2)),
            zorder=3,
        )
    )
    axes.text(
        item.x, item.y, _known(tree, node), ha="center", va="center", fontsize=8,
        color="black" if entered else "#808080", zorder=4,
    )  # fmt: skip
    if node.status is Status.TABLE:
        _badge(axes, item.x + BOX_W / 2, item.y - BOX_H / 2, "TT", TABLE_COLOUR)


def _badge(axes: Any, x: float, y: float, text: str, colour: str) -> None:
    axes.text(
        x, y, text, ha="center", va="center", fontsize=6.5, color="white", fontweight="bold",
        zorder=6, bbox={"boxstyle": "round,pad=0.18", "facecolor": colour, "edgecolor": "none"},
    )  # fmt: skip


def _edge(axes: Any, tree: GameTree, parent: _Item, child: _Item) -> None:
    node = child.node
    x0, y0 = parent.x + BOX_W / 2, parent.y
    x1, y1 = child.x - BOX_W / 2, child.y
    principal = node.principal and parent.node.principal
    entered = node.status.entered
    axes.plot(
        [x0, x0 + 0.2, x1 - 0.25, x1], [y0, y0, y1, y1],
        color=PV_COLOUR if principal else "#555555" if entered else "#b5b5b5",
        linewidth=2.0 if principal else 0.8, linestyle="-" if entered else (0, (3, 2)),
        zorder=1,
    )  # fmt: skip
    axes.text(
        x1 - 0.3, y1 - 0.12, _move(tree, node), ha="right", va="bottom", fontsize=7.5,
        color="#333333" if entered else "#9a9a9a", zorder=2,
    )  # fmt: skip
    mark = {Status.ALPHA: "α", Status.BETA: "β"}.get(node.status)
    if mark:
        _badge(axes, x1 - 0.14, y1 + 0.2, mark, CUT_COLOUR)


def _strip(axes: Any, tree: GameTree, item: _Item, cell_w: float) -> None:
    """The leaves below a MAX node with one variable left: one cell per proposal."""
    from matplotlib.patches import Rectangle

    x = item.x + BOX_W / 2 + 0.45
    axes.plot([item.x + BOX_W / 2, x], [item.y, item.y], color="#555555", linewidth=0.8)
    for index, child in enumerate(item.node.children):
        proposal = tree.nodes[child]
        leaf = tree.nodes[proposal.children[0]]
        left = x + index * cell_w
        entered = leaf.status.entered
        axes.add_patch(
            Rectangle(
                (left, item.y - CELL_H / 2 + 0.08), cell_w, CELL_H,
                facecolor="white" if entered else GREY["face"],
                edgecolor=PV_COLOUR if leaf.principal else "#777777" if entered else "#c0c0c0",
                linewidth=2.0 if leaf.principal else 0.7, hatch=None if entered else "////",
                zorder=2 if not leaf.principal else 3,
            )
        )  # fmt: skip
        axes.text(
            left + cell_w / 2, item.y + 0.08, _known(tree, leaf), ha="center", va="center",
            fontsize=7, color="black" if entered else "#8a8a8a", zorder=4,
            bbox=None if entered else {"facecolor": GREY["face"], "edgecolor": "none", "pad": 0.5},
        )  # fmt: skip
        axes.text(
            left + cell_w / 2, item.y - CELL_H / 2 - 0.02, _move(tree, proposal),
            ha="center", va="bottom", fontsize=5.5, color="#666666",
        )  # fmt: skip
        if proposal.status is Status.BETA and (
            index == 0 or tree.nodes[item.node.children[index - 1]].status is not Status.BETA
        ):
            _badge(axes, left, item.y - CELL_H / 2 + 0.08, "β", CUT_COLOUR)
    variable = tree.nodes[item.node.children[0]].children
    name = _move(tree, tree.nodes[variable[0]]) if variable else ""
    axes.text(
        x - 0.08, item.y + 0.08, f"→{name}", ha="right", va="center", fontsize=6.5,
        color="#444444",
    )  # fmt: skip


def _collapsed(axes: Any, tree: GameTree, item: _Item) -> None:
    """A subtree below the drawn depth: a triangle with its size and what the search did."""
    from matplotlib.patches import Polygon

    node = item.node
    left = item.x + BOX_W / 2 + 0.05
    entered = node.status.entered
    axes.add_patch(
        Polygon(
            [(left, item.y), (left + 0.5, item.y - 0.28), (left + 0.5, item.y + 0.28)],
            facecolor="#e8e8e8" if entered else "#f4f4f4", edgecolor="#999999", linewidth=0.6,
        )
    )  # fmt: skip
    counts = _subtree_counts(tree, node)
    axes.text(
        left + 0.6, item.y, counts, ha="left", va="center", fontsize=6.5,
        color="#333333" if entered else "#9a9a9a",
    )  # fmt: skip


def _subtree_counts(tree: GameTree, node: Node) -> str:
    size = tree.subtree_size(node.id)
    stack, visited = [node.id], 0
    while stack:
        current = tree.nodes[stack.pop()]
        visited += current.status.entered
        stack.extend(current.children)
    if not node.status.entered:
        return f"{size:,} nodes, pruned"
    return f"{size:,} nodes, {visited:,} visited"


def _heading(tree: GameTree, top: Node) -> str:
    stats = tree.stats
    name = {"alphabeta": "alpha-beta (Algorithm 1)", "minimax": "minimax"}.get(
        tree.algorithm, "the paper's order + table"
    )
    where = "" if top.parent is None else f", below {tree.describe(top.id)}"
    cuts = f"{stats.alpha_cutoffs} α and {_count(stats.beta_cutoffs, 'β cut-off')}"
    hits = f", {_count(stats.table_hits, 'table hit')}" if tree.table else ""
    return (
        f"E = {tree.game.expression}{where} — {name}\n"
        f"minimax(E) = {_text(tree.value)}; the search visited {stats.nodes:,} of "
        f"{tree.subtree_size(0):,} nodes ({cuts}{hits})"
    )


def _legend(axes: Any) -> None:
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    handles = [
        Patch(facecolor=MAX_STYLE["face"], edgecolor=MAX_STYLE["edge"], label="MAX node"),
        Patch(facecolor=MIN_STYLE["face"], edgecolor=MIN_STYLE["edge"], label="MIN node"),
        Patch(facecolor=GREY["face"], edgecolor=GREY["edge"], linestyle="--", label="not visited"),
        Line2D([], [], color=PV_COLOUR, linewidth=2, label="principal variation"),
        Patch(facecolor=CUT_COLOUR, label="α / β: cut off at a MIN / MAX node"),
        Patch(facecolor=TABLE_COLOUR, label="TT: answered by the table"),
        Line2D([], [], linestyle="", label="—  no valid completion"),
    ]
    axes.legend(
        handles=handles, loc="lower left", bbox_to_anchor=(0.0, 0.0), ncol=4, frameon=False,
        fontsize=7, handlelength=1.6, columnspacing=1.2,
    )  # fmt: skip


def _count(number: int, noun: str) -> str:
    """``3 table hits``, ``1 table hit``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _move(tree: GameTree, node: Node) -> str:
    return "" if node.move is None else tree.label(node.move)


def _known(tree: GameTree, node: Node) -> str:
    """What the search learned of a node: ``?`` where it never looked (see ``known``)."""
    known = tree.known(node.id)
    return "?" if known is None else known


def _text(value: Number | None) -> str:
    return "—" if value is None else format_number(value)
