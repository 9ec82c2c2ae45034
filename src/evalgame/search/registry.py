"""Every exact solver by name, with the one-line description help texts and the web show.

A :class:`Solver` solves a position of a game (``solver(game, position)``) and answers the
null-window question "value ≥ γ?" (:meth:`Solver.test`), which is what a search split into
subproblems asks (the proof manager's workers ask it of their leaves, keeping the solver's
memory — :meth:`Solver.memory` — from one question to the next). :data:`SOLVERS` holds the
engine's solvers, which work on every game on the protocol. A game family offers a table of
its own, built with :func:`solvers` from the engine's solvers it suits and its specialised
ones (the tiling game's ``solver``, the residual searches of e-Valuate); :func:`choose`
looks a name up in any such table.

>>> from evalgame.search.examples import NestedTree
>>> game = NestedTree([[3, 5], [2, 9]])
>>> [SOLVERS[name](game).value for name in ("alphabeta", "mtdf", "minimax")]
[3, 3, 3]
>>> SOLVERS["alphabeta"].test(game, None, 4)   # "value ≥ 4?" no: the value is at most 3
3
>>> choose(SOLVERS, "alpha")
Traceback (most recent call last):
...
evalgame.errors.GameError: unknown algorithm 'alpha'; choose one of alphabeta, negascout, \
mtdf, minimax, expectiminimax, backward-induction
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evalgame.errors import GameError, SearchInterrupted
from evalgame.numbers import Number
from evalgame.search.alphabeta import alphabeta, null_window_test
from evalgame.search.budget import Budget
from evalgame.search.chance import expectiminimax
from evalgame.search.dag import backward_induction
from evalgame.search.minimax import minimax
from evalgame.search.mtdf import mtdf
from evalgame.search.negascout import negascout
from evalgame.search.protocol import Game
from evalgame.search.result import SearchResult
from evalgame.search.searcher import from_key_class, to_key_class
from evalgame.search.stats import SearchStats
from evalgame.search.table import TranspositionTable

#: solves ``position`` of ``game`` within ``budget``, on ``table`` (a fresh one if None)
Run = Callable[[Game[Any, Any], Any, Budget | None, TranspositionTable | None], SearchResult[Any]]
#: the fail-soft null-window test of :meth:`Solver.test`: (game, position, γ, strict,
#: budget, memory, stats, last) → a bound, or None when no leaf is valid; ``memory`` is what
#: :meth:`Solver.memory` made (None: a fresh one), ``stats`` counts the nodes searched,
#: ``last`` is the move that led to the position (None: unknown), a hint for the move order
Probe = Callable[
    [Game[Any, Any], Any, Number, bool, Budget | None, Any, SearchStats, Any],
    Number | None,
]
#: makes what a solver remembers between questions on one game (see :meth:`Solver.memory`)
Memory = Callable[[Game[Any, Any]], Any]
#: adds to a memory bounds proven elsewhere: (game, position, lower, upper, memory)
Learn = Callable[[Game[Any, Any], Any, Number | None, Number | None, Any], None]
#: the bounds a memory holds on a position: (game, position, memory) → (lower, upper)
Recall = Callable[[Game[Any, Any], Any, Any], tuple[Number | None, Number | None]]
#: what a memory proved in its large searches since the last call, as bytes for the memories
#: of other processes on the same game (a proof's workers): memory → bytes
Export = Callable[[Any], bytes]
#: merges into a memory what another process's memory on the same game exported
Absorb = Callable[[Any, bytes], None]
#: what guides a memory's unfinished searches (df-pn's proof and disproof numbers), as bytes
#: that a memory of another process on the same game takes up to go on from where they
#: stopped: memory → bytes (a proof's checkpoint of a leaf; nothing in it is a proof)
Checkpoint = Callable[[Any], bytes]
#: takes into a memory what :data:`Checkpoint` gave
Restore = Callable[[Any, bytes], None]
#: the moves of a position in the order the solver's test would try them first, given what
#: its memory holds: (game, position, moves, γ, strict, memory, last) → the same moves
Rank = Callable[[Game[Any, Any], Any, Sequence[Any], Number, bool, Any, Any], list[Any]]


#: the table entries a worker's engine search sends to the others: those of searches of at
#: least this many nodes — every one: with 16, as the C kernel's, the other workers of a
#: 12-variable e-Valuate proof received a fifth of a worker's entries and searched again
#: the small subtrees where the siblings' searches meet (BENCHMARKS.md, "e-Valuate on 4
#: and 8 workers")
SHARED_NODES = 1


def _fresh_table(game: Game[Any, Any]) -> TranspositionTable:
    return TranspositionTable(shared_from=SHARED_NODES)


def _learn_table(
    game: Game[Any, Any],
    position: Any,
    lower: Number | None,
    upper: Number | None,
    table: TranspositionTable,
) -> None:
    key = game.key(position)
    if key is not None:  # stored in the key class's coordinates, as the searches do
        scale, offset = game.affine(position)
        lower, upper = to_key_class(lower, scale, offset), to_key_class(upper, scale, offset)
        table.learn(key, lower, upper, "bounds learned")


def _recall_table(
    game: Game[Any, Any], position: Any, table: TranspositionTable
) -> tuple[Number | None, Number | None]:
    key = game.key(position)
    entry = None if key is None else table.entries.get(key)
    if entry is None or entry[3] or not entry[5] or entry[4] is not None:
        return None, None  # unknown, invalid below, or a depth-limited search's
    scale, offset = game.affine(position)
    return from_key_class(entry[0], scale, offset), from_key_class(entry[1], scale, offset)


@dataclass(frozen=True)
class Solver:
    """An exact solver: its name, what it does in one line, and how to run it.

    ``probe`` is its null-window test, if it has one of its own; ``remember`` makes the
    memory its tests keep between calls (default: a transposition table); ``teach`` adds
    to that memory bounds proven elsewhere and ``recall`` reads the bounds it holds;
    ``export`` and ``absorb`` pass what one memory proved to another process's (``None``:
    it cannot); ``rank`` orders a position's moves as its test would (``None``: the game's
    order); ``checkpoint`` and ``restore`` carry what guides an unfinished test to a later
    one in another process (``None``: a test that stopped starts again from its memory).
    """

    name: str
    description: str
    run: Run
    probe: Probe | None = None
    remember: Memory = _fresh_table
    teach: Learn | None = None
    recall: Recall | None = None
    export: Export | None = None
    absorb: Absorb | None = None
    rank: Rank | None = None
    checkpoint: Checkpoint | None = None
    restore: Restore | None = None

    def __call__(
        self,
        game: Game[Any, Any],
        position: Any = None,
        *,
        budget: Budget | None = None,
        table: TranspositionTable | None = None,
    ) -> SearchResult[Any]:
        """The exact value and a principal variation of ``position`` (default: the start)."""
        return self.run(game, game.initial() if position is None else position, budget, table)

    def test(
        self,
        game: Game[Any, Any],
        position: Any,
        gamma: Number,
        *,
        strict: bool = False,
        budget: Budget | None = None,
        memory: Any = None,
        stats: SearchStats | None = None,
        last: Any = None,
    ) -> Number | None:
        """Fail-soft answer to "value ≥ γ?" (``strict``: "value > γ?") at ``position``
        (``None``: the start): a result ``r ≥ γ`` (``r > γ``) proves the value is at least
        ``r``, any other ``r`` that it is at most ``r``; ``None`` when no leaf is valid.

        ``memory`` (from :meth:`memory`; ``None``: start afresh) carries what earlier
        tests on ``game`` proved; ``stats`` receives the nodes searched, also when the
        budget stops the test; ``last`` is the move that led to ``position``, if known: a
        solver that orders replies by it (the tiling kernel tries the moves next to it
        first) searches a subproblem as it would have inside the whole search. A solver
        without a test of its own answers with the exact value.
        """
        root = game.initial() if position is None else position
        counted = SearchStats() if stats is None else stats
        if self.probe is None:
            try:
                result = self.run(game, root, budget, memory)
            except SearchInterrupted as stop:
                if stop.stats is not None:
                    counted.nodes += stop.stats.nodes
                raise
            counted.nodes += result.stats.nodes
            return result.value
        return self.probe(game, root, gamma, strict, budget, memory, counted, last)

    def memory(self, game: Game[Any, Any]) -> Any:
        """A memory for :meth:`test` on ``game`` that a caller keeps between questions, so
        that each starts from what the earlier ones proved (a transposition table for the
        engine's searches).

        >>> from evalgame.search.examples import NestedTree
        >>> class Keyed(NestedTree):   # positions stored in the table by themselves
        ...     def key(self, position): return position
        >>> game, mtdf = Keyed([[3, 5], [2, 9]]), SOLVERS["mtdf"]
        >>> memory, stats = mtdf.memory(game), SearchStats()
        >>> mtdf.test(game, None, 3, memory=memory, stats=stats), stats.nodes  # value ≥ 3?
        (3, 4)
        >>> mtdf.test(game, None, 3, memory=memory, stats=stats), stats.nodes  # remembered
        (3, 5)
        """
        return self.remember(game)

    def learn(
        self,
        game: Game[Any, Any],
        position: Any,
        lower: Number | None,
        upper: Number | None,
        memory: Any,
    ) -> None:
        """Add to ``memory`` (from :meth:`memory`) that ``lower ≤ value ≤ upper`` at
        ``position`` (``None``: that side unknown), proven elsewhere — by another process
        of a parallel proof; a solver that cannot learn (no :attr:`teach`) ignores it.

        >>> from evalgame.search.examples import NestedTree
        >>> class Keyed(NestedTree):
        ...     def key(self, position): return position
        >>> game, mtdf = Keyed([[3, 5], [2, 9]]), SOLVERS["mtdf"]
        >>> memory, stats = mtdf.memory(game), SearchStats()
        >>> mtdf.learn(game, game.initial(), 3, None, memory)   # proven by someone else
        >>> mtdf.test(game, None, 3, memory=memory, stats=stats), stats.nodes
        (3, 1)
        """
        if self.teach is not None:
            self.teach(game, position, lower, upper, memory)

    def known(
        self, game: Game[Any, Any], position: Any, memory: Any
    ) -> tuple[Number | None, Number | None]:
        """The bounds ``(lower, upper)`` that ``memory`` has proven on the value of
        ``position`` (``None``: unknown), e.g. what a stopped test proved below its root."""
        if self.recall is None:
            return None, None
        return self.recall(game, position, memory)

    def order(
        self,
        game: Game[Any, Any],
        position: Any,
        gamma: Number,
        *,
        strict: bool = False,
        memory: Any = None,
        last: Any = None,
    ) -> list[Any]:
        """The moves of ``position`` best first, as :meth:`test` on ``memory`` would try
        them for the question ``γ`` (``last``: the move that led there, if known): a proof
        split at ``position`` then hands out its children in the order the search had.

        >>> from evalgame.search.examples import NestedTree
        >>> game = NestedTree([[3, 5], [2, 9]])
        >>> SOLVERS["mtdf"].order(game, game.initial(), 3)   # the game's own order
        [0, 1]
        """
        moves = game.moves(position)
        if self.rank is None or memory is None:
            return list(game.order(position, moves))
        return self.rank(game, position, moves, gamma, strict, memory, last)

    def entries(self, memory: Any) -> bytes:
        """What ``memory`` proved in its large searches since the last call, for
        :meth:`merge` into the memories of other processes on the same game (empty when
        the solver cannot share its memory)."""
        return b"" if self.export is None else self.export(memory)

    def merge(self, memory: Any, entries: bytes) -> None:
        """Add to ``memory`` the ``entries`` another process's memory on the same game gave
        (:meth:`entries`)."""
        if self.absorb is not None and entries:
            self.absorb(memory, entries)


def solvers(*entries: Solver) -> dict[str, Solver]:
    """A table of solvers by name, in the order given (a later entry replaces an earlier
    one of the same name).

    >>> list(solvers(SOLVERS["mtdf"], SOLVERS["minimax"]))
    ['mtdf', 'minimax']
    """
    return {entry.name: entry for entry in entries}


def choose(table: Mapping[str, Solver], name: str) -> Solver:
    """The solver called ``name`` in ``table``; an unknown name is a :class:`GameError`
    that lists the known ones."""
    try:
        return table[name]
    except KeyError:
        names = ", ".join(table)
        raise GameError(f"unknown algorithm {name!r}; choose one of {names}") from None


def describe(table: Mapping[str, Solver]) -> str:
    """The help text of an ``--algorithm`` option: every name with its description.

    >>> describe(solvers(SOLVERS["minimax"]))
    'minimax: plain backward induction over the whole game tree.'
    """
    return "; ".join(f"{entry.name}: {entry.description}" for entry in table.values()) + "."


def _table(table: TranspositionTable | None) -> TranspositionTable:
    return TranspositionTable() if table is None else table


def _probe(
    game: Game[Any, Any],
    position: Any,
    gamma: Number,
    strict: bool,
    budget: Budget | None,
    table: TranspositionTable | None,
    stats: SearchStats,
    last: Any,
) -> Number | None:
    return null_window_test(
        game, position, gamma, strict=strict, table=_table(table), budget=budget, stats=stats
    )


def _tabled(name: str, description: str, run: Run) -> Solver:
    """A solver whose memory is a transposition table: it probes with the engine's null
    window test, and its tables learn, recall and travel between processes."""
    return Solver(
        name,
        description,
        run,
        _probe,
        teach=_learn_table,
        recall=_recall_table,
        export=TranspositionTable.export,
        absorb=TranspositionTable.absorb,
    )


#: the engine's solvers, which work on every game on the protocol
SOLVERS: dict[str, Solver] = solvers(
    _tabled(
        "alphabeta",
        "alpha-beta with a transposition table and the game's bounds and move order",
        lambda g, p, b, t: alphabeta(g, p, table=_table(t), budget=b),
    ),
    _tabled(
        "negascout",
        "NegaScout (principal variation search) with exact null windows",
        lambda g, p, b, t: negascout(g, p, table=_table(t), budget=b),
    ),
    _tabled(
        "mtdf",
        "MTD(f): a sequence of exact null-window tests on one transposition table",
        lambda g, p, b, t: mtdf(g, p, table=_table(t), budget=b),
    ),
    Solver(
        "minimax",
        "plain backward induction over the whole game tree",
        lambda g, p, b, t: minimax(g, p, budget=b),
    ),
    Solver(
        "expectiminimax",
        "minimax with exact expectations at chance positions (dice)",
        lambda g, p, b, t: expectiminimax(g, p, table=_table(t), budget=b),
    ),
    Solver(
        "backward-induction",
        "one pass over the graph of positions, each solved once",
        lambda g, p, b, t: backward_induction(g, p, budget=b),
    ),
)
