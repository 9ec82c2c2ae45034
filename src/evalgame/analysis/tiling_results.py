"""The tiling game's values on small boards and proven bounds on large ones, as Markdown.

:func:`board_value` solves one board for both starting players (with the specialised
solver) and records the neighbouring facts: ν, the largest number of dominoes (a maximum
matching), and μ, the smallest maximal partial tiling (by integer programming), so that
μ ≤ value ≤ ν. :func:`board_bounds` runs the ladder of null-window tests of
:mod:`evalgame.games.matching.bounds` on a board too large to solve. :func:`markdown`
renders both as the tiling section of ``docs/results.md`` (``scripts/tiling_results.py``).

>>> row = board_value(2, 3)
>>> row.max_first.value, row.min_first.value, row.nu, row.mu
(3, 3, 3, 2)
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from evalgame.analysis.min_maximal import minimum_maximal_tiling
from evalgame.analysis.results_page import replace_marked
from evalgame.games.matching.bounds import LadderReport, LadderStep, bound_ladder
from evalgame.games.tiling.board import Board
from evalgame.games.tiling.game import solve_tiling
from evalgame.numbers import Number
from evalgame.proofs.store import Sitting, read_summary
from evalgame.search.protocol import Player


@dataclass(frozen=True)
class Solved:
    """One solved game: its value, the nodes searched and the CPU seconds spent."""

    value: int
    nodes: int
    seconds: float


@dataclass(frozen=True)
class BoardValue:
    """The tiling game on ``rows × cols`` for both starting players, with μ and ν."""

    rows: int
    cols: int
    max_first: Solved
    min_first: Solved
    #: a maximum matching: the most dominoes that fit
    nu: int
    #: a minimum maximal partial tiling: the fewest dominoes that block the board
    mu: int

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> BoardValue:
        """The inverse of :meth:`as_dict`."""
        return BoardValue(
            data["rows"],
            data["cols"],
            Solved(**data["max_first"]),
            Solved(**data["min_first"]),
            data["nu"],
            data["mu"],
        )


@dataclass(frozen=True)
class BoardBounds:
    """Proven bounds on the value of a board too large to solve, and how they were proven."""

    rows: int
    cols: int
    first: str
    report: LadderReport
    mu: int

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return asdict(self)

    @staticmethod
    def from_dict(data: dict[str, Any]) -> BoardBounds:
        """The inverse of :meth:`as_dict`."""
        report = dict(data["report"])
        report["steps"] = [LadderStep(**step) for step in report["steps"]]
        return BoardBounds(
            data["rows"], data["cols"], data["first"], LadderReport(**report), data["mu"]
        )


def board_value(rows: int, cols: int) -> BoardValue:
    """Solve the ``rows × cols`` board for both starting players."""
    solved = []
    for first in (Player.MAX, Player.MIN):
        started = time.process_time()
        solution = solve_tiling(rows, cols, first)
        solved.append(Solved(solution.value, solution.stats.nodes, time.process_time() - started))
    board = Board(rows, cols)
    mu = minimum_maximal_tiling(rows, cols).value
    return BoardValue(rows, cols, solved[0], solved[1], board.max_matching(board.full), mu)


def board_bounds(
    rows: int,
    cols: int,
    first: Player,
    seconds: float,
    on_step: Callable[[LadderStep, LadderReport], None] | None = None,
) -> BoardBounds:
    """The best bounds the ladder of null-window tests proves within ``seconds``."""
    report = bound_ladder(
        Board(rows, cols), max_to_move=first is Player.MAX, seconds=seconds, on_step=on_step
    )
    return BoardBounds(rows, cols, first.value, report, minimum_maximal_tiling(rows, cols).value)


@dataclass(frozen=True)
class KernelProof:
    """One null-window test finished by the C kernel (``scripts/tiling_proofs.py``)."""

    rows: int
    cols: int
    first: str
    #: what it proved, e.g. "value ≥ 21"
    proof: str
    nodes: int
    seconds: float
    #: how the result was confirmed a second way
    confirmation: str


@dataclass(frozen=True)
class ManagerProof:
    """What the proof manager's store of one board and starter holds (``docs/proofs/``)."""

    rows: int
    cols: int
    first: str
    #: the store's file name
    store: str
    lower: Number | None
    upper: Number | None
    #: the proven facts' work (every sitting's is in ``sittings``, split tasks included)
    nodes: int
    cpu: float
    sittings: tuple[Sitting, ...]


#: a tiling problem's label, as :class:`~evalgame.games.tiling.proof.TilingProblem` writes it
_TILING_LABEL = re.compile(r"tiling (\d+)×(\d+), (MAX|MIN) first")


def manager_proofs(folder: Path) -> list[ManagerProof]:
    """The tiling stores in ``folder`` (other problems' stores are left out), by board."""
    found = []
    for path in sorted(folder.glob("*.sqlite")):
        summary = read_summary(path)
        match = _TILING_LABEL.fullmatch(summary.problem)
        if match is None:
            continue
        rows, cols, first = match.groups()
        found.append(
            ManagerProof(
                int(rows),
                int(cols),
                first.lower(),
                path.name,
                summary.lower,
                summary.upper,
                summary.nodes,
                summary.cpu,
                tuple(summary.sittings),
            )
        )
    return sorted(found, key=lambda p: (p.rows, p.cols, p.first != "max"))


def markdown(
    values: Sequence[BoardValue],
    bounds: Sequence[BoardBounds],
    proofs: Sequence[KernelProof] = (),
    managed: Sequence[ManagerProof] = (),
) -> str:
    """The tiling section of ``docs/results.md``."""
    lines = [
        "## The tiling game (seed 000, §6)",
        "",
        "MAX and MIN alternately place dominoes on an m×n board until the partial tiling is",
        "maximal; the value is the number of dominoes under optimal play. μ is the fewest",
        "dominoes of a maximal partial tiling (exact, by integer programming with HiGHS) and",
        "ν the most (a maximum matching), so μ ≤ value ≤ ν. Values are exact: each is a",
        "complete MTD(f) search of the specialised solver in Python, which the tests check",
        "against a plain brute force on every board up to 4×4 and against the game-agnostic",
        "engine up to 5×5; the C kernel behind `evalgame tiling R C` re-derives every one of",
        "them (a slow test). Nodes count the positions searched (the principal line",
        "included); seconds are CPU seconds (Python 3.11, one core of a shared machine).",
        "The m×n and n×m boards are the same game.",
        "",
        "| board | MAX first | MIN first | μ | ν | nodes (MAX / MIN first) | CPU s |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in values:
        lines.append(
            f"| {row.rows}×{row.cols} | {row.max_first.value} | {row.min_first.value} "
            f"| {row.mu} | {row.nu} | {row.max_first.nodes:,} / {row.min_first.nodes:,} "
            f"| {row.max_first.seconds + row.min_first.seconds:.1f} |"
        )
    if bounds:
        lines += [
            "",
            "### Larger boards: proven bounds",
            "",
            "A value is proven only by a complete search. For larger boards the solver runs a",
            "ladder of null-window tests (`evalgame.games.matching.bounds`): each finished test",
            '"value ≥ γ?" either fails high — a MAX strategy that reaches γ against every MIN',
            "reply, a lower bound — or fails low — a MIN strategy that keeps the value below γ",
            "against every MAX reply, an upper bound. Before any search, the bounds are the",
            "static ones: at most ν, and at least what MAX gets by always playing an edge of a",
            "maximum matching (ν falls by 1 on his moves and by at most 2 on MIN's, about ⅔·ν).",
            "Every game ends in a maximal partial tiling, so μ is a lower bound too (on 8×8 it",
            "is the paper's Theorem 1, μ = 22, confirmed by HiGHS). Each run had a budget of CPU",
            "time (`scripts/tiling_results.py --seconds`, 900 by default; the runs here had",
            "3600, an hour each), shown as CPU s; the table lists the tests that proved the",
            "final bounds and those left unfinished.",
            "",
            "| board | first | proven bounds | static bounds | μ | CPU s | how |",
            "|---|---|---|---|---|---|---|",
        ]
        for entry in bounds:
            report = entry.report
            lower = max(report.lower, entry.mu)
            proven = (
                f"**{lower}**" if lower == report.upper else f"**{lower} ≤ value ≤ {report.upper}**"
            )
            lines.append(
                f"| {entry.rows}×{entry.cols} | {entry.first.upper()} | {proven} "
                f"| {report.static_lower}…{report.static_upper} | {entry.mu} "
                f"| {report.seconds:.0f} | {_how(report, entry.mu)} |"
            )
    if proofs:
        lines += [
            "",
            "### Larger boards: proofs by the C kernel",
            "",
            "Null-window tests finished by the compiled search kernel (`_kernel.c`, the same",
            "tests as the Python solver's, `scripts/tiling_proofs.py`), one core of the shared",
            "machine. A bound is listed only when confirmed a second way, named in the last",
            "column: *sampled lines* — lines of play in which the proving side follows the",
            "kernel's strategy and the other side moves at random, each checked near its end",
            "(when at most the given number of cells can still be covered) by the Python",
            "solver, which must agree on every line.",
            "",
            "| board | first | proved | nodes | CPU s | confirmed by |",
            "|---|---|---|---|---|---|",
        ]
        for proof in proofs:
            lines.append(
                f"| {proof.rows}×{proof.cols} | {proof.first.upper()} | **{proof.proof}** "
                f"| {proof.nodes:,} | {proof.seconds:.0f} | {proof.confirmation} |"
            )
    if managed:
        lines += _manager_lines(managed)
    combined = _combined(bounds, proofs, managed)
    if combined:
        lines += ["", "With the bounds above: " + "; ".join(combined) + "."]
    return "\n".join(lines) + "\n"


def _manager_lines(managed: Sequence[ManagerProof]) -> list[str]:
    """The proof manager's stores, one row per sitting (a store kept before sittings were
    recorded: one row for its proven facts)."""
    lines = [
        "",
        "### Larger boards: proofs by the proof manager, sitting by sitting",
        "",
        "The Dask proof manager (`evalgame tiling R C --workers N --store …`, C kernel",
        "leaves, docs/proofs.md) on the shared 2-core machine. Each row is one sitting read",
        "from the store committed in `docs/proofs/` (`evalgame proofs STORE` prints it):",
        "its work counts every task, those split or called off included; the bounds are",
        "the whole store's when the sitting stopped, every later sitting resuming from it.",
        "A store kept before sittings were recorded shows the work of its proven facts.",
        "A bound confirmed a second way is in the kernel's table above too; the others rest",
        "on the manager's proof alone (its leaves are the kernel's searches, which the tests",
        "check against the Python solver on every board up to 5×6).",
        "",
        "| board | first | sitting (UTC) | workers | wall s | nodes | CPU s | bounds after "
        "| questions finished | stopped |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for proof in managed:
        head = f"| {proof.rows}×{proof.cols} | {proof.first.upper()} "
        if not proof.sittings:
            lines.append(
                f"{head}| `{proof.store}`, kept before sittings were | | | {proof.nodes:,} "
                f"| {proof.cpu:.0f} | {_range(proof.lower, proof.upper)} | | |"
            )
        for sitting in proof.sittings:
            lines.append(
                f"{head}| {sitting.start} "
                f"| {sitting.workers} | {sitting.ended - sitting.started:.0f} | {sitting.nodes:,} "
                f"| {sitting.cpu:.0f} | {_range(sitting.lower, sitting.upper)} "
                f"| {'; '.join(sitting.questions) or 'none'} "
                f"| {sitting.outcome} |"
            )
    return lines


def _range(lower: Number | None, upper: Number | None) -> str:
    """``lower…upper`` in bold, one number when they meet."""
    if lower is not None and lower == upper:
        return f"**{lower}**"
    return f"**{'?' if lower is None else lower}…{'?' if upper is None else upper}**"


def _combined(
    bounds: Sequence[BoardBounds],
    proofs: Sequence[KernelProof],
    managed: Sequence[ManagerProof] = (),
) -> list[str]:
    """The best bounds of each board and starter that a kernel or manager proof touches,
    the ladder's, the kernel's and the manager's together.

    >>> proof = KernelProof(7, 7, "max", "value ≥ 21", 1, 1.0, "sampled lines")
    >>> _combined([], [proof])
    ['7×7 MAX first: value ≥ 21']
    >>> _combined([], [proof], [ManagerProof(7, 7, "max", "s", 20, 22, 0, 0.0, ())])
    ['7×7 MAX first: **21 ≤ value ≤ 22**']
    """
    found: list[tuple[tuple[int, int, str], Number | None, Number | None]] = []
    for proof in proofs:
        relation, number = proof.proof.removeprefix("value ").split()
        bound = (int(number), None) if relation == "≥" else (None, int(number))
        found.append(((proof.rows, proof.cols, proof.first), *bound))
    found += [((p.rows, p.cols, p.first), p.lower, p.upper) for p in managed]
    best: dict[tuple[int, int, str], tuple[Number | None, Number | None]] = {
        (e.rows, e.cols, e.first): (max(e.report.lower, e.mu), e.report.upper) for e in bounds
    }
    touched: dict[tuple[int, int, str], None] = {}  # in order of first mention
    for key, lower, upper in found:
        touched[key] = None
        known_lower, known_upper = best.get(key, (None, None))
        best[key] = (_better(known_lower, lower, max), _better(known_upper, upper, min))
    texts = []
    for key in touched:
        low, high = best[key]
        name = f"{key[0]}×{key[1]} {key[2].upper()} first"
        if low is not None and low == high:
            texts.append(f"{name}: **value = {low}**")
        elif low is not None and high is not None:
            texts.append(f"{name}: **{low} ≤ value ≤ {high}**")
        elif low is not None or high is not None:
            texts.append(
                f"{name}: value {'≥' if high is None else '≤'} {low if high is None else high}"
            )
    return texts


def _better(
    known: Number | None, new: Number | None, pick: Callable[[Number, Number], Number]
) -> Number | None:
    """The tighter of two bounds on one side (``pick``: ``max`` for lower ones)."""
    if known is None or new is None:
        return new if known is None else known
    return pick(known, new)


def _how(report: LadderReport, mu: int) -> str:
    """The tests that proved the final bounds (``mu`` when it beats the search)."""
    parts = [f"≥ {mu}: μ (every game ends in a maximal tiling)"] if mu > report.lower else []
    for step in report.steps:
        if step.result is None:
            continue
        if step.result >= step.gamma and step.result == report.lower:
            parts.append(f"≥ {step.result}: {_effort(report, step.gamma)}")
        elif step.result < step.gamma and step.result == report.upper:
            parts.append(f"≤ {step.result}: {_effort(report, step.gamma)}")
    if report.lower == report.static_lower and report.lower >= mu:
        parts.append(f"≥ {report.lower}: static")
    if report.upper == report.static_upper:
        parts.append(f"≤ {report.upper}: static (ν)")
    finished = {step.gamma for step in report.steps if step.result is not None}
    for step in report.steps:
        if step.gamma not in finished:
            parts.append(f"unfinished: {_effort(report, step.gamma)}")
    return "; ".join(dict.fromkeys(parts))


def _effort(report: LadderReport, gamma: int) -> str:
    """The test "value ≥ γ?" with its slices, nodes and CPU seconds added up."""
    steps = [step for step in report.steps if step.gamma == gamma]
    nodes = sum(step.nodes for step in steps)
    seconds = sum(step.seconds for step in steps)
    slices = f", {len(steps)} slices" if len(steps) > 1 else ""
    return f"test γ={gamma}{slices}, {nodes:,} nodes, {seconds:.0f} s"


#: the markers around the generated tiling section of ``docs/results.md``
START = "<!-- tiling:start — generated by scripts/tiling_results.py, do not edit by hand -->"
END = "<!-- tiling:end -->"


def replace_section(text: str, section: str) -> str:
    """``text`` with the tiling ``section`` between the markers (added at the end if absent).

    >>> page = replace_section("# Results\\n", "new\\n")
    >>> replace_section(page + "## Graphs\\n", "newer\\n").count("new")
    1
    """
    return replace_marked(text, section, START, END)
