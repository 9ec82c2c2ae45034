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

import hashlib
import json
import re
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from evalgame.analysis.min_maximal import minimum_maximal_tiling
from evalgame.analysis.results_page import replace_marked
from evalgame.errors import ContradictionError, EvalgameError
from evalgame.games.matching.bounds import LadderReport, LadderStep, bound_ladder
from evalgame.games.matching.native import DEFAULT_OPTIONS, OPTIONS, Engine, NativeSolver
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
    #: the solver that found the values: ``"python"`` (the reference) or ``"native"`` (the C kernel)
    engine: str = "python"
    #: for the kernel's values: how they were confirmed a second way
    confirmation: str = ""

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
            data.get("engine", "python"),
            data.get("confirmation", ""),
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


def board_value(rows: int, cols: int, engine: Engine = "python") -> BoardValue:
    """Solve the ``rows × cols`` board for both starting players, with the Python reference
    solver or (``engine="native"``) the C kernel."""
    solved = []
    for first in (Player.MAX, Player.MIN):
        started = time.process_time()
        solution = solve_tiling(rows, cols, first, engine=engine)
        solved.append(Solved(solution.value, solution.stats.nodes, time.process_time() - started))
    board = Board(rows, cols)
    mu = minimum_maximal_tiling(rows, cols).value
    nu = board.max_matching(board.full)
    return BoardValue(rows, cols, solved[0], solved[1], nu, mu, engine)


def confirmed_by_python(value: BoardValue) -> BoardValue:
    """``value`` (the kernel's) solved again by the Python reference solver, which must agree.

    >>> kernel = board_value(2, 4, engine="native")
    >>> confirmed_by_python(kernel).confirmation
    'the Python solver agrees'
    """
    again = board_value(value.rows, value.cols)
    return _confirmed(value, (again.max_first.value, again.min_first.value), "the Python solver")


def confirmed_without_sum_rule(value: BoardValue) -> BoardValue:
    """``value`` (the kernel's) solved again by the kernel without the sum rule of tame
    regions (its option ``tame``), which must agree: for boards the Python solver cannot
    finish in minutes.

    >>> kernel = board_value(2, 4, engine="native")
    >>> confirmed_without_sum_rule(kernel).confirmation
    'the kernel without the sum rule agrees'
    """
    board = Board(value.rows, value.cols)
    found = []
    for max_to_move in (True, False):
        solver = NativeSolver(board, options=DEFAULT_OPTIONS & ~OPTIONS["tame"])
        found.append(solver.value(board.full, max_to_move))
    return _confirmed(value, (found[0], found[1]), "the kernel without the sum rule")


def _confirmed(value: BoardValue, found: tuple[Number, Number], by: str) -> BoardValue:
    if found != (value.max_first.value, value.min_first.value):
        raise EvalgameError(f"{value.rows}×{value.cols}: {by} finds {found}")
    return replace(value, confirmation=f"{by} agrees")


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
    """One null-window test finished by the C kernel (``evalgame tiling --dfpn-mb M --record``;
    before 2026-11-28, ``scripts/tiling_proofs.py``)."""

    rows: int
    cols: int
    first: str
    #: what it proved, e.g. "value ≥ 21"
    proof: str
    nodes: int
    seconds: float
    #: how the result was confirmed a second way, beside the sampled lines (free text)
    confirmation: str = ""
    #: the sampled lines that confirmed it (``--lines``), the cells left when each was
    #: checked by the Python solver (``--cells``) and how many disagreed
    lines: int = 0
    cells: int = 0
    failures: int = 0
    #: the random seeds the lines were spread over and how many played near-best replies
    #: (0 and 0: the lines of before, against random replies)
    seeds: int = 0
    near_best: int = 0
    #: the kernel's options (``--options``), its table in MB and the day of the run, if known
    options: str = ""
    table_mb: int = 0
    date: str = ""
    #: the code version (commit, dirty flag) and options of the run
    #: (:func:`~evalgame.provenance.provenance`); ``None`` in records made before it was kept
    provenance: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def bound(self) -> tuple[str, int]:
        """The relation ("≥" or "≤") and the number it proved.

        >>> KernelProof(7, 7, "max", "value ≤ 22", 1, 1.0).bound
        ('≤', 22)
        """
        relation, number = self.proof.removeprefix("value ").split()
        return relation, int(number)

    @property
    def confirmed(self) -> str:
        """How it was confirmed, as the table says it.

        >>> KernelProof(7, 7, "max", "value ≥ 22", 1, 1.0, lines=20, cells=24).confirmed
        'sampled lines: 20, checked at ≤ 24 cells, 0 failures'
        >>> KernelProof(7, 7, "max", "value ≥ 22", 1, 1.0, lines=200, cells=32, seeds=4,
        ...             near_best=97).confirmed  # doctest: +NORMALIZE_WHITESPACE
        'sampled lines: 200 (4 seeds; 103 against the strongest replies, 97 near-best),
        checked at ≤ 32 cells, 0 failures'
        """
        notes = [self.confirmation] if self.confirmation else []
        if self.lines:
            opponent = (
                f" ({self.seeds} seeds; {self.lines - self.near_best} against the strongest "
                f"replies, {self.near_best} near-best)"
                if self.seeds
                else ""
            )
            sampled = (
                f"{self.lines}{opponent}, checked at ≤ {self.cells} cells, {self.failures} failures"
            )
            notes.insert(0, f"sampled lines: {sampled}")
        return "; ".join(notes)


def check_proofs(proofs: Sequence[KernelProof], new: Sequence[KernelProof] = ()) -> None:
    """Refuse kernel proofs that contradict each other (``new`` ones: against every proof):
    for one board and starter, "value ≥ a" and "value ≤ b" with b < a; across the starters,
    bounds more than one apart (the starters' theorem, |f(G, MAX) − f(G, MIN)| ≤ 1,
    docs/tiling_search.md). A :class:`~evalgame.errors.ContradictionError` names both.

    >>> high = KernelProof(7, 7, "max", "value ≥ 22", 1, 1.0, date="2026-11-01")
    >>> check_proofs([high], [KernelProof(7, 7, "min", "value ≤ 21", 1, 1.0)])
    >>> try:
    ...     check_proofs([high], [KernelProof(7, 7, "max", "value ≤ 21", 1, 1.0)])
    ... except ContradictionError as error:
    ...     print(error.subject, "|", error.known[:35], "|", error.new[-27:])
    7×7 | the proof of 2026-11-01 (MAX first, | says value ≤ 21 (MAX first)
    """
    pairs = (
        [(old, proof) for proof in new for old in proofs]
        if new
        else [(old, proof) for k, proof in enumerate(proofs) for old in proofs[:k]]
    )
    for old, proof in pairs:
        if (old.rows, old.cols) != (proof.rows, proof.cols):
            continue
        slack = 0 if old.first == proof.first else 1  # the starters' theorem
        (relation, number), (other, bound) = old.bound, proof.bound
        if relation == other:
            continue
        low, high = (number, bound) if relation == "≥" else (bound, number)
        if low > high + slack:
            raise ContradictionError(
                f"{proof.rows}×{proof.cols}"
                + (" (the starters' values differ by at most 1)" if slack else ""),
                f"{_who(old)} says {old.proof} ({old.first.upper()} first)",
                f"{_who(proof)} says {proof.proof} ({proof.first.upper()} first)",
            )


def record_proof(path: Path, proof: KernelProof) -> None:
    """Add ``proof`` to the "kernel_proofs" of the JSON file at ``path`` (read again just
    before, so that other runs' additions are kept; ``evalgame tiling --record``); one that
    contradicts a proof there (:func:`check_proofs`) is a
    :class:`~evalgame.errors.ContradictionError`, the file left as it was.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "results.json"
    >>> _ = path.write_text("{}")
    >>> record_proof(path, KernelProof(4, 4, "max", "value ≥ 7", 10, 0.1))
    >>> json.loads(path.read_text())["kernel_proofs"][0]["proof"]
    'value ≥ 7'
    """
    data = json.loads(path.read_text())
    check_proofs([KernelProof(**old) for old in data.get("kernel_proofs", [])], [proof])
    data.setdefault("kernel_proofs", []).append(asdict(proof))
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def _who(proof: KernelProof) -> str:
    """A kernel proof, as a contradiction names it: its day, starter and code version."""
    code = (proof.provenance or {}).get("code", "unknown (before provenance was recorded)")
    day = proof.date or "an unknown day"
    return f"the proof of {day} ({proof.first.upper()} first, code {code})"


def value_from_proofs(rows: int, cols: int, proofs: Sequence[KernelProof]) -> BoardValue | None:
    """The exact value of ``rows × cols`` for both starters when the kernel's proofs meet:
    for each starter "value ≥ v" and "value ≤ v", each confirmed by sampled lines without
    a failure; ``None`` otherwise. Its nodes and seconds are those of the two proofs.

    >>> proofs = [KernelProof(2, 3, first, f"value {relation} 3", 5, 0.5, lines=4, cells=6)
    ...           for first in ("max", "min") for relation in "≥≤"]
    >>> value = value_from_proofs(2, 3, proofs)
    >>> value.max_first, value.mu, value.nu
    (Solved(value=3, nodes=10, seconds=1.0), 2, 3)
    >>> value.confirmation
    'sampled lines: 4 per bound, checked at ≤ 6 cells, 0 failures'
    >>> value_from_proofs(2, 3, proofs[:3]) is None
    True
    """
    solved, used = [], []
    for first in ("max", "min"):
        confirmed = [
            proof
            for proof in proofs
            if (proof.rows, proof.cols, proof.first) == (rows, cols, first)
            and proof.lines
            and not proof.failures
        ]
        lower = max(
            (p for p in confirmed if p.bound[0] == "≥"), key=lambda p: p.bound[1], default=None
        )
        upper = min(
            (p for p in confirmed if p.bound[0] == "≤"), key=lambda p: p.bound[1], default=None
        )
        if lower is None or upper is None or lower.bound[1] != upper.bound[1]:
            return None
        solved.append(
            Solved(lower.bound[1], lower.nodes + upper.nodes, lower.seconds + upper.seconds)
        )
        used += [lower, upper]
    lines, cells = min(p.lines for p in used), min(p.cells for p in used)
    board = Board(rows, cols)
    return BoardValue(
        rows,
        cols,
        solved[0],
        solved[1],
        board.max_matching(board.full),
        minimum_maximal_tiling(rows, cols).value,
        "native",
        f"sampled lines: {lines} per bound, checked at ≤ {cells} cells, 0 failures",
    )


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
    certified: Mapping[tuple[int, int], str] | None = None,
) -> str:
    """The tiling section of ``docs/results.md``: every board's value and what backs it
    first, then the tables that back them (``certified``: each board's certificates, as
    :func:`certified_boards` counts them)."""
    lines = [
        "## The tiling game (seed 000, §6)",
        "",
        "MAX and MIN alternately place dominoes on an m×n board until the partial tiling is",
        "maximal; the value is the number of dominoes under optimal play. μ is the fewest",
        "dominoes of a maximal partial tiling (exact, by integer programming with HiGHS) and",
        "ν the most (a maximum matching), so μ ≤ value ≤ ν. The m×n and n×m boards are the",
        "same game. The first table gives every board's value today and what backs it; the",
        "tables after it are that backing, bound by bound: the Python solver's complete",
        "searches, the C kernel's, its null-window proofs with the sampled lines that",
        "confirm each, the proof manager's sittings, and the certificates an independent",
        "checker verified. How the values were reached, day by day: the",
        "[journal](journal/README.md).",
        "",
        "To reproduce (from the repository's root): a value, `evalgame tiling R C --first F`",
        "(the C kernel; `--engine python` for the reference solver); a bound with its sampled",
        "lines, `evalgame tiling R C --first F --dfpn-mb 1024 --ask G --lines 20`; a",
        "certificate, `evalgame verify docs/proofs/certificates/FILE`, and all of them,",
        "`make verify-certificates`; every bound the kernel published, from empty tables,",
        "`make long-proofs`; this section, from `docs/tiling_results.json`,",
        "`python scripts/tiling_results.py --markdown-only`.",
    ]
    lines += _best_known_lines(values, bounds, proofs, managed, certified)
    lines += [
        "",
        "### Small boards: exact values by the Python solver",
        "",
        "Each value is a complete MTD(f) search of the specialised solver in Python, which",
        "the tests check against a plain brute force on every board up to 4×4 and against",
        "the game-agnostic engine up to 5×5; the C kernel behind `evalgame tiling R C`",
        "re-derives every one of them (a slow test). Nodes count the positions searched",
        "(the principal line included); seconds are CPU seconds (Python 3.11, one core of a",
        "shared machine).",
        "",
        "| board | MAX first | MIN first | μ | ν | nodes (MAX / MIN first) | CPU s |",
        "|---|---|---|---|---|---|---|",
    ]
    lines += [_value_line(row) for row in values if row.engine == "python"]
    kernel_values = [row for row in values if row.engine != "python"]
    if kernel_values:
        lines += [
            "",
            "### Larger boards: exact values by the C kernel",
            "",
            "Complete searches of the compiled kernel (`evalgame tiling R C`, its default",
            "options and table: above 36 cells the sum rule of tame regions decides every",
            "position whose regions are all tame and of at most 16 cells), one core of the",
            "shared machine. The last column says how each value was confirmed a second way:",
            "by the Python reference solver up to 36 cells, by the kernel without the sum",
            "rule above; or, for a value proved by the kernel's null-window tests of the next",
            'section ("value ≥ v" and "value ≤ v" for each starter, with the kernel\'s default',
            "options), by sampled lines on each of its bounds: then its nodes",
            "and CPU seconds are those of its two tests.",
            "",
            "| board | MAX first | MIN first | μ | ν | nodes (MAX / MIN first) | CPU s "
            "| confirmed by |",
            "|---|---|---|---|---|---|---|---|",
        ]
        lines += [f"{_value_line(row)} {row.confirmation or '—'} |" for row in kernel_values]
    if proofs:
        lines += [
            "",
            "### Larger boards: proofs by the C kernel",
            "",
            "Null-window tests finished by the compiled search kernel (`_kernel.c`, the same",
            "tests as the Python solver's, `evalgame tiling --dfpn-mb`), one core of the shared",
            "machine. A bound is listed only when confirmed a second way, named in the last",
            "column: *sampled lines* — lines of play in which the proving side follows the",
            "kernel's strategy (found by the search that proved the bound: the null-window",
            "test, or df-pn in its table of numbers) and the other side moves at random, each",
            "checked near its end (when at most the given number of cells can still be",
            "covered) by the Python solver, which must agree on every line. One row per",
            "test, board by board in the order they ran (`evalgame tiling --record FILE`",
            "adds them); a board whose bounds meet for both starters joins the exact values",
            "above. The first table of this section also applies the starters' theorem,",
            "|f(G, MAX) − f(G, MIN)| ≤ 1 (docs/tiling_search.md): each starter's bounds bound",
            "the other's, one further out.",
            "",
            "| board | first | proved | nodes | CPU s | confirmed by |",
            "|---|---|---|---|---|---|",
        ]
        for proof in sorted(proofs, key=lambda proof: (proof.rows, proof.cols)):
            lines.append(
                f"| {proof.rows}×{proof.cols} | {proof.first.upper()} | **{proof.proof}** "
                f"| {proof.nodes:,} | {proof.seconds:.0f} | {proof.confirmed} |"
            )
    if managed:
        lines += _manager_lines(managed)
    return "\n".join(lines) + "\n"


def section_from_data(data: Mapping[str, Any], docs: Path) -> str:
    """The tiling section of ``docs/results.md``: the tables of ``data`` (the contents of
    ``docs/tiling_results.json``), the proof manager's stores in ``docs/proofs`` and the
    figures in ``docs/figures``."""
    exact = [*data["values"].values(), *data.get("kernel_values", {}).values()]
    values = sorted(map(BoardValue.from_dict, exact), key=lambda v: (v.rows, v.cols))
    bounds = [BoardBounds.from_dict(b) for b in data["bounds"].values()]
    bounds.sort(key=lambda b: (b.rows, b.cols, b.first != "max"))
    proofs = [KernelProof(**proof) for proof in data.get("kernel_proofs", [])]
    check_proofs(proofs)  # none contradicts another
    managed = manager_proofs(docs / "proofs")
    folder = docs / "proofs" / "certificates"
    certificates = _certificate_lines(folder, values)
    section = markdown(values, bounds, proofs, managed, certified_boards(folder))
    return section + certificates + _figure_lines(docs / "figures")


def certified_boards(folder: Path) -> dict[tuple[int, int], str]:
    """Each board with certificates in ``folder``: how many of its four bounds (two
    starters, lower and upper) have one that ``evalgame verify`` found valid, as the file
    is now (``verified.json``).

    >>> certified_boards(Path("no such folder"))
    {}
    """
    record = folder / "verified.json"
    verdicts = json.loads(record.read_text()) if record.exists() else {}
    valid: dict[tuple[int, int], int] = {}
    for path in sorted(folder.glob("*.cert.gz")):
        match = re.match(r"(\d+)x(\d+)-(max|min)-", path.name)
        if match is None:
            continue
        board = (int(match.group(1)), int(match.group(2)))
        verdict = verdicts.get(path.name)
        good = bool(verdict and verdict.get("valid") and verdict.get("sha256") == _sha256(path))
        valid[board] = valid.get(board, 0) + good
    return {board: f"{count} of 4 verified" for board, count in valid.items()}


def _certificate_lines(folder: Path, values: Sequence[BoardValue] = ()) -> str:
    """The table of the certificates in ``folder`` (docs/proofs/certificates): each bound,
    its file, its size, and the independent checker's verdict kept in ``verified.json``
    (``make verify-certificates``); then the boards of ``values`` (exact values) that have
    none yet.

    >>> _certificate_lines(Path("no such folder"))
    ''
    """
    files = sorted(folder.glob("*.cert.gz"), key=_certificate_order)
    if not files:
        return ""
    named = {path.name.split("-")[0] for path in files}
    uncertified = [
        f"{value.rows}×{value.cols}"
        for value in values
        if value.rows > 1 and f"{value.rows}x{value.cols}" not in named
    ]
    record = folder / "verified.json"
    verdicts = json.loads(record.read_text()) if record.exists() else {}
    lines = [
        "",
        "### Certificates",
        "",
        "Each bound below is backed by a proof certificate (docs/certificates.md): the",
        "prover's strategy, written by `evalgame tiling R C --certificate FILE` from the",
        "kernel's answers, which `evalgame verify` checks with code of its own — its own",
        "moves, symmetries, matching, exhaustive search and tameness, sharing nothing with",
        "the search. `make verify-certificates` checks them all and keeps the verdicts in",
        "`docs/proofs/certificates/verified.json`; the last column is that verdict.",
        "",
        "| board | first | bound | certificate | entries | bytes | verified |",
        "|---|---|---|---|---|---|---|",
    ]
    for path in files:
        verdict = verdicts.get(path.name)
        if verdict is None or verdict.get("sha256") != _sha256(path):
            lines.append(f"| {path.name} | | | | | {path.stat().st_size:,} | not yet |")
            continue
        rows = verdict["board"].split("/")
        sign = "≥" if verdict["claim"] == "at_least" else "≤"
        checked = "valid" if verdict["valid"] else "**invalid**"
        # format 1 unless the verdict says otherwise (verdicts kept before formats had one)
        form = " (format 2)" if verdict.get("version", 1) == 2 else ""
        lines.append(
            f"| {len(rows)}×{len(rows[0])} | {verdict['to_move'].upper()} "
            f"| value {sign} {verdict['bound']} "
            f"| [{path.name}](proofs/certificates/{path.name}){form} "
            f"| {verdict['counts']['entries']:,} | {verdict['bytes']:,} "
            f"| {checked}, {verdict['seconds']:.1f} s ({verdict['date']}) |"
        )
    if uncertified:
        # 7×7's value is in the table of best-known bounds, not among the exact values
        seven = sum(path.name.startswith("7x7-") for path in files)
        missing = "" if seven >= 4 else "7×7's bounds not listed above" if seven else "7×7"
        why = "7×7's other bounds have none" if seven else "7×7 has none"
        lines += [
            "",
            f"The exact values of the other boards ({', '.join(uncertified)}; 1×n and 2×n "
            "beyond 7 columns"
            + (
                f"; and {missing}, whose value the table of best-known bounds gives"
                if missing
                else ""
            )
            + ") have no certificate yet: they rest on the searches and the second "
            "confirmations named above."
            + (
                f' Why {why} yet: BENCHMARKS.md, "Certificates of the published values".'
                if missing
                else ""
            ),
        ]
    return "\n".join(lines) + "\n"


def _certificate_order(path: Path) -> tuple[int, int, bool, str]:
    """Certificates by board size, then starter (MAX first) and claim, from their names
    (``7x7-max-at_least-22.cert.gz``); other names last."""
    match = re.match(r"(\d+)x(\d+)-(max|min)-", path.name)
    if match is None:
        return (10**6, 0, False, path.name)
    rows, cols, first = match.groups()
    return int(rows), int(cols), first == "min", path.name


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _figure_lines(folder: Path) -> str:
    figures = sorted(folder.glob("tiling-*-first.svg")) + sorted(folder.glob("min-maximal-*.svg"))
    if not figures:
        return ""
    lines = ["", "Figures (principal lines of play: MAX blue, MIN red, numbered in order):", ""]
    lines += [f"![{path.stem}](figures/{path.name})" for path in figures]
    return "\n".join(lines) + "\n"


def _value_line(row: BoardValue) -> str:
    """One exact board as a table row (without the confirmation column)."""
    return (
        f"| {row.rows}×{row.cols} | {row.max_first.value} | {row.min_first.value} "
        f"| {row.mu} | {row.nu} | {row.max_first.nodes:,} / {row.min_first.nodes:,} "
        f"| {row.max_first.seconds + row.min_first.seconds:.1f} |"
    )


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


def _range(lower: Number | None, upper: Number | None, bold: str = "**") -> str:
    """``lower…upper`` in bold, one number when they meet."""
    if lower is not None and lower == upper:
        return f"{bold}{lower}{bold}"
    return f"{bold}{'?' if lower is None else lower}…{'?' if upper is None else upper}{bold}"


Bound = tuple[Number | None, str]


def _best_bounds(
    bounds: Sequence[BoardBounds],
    proofs: Sequence[KernelProof],
    managed: Sequence[ManagerProof] = (),
) -> dict[tuple[int, int, str], tuple[Bound, Bound]]:
    """The best lower and upper bound of each board and starter, each with what proved it:
    the Python solver's ladder (and μ), the kernel's proofs, the manager's stores, then the
    starters' theorem and ν, the maximum matching.

    >>> proof = KernelProof(7, 7, "max", "value ≥ 21", 1, 1.0, "sampled lines")
    >>> _best_bounds([], [proof])[7, 7, "max"]
    ((21, 'C kernel'), (24, 'ν'))
    >>> _best_bounds([], [proof])[7, 7, "min"]
    ((20, "the starters' theorem from MAX first"), (24, 'ν'))
    >>> manager = ManagerProof(7, 7, "max", "s", 20, 22, 0, 0.0, ())
    >>> _best_bounds([], [proof], [manager])[7, 7, "max"]
    ((21, 'C kernel'), (22, 'proof manager'))
    >>> other = KernelProof(7, 7, "min", "value ≤ 20", 1, 1.0, "sampled lines")
    >>> _best_bounds([], [proof, other])[7, 7, "max"][1]
    (21, "the starters' theorem from MIN first")
    """
    best: dict[tuple[int, int, str], tuple[Bound, Bound]] = {}

    def add(
        key: tuple[int, int, str], lower: Number | None, upper: Number | None, how: str
    ) -> None:
        (low, low_how), (high, high_how) = best.get(key, ((None, ""), (None, "")))
        if lower is not None and (low is None or lower > low):
            low, low_how = lower, how
        if upper is not None and (high is None or upper < high):
            high, high_how = upper, how
        best[key] = ((low, low_how), (high, high_how))

    for entry in bounds:
        key = (entry.rows, entry.cols, entry.first)
        add(key, entry.mu, None, "μ")
        add(key, entry.report.lower, entry.report.upper, "Python solver's ladder")
    for proof in proofs:
        relation, number = proof.bound
        lower, upper = (number, None) if relation == "≥" else (None, number)
        add((proof.rows, proof.cols, proof.first), lower, upper, "C kernel")
    for stored in managed:
        add((stored.rows, stored.cols, stored.first), stored.lower, stored.upper, "proof manager")
    # the starters' theorem, |f(G, MAX) − f(G, MIN)| ≤ 1 (docs/tiling_search.md): each
    # starter's bounds bound the other's, one further out
    for (rows, cols, first), ((low, _), (high, _)) in list(best.items()):
        other = "min" if first == "max" else "max"
        how = f"the starters' theorem from {first.upper()} first"
        add((rows, cols, other), None if low is None else low - 1,
            None if high is None else high + 1, how)  # fmt: skip
    # every play is a matching, and a snake through the board pairs all its cells but
    # one at most: ν = ⌊rows·cols/2⌋
    for rows, cols, first in list(best):
        add((rows, cols, first), None, rows * cols // 2, "ν")
    return best


def _best_known_lines(
    values: Sequence[BoardValue],
    bounds: Sequence[BoardBounds],
    proofs: Sequence[KernelProof],
    managed: Sequence[ManagerProof],
    certified: Mapping[tuple[int, int], str] | None = None,
) -> list[str]:
    """One row per board: its best known value for each starter, what proved it, and its
    certificates (``certified``; none when not given)."""
    rows: dict[tuple[int, int], tuple[str, str, str]] = {}
    for row in values:
        how = "Python solver" if row.engine == "python" else "C kernel"
        if row.confirmation:
            how += f" ({row.confirmation})"
        rows[row.rows, row.cols] = (str(row.max_first.value), str(row.min_first.value), how)
    best = _best_bounds(bounds, proofs, managed)
    for rows_cols in dict.fromkeys((key[0], key[1]) for key in best):
        if rows_cols in rows:
            continue  # exact: the bounds say no more
        texts, hows = [], []
        for first in ("max", "min"):
            (low, low_how), (high, high_how) = best.get(
                (*rows_cols, first), ((None, ""), (None, ""))
            )
            texts.append(_range(low, high, bold=""))
            if low_how == high_how:
                hows += [f"{first.upper()} first: {low_how}"] if low_how else []
                continue
            for relation, how in (("≥", low_how), ("≤", high_how)):
                if how:
                    hows.append(f"{first.upper()} first {relation}: {how}")
        rows[rows_cols] = (texts[0], texts[1], "; ".join(hows))
    if not rows:
        return []
    lines = [
        "",
        "### Every board: the best known value",
        "",
        "One row per board: its exact value, or the proven bounds lower…upper, for each",
        "starter; what proved it, with the second confirmation each bound had (the tables",
        "below give every search); and how many of its four bounds have a certificate that",
        "the independent checker verified (ν: no play covers more than ⌊rows·cols/2⌋",
        "dominoes, a maximum matching).",
        "",
        "| board | MAX first | MIN first | proven by | certificates |",
        "|---|---|---|---|---|",
    ]
    known = certified or {}
    for (r, c), (top, bottom, how) in sorted(rows.items()):
        lines.append(f"| {r}×{c} | {top} | {bottom} | {how} | {known.get((r, c), 'none')} |")
    return lines


def _better(
    known: Number | None, new: Number | None, pick: Callable[[Number, Number], Number]
) -> Number | None:
    """The tighter of two bounds on one side (``pick``: ``max`` for lower ones)."""
    if known is None or new is None:
        return new if known is None else known
    return pick(known, new)


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
