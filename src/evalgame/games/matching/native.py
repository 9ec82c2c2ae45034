"""The C search kernel behind the matching solver: the same questions, answered natively.

:class:`NativeSolver` is a :class:`~evalgame.games.matching.solver.MatchingSolver` whose
null-window tests and bounds run in the compiled kernel (``_kernel.c``, built with the
package; graphs of at most 128 vertices). The kernel is built twice from the same sources:
``_kernel`` with 64-bit sets of vertices, for graphs of at most 64 vertices, and
``_kernel128`` with 128-bit sets for the larger ones (8×9 to 11×11 boards); the solver
takes the narrowest that holds its graph (``width`` forces one, for tests). Its answers
have the meaning of the Python solver's, so everything built on them (MTD(f), principal
variations, the bound ladder of :mod:`.bounds`) works unchanged. When the extension is
missing (no C compiler at install time), :func:`make_solver` falls back to the Python
solver.

The API (stable: other modules and the distributed proofs build on it)::

    solver = NativeSolver(graph, table_mb=None, budget=None)  # None: a default size
    solver.test(free, max_to_move, gamma, last=0) -> int  # fail-soft: r ≥ γ proves
                                                    # value ≥ r, r < γ value ≤ r; last:
                                                    # the edge that led here (move order)
    solver.value(free, max_to_move) -> int          # exact, by MTD(f)
    solver.prove(free, max_to_move, gamma, max_nodes=None) -> bool | None
                                                    # value ≥ γ? by proof-number search
    solver.numbers(limit, question) -> bytes        # its numbers of the largest subtrees,
    solver.learn_numbers(records, table_mb, source) -> int  # taken up by a later process
    solver.bounds(free, max_to_move) -> (lower, upper)   # cheap: static and table bounds
    solver.learn(free, max_to_move, lower, upper)   # bounds proven elsewhere join the table
    solver.share(min_work)                          # note entries of large searches
                                                    # (and the regions valued) ...
    solver.export() -> bytes                        # ... for the kernels of other processes,
    solver.absorb(entries)                          # which merge them into their tables
    solver.solve(max_to_move) -> SearchResult       # value and principal variation
    solver.principal_variation(free, max_to_move, value) -> list[int]
    solver.stats                                    # SearchStats: nodes, cut-offs, ...
    solver.kernel_stats() -> dict[str, int]         # also stores, replacements, capacity
    solver.region_values(region) -> (a, b, tame)    # a region from the tame-region database
    solver.separator_bound(free, max_to_move) -> int | None   # the kernel's separator bound

``free`` is a bitmask of uncovered vertices and values count the moves still to come. The
table persists across calls; ``budget`` is checked every few thousand nodes (time, node
limit, progress) and Ctrl-C stops a search, both raising
:class:`~evalgame.errors.SearchInterrupted` like the Python solver. A decided entry learned
(bounds, numbers, entries or regions of another kernel) that contradicts one the kernel
holds, or a df-pn search that decides a question against a decided entry it learned, raises
:class:`~evalgame.errors.ContradictionError`, which names both.

>>> from evalgame.games.tiling.board import Board
>>> board = Board(3, 3)
>>> solver = make_solver(board, table_mb=1)
>>> solver.value(board.full, max_to_move=True), solver.value(board.full, max_to_move=False)
(4, 4)
"""

from __future__ import annotations

import importlib
import os
import weakref
from dataclasses import dataclass
from typing import Any, Literal

from evalgame.errors import ContradictionError, InputError, LimitError
from evalgame.games.matching.bitgraph import BitGraph
from evalgame.games.matching.solver import MatchingSolver, bounds_contradiction
from evalgame.search.budget import Budget

_kernel: Any
try:
    _kernel = importlib.import_module("evalgame.games.matching._kernel")
except ImportError:  # built without a C compiler: the Python solver is used
    _kernel = None
_kernel128: Any
try:
    _kernel128 = importlib.import_module("evalgame.games.matching._kernel128")
except ImportError:
    _kernel128 = None

#: which solver answers: the C kernel when built ("auto"), or the one named
Engine = Literal["auto", "native", "python"]
ENGINES: tuple[Engine, ...] = ("auto", "native", "python")

#: the table's default size; its pages are only touched as entries are stored
DEFAULT_TABLE_MB = 256
#: the default for graphs of at most SMALL_GRAPH vertices (6×6 boards): a large table
#: only costs page faults there (6×6, both starters: 2.1 s with 16 MB, 3.5 s with 256 MB)
SMALL_GRAPH, SMALL_GRAPH_TABLE_MB = 36, 16
#: the widths of the kernel's sets of vertices: its two builds (``_kernel``, ``_kernel128``)
WIDTHS = (64, 128)
#: the kernel handles graphs up to this many vertices (sets of 128 bits in _kernel128; 64
#: where only _kernel was built)
MAX_VERTICES = 128 if _kernel128 is not None else 64
#: nodes between two checks of the budget and of Ctrl-C (10-20 ms of search). The kernel
#: holds the GIL between checks, so the other threads of its process wait that long: a
#: Dask worker's communications (a result reported, data served) waited up to 0.1 s a
#: step with 1 << 14; a check costs about a microsecond
CHECK_EVERY = 1 << 11

#: option bits of the kernel: each optional ingredient can be switched off
OPTIONS = {
    "strategy": 1,  # the matching-strategy lower bound
    "turns": 2,  # Max-start and Min-start values differ by at most 1
    "components": 4,  # small components exact, equimatchable ones as passes
    "etc": 8,  # children's bounds and table entries before searching any
    "symmetry": 16,  # keys folded under symmetries (and translations on a board)
    "dominance": 32,  # dominated moves not searched (docs/tiling_search.md)
    "tame": 64,  # positions of small tame regions decided by the sum rule (tiling_search.md)
    "separator": 128,  # the sum rule on what straight cuts leave: a lower bound (separator.py)
    "crumbs": 256,  # tame regions beside the rest: a pass and a switch (implies tame)
}
ALL_OPTIONS = sum(OPTIONS.values())
#: the kernel's default: every ingredient but the dominated-move rule, which saves 2–3 % of
#: the nodes on 6×6 and 6×7 and costs more time than that (BENCHMARKS.md, "Dominated moves"),
#: and but the tame-region rule and its crumbs, on above SMALL_GRAPH vertices
#: (LARGE_GRAPH_OPTIONS):
#: from 6×7 up it needs 5–10× fewer nodes and 2.2–2.7× less CPU time; on 6×6 it is even in
#: time, and on smaller boards it decides what the tests of bound ladders and proof splits
#: need searched (BENCHMARKS.md, "Tame regions"); with it the tame crumbs beside the rest
#: (option crumbs: 1.37× and 1.42× fewer nodes on the whole 7×7 solve, 1.1× on 6×7;
#: BENCHMARKS.md, "Crumbs in the kernel") and the separator bound (it needs the sum rule's
#: database; on 7×7 it halves the nodes, BENCHMARKS.md, "The separator bound")
DEFAULT_OPTIONS = ALL_OPTIONS & ~OPTIONS["dominance"] & ~OPTIONS["tame"] & ~OPTIONS["crumbs"]
DEFAULT_OPTIONS &= ~OPTIONS["separator"]
LARGE_GRAPH_OPTIONS = DEFAULT_OPTIONS | OPTIONS["tame"] | OPTIONS["crumbs"] | OPTIONS["separator"]
#: proof-number search (:meth:`NativeSolver.prove`): its table of proof and disproof
#: numbers in MB, the largest core left to the null-window test as a leaf, and ε of the
#: 1 + ε trick (see docs/tiling_search.md, "Proof-number search")
DEFAULT_PROOF_TABLE_MB, DEFAULT_LEAF_CELLS, DEFAULT_EPSILON = 64, 0, 0.0
#: the kernel's infinite proof or disproof number (a decided question's other number)
INFINITE_NUMBER = 2**32 - 1
#: the entries of the table of numbers a checkpoint of an unfinished df-pn question keeps:
#: those of its largest subtrees, 24 bytes each (BENCHMARKS.md, "df-pn in sittings")
CHECKPOINT_ENTRIES = 200_000
#: the region database of the "tame" option: its size in MB (the smaller one for graphs of
#: at most SMALL_GRAPH vertices), and the largest region it enters (on 6×7, K = 12, 16, 20
#: needed 2.3×, 4.8×, 11× fewer nodes, but 1.7×, 2.2×, 0.9× less CPU time: the database
#: computes every region below K, and their number grows fast)
DEFAULT_TAME_MB, SMALL_GRAPH_TAME_MB, DEFAULT_TAME_CELLS = 64, 16, 16
#: above LARGE_BOARD vertices (7×7) the database enters regions of up to
#: LARGE_BOARD_TAME_CELLS cells in LARGE_BOARD_TAME_MB MB: there the questions are long
#: enough to repay it (BENCHMARKS.md, "Larger regions on larger boards": 8×8 "≥ 26?" 41×
#: and 31× fewer nodes than with 16, 6.6× and 11× less CPU time; 7×8 "≥ 24?" 4.0× and 4.1×
#: fewer, 1.4× and 1.9× less), on 7×7 not (K = 18: 1.3× fewer nodes, 1.2× more time)
LARGE_BOARD, LARGE_BOARD_TAME_CELLS, LARGE_BOARD_TAME_MB = 49, 20, 512


def default_options(vertices: int) -> int:
    """The kernel's default options for a graph of ``vertices`` vertices.

    >>> default_options(36) == DEFAULT_OPTIONS, default_options(42) == LARGE_GRAPH_OPTIONS
    (True, True)
    """
    return DEFAULT_OPTIONS if vertices <= SMALL_GRAPH else LARGE_GRAPH_OPTIONS


def default_tame(vertices: int) -> tuple[int, int]:
    """The region database's default for a graph of ``vertices`` vertices: (the largest
    region it enters, its size in MB).

    >>> default_tame(36), default_tame(49), default_tame(64)
    ((16, 16), (16, 64), (20, 512))
    """
    if vertices > LARGE_BOARD:
        return LARGE_BOARD_TAME_CELLS, LARGE_BOARD_TAME_MB
    return DEFAULT_TAME_CELLS, SMALL_GRAPH_TAME_MB if vertices <= SMALL_GRAPH else DEFAULT_TAME_MB


def option_names(options: int) -> str:
    """The names of the kernel options set in ``options``, comma-separated.

    >>> option_names(OPTIONS["strategy"] | OPTIONS["turns"])
    'strategy,turns'
    """
    return ",".join(name for name, bit in OPTIONS.items() if options & bit)


def _claim(numbers: tuple[int, int], max_to_move: bool, gamma: int) -> str:
    """What decided proof and disproof numbers (for the player to move) say.

    >>> _claim((0, 2**32 - 1), False, 7)
    'value ≤ 6 (MIN to move reaches its goal: proof number 0)'
    >>> _claim((2**32 - 1, 0), False, 7)
    'value ≥ 7 (MIN to move cannot reach its goal: disproof number 0)'
    """
    mover_wins = numbers[0] == 0
    mover = "MAX" if max_to_move else "MIN"
    said = f"value ≥ {gamma}" if mover_wins == max_to_move else f"value ≤ {gamma - 1}"
    how = "reaches its goal: proof" if mover_wins else "cannot reach its goal: disproof"
    return f"{said} ({mover} to move {how} number 0)"


def _bounds(lower: int, upper: int) -> str:
    """Bounds of a table entry (an upper bound of 255: unknown)."""
    return f"{lower} ≤ value" + ("" if upper >= 255 else f" ≤ {upper}")


def _region(a: int, b: int, status: int) -> str:
    """The values of a region of the database, and its status (tame.h)."""
    return f"MAX-first value {a}, MIN-first value {b} (status {status})"


def available() -> bool:
    """Whether the C kernel was built with this installation."""
    return _kernel is not None


def _module(width: int) -> Any:
    """The kernel's build with sets of ``width`` bits (None if not built). Both builds come
    from one compilation of the package: without ``_kernel`` there is no kernel at all."""
    if _kernel is None:
        return None
    return _kernel if width == 64 else _kernel128 if width == 128 else None


def kernel_width(vertices: int) -> int | None:
    """The width of the sets of the kernel build that takes a graph of ``vertices``
    vertices: the narrowest that holds it (the 64-bit build is the faster), None if none
    does or none is built.

    >>> kernel_width(64) if available() else 64
    64
    """
    for width in WIDTHS:
        if vertices <= width and _module(width) is not None:
            return width
    return None


def engine_report() -> str:
    """One line saying which engine solves matching games here.

    >>> engine_report().startswith("matching games:")
    True
    """
    if available():
        wide = ", _kernel128 up to 128" if _module(128) is not None else ""
        return (
            "matching games: C kernel (evalgame.games.matching._kernel), graphs ≤ 64 vertices"
            + wide
        )
    return "matching games: Python solver (the C kernel was not built: no C compiler at install)"


@dataclass(frozen=True)
class MoveAnswer:
    """A move of a position asked "value ≥ γ?" by :meth:`NativeSolver.prove`, and what
    the table of numbers says of it: ``reaches`` is True once the search proved that value
    ≥ γ after the move (its child is worth at least γ − 1), False once it proved the
    contrary, None while open. ``child`` names the child's question: moves with equal
    ones lead to the same position up to symmetry. ``numbers``: its proof and disproof
    numbers for "value ≥ γ after the move" (how many leaves df-pn expects to expand to
    prove it, to refute it; once one is done, it is 0 and the other the kernel's infinity,
    2³² − 1), ``None`` where the table holds no entry."""

    move: tuple[int, int]
    child: tuple[int, int, int]
    reaches: bool | None
    numbers: tuple[int, int] | None = None


class NativeSolver(MatchingSolver):
    """The matching solver with its searches in the C kernel (see the module doc)."""

    algorithm = "matching MTD(f), C kernel"

    def __init__(
        self,
        graph: BitGraph,
        *,
        table_mb: int | None = None,
        budget: Budget | None = None,
        options: int | None = None,
        tame_mb: int | None = None,
        tame_cells: int | None = None,
        width: int | None = None,
    ) -> None:
        if _kernel is None:
            raise InputError("the C kernel is not built here; use the Python solver")
        if graph.n > MAX_VERTICES:
            raise LimitError(
                "the number of vertices", graph.n, MAX_VERTICES, "use the Python solver"
            )
        if width is None:
            width = kernel_width(graph.n)
        if width not in WIDTHS or _module(width) is None or graph.n > width:
            raise InputError(f"no kernel build with {width}-bit sets takes {graph.n} vertices")
        #: the kernel's build: ``_kernel`` (64-bit sets) or ``_kernel128``
        self.width: int = width
        self._module = _module(width)
        small = graph.n <= SMALL_GRAPH
        if options is None:
            options = default_options(graph.n)
        if table_mb is None:
            table_mb = SMALL_GRAPH_TABLE_MB if small else DEFAULT_TABLE_MB
        default_cells, default_mb = default_tame(graph.n)
        if tame_cells is None:
            tame_cells = default_cells
        if tame_mb is None:
            tame_mb = default_mb
        _check_table(table_mb)
        _check_table(tame_mb, "the region database")
        super().__init__(graph, budget=budget)
        self.table_mb = table_mb
        self.options, self.tame_mb, self.tame_cells = options, tame_mb, tame_cells
        #: where the numbers learned came from, the n-th numbered n + 1 in the kernel's
        #: table (:meth:`learn_numbers`; 0 is this kernel's own search)
        self._sources: list[str] = []
        identity = tuple(range(graph.n))
        symmetries = [s.images for s in graph.symmetries if s.images != identity]
        #: what the keys of its records (table entries, numbers) depend on (the 128-bit
        #: build's records have wider keys: it is named; the 64-bit build's is as before)
        self.identity: tuple[Any, ...] = (
            graph.adjacency,
            symmetries,
            graph.colour_class,
            options,
            tame_cells,
        )
        if width != 64:
            self.identity += (f"{width}-bit sets",)
        try:
            self.kernel = self._module.Kernel(
                list(graph.adjacency),
                symmetries,
                graph.colour_class or 0,
                getattr(graph, "cols", 0),
                table_mb,
                options,
                CHECK_EVERY,
                tame_mb,
                tame_cells,
            )
        except MemoryError:
            raise LimitError(
                "the table size in MB", table_mb, table_mb - 1, "this machine cannot allocate it"
            ) from None
        # the kernel holds the callback, and a bound method would hold this solver: a
        # cycle the garbage collector cannot see through the C type, which would keep
        # every solver's table and caches alive; a weak reference breaks it
        check = weakref.WeakMethod(self._check)

        def callback(nodes: int) -> None:
            method = check()
            if method is not None:
                method(nodes)

        self.kernel.set_callback(callback)

    def settings(self) -> dict[str, Any]:
        """The options its answers depend on, for the provenance a saved answer records:
        the kernel's options by name, its table and the region database; on a tiling
        board, the board too (its drawing: ``evalgame proofs`` names it).

        >>> from evalgame.games.tiling.board import Board
        >>> settings = NativeSolver(Board(2, 3), table_mb=1).settings()
        >>> settings["kernel_options"], settings["board"]
        ('strategy,turns,components,etc,symmetry', '.../...')
        """
        drawing = getattr(self.graph, "drawing", None)  # a tiling board draws itself
        return {
            "vertices": self.graph.n,
            **({"board": drawing()} if callable(drawing) else {}),
            "kernel_options": option_names(self.options),
            "table_mb": self.table_mb,
            "tame_cells": self.tame_cells,
            "tame_mb": self.tame_mb,
            **({"kernel_width": self.width} if self.width != 64 else {}),
        }

    def _check(self, nodes: int) -> None:
        """Called by the kernel every :data:`CHECK_EVERY` nodes: limits and progress."""
        self.stats.nodes = nodes
        if self.budget is not None:
            self.budget.check(self.stats)

    def test(self, free: int, max_to_move: bool, gamma: int, last: int = 0) -> int:
        """A fail-soft null-window test: ``r ≥ gamma`` proves value ≥ r, else value ≤ r
        (``last``: the edge that led to ``free``, whose neighbours' replies go first)."""
        try:
            return int(self.kernel.test(free, max_to_move, gamma, last))
        finally:
            self._sync()

    def order(self, free: int, max_to_move: bool, gamma: int, last: int = 0) -> list[int]:
        """The moves (edges as vertex sets) in the order :meth:`test` would try them first
        for "moves to come ≥ ``gamma``?", given its table: the table's move, then by the
        children's bounds and shapes (``last``: the edge that led to ``free``); all the
        edges of the core, and of the edges beside it the one pass worth trying.

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(1, 4)   # MIN first tries the middle domino: it ends the game
        >>> [board.describe(edge) for edge in NativeSolver(board).order(board.full, False, 2)]
        ['(0,1)–(0,2)', '(0,0)–(0,1)', '(0,2)–(0,3)']
        """
        moves = self.kernel.order(free, max_to_move, gamma, last)
        return [1 << (move >> 8) | 1 << (move & 255) for move in moves]

    def prove(
        self,
        free: int,
        max_to_move: bool,
        gamma: int,
        *,
        max_nodes: int | None = None,
        table_mb: int = DEFAULT_PROOF_TABLE_MB,
        leaf_cells: int = DEFAULT_LEAF_CELLS,
        epsilon: float = DEFAULT_EPSILON,
        weak: bool = False,
    ) -> bool | None:
        """Whether value ≥ ``gamma``, by depth-first proof-number search; ``None`` when
        ``max_nodes`` ran out first (the question stays open, nothing wrong is said).

        The answer combines proven facts only (docs/tiling_search.md, "Proof-number
        search"); what it proves joins the table, as a test's results do. ``table_mb``
        bounds the table of proof and disproof numbers (kept for the next questions: its
        entries name their question; a new size makes a new table),
        ``leaf_cells`` leaves positions of at most that many vertices in play to the
        null-window test, ``epsilon`` widens the thresholds (the 1 + ε trick), ``weak``
        takes an AND node's number as its children's largest plus their count, not their
        sum (weak proof numbers: on some large questions fewer nodes, on others more,
        BENCHMARKS.md, "Weak proof numbers").

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(4, 4)
        >>> solver = NativeSolver(board, table_mb=1)
        >>> solver.prove(board.full, True, 7), solver.prove(board.full, True, 8)
        (True, False)
        """
        arguments = (free, max_to_move, gamma, max_nodes, table_mb, leaf_cells, epsilon, weak)
        answer = self._prove(self.kernel.prove, *arguments)
        return None if answer is None else bool(answer)

    def prove_within(
        self,
        free: int,
        max_to_move: bool,
        gamma: int,
        limits: tuple[int, int],
        *,
        max_nodes: int | None = None,
        table_mb: int = DEFAULT_PROOF_TABLE_MB,
        leaf_cells: int = DEFAULT_LEAF_CELLS,
        epsilon: float = DEFAULT_EPSILON,
        weak: bool = False,
    ) -> tuple[bool | None, tuple[int, int]]:
        """:meth:`prove` within df-pn's thresholds: ``limits`` bound the position's proof
        and disproof numbers of "value ≥ ``gamma``?" (each 1 … 2³² − 1, the latter
        infinite); the search stops unanswered once one of them reaches its limit, as
        df-pn's MID does for a search above that would turn elsewhere then (the
        job-level df-pn of :mod:`evalgame.proofs.jobs`: one call a job). Returns the
        answer (``None``: a limit or ``max_nodes`` reached first) and the position's proof
        and disproof numbers where the search stopped (``(0, 2³² − 1)``: proven).

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(5, 5)
        >>> solver = NativeSolver(board, table_mb=1)
        >>> answer, (proof, disproof) = solver.prove_within(board.full, True, 12, (3, 10**6))
        >>> answer is None and proof >= 3     # stopped once the proof number reached 3
        True
        >>> solver.prove_within(board.full, True, 12, (2**32 - 1, 2**32 - 1))
        (True, (0, 4294967295))
        """
        proof_limit, disproof_limit = limits
        if not (1 <= proof_limit <= INFINITE_NUMBER and 1 <= disproof_limit <= INFINITE_NUMBER):
            raise InputError(f"df-pn's thresholds must be within 1 … 2**32 − 1, not {limits}")
        # the kernel's numbers are the mover's: MIN's proof is MAX's disproof
        thresholds = (proof_limit, disproof_limit) if max_to_move else (disproof_limit, proof_limit)
        arguments = (free, max_to_move, gamma, max_nodes, table_mb, leaf_cells, epsilon, weak)
        answer, phi, delta = self._prove(self.kernel.prove_within, *arguments, *thresholds)
        numbers = (int(phi), int(delta)) if max_to_move else (int(delta), int(phi))
        return (None if answer is None else bool(answer)), numbers

    def _prove(
        self,
        call: Any,
        free: int,
        max_to_move: bool,
        gamma: int,
        max_nodes: int | None,
        table_mb: int,
        leaf_cells: int,
        epsilon: float,
        weak: bool,
        *thresholds: int,
    ) -> Any:
        """The kernel's ``call`` (``prove`` or ``prove_within``) with checked arguments, its
        errors as the project's."""
        if max_nodes is not None and max_nodes < 1:
            raise InputError(f"the node budget must be at least 1, not {max_nodes}")
        if leaf_cells < 0 or not 0 <= epsilon <= 16:
            raise InputError("prove: leaf_cells must be ≥ 0 and epsilon within 0…16")
        _check_table(table_mb, "the proof-number table")
        try:
            return call(
                free, max_to_move, gamma, max_nodes or 0, table_mb, leaf_cells, epsilon, weak,
                *thresholds,
            )  # fmt: skip
        except self._module.Contradiction as error:
            raise self._contradiction(error, "this process's df-pn search") from None
        except MemoryError:
            raise LimitError(
                "the proof-number table size in MB",
                table_mb,
                table_mb - 1,
                "this machine cannot allocate it",
            ) from None
        finally:
            self._sync()

    def numbers(self, limit: int, question: tuple[int, bool, int] | None = None) -> bytes:
        """The proof-number table's entries of the largest subtrees searched, at most
        ``limit`` of them, for :meth:`learn_numbers` in a later process: a question that
        :meth:`prove` left open resumes there from these numbers instead of from nothing.
        With ``question`` (free, max_to_move, γ) also the entries of "value ≥ γ?" and of
        its moves' children, whatever their size: a first move proven late in a sitting,
        cheaply because the transposition table was warm, is not proven again in the next.

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(5, 5)
        >>> one, later = NativeSolver(board, table_mb=1), NativeSolver(board, table_mb=1)
        >>> one.prove(board.full, True, 12, max_nodes=50, table_mb=1) is None
        True
        >>> later.learn_numbers(one.numbers(1000), table_mb=1) > 0
        True
        >>> later.prove(board.full, True, 12, table_mb=1)
        True
        """
        if limit < 0:
            raise InputError(f"the number of entries must be at least 0, not {limit}")
        return bytes(self.kernel.numbers(limit, *(question or ())))

    def move_answers(self, free: int, max_to_move: bool, gamma: int) -> list[MoveAnswer]:
        """Where a question :meth:`prove` asked (or is asking in sittings) stands, move by
        move: what its table of numbers holds of each move's child (see
        :class:`MoveAnswer`). Only decided entries answer, each a proven fact.

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(4, 4)
        >>> solver = NativeSolver(board, table_mb=1)
        >>> solver.prove(board.full, False, 8, table_mb=1)   # MIN first: value ≥ 8?
        False
        >>> answers = solver.move_answers(board.full, False, 8)
        >>> [(a.reaches, a.numbers[1]) for a in answers if a.numbers and a.reaches is False][0]
        (False, 0)
        """
        answers = []
        for u, v, key, tag, even, phi, delta in self.kernel.move_numbers(free, max_to_move, gamma):
            # phi and delta are for the child's mover, the other player: MAX's goal is value
            # ≥ γ − 1 there, MIN's the contrary
            mover_wins = True if phi == 0 else False if delta == 0 else None
            reaches = None if mover_wins is None else mover_wins != max_to_move
            numbers = None if phi is None else (delta, phi) if max_to_move else (phi, delta)
            answers.append(MoveAnswer((u, v), (key, tag, even), reaches, numbers))
        return answers

    def learn_numbers(
        self, records: bytes, table_mb: int = DEFAULT_PROOF_TABLE_MB, source: str = ""
    ) -> int:
        """Take the entries :meth:`numbers` gave (in a kernel of the same graph and options)
        into a table of numbers of ``table_mb`` MB, the one the next :meth:`prove` with that
        size uses; how many. Undecided numbers only guide the search; a decided entry is an
        answer proven by the search that saved it: one that contradicts a decided entry
        already in the table raises :class:`~evalgame.errors.ContradictionError`, naming
        both entries and where each came from (``source`` names these records: a file and
        row, their code version)."""
        _check_table(table_mb, "the proof-number table")
        if source not in self._sources:
            self._sources.append(source)
        number = min(self._sources.index(source) + 1, 255)
        try:
            return int(self.kernel.learn_numbers(records, table_mb, number))
        except self._module.Contradiction as error:
            raise self._contradiction(error, source or "numbers learned") from None
        except ValueError as error:
            raise InputError(f"{error}: a corrupt or foreign record") from None

    def bounds(self, free: int, max_to_move: bool) -> tuple[int, int]:
        """The best proven bounds known now on the moves still to come."""
        lower, upper = self.kernel.bounds(free, max_to_move)
        return int(lower), int(upper)

    def learn(self, free: int, max_to_move: bool, lower: int, upper: int) -> None:
        """Add bounds proven elsewhere on the moves still to come to the table; bounds that
        contradict what it knows are a :class:`~evalgame.errors.ContradictionError`."""
        try:
            self.kernel.learn(free, max_to_move, lower, upper)
        except self._module.Contradiction as error:
            _, details = error.args
            raise bounds_contradiction(
                free, max_to_move, details["learned"], details["known"]
            ) from None

    def share(self, min_work: int) -> None:
        """From now on note the table entries of searches of at least ``min_work`` nodes
        for :meth:`export` (0: stop)."""
        self.kernel.share(min_work)

    def export(self) -> bytes:
        """The entries noted since the last export, for :meth:`absorb` in other processes,
        and the regions the region database (option ``tame``) computed meanwhile.

        Keys are canonical regions, the same in every kernel of the same graph and
        options, so a position one process searched is known in another that absorbs it,
        and a region one process valued is not valued again by the other (on 6×7 the
        database takes a third of one process's time: two workers would each fill it).

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(4, 4)
        >>> one, other = make_solver(board, table_mb=1), make_solver(board, table_mb=1)
        >>> one.share(1)
        >>> one.value(board.full, max_to_move=True)
        7
        >>> other.absorb(one.export())
        >>> other.bounds(board.full, max_to_move=True)
        (7, 7)
        """
        return bytes(self.kernel.export())

    def absorb(self, entries: bytes, source: str = "") -> None:
        """Merge the ``entries`` another kernel of the same graph and options exported
        (``source``: whose); one that contradicts the table or the region database is a
        :class:`~evalgame.errors.ContradictionError` (what came before it is merged)."""
        try:
            self.kernel.absorb(entries)
        except self._module.Contradiction as error:
            raise self._contradiction(error, source or "entries another kernel exported") from None

    def _contradiction(self, error: Exception, source: str) -> ContradictionError:
        """The :class:`~evalgame.errors.ContradictionError` of the kernel's ``error``: its
        details name both entries; ``source`` is where the new one came from."""
        _, details = error.args
        if "mask" in details:  # a region of the database
            h, w = details["h"], details["w"]
            box = f" in a {h}×{w} box" if h else ""
            return ContradictionError(
                f"the tame region of cells {details['mask']:#x}{box}",
                f"the region database says {_region(*details['known'])}",
                f"record {details['record']} of {source} says {_region(*details['other'])}",
            )
        mover = "MAX" if details["max_to_move"] else "MIN"
        if "gamma" not in details:  # an entry of the transposition table
            return ContradictionError(
                f"the position of key {details['key']:#018x} (tag {details['tag']}), {mover} "
                "to move, bounds less the even part of its passes",
                f"the table says {_bounds(*details['known'])}",
                f"record {details['record']} of {source} says {_bounds(*details['other'])}",
            )
        gamma, number = details["gamma"], details["known_source"]
        where = (
            "found by this process's search"
            if number == 0
            else f"learned from {self._origin(number)}"
        )
        said = f"record {details['record']} of {source}" if details["record"] >= 0 else source
        return ContradictionError(
            f"df-pn's question value ≥ {gamma} at the position of key {details['key']:#018x} "
            f"(tag {details['tag']}, {details['even']} passes in pairs), {mover} to move",
            f"the table of numbers says {_claim(details['known'], details['max_to_move'], gamma)} "
            f"({where})",
            f"{said} says {_claim(details['other'], details['max_to_move'], gamma)}",
        )

    def _origin(self, number: int) -> str:
        """The source of the numbers learned with ``number`` (255: one of the later ones)."""
        if number < 255:
            return self._sources[number - 1]
        return "one of: " + "; ".join(self._sources[254:])

    def value(self, free: int, max_to_move: bool) -> int:
        """The number of moves still to come under optimal play, by MTD(f)."""
        result = super().value(free, max_to_move)
        self._sync()
        return result

    def region_values(self, region: int) -> tuple[int | None, int | None, bool]:
        """``(a, b, tame)`` of a region (connected, ≥ 2 vertices) from the kernel's database:
        its MAX-first and MIN-first values (None when a move leaves a sum with a region that
        is not tame) and whether it is tame (docs/tiling_search.md, "Tame regions and the
        sum rule").

        >>> from evalgame.games.tiling.board import Board
        >>> NativeSolver(Board(1, 4), table_mb=1).region_values(0b1111)  # the I tetromino
        (2, 1, True)
        """
        a, b, tame = self.kernel.region_values(region)
        return a, b, bool(tame)

    def separator_bound(self, free: int, max_to_move: bool) -> int | None:
        """The separator lower bound of a position on a board (docs/tiling_search.md, "The
        separator bound"; the reference is :mod:`.separator`), ``None`` when it gives none.

        >>> from evalgame.games.tiling.board import Board
        >>> board = Board(3, 7)    # the middle column cut: two 3×3 squares (the value is 9)
        >>> NativeSolver(board, table_mb=1).separator_bound(board.full, max_to_move=True)
        8
        """
        bound = self.kernel.separator_bound(free, max_to_move)
        return None if bound is None else int(bound)

    def kernel_stats(self) -> dict[str, int]:
        """The kernel's counters, table stores and replacements included."""
        return dict(self.kernel.stats())

    def _sync(self) -> None:
        counters = self.kernel.stats()
        stats = self.stats
        stats.nodes = counters["nodes"]
        stats.table_hits = counters["table_hits"]
        stats.bound_cutoffs = counters["bound_cutoffs"]
        stats.beta_cutoffs = counters["beta_cutoffs"]
        stats.alpha_cutoffs = counters["alpha_cutoffs"]
        stats.table_size = counters["table_entries"]


class ProofNumberSolver(NativeSolver):
    """The kernel solver whose null-window tests are proof-number searches
    (:meth:`NativeSolver.prove`): MTD(f), principal variations and proofs built on
    :meth:`test` then ask df-pn. A test answers only the question asked: ``gamma`` when
    value ≥ γ is proven, ``gamma - 1`` when value < γ is.

    >>> from evalgame.games.tiling.board import Board
    >>> board = Board(3, 4)
    >>> solver = ProofNumberSolver(board, table_mb=1)
    >>> solver.test(board.full, True, 6), solver.value(board.full, max_to_move=True)
    (5, 5)
    """

    algorithm = "matching MTD(f), C kernel, df-pn tests"

    def test(self, free: int, max_to_move: bool, gamma: int, last: int = 0) -> int:
        """``gamma`` if value ≥ γ, else ``gamma - 1`` (both proven), by df-pn (which orders
        its moves by proof numbers, so ``last`` is not needed) with a table of numbers as
        large as the transposition table."""
        return gamma if self.prove(free, max_to_move, gamma, table_mb=self.table_mb) else gamma - 1


def _check_table(table_mb: int, what: str = "the table") -> None:
    """Refuse a table the machine cannot hold, before trying to allocate it."""
    if table_mb < 1:
        raise InputError(f"{what} needs at least 1 MB, not {table_mb}")
    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") >> 20
    except (ValueError, OSError, AttributeError):  # not every system reports it
        return
    if table_mb > physical:
        limit = "this machine's memory; give less"
        raise LimitError(f"{what} size in MB", table_mb, physical, limit)


def make_solver(
    graph: BitGraph,
    *,
    engine: Engine = "auto",
    budget: Budget | None = None,
    table_mb: int | None = None,
    proof_numbers: bool = False,
) -> MatchingSolver:
    """The solver for ``graph``: the C kernel when built and the graph fits, else Python.

    ``engine="native"`` insists on the kernel (an error if it cannot serve), ``"python"``
    selects the reference solver. ``proof_numbers``: the kernel's tests by df-pn
    (:class:`ProofNumberSolver`), which needs the kernel whatever the engine.
    """
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if proof_numbers:
        if engine == "python":
            raise InputError("proof-number search runs in the C kernel: not with --engine python")
        return ProofNumberSolver(graph, budget=budget, table_mb=table_mb)
    if not kernel_serves(graph.n, engine):
        return MatchingSolver(graph, budget=budget)
    return NativeSolver(graph, budget=budget, table_mb=table_mb)


def kernel_serves(vertices: int, engine: Engine = "auto") -> bool:
    """Whether :func:`make_solver` gives a graph of ``vertices`` vertices to the C kernel
    on ``engine`` (``"auto"``: when it is built and the graph fits, else the Python solver;
    ``"native"`` insists on it).

    >>> kernel_serves(MAX_VERTICES + 8), kernel_serves(12, "python")
    (False, False)
    """
    if engine == "python":
        return False
    return engine == "native" or kernel_width(vertices) is not None
