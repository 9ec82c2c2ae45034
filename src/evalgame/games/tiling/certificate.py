"""Proof certificates of tiling-game bounds, written from the C kernel's answers.

A certificate (format 1, docs/certificates.md) proves one bound — ``at_least B`` with MAX
the prover, or ``at_most B`` with MIN the prover — as the prover's strategy: one move for
each position where the prover is to move, keyed by its free cells. The checker
(``evalgame verify``, :mod:`evalgame.certify`) walks it with code of its own; nothing
here is trusted.

:func:`write_certificate` builds the strategy by a depth-first walk of the proof tree: at
an opponent's position every move is followed, at the prover's one move is chosen —
a move whose position is already in the certificate, else one that ends in a leaf the
checker decides by itself, else the first move the kernel's null-window test proves, those
to a symmetric position tried first — and
the walk stops where the checker stops: a settled claim, a small position
(``small_cells``) or a sum of small tame regions (``tame_cells``). Positions are keyed by
canonical form under the board's symmetries, so a symmetric twin costs nothing. Format 2
(``version=2``, proposed) adds a fourth leaf, the *cut*: a position that the separator
bound decides, with the cells it takes away written for the checker to confirm.

>>> import gzip, json, tempfile, pathlib
>>> from evalgame.games.tiling.board import Board
>>> path = pathlib.Path(tempfile.mkdtemp()) / "4x4.cert.gz"
>>> summary = write_certificate(
...     Board(4, 4), True, "at_least", 7, path, small_cells=8, tame_cells=4
... )
>>> summary.entries, summary.leaves
(12, {'settled': 0, 'small': 50, 'tame': 0, 'cut': 0})
>>> header = json.loads(gzip.open(path, "rt").readline())
>>> header["claim"], header["bound"], header["board"]
('at_least', 7, '..../..../..../....')
"""

from __future__ import annotations

import gzip
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Literal

from evalgame.errors import InputError
from evalgame.games.matching.bitgraph import Permutation, bits
from evalgame.games.matching.native import (
    DEFAULT_TAME_CELLS,
    LARGE_BOARD_TAME_MB,
    LARGE_GRAPH_OPTIONS,
    NativeSolver,
)
from evalgame.games.matching.separator import separator_cut
from evalgame.games.matching.tame import RegionValue, sum_rule
from evalgame.games.tiling.board import Board
from evalgame.provenance import provenance
from evalgame.search.budget import Budget

Claim = Literal["at_least", "at_most"]
CLAIMS: tuple[Claim, ...] = ("at_least", "at_most")
#: the certificate format this module writes (docs/certificates.md): version 1 by
#: default, 2 (format 1 and cuts, proposed) on request
FORMAT, VERSION, VERSIONS = "evalgame-certificate", 1, (1, 2)
#: the leaf rules' default limits: positions of at most SMALL_CELLS free cells, and sums
#: of tame regions of at most TAME_CELLS cells, are left to the checker (on 6×6, K = 20
#: against 16 writes 5× fewer entries; BENCHMARKS.md, "Certificates")
SMALL_CELLS, TAME_CELLS = 16, 20
#: the leaf rules, in the order the checker applies them
LEAF_RULES = ("settled", "small", "tame", "cut")
#: positions walked between two progress reports and budget checks
REPORT_EVERY = 4096


@dataclass
class CertificateSummary:
    """What a written certificate holds: its entries (prover positions), the opponent
    positions and the leaves by rule the walk met, the kernel's nodes, size and time."""

    board: str
    to_move: str
    claim: Claim
    bound: int
    path: Path
    entries: int = 0
    opponent: int = 0
    leaves: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEAF_RULES, 0))
    kernel_nodes: int = 0
    bytes: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, object]:
        """The summary as JSON-ready data."""
        return {
            "board": self.board,
            "to_move": self.to_move,
            "claim": self.claim,
            "bound": str(self.bound),  # an exact number, as every answer writes it
            "path": str(self.path),
            "entries": self.entries,
            "opponent_positions": self.opponent,
            "leaves": dict(self.leaves),
            "kernel_nodes": self.kernel_nodes,
            "bytes": self.bytes,
            "seconds": round(self.seconds, 3),
        }


def board_symmetries(board: Board) -> list[Permutation]:
    """The grid's symmetries that map the board, blocked cells included, onto itself
    (the group of a certificate's canonical forms; the identity first).

    >>> len(board_symmetries(Board(3, 3))), len(board_symmetries(Board(3, 3, [(0, 1)])))
    (8, 2)
    """
    return [s for s in board.symmetries if s(board.blocked) == board.blocked]


def drawing(board: Board, free: int) -> str:
    """A position as one line: rows joined by ``/``, ``.`` free, ``#`` blocked, ``o``
    covered by a domino.

    >>> drawing(Board(2, 3, [(1, 2)]), 0b001011)
    '..o/.o#'
    """
    return "/".join(
        "".join(
            "#"
            if board.blocked >> (r * board.cols + c) & 1
            else "."
            if free >> (r * board.cols + c) & 1
            else "o"
            for c in range(board.cols)
        )
        for r in range(board.rows)
    )


def certificate_path(path: Path, claim: Claim, bound: int) -> Path:
    """The file of one bound when a whole value writes two certificates: the claim and
    bound go before the suffixes.

    >>> certificate_path(Path("out/7x7-max.cert.gz"), "at_least", 22).name
    '7x7-max-at_least-22.cert.gz'
    """
    name = path.name
    stem, dot, suffixes = name.partition(".")
    return path.with_name(f"{stem}-{claim}-{bound}{dot}{suffixes}")


class _Walk:
    """One depth-first walk of the proof tree of a claim (see the module doc)."""

    def __init__(
        self,
        board: Board,
        max_first: bool,
        claim: Claim,
        bound: int,
        solver: NativeSolver,
        small_cells: int,
        tame_cells: int,
        write: Callable[[str], object],
        summary: CertificateSummary,
        report: Callable[[CertificateSummary], None] | None,
        budget: Budget | None,
        cuts: bool = False,
    ) -> None:
        self.board, self.solver, self.summary = board, solver, summary
        #: format 2: a position the separator bound decides is a leaf, its cut written
        self.cuts = cuts and claim == "at_least"
        self.at_least, self.bound = claim == "at_least", bound
        self.small_cells, self.tame_cells = small_cells, tame_cells
        self.symmetries = board_symmetries(board)
        self.cells = board.start.bit_count()
        # MAX is to move at the root when it moves first: after d dominoes, when d is even
        self.max_first = max_first
        self.write, self.report, self.budget = write, report, budget
        #: canonical forms of the positions already verified (proven and written)
        self.done: set[int] = set()
        self.walked = 0
        self.started = time.monotonic()

    def canonical(self, free: int) -> tuple[int, Permutation]:
        """The canonical form of ``free`` and a symmetry that maps ``free`` onto it."""
        best, best_symmetry = free, self.symmetries[0]
        for symmetry in self.symmetries[1:]:
            image = symmetry(free)
            if image < best:
                best, best_symmetry = image, symmetry
        return best, best_symmetry

    def stabilizer(self, free: int) -> int:
        """How many of the board's symmetries map ``free`` onto itself (1: the identity)."""
        return sum(1 for symmetry in self.symmetries if symmetry(free) == free)

    def position(self, free: int) -> tuple[bool, int]:
        """Whether MAX is to move at ``free``, and the claim left there."""
        placed = (self.cells - free.bit_count()) // 2
        return self.max_first ^ (placed % 2 == 1), self.bound - placed

    def holds(self, free: int, max_to_move: bool, claim: int) -> bool:
        """Whether the claim ``claim`` holds at ``free``, by the kernel's null-window test."""
        if self.at_least:
            return self.solver.test(free, max_to_move, claim) >= claim
        return self.solver.test(free, max_to_move, claim + 1) <= claim

    def leaf(self, free: int, max_to_move: bool, claim: int) -> str | None:
        """The checker's rule that decides ``free`` (settled, small or tame), or None.

        A tame sum whose value breaks the claim is a contradiction between the kernel's
        region database and its search: it stops the walk, for no certificate can hold.
        """
        if self.at_least and claim <= 0:
            return "settled"
        if not self.at_least and self.board.max_matching(free) <= claim:
            return "settled"
        if free.bit_count() <= self.small_cells:
            return "small"
        total = hot = 0
        for region in self.board.components(free):
            size = region.bit_count()
            if size < 2:
                continue
            if size > self.tame_cells:
                return None
            a, b, tame = self.solver.region_values(region)
            if not tame or a is None or b is None:
                return None
            total, hot = total + a, hot + (a - b)
        value = total - (hot // 2 if max_to_move else (hot + 1) // 2)
        if value >= claim if self.at_least else value <= claim:
            return "tame"
        raise _failure(self.board, self.at_least, "sum_rule", free, claim, value)

    def verify(self, free: int) -> None:
        """Walk the position ``free``: write the prover's moves of its proof tree."""
        key, symmetry = self.canonical(free)
        if key in self.done:
            return
        self.walked += 1
        if self.walked % REPORT_EVERY == 0:
            self.progress()
        max_to_move, claim = self.position(free)
        rule = self.leaf(free, max_to_move, claim)
        cut = None
        if rule is None and self.cuts:
            cut = self.cut(free, max_to_move, claim, cells=True)
        if rule is not None:
            self.summary.leaves[rule] += 1
        elif cut is not None:
            self.write(f'{{"free": "{key:x}", "cut": "{symmetry(cut):x}"}}\n')
            self.summary.entries += 1
            self.summary.leaves["cut"] += 1
        elif max_to_move == self.at_least:
            move = self.choose(free, max_to_move, claim)
            first, second = sorted(bits(symmetry(move)))
            self.write(f'{{"free": "{key:x}", "move": [{first}, {second}]}}\n')
            self.summary.entries += 1
            self.verify(free & ~move)
        else:
            moves = self.board.edges_within(free)
            if not moves:
                raise _failure(self.board, self.at_least, "no_move", free, claim)
            self.summary.opponent += 1
            for move in moves:
                self.verify(free & ~move)
        self.done.add(key)

    def choose(self, free: int, max_to_move: bool, claim: int) -> int:
        """The prover's move at ``free``: one that keeps the claim, chosen to keep the
        certificate small (a known position, then a decided leaf, then the kernel's)."""
        moves = self.board.edges_within(free)
        children = [(move, free & ~move) for move in moves]
        for move, child in children:
            if self.canonical(child)[0] in self.done:
                return move
        left = claim - 1
        for move, child in children:
            rule = self._leaf_quietly(child, not max_to_move, left)
            if rule == "settled" or rule == "tame":
                return move
            if rule == "small" and self.holds(child, not max_to_move, left):
                return move
        # the kernel's order first; it may leave moves out (a decided question has none)
        gamma = claim if self.at_least else claim + 1
        preferred = self.solver.order(free, max_to_move, gamma)
        candidates = preferred + [move for move in moves if move not in preferred]
        # a move to a symmetric position before the others, the most symmetric first (a
        # stable sort: the kernel's order within each): the opponent's mirrored replies
        # there are transpositions
        candidates.sort(key=lambda move: -self.stabilizer(free & ~move))
        # format 2: a move to a position a cut decides keeps the claim (straight cuts
        # first, then those after a cell)
        for cells in (False, True) if self.cuts else ():
            for move in candidates:
                if self.cut(free & ~move, not max_to_move, left, cells=cells) is not None:
                    return move
        for move in candidates:
            if self.holds(free & ~move, not max_to_move, left):
                return move
        raise _failure(self.board, self.at_least, "no_keeping_move", free, claim)

    def cut(self, free: int, max_to_move: bool, claim: int, *, cells: bool = False) -> int | None:
        """Format 2's cut at ``free``: cells whose removal leaves tame regions of at most
        ``tame_cells`` cells worth at least ``claim`` by the sum rule (the separator bound,
        docs/tiling_search.md), or None. The kernel's straight cuts of ``free`` are tried,
        and with ``cells`` those of ``free`` less each one cell (a cell that parts two
        regions often costs nothing, a whole line a domino or two); the kernel's bound
        picks them, the database's values of what is left confirm."""

        def region_value(region: int) -> RegionValue | None:
            a, b, tame = self.solver.region_values(region)
            return None if a is None or b is None else RegionValue(a, b, tame)

        for taken in [0, *(1 << cell for cell in bits(free))] if cells else [0]:
            rest = free & ~taken
            bound = self.solver.separator_bound(rest, max_to_move)
            if bound is None or bound < claim:
                continue
            found = separator_cut(self.board, region_value, rest, size_limit=self.tame_cells)
            if found is None:
                continue
            after_max, after_min = sum_rule(found[1])
            if (after_max if max_to_move else after_min) >= claim:
                return taken | found[0]
        return None

    def _leaf_quietly(self, free: int, max_to_move: bool, claim: int) -> str | None:
        """:meth:`leaf`, with a tame sum that breaks the claim reported as no leaf (a
        candidate move, not a proven position)."""
        try:
            return self.leaf(free, max_to_move, claim)
        except InputError:
            return None

    def progress(self) -> None:
        self.summary.kernel_nodes = self.solver.stats.nodes
        self.summary.seconds = time.monotonic() - self.started
        if self.report is not None:
            self.report(self.summary)
        if self.budget is not None:
            self.budget.check(self.solver.stats)


def _failure(
    board: Board, at_least: bool, kind: str, free: int, claim: int, value: int = 0
) -> InputError:
    """The error of a walk that met a position where the claim fails: ``kind`` is
    ``no_move`` (an opponent's position where the game is over), ``no_keeping_move`` (a
    prover's where no move keeps the claim) or ``sum_rule`` (the sum rule values it at
    ``value``, against the claim the kernel's search proved).

    >>> str(_failure(Board(1, 2), True, "no_move", 0, 1))
    'no move at oo and the claim ≥ 1 is not settled: it is false'
    """
    sign, where = "≥" if at_least else "≤", drawing(board, free)
    if kind == "no_move":
        return InputError(
            f"no move at {where} and the claim {sign} {claim} is not settled: it is false"
        )
    if kind == "no_keeping_move":
        return InputError(f"no move keeps the claim {sign} {claim} at {where}: the claim is false")
    return InputError(
        f"the sum rule values {where} at {value}, against the claim {sign} {claim} the search "
        "proved: the kernel's region database and its search disagree"
    )


def _walk_natively(
    board: Board,
    max_first: bool,
    claim: Claim,
    bound: int,
    solver: NativeSolver,
    small_cells: int,
    tame_cells: int,
    write: Callable[[str], object],
    summary: CertificateSummary,
    report: Callable[[CertificateSummary], None] | None,
    budget: Budget | None,
    cuts: bool = False,
) -> None:
    """The walk of :class:`_Walk` in the C kernel (kernel/walk.h): the same kernel calls in
    the same order, so the same entries in the same order, some 10–30× faster."""

    def progress(
        entries: int, opponent: int, settled: int, small: int, tame: int, cut: int
    ) -> None:
        summary.entries, summary.opponent = entries, opponent
        summary.leaves.update(settled=settled, small=small, tame=tame, cut=cut)
        solver.stats.nodes = solver.kernel_stats()["nodes"]
        summary.kernel_nodes = solver.stats.nodes
        summary.seconds = time.monotonic() - started
        if report is not None:
            report(summary)
        if budget is not None:
            budget.check(solver.stats)

    started = time.monotonic()
    result = solver.kernel.certificate(
        board.start,
        max_first,
        claim == "at_least",
        bound,
        small_cells,
        tame_cells,
        [symmetry.images for symmetry in board_symmetries(board)],
        write,
        progress,
        REPORT_EVERY,
        cuts and claim == "at_least",
    )
    if result["failure"] is not None:
        raise _failure(
            board,
            claim == "at_least",
            result["failure"],
            result["free"],
            result["claim"],
            result["value"],
        )
    progress(*(result[name] for name in ("entries", "opponent", *LEAF_RULES)))


def certificate_solver(
    board: Board,
    tame_cells: int = TAME_CELLS,
    *,
    table_mb: int | None = None,
    budget: Budget | None = None,
) -> NativeSolver:
    """The kernel whose null-window tests choose the prover's moves: every option on, its
    region database entering the regions of the tame leaf rule.

    >>> from evalgame.games.tiling.board import Board
    >>> certificate_solver(Board(3, 3)).value(Board(3, 3).start, True)
    4
    """
    return NativeSolver(
        board,
        table_mb=table_mb,
        budget=budget,
        options=LARGE_GRAPH_OPTIONS,
        tame_cells=max(tame_cells, DEFAULT_TAME_CELLS),
        # regions of up to 20 cells thrash the default database (BENCHMARKS.md, "Larger
        # regions on larger boards")
        tame_mb=LARGE_BOARD_TAME_MB if tame_cells > DEFAULT_TAME_CELLS else None,
    )


def write_certificate(
    board: Board,
    max_first: bool,
    claim: Claim,
    bound: int,
    path: Path,
    *,
    small_cells: int = SMALL_CELLS,
    tame_cells: int = TAME_CELLS,
    solver: NativeSolver | None = None,
    budget: Budget | None = None,
    report: Callable[[CertificateSummary], None] | None = None,
    native: bool = True,
    version: int = VERSION,
) -> CertificateSummary:
    """Write to ``path`` a certificate that the value of ``board`` (``max_first``: MAX to
    move) is ≥ ``bound`` (``claim="at_least"``) or ≤ ``bound`` (``"at_most"``).

    A false claim is an :class:`~evalgame.errors.InputError` naming a position where it
    fails; a budget that runs out raises :class:`~evalgame.errors.SearchInterrupted`.
    Either way no file is left behind: the certificate is written to a temporary file
    and renamed only once complete. ``report`` is called every few thousand positions.
    ``solver``: a kernel from :func:`certificate_solver` that may already know the answer
    (a caller that asked the root's question first). ``native``: the walk in C (the
    default, kernel/walk.h), else in Python (:class:`_Walk`, the reference): the same file.
    ``version``: the format, 1 or 2 (format 1 and the cut rule, docs/certificates.md).
    """
    if version not in VERSIONS:
        raise InputError(f"the certificate format is version 1 or 2, not {version}")
    if claim not in CLAIMS:
        raise InputError(f"a certificate claims at_least or at_most, not {claim!r}")
    if small_cells < 0 or not 2 <= tame_cells <= 24:
        raise InputError(
            f"the leaf limits: small cells (--small-cells) must be ≥ 0, not {small_cells}, "
            f"and tame cells (--tame-cells) within 2…24, not {tame_cells}"
        )
    if solver is None:
        solver = certificate_solver(board, tame_cells, budget=budget)
    options = {
        "small_cells": small_cells,
        "tame_cells": tame_cells,
        "kernel_options": solver.identity[3],
    }
    to_move = "max" if max_first else "min"
    header = {
        "format": FORMAT,
        "version": version,
        "board": board.drawing(),
        "to_move": to_move,
        "claim": claim,
        "bound": bound,
        "symmetry": True,
        "small_cells": small_cells,
        "tame_cells": tame_cells,
        "provenance": {**provenance(options), "date": time.strftime("%Y-%m-%d")},
    }
    summary = CertificateSummary(board.drawing(), to_move, claim, bound, path)
    started = time.monotonic()
    with _atomic_gzip(path) as out:
        out.write(json.dumps(header) + "\n")
        arguments = (board, max_first, claim, bound, solver, small_cells, tame_cells)
        walk = _Walk(*arguments, out.write, summary, report, budget, cuts=version == 2)
        if report is not None:
            report(summary)
        if not walk.holds(board.start, max_first, bound):
            sign = "≥" if claim == "at_least" else "≤"
            raise InputError(
                f"the claim value {sign} {bound} is false for {board.label()}, "
                f"{to_move.upper()} first: nothing to certify"
            )
        if native:
            _walk_natively(*arguments, out.write, summary, report, budget, version == 2)
        else:
            limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(limit, 4 * board.n + 100))
            try:
                walk.verify(board.start)
            finally:
                sys.setrecursionlimit(limit)
    summary.kernel_nodes = solver.stats.nodes
    summary.seconds = time.monotonic() - started
    summary.bytes = path.stat().st_size
    return summary


class _atomic_gzip:
    """A gzip text file written under a temporary name and renamed when complete."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.temporary = path.with_name(f".{path.name}.{os.getpid()}.part")

    def __enter__(self) -> IO[str]:
        try:
            self.file: IO[str] = gzip.open(self.temporary, "wt", encoding="utf-8")
        except OSError as error:
            raise InputError(f"cannot write {self.path}: {error.strerror}") from None
        return self.file

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.file.close()
        if error is None:
            os.replace(self.temporary, self.path)
        else:
            self.temporary.unlink(missing_ok=True)


def iter_entries(path: Path) -> Iterator[dict[str, object]]:
    """The lines of a certificate file as JSON objects, the header first: a quick look
    for people and tests (the checker reads files with its own strict code)."""
    with gzip.open(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


__all__ = [
    "CLAIMS",
    "SMALL_CELLS",
    "TAME_CELLS",
    "CertificateSummary",
    "Claim",
    "board_symmetries",
    "certificate_path",
    "certificate_solver",
    "drawing",
    "iter_entries",
    "write_certificate",
]
