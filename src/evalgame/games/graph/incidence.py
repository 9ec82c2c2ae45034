"""What game(G, A, B, [k], f) colours and shares: the sets S(x) ⊆ A for every x ∈ B.

The paper's six pairs (A, B) over the vertices V, edges E and faces R of a graph:

======  =======================================================================
(V, E)  S(e) = the two ends of edge e
(E, V)  S(v) = the edges at vertex v (every vertex needs an edge)
(E, R)  S(r) = the edges on the boundary of face r
(V, R)  S(r) = the vertices on the boundary of face r
(R, V)  S(v) = the faces vertex v lies on
(R, E)  S(e) = the faces edge e lies on (one face for a bridge)
======  =======================================================================

Faces (R) need a connected plane graph; the outer face is ``r0``. Every x ∈ B has a weight
w(x): 1 (``unit``), the area of the face (``area``, B = R only; the outer face weighs 0), or
given per element. MAX's share is F = Σ_{x∈B} w(x)·f_x.

>>> from evalgame.games.graph.graphs import load_graph
>>> share = incidence(load_graph("path:3"), "V", "E")
>>> share.a_names, share.b_names, share.sets
(('v0', 'v1', 'v2'), ('v0-v1', 'v1-v2'), ((0, 1), (1, 2)))
>>> formula(share)
'F = f(v0,v1) + f(v1,v2)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from evalgame.errors import GraphError, LimitError
from evalgame.games.graph.faces import PlaneGraph, face_areas, plane_faces
from evalgame.games.graph.graphs import Graph
from evalgame.numbers import Number, format_number

#: the kinds of graph elements
KINDS = ("V", "E", "R")
#: the paper's six games, in its order
PAIRS = (("V", "E"), ("E", "V"), ("E", "R"), ("V", "R"), ("R", "E"), ("R", "V"))
KIND_NAMES = {"V": "vertices", "E": "edges", "R": "faces"}
#: most elements of A (coloured) and of B (shared) accepted
MAX_COLOURED = 64
MAX_SHARED = 600


@dataclass(frozen=True)
class Incidence:
    """The sets S(x) ⊆ A for x ∈ B, with names and weights.

    ``sets[x]`` lists the indices (into ``a_names``) of S(x), sorted; ``weights[x]`` is w(x).
    ``plane`` holds the faces when A or B is R.
    """

    graph: Graph
    colour: str
    share: str
    a_names: tuple[str, ...]
    b_names: tuple[str, ...]
    sets: tuple[tuple[int, ...], ...]
    weights: tuple[Number, ...]
    weighting: str
    plane: PlaneGraph | None = None

    @property
    def total(self) -> Number:
        """The total weight of B (|B| with unit weights)."""
        return sum(self.weights, 0)

    @property
    def ceiling(self) -> Number:
        """The largest share MAX can reach under the mono rule: the weight of every x
        with |S(x)| ≥ 2 (the rest is monochromatic whatever the colours)."""
        return sum((w for w, s in zip(self.weights, self.sets, strict=True) if len(s) > 1), 0)

    @property
    def title(self) -> str:
        """``game(friendship:3, V, E)``."""
        return f"game({self.graph.name}, {self.colour}, {self.share})"


def incidence(
    graph: Graph,
    colour: str,
    share: str,
    weights: str | Mapping[str, Number] = "unit",
) -> Incidence:
    """The incidence structure of game(``graph``, ``colour``, ``share``) (see module doc).

    ``weights`` is ``"unit"``, ``"area"`` (faces shared, coordinates given) or a mapping
    from names of elements of B to weights (the others weigh 1).

    >>> from evalgame.games.graph.graphs import load_graph
    >>> f3 = load_graph("friendship:3")
    >>> share = incidence(f3, "R", "V")
    >>> share.a_names, share.sets[0]
    (('r0', 'r1', 'r2', 'r3'), (0, 1, 2, 3))
    >>> incidence(f3, "E", "E")
    Traceback (most recent call last):
    evalgame.errors.GraphError: the coloured set A and the shared set B must differ (both E)
    """
    colour, share = _kind(colour, "coloured"), _kind(share, "shared")
    if colour == share:
        raise GraphError(f"the coloured set A and the shared set B must differ (both {colour})")
    plane = plane_faces(graph) if "R" in (colour, share) else None
    names = _names(graph, plane)
    a_names, b_names = names[colour], names[share]
    if len(a_names) > MAX_COLOURED:
        raise LimitError(
            f"the number of {KIND_NAMES[colour]} to colour", len(a_names), MAX_COLOURED,
            "use a smaller graph",
        )  # fmt: skip
    if len(b_names) > MAX_SHARED:
        raise LimitError(
            f"the number of {KIND_NAMES[share]} to share", len(b_names), MAX_SHARED,
            "use a smaller graph",
        )  # fmt: skip
    sets = _sets(graph, plane, colour, share)
    for name, members in zip(b_names, sets, strict=True):
        if not members:
            raise GraphError(_empty_message(graph, colour, share, name))
    chosen, label = _weights(weights, share, b_names, plane)
    return Incidence(graph, colour, share, a_names, b_names, sets, chosen, label, plane)


def formula(share: Incidence, limit: int | None = None) -> str:
    """F written out: ``F = f(v0,v1) + 2·f(v1,v2) + …`` (at most ``limit`` terms).

    >>> from evalgame.games.graph.graphs import load_graph
    >>> formula(incidence(load_graph("cycle:3"), "V", "E", {"v0-v1": 2}), limit=2)
    'F = 2·f(v0,v1) + f(v1,v2) + … (3 terms)'
    """
    terms = []
    for weight, members in zip(share.weights, share.sets, strict=True):
        if weight == 0:
            continue
        body = "f(" + ",".join(share.a_names[a] for a in members) + ")"
        terms.append(body if weight == 1 else f"{format_number(weight)}·{body}")
    if not terms:
        return "F = 0"
    if limit is not None and len(terms) > limit:
        return "F = " + " + ".join(terms[:limit]) + f" + … ({len(terms)} terms)"
    return "F = " + " + ".join(terms)


def _kind(text: str, role: str) -> str:
    kind = text.strip().upper()
    if kind not in KINDS:
        raise GraphError(f"the {role} set must be V, E or R, not {text!r}")
    return kind


def _names(graph: Graph, plane: PlaneGraph | None) -> dict[str, tuple[str, ...]]:
    edges = tuple(graph.edge_name(i) for i in range(len(graph.edges)))
    faces = () if plane is None else tuple(face.name for face in plane.faces)
    return {"V": graph.vertices, "E": edges, "R": faces}


def _sets(
    graph: Graph, plane: PlaneGraph | None, colour: str, share: str
) -> tuple[tuple[int, ...], ...]:
    """S(x) for every x ∈ B, as sorted indices into A."""
    faces = () if plane is None else plane.faces
    if (colour, share) == ("V", "E"):
        return tuple(tuple(sorted(set(edge))) for edge in graph.edges)
    if (colour, share) == ("E", "V"):
        return tuple(
            tuple(i for i, edge in enumerate(graph.edges) if v in edge)
            for v in range(len(graph.vertices))
        )
    if (colour, share) == ("E", "R"):
        return tuple(tuple(sorted(face.edges)) for face in faces)
    if (colour, share) == ("V", "R"):
        return tuple(tuple(sorted(face.vertices)) for face in faces)
    if (colour, share) == ("R", "V"):
        return tuple(
            tuple(r for r, face in enumerate(faces) if v in face.vertices)
            for v in range(len(graph.vertices))
        )
    return tuple(  # (R, E)
        tuple(r for r, face in enumerate(faces) if e in face.edges) for e in range(len(graph.edges))
    )


def _empty_message(graph: Graph, colour: str, share: str, name: str) -> str:
    if (colour, share) == ("E", "V"):
        return (
            f"{graph.name}: vertex {name} has no edge, so S({name}) would be empty; "
            "every vertex needs an edge when vertices are shared by colouring edges"
        )
    return f"{graph.name}: S({name}) would be empty ({name} touches no {KIND_NAMES[colour][:-1]})"


def _weights(
    weights: str | Mapping[str, Number],
    share: str,
    b_names: Sequence[str],
    plane: PlaneGraph | None,
) -> tuple[tuple[Number, ...], str]:
    """The weight of every x ∈ B, and how they were chosen."""
    if isinstance(weights, str):
        if weights == "unit":
            return tuple(1 for _ in b_names), "unit"
        if weights == "area":
            if share != "R" or plane is None:
                raise GraphError("area weights are for sharing faces (B = R)")
            return tuple(_integral(a) for a in face_areas(plane)), "area"
        raise GraphError(f"weights must be unit, area or NAME=W,..., not {weights!r}")
    unknown = sorted(set(weights) - set(b_names))
    if unknown:
        raise GraphError(
            f"weights for unknown elements {', '.join(unknown[:5])}; the shared elements are "
            + ", ".join(b_names[:8])
            + (", …" if len(b_names) > 8 else "")
        )
    chosen = []
    for name in b_names:
        weight = Fraction(weights.get(name, 1))
        if weight < 0:
            raise GraphError(f"the weight of {name} is negative ({format_number(weight)})")
        chosen.append(_integral(weight))
    return tuple(chosen), "given"


def _integral(value: Number) -> Number:
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value
