"""Pictures of a graph game: the colours as the game ended, and who owns what.

The coloured elements (A) wear their colours: vertices as filled discs, edges as thick
coloured lines, faces as tinted regions (the outer face tints the background). The shared
elements (B) that are MAX's stand out: a vertex gets a thick black ring, an edge a black
core line, a face a hatching; MIN's stay plain. Names are written small beside each element.

The solution of a game draws itself through this module
(:meth:`~evalgame.games.graph.solve.ShareSolution.draw`), which knows only the graph's
incidence structure and a colouring:

>>> import tempfile, pathlib
>>> from evalgame.games.graph.graphs import load_graph
>>> from evalgame.games.graph.incidence import incidence
>>> out = pathlib.Path(tempfile.mkdtemp()) / "f3.svg"
>>> share = incidence(load_graph("friendship:3"), "V", "E")
>>> draw_colouring(share, {0: 1, 1: 2}, [False] * 9, out, title="two vertices coloured")
>>> out.read_text().startswith("<?xml")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evalgame.errors import InputError
from evalgame.games.graph.incidence import KIND_NAMES, Incidence

#: the picture formats :func:`draw_colouring` writes
FORMATS = (".svg", ".png")
#: colours 1, 2, … (then repeated in a darker shade)
PALETTE = (
    "#e41a1c", "#377eb8", "#4daf4a", "#ff7f00", "#984ea3",
    "#a65628", "#f781bf", "#17becf", "#bcbd22", "#999999",
)  # fmt: skip
UNCOLOURED = "#dddddd"


def draw_colouring(
    share: Incidence,
    colours: Mapping[int, int],
    owners: Sequence[bool],
    path: Path | str,
    *,
    title: str = "",
) -> None:
    """Draw ``share`` with element ``a`` of A in colour ``colours[a]`` (0 or missing: none)
    and element ``x`` of B marked as MAX's when ``owners[x]``."""
    from matplotlib.figure import Figure

    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise InputError(f"cannot draw {path.name}: the file must end in .svg or .png")
    pos = positions(share)
    xs, ys = [p[0] for p in pos], [p[1] for p in pos]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    margin = 0.12 * span
    figure = Figure(figsize=(6.4, 6.4 * (max(ys) - min(ys) + 2 * margin) / (span + 2 * margin)))
    axes = figure.add_subplot()
    axes.set_aspect("equal")
    axes.axis("off")
    box = (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)
    axes.set_xlim(box[0], box[2])
    axes.set_ylim(box[1], box[3])
    marks = _Marks(share, colours, owners, pos, 7 if len(share.graph.vertices) <= 30 else 5)
    if share.plane is not None:
        _draw_faces(axes, marks, box, margin)
    _draw_edges(axes, marks)
    _draw_vertices(axes, marks)
    _draw_legend(axes, marks)
    if title:
        axes.set_title(title, fontsize=10)
    figure.savefig(path, bbox_inches="tight", dpi=150)


@dataclass(frozen=True)
class _Marks:
    """What the picture shows of each element: its colour, its owner, where it is."""

    share: Incidence
    colours: Mapping[int, int]
    owners: Sequence[bool]
    pos: list[tuple[float, float]]
    small: int  # the font size of the names

    def colour_of(self, kind: str, index: int) -> str | None:
        """The fill of a coloured element (``None``: elements of ``kind`` are not coloured)."""
        if self.share.colour != kind:
            return None
        colour = self.colours.get(index, 0)
        return PALETTE[(colour - 1) % len(PALETTE)] if colour else UNCOLOURED

    def mine(self, kind: str, index: int) -> bool | None:
        """Whether a shared element is MAX's (``None``: elements of ``kind`` are not shared)."""
        return self.owners[index] if self.share.share == kind else None


def _draw_faces(
    axes: Any, marks: _Marks, box: tuple[float, float, float, float], margin: float
) -> None:
    """Faces: tinted when coloured, hatched when MAX's (the outer face tints the background)."""
    from matplotlib.patches import Patch, Polygon, Rectangle

    assert marks.share.plane is not None
    pos, small = marks.pos, marks.small
    for r, face in enumerate(marks.share.plane.faces):
        fill = marks.colour_of("R", r)
        hatch = "///" if marks.mine("R", r) else None
        tint = _tint(fill) if fill else "white"
        patch: Patch
        if face.outer:
            patch = Rectangle((box[0], box[1]), box[2] - box[0], box[3] - box[1], zorder=0)
        else:
            patch = Polygon([pos[v] for v in face.walk], closed=True, zorder=1)
        patch.set_facecolor(tint if fill or not face.outer else "white")
        patch.set_edgecolor("#777777" if hatch else "none")
        patch.set_linewidth(0)
        if hatch:
            patch.set_hatch(hatch)
        axes.add_patch(patch)
        if not face.outer and len(face.walk) > 2:
            cx = sum(pos[v][0] for v in face.walk) / len(face.walk)
            cy = sum(pos[v][1] for v in face.walk) / len(face.walk)
            axes.text(cx, cy, face.name, ha="center", va="center", fontsize=small,
                      color="#333333", zorder=2, bbox={"facecolor": "white", "alpha": 0.7,
                      "edgecolor": "none", "pad": 1})  # fmt: skip
    axes.text(box[0] + margin / 3, box[3] - margin / 3, "r0 (outer)", fontsize=small,
              va="top", color="#333333", bbox={"facecolor": "white", "alpha": 0.7,
              "edgecolor": "none", "pad": 1})  # fmt: skip


def _draw_edges(axes: Any, marks: _Marks) -> None:
    """Edges: coloured lines when coloured, a black core when MAX's, dashed when MIN's."""
    share, graph, small = marks.share, marks.share.graph, marks.small
    for e, (u, v) in enumerate(graph.edges):
        (x1, y1), (x2, y2) = marks.pos[u], marks.pos[v]
        fill = marks.colour_of("E", e)
        owner = marks.mine("E", e)
        width = 6.0 if fill else 2.2 if owner else 1.4
        style = "--" if owner is False and not fill else "-"
        axes.plot([x1, x2], [y1, y2], color=fill or ("#222222" if owner else "#888888"),
                  linewidth=width, linestyle=style, zorder=3, solid_capstyle="round")  # fmt: skip
        if fill and owner:
            axes.plot([x1, x2], [y1, y2], color="black", linewidth=1.6, zorder=4)
        if share.colour == "E" or share.share == "E":
            axes.text((x1 + x2) / 2, (y1 + y2) / 2, graph.edge_name(e), fontsize=small - 1,
                      ha="center", va="center", color="#333333", zorder=6,
                      bbox={"facecolor": "white", "alpha": 0.6, "edgecolor": "none",
                            "pad": 0.5})  # fmt: skip


def _draw_vertices(axes: Any, marks: _Marks) -> None:
    """Vertices: filled discs when coloured, a thick black ring when MAX's."""
    for v, (x, y) in enumerate(marks.pos):
        fill = marks.colour_of("V", v) or "white"
        owner = marks.mine("V", v)
        axes.scatter([x], [y], s=260 if owner else 150, c=[fill], zorder=7,
                     edgecolors="black", linewidths=3.2 if owner else 0.8)  # fmt: skip
        axes.annotate(marks.share.graph.vertices[v], (x, y), xytext=(7, 7),
                      textcoords="offset points", fontsize=marks.small, zorder=8)  # fmt: skip


def _draw_legend(axes: Any, marks: _Marks) -> None:
    """The colours used, and how MAX's shared elements are marked."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    shared = marks.share.share
    used = sorted({c for c in marks.colours.values() if c})
    handles: list[Any] = [
        Patch(facecolor=PALETTE[(c - 1) % len(PALETTE)], label=f"colour {c}") for c in used
    ]
    if shared == "V":
        handles.append(Line2D([], [], marker="o", color="white", markeredgecolor="black",
                              markeredgewidth=3, markersize=11, label="MAX's vertex"))  # fmt: skip
    elif shared == "E":
        handles.append(Line2D([], [], color="#222222", linewidth=2.2, label="MAX's edge"))
        handles.append(Line2D([], [], color="#888888", linestyle="--", label="MIN's edge"))
    else:
        handles.append(Patch(facecolor="white", edgecolor="#555555", hatch="///",
                             label="MAX's face"))  # fmt: skip
    axes.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0),
                ncol=min(len(handles), 5), frameon=False, fontsize=8,
                title=f"shared: {KIND_NAMES[shared]}", title_fontsize=8)  # fmt: skip


def positions(share: Incidence) -> list[tuple[float, float]]:
    """Where to draw each vertex: the graph's drawing, the plane drawing of its faces, or
    a layout networkx computes (for graphs without coordinates or faces)."""
    graph = share.graph
    if share.plane is not None:
        exact = share.plane.pos
    elif graph.pos is not None:
        exact = graph.pos
    else:
        import networkx as nx  # here, not at the top: the command line starts without it

        layout = nx.kamada_kawai_layout(graph.to_networkx()) if len(graph.vertices) > 1 else {}
        points = [layout.get(v, (0.0, 0.0)) for v in range(len(graph.vertices))]
        return [(float(x), float(y)) for x, y in points]
    return [(float(x), float(y)) for x, y in exact]


def _tint(colour: str) -> str:
    """``colour`` mixed half and half with white."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{(c + 255) // 2:02x}" for c in (red, green, blue))
