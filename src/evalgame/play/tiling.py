"""The tiling game in play, stateless: the board and every domino so far in, the game out.

The dominoes are replayed (each must cover two adjacent free cells), the engine answers,
and the answer says how the game stands. The engine plays exactly when the specialised
solver settles the position within the budget (small boards, and large ones late in the
game; the C kernel when it is built, which proves 6×6 in about 2 s, else the Python
solver); otherwise it plays the move its heuristic order puts first and reports the bounds
it proved. One solver per board size keeps its table across calls, within the bounds of
:class:`~evalgame.play.engines.Engines` (the least recently used boards go first).

>>> state = tiling_state(2, 2, "max", [[[0, 0], [0, 1]]])
>>> state["dominoes"], state["over"], state["result"]["final"]
([[[0, 0], [0, 1]], [[1, 0], [1, 1]]], True, '2')
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evalgame.errors import IllegalMoveError, SearchInterrupted
from evalgame.games.matching.game import MatchingPosition
from evalgame.games.matching.native import Engine, NativeSolver, make_solver
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.game import TilingGame
from evalgame.play.engines import Engines
from evalgame.play.replay import answer, replay
from evalgame.play.session import Session
from evalgame.play.verdict import Terms, Verdict, judge
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.vocabulary import bounds_json, exact_json, side_json

#: how the tiling game words its verdicts
TERMS = Terms(
    "{} dominoes",
    "the value {}",
    "{} dominoes, the value of the game",
    "{final} dominoes; the value of this board is not known yet "
    "({lower} ≤ value ≤ {upper}), so there is no verdict",
)

#: which solver plays: the C kernel when built, else the Python solver
ENGINE: Engine = "auto"
#: the C kernel's table for one board, allocated whole (6×6 is proven in about 2 s with
#: 16 MB; a larger table only costs page faults there)
KERNEL_TABLE_MB = 16
#: boards kept for later requests (one solver each)
CACHED_BOARDS = 8
#: bytes of a Python solver's table entry with the region caches behind it (4–5 KB; a
#: 10 s search on 6×6 stores ~2,700 entries)
ENTRY_BYTES = 5_000
#: bytes all boards' tables keep together, per worker process: four kernel tables, or
#: ~13,000 Python entries
MAX_CACHED_BYTES = 64 << 20

#: a domino as plain data: its two cells, each ``[row, column]``
Cells = Sequence[Sequence[int]]


@dataclass
class Table:
    """A board's game and solver, shared by the calls about it (one at a time)."""

    game: TilingGame
    solver: MatchingSolver
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: the value from the start once proven, else the best bounds so far
    start: tuple[int, int] | None = None

    def start_bounds(self) -> tuple[int, int]:
        """Bounds on the value from the start (equal once proven), searched within the
        solver's budget until proven."""
        if self.start is None or self.start[0] < self.start[1]:
            full = self.game.board.full
            try:
                value = self.solver.value(full, True)
                self.start = (value, value)
            except SearchInterrupted:
                self.start = self.solver.bounds(full, True)
        return self.start


def table(rows: int, cols: int) -> Table:
    """The shared table of the ``rows × cols`` board."""
    return _TABLES.get((rows, cols))


def _make(key: tuple[int, int]) -> Table:
    game = TilingGame(*key)
    return Table(game, make_solver(game.board, engine=ENGINE, table_mb=KERNEL_TABLE_MB))


def _size(table: Table) -> int:
    """The bytes a board's solver holds: the kernel's table, counted whole (it is
    allocated whole), and the Python tables' entries (both players to move)."""
    solver = table.solver
    kernel = KERNEL_TABLE_MB << 20 if isinstance(solver, NativeSolver) else 0
    return kernel + ENTRY_BYTES * sum(map(len, solver.tables.values()))


#: the solvers kept, bounded by the bytes they hold
_TABLES: Engines[tuple[int, int], Table] = Engines(
    _make, size=_size, max_engines=CACHED_BOARDS, max_size=MAX_CACHED_BYTES
)


def read_domino(session: Session[MatchingPosition, int], cells: Cells) -> int:
    """The domino on two cells, which must be adjacent and free."""
    game = session.game
    assert isinstance(game, TilingGame)
    (r1, c1), (r2, c2) = cells
    edge = game.board.edge((r1, c1), (r2, c2))
    if edge not in game.moves(session.position):
        raise IllegalMoveError(f"a cell of {game.board.describe(edge)} is taken")
    return edge


def verdict(shared: Table, final: int) -> Verdict:
    """The dominoes placed against the game's value from the start, when it is known."""
    lower, upper = shared.start_bounds()
    return judge(final, lower if lower == upper else None, TERMS, bounds=(lower, upper))


def tiling_state(
    rows: int, cols: int, role: str, moves: Sequence[Cells], budget: Budget | None = None
) -> dict[str, Any]:
    """Replay ``moves`` on a ``rows × cols`` board, let the engine answer the person playing
    ``role``, describe the game."""
    shared = table(rows, cols)
    game, board = shared.game, shared.game.board
    reports: list[dict[str, Any]] = []

    def choose(session: Session[MatchingPosition, int]) -> int:
        move, report = _engine_move(shared, session.position)
        reports.append(report)
        return move

    with shared.lock:
        shared.solver.budget = budget
        try:
            session: Session[MatchingPosition, int] = Session(
                game, verdict=lambda finished: verdict(shared, finished.position.placed)
            )
            replay(session, moves, read_domino)
            engine = answer(session, Player(role), choose)
            over = session.is_over
            result = _result(shared, session) if over else None
        finally:
            shared.solver.budget = None
    position = session.position
    return {
        "rows": rows,
        "cols": cols,
        "role": role,
        "dominoes": [[list(cell) for cell in board.domino(edge)] for edge in session.moves_played],
        "players": [before.to_move.value for before, _ in session.history],
        "engine": engine,
        "report": reports[-1] if reports else None,
        "over": over,
        "to_move": None if over else position.to_move.value,
        "count": position.placed,
        "result": result,
    }


def tiling_hint(
    rows: int, cols: int, moves: Sequence[Cells], budget: Budget | None = None
) -> dict[str, Any]:
    """The best dominoes for the player to move after ``moves``: every optimal one when the
    solver settles the position in time, with the final count after each legal domino
    (``moves``, best first); else the heuristic's choice with proven bounds.

    >>> hint = tiling_hint(2, 2, [])  # on 2×2 every domino leaves room for one more
    >>> hint["exact"], hint["value"], len(hint["best"]), {move["value"] for move in hint["moves"]}
    (True, '2', 4, {'2'})
    """
    shared = table(rows, cols)
    game, board = shared.game, shared.game.board
    with shared.lock:
        shared.solver.budget = budget
        try:
            session: Session[MatchingPosition, int] = Session(game)
            replay(session, moves, read_domino)
            if session.is_over:
                raise IllegalMoveError("the game is over: no domino fits")
            best, report, after = _best_moves(shared, session.position)
            max_to_move = session.position.to_move is Player.MAX
        finally:
            shared.solver.budget = None

    def cells(edge: int) -> list[list[int]]:
        return [list(cell) for cell in board.domino(edge)]

    ranked = sorted(after, key=after.__getitem__, reverse=max_to_move)  # best first
    return {
        "best": [cells(edge) for edge in best],
        "moves": [{"domino": cells(edge), "value": exact_json(after[edge])} for edge in ranked],
        **report,
    }


def _engine_move(shared: Table, position: MatchingPosition) -> tuple[int, dict[str, Any]]:
    """An optimal move if the solver settles the position in time, else the heuristic's."""
    best, report, _ = _best_moves(shared, position)
    return best[0], report


def _best_moves(
    shared: Table, position: MatchingPosition
) -> tuple[list[int], dict[str, Any], dict[int, int]]:
    """Every optimal move (in the heuristic's order) if the solver settles the position in
    time, else the heuristic's first move alone; with the value or the bounds proven, and
    the final count after each legal move (none unless settled)."""
    game, solver = shared.game, shared.solver
    free, max_to_move = position.free, position.to_move is Player.MAX
    ordered = list(game.order(position, game.moves(position)))
    try:
        value = solver.value(free, max_to_move)
        total = position.placed + value
        after = {m: position.placed + 1 + solver.value(free & ~m, not max_to_move) for m in ordered}
        best = [m for m in ordered if after[m] == total]
        return best, {"exact": True, "value": exact_json(total), **bounds_json(total, total)}, after
    except SearchInterrupted:
        pass
    lower, upper = solver.bounds(free, max_to_move)
    report = {
        "exact": False,
        "value": None,
        **bounds_json(position.placed + lower, position.placed + upper),
    }
    return [ordered[0]], report, {}


def _result(shared: Table, session: Session[MatchingPosition, int]) -> dict[str, Any]:
    """The dominoes placed, the game's value from the start (or bounds on it) and the
    verdict."""
    lower, upper = shared.start_bounds()
    judged = session.verdict()
    return {
        "final": exact_json(session.position.placed),
        "value": exact_json(lower) if judged.decided else None,
        **bounds_json(lower, upper),
        "decided": judged.decided,
        "winner": side_json(judged.winner),
        "verdict": judged.text,
        "reason": judged.reason,
    }
