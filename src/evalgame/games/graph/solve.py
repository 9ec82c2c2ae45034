"""Solve a graph game: MAX's share under optimal play, a line of play and who owns what.

>>> from evalgame.games.graph.graphs import load_graph
>>> from evalgame.games.graph.incidence import incidence
>>> solution = solve_share(incidence(load_graph("friendship:3"), "R", "V"), 2)
>>> solution.value, solution.share.total
(5, 7)
>>> sorted(name for name, mine in solution.owners().items() if mine)
['v0', 'v3', 'v4', 'v5', 'v6']
"""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evalgame.errors import GameError
from evalgame.games.graph.incidence import Incidence, formula
from evalgame.games.graph.pictures import draw_colouring
from evalgame.games.graph.share import GraphShare
from evalgame.numbers import format_number
from evalgame.search.budget import Budget
from evalgame.search.registry import SOLVERS as ENGINE
from evalgame.search.registry import Solver, choose, solvers
from evalgame.search.stats import SearchStats
from evalgame.vocabulary import exact_json, seconds_json

#: the engine's searches that suit the graph games (all on a transposition table)
SOLVERS: dict[str, Solver] = solvers(*(ENGINE[name] for name in ("alphabeta", "mtdf", "negascout")))
#: one round of play: (colour, index of the element of A it went on)
Round = tuple[int, int]


@dataclass
class ShareSolution:
    """MAX's share ``value`` of game(G, A, B, [``colours``], f) and a principal line.

    ``pv`` is a whole game: one (colour, element) round per element of A. Once nothing is
    open the remaining colours cannot change the share; the line then finishes with
    colour 1 (``played`` rounds were searched, the rest is that filler).
    """

    share: Incidence
    colours: int
    rule: str
    value: Any
    pv: list[Round]
    played: int
    algorithm: str
    stats: SearchStats
    seconds: float

    def __repr__(self) -> str:
        """``<ShareSolution game(friendship:3, V, E) [2] mono: MAX's share 4 of 9>``."""
        return (
            f"<ShareSolution {self.share.title} [{self.colours}] {self.rule}: MAX's share "
            f"{format_number(self.value)} of {format_number(self.share.total)}>"
        )

    def _repr_svg_(self) -> str:
        """The end of the principal line drawn (colours, and who owns what), for notebooks."""
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "share.svg"
            self.draw(out)
            return out.read_text()

    def draw(self, path: Path | str, *, title: str | None = None) -> None:
        """Draw the end of the principal line into ``path`` (``.svg`` or ``.png``).

        >>> import tempfile, pathlib
        >>> from evalgame.games.graph.graphs import load_graph
        >>> from evalgame.games.graph.incidence import incidence
        >>> out = pathlib.Path(tempfile.mkdtemp()) / "f3.svg"
        >>> solve_share(incidence(load_graph("friendship:3"), "V", "E"), 2).draw(out)
        >>> out.read_text().startswith("<?xml")
        True
        """
        if title is None:
            title = (
                f"{self.share.title}, {self.colours} colours ({self.rule}): MAX gets "
                f"{format_number(self.value)} of {format_number(self.share.total)}"
            )
        colours = {a: colour for colour, a in self.pv}
        draw_colouring(self.share, colours, list(self.owners().values()), path, title=title)

    def colouring(self) -> dict[str, int]:
        """The colour of every element of A at the end of the line."""
        return {self.share.a_names[a]: colour for colour, a in self.pv}

    def owners(self) -> dict[str, bool]:
        """For every element of B, whether it is MAX's at the end of the line."""
        colours = {a: colour for colour, a in self.pv}
        return {
            name: owned(self.rule, [colours[a] for a in members])
            for name, members in zip(self.share.b_names, self.share.sets, strict=True)
        }

    def line(self) -> str:
        """The searched part of the line as ``1→v0, 2→v3, …``."""
        return ", ".join(f"{c}→{self.share.a_names[a]}" for c, a in self.pv[: self.played])

    def as_json(self) -> dict[str, Any]:
        """The scripting contract of ``evalgame graph --json``."""
        share = self.share
        return {
            "graph": share.graph.name,
            "colour": share.colour,
            "share": share.share,
            "colours": self.colours,
            "rule": self.rule,
            "weights": share.weighting,
            "value": exact_json(self.value),
            "total": exact_json(share.total),
            "ceiling": exact_json(share.ceiling) if self.rule == "mono" else None,
            "formula": formula(share),
            "pv": [{"colour": c, "element": share.a_names[a]} for c, a in self.pv],
            "played": self.played,
            "owners": {name: "max" if mine else "min" for name, mine in self.owners().items()},
            "algorithm": self.algorithm,
            "stats": self.stats.as_dict(),
            "seconds": seconds_json(self.seconds),
        }


def solve_share(
    share: Incidence,
    colours: int,
    rule: str = "mono",
    *,
    algorithm: str = "alphabeta",
    budget: Budget | None = None,
) -> ShareSolution:
    """MAX's share of game(G, A, B, [``colours``], ``rule``) under optimal play.

    ``algorithm`` is one of :data:`SOLVERS` (``alphabeta`` by default); a ``budget`` may
    stop the search (with proven bounds).
    """
    solver = choose(SOLVERS, algorithm)
    game = GraphShare(share, colours, rule)
    started = time.perf_counter()
    result = solver(game, budget=budget)
    seconds = time.perf_counter() - started
    moves = list(result.pv)
    rounds = [(moves[i], moves[i + 1]) for i in range(0, len(moves) - 1, 2)]
    placed = {a for _, a in rounds}
    filler = [(1, a) for a in range(len(share.a_names)) if a not in placed]
    solution = ShareSolution(
        share, colours, rule, result.value, rounds + filler, len(rounds), algorithm,
        result.stats, seconds,
    )  # fmt: skip
    mine = solution.owners().values()
    check = sum((w for w, own in zip(share.weights, mine, strict=True) if own), 0)
    if check != result.value:
        raise GameError(f"internal error: the line gives MAX {check}, not {result.value}")
    return solution


def owned(rule: str, colours: list[int]) -> bool:
    """Whether MAX owns an element whose set S(x) got ``colours``.

    >>> owned("mono", [1, 1, 2]), owned("mono", [2, 2]), owned("parity", [1, 2, 1, 1])
    (True, False, True)
    """
    if rule == "parity":
        return colours.count(1) % 2 == 1
    return len(set(colours)) > 1
