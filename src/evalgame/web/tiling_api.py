"""The tiling game on the web page: ``POST /api/tiling/play``.

The page sends the board, the person's role and every domino placed so far; the server
replays them (each must cover two adjacent free cells), lets the engine answer and says
how the game stands. The engine plays exactly when the specialised solver settles the
position within the request's time budget (small boards, and large ones late in the game);
otherwise it plays the move its heuristic order puts first and reports the bounds it
proved. One solver per board size keeps its table across requests.

>>> state = tiling_state(2, 2, "max", [[[0, 0], [0, 1]]], 2.0)
>>> state["dominoes"], state["over"], state["result"]["final"]
([[[0, 0], [0, 1]], [[1, 0], [1, 1]]], True, 2)
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from fastapi import APIRouter

from evalgame.errors import IllegalMoveError, SearchInterrupted
from evalgame.games.matching.game import MatchingPosition
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.game import TilingGame
from evalgame.search.protocol import Player
from evalgame.web.models import TilingRequest, request_budget

router = APIRouter(prefix="/api/tiling", tags=["tiling"])


@dataclass
class _Board:
    """A board's game and solver, shared by the requests about it (one at a time)."""

    game: TilingGame
    solver: MatchingSolver
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: the value from the start once proven, else the best bounds so far
    start: tuple[int, int] | None = None


@lru_cache(maxsize=8)
def _board(rows: int, cols: int) -> _Board:
    game = TilingGame(rows, cols)
    return _Board(game, MatchingSolver(game.board))


@router.post("/play")
def play(request: TilingRequest) -> dict[str, Any]:
    """The game after the dominoes sent and the engine's answer."""
    return tiling_state(request.rows, request.cols, request.role, request.moves, request.seconds)


def tiling_state(
    rows: int, cols: int, role: str, moves: list[list[list[int]]], seconds: float
) -> dict[str, Any]:
    """Replay ``moves`` on a ``rows × cols`` board, let the engine answer, describe the game."""
    shared = _board(rows, cols)
    game, board = shared.game, shared.game.board
    person = Player(role)
    budget = request_budget(seconds)
    with shared.lock:
        shared.solver.budget = budget
        try:
            position = game.initial()
            edges: list[int] = []
            for number, (one, two) in enumerate(moves, 1):
                edge = board.edge((one[0], one[1]), (two[0], two[1]))
                if edge not in game.moves(position):
                    raise IllegalMoveError(
                        f"move {number}: a cell of {board.describe(edge)} is taken"
                    )
                edges.append(edge)
                position = game.play(position, edge)
            played = len(edges)
            report = None
            while game.moves(position) and position.to_move is not person:
                edge, report = _engine_move(shared, position)
                edges.append(edge)
                position = game.play(position, edge)
            over = not game.moves(position)
            result = _result(shared, position) if over else None
        finally:
            shared.solver.budget = None
    first = game.initial().to_move
    return {
        "rows": rows,
        "cols": cols,
        "role": role,
        "dominoes": [[list(cell) for cell in board.domino(edge)] for edge in edges],
        "players": [(first if i % 2 == 0 else first.opponent).value for i in range(len(edges))],
        "engine": list(range(played, len(edges))),
        "report": report,
        "over": over,
        "to_move": None if over else position.to_move.value,
        "count": position.placed,
        "result": result,
    }


def _engine_move(shared: _Board, position: MatchingPosition) -> tuple[int, dict[str, Any]]:
    """An optimal move if the solver settles the position in time, else the heuristic's."""
    game, solver = shared.game, shared.solver
    free, max_to_move = position.free, position.to_move is Player.MAX
    ordered = list(game.order(position, game.moves(position)))
    try:
        value = solver.value(free, max_to_move)
        for move in ordered:
            if 1 + solver.value(free & ~move, not max_to_move) == value:
                total = position.placed + value
                return move, {"exact": True, "value": total, "lower": total, "upper": total}
    except SearchInterrupted:
        pass
    lower, upper = solver.bounds(free, max_to_move)
    return ordered[0], {
        "exact": False,
        "value": None,
        "lower": position.placed + lower,
        "upper": position.placed + upper,
    }


def _result(shared: _Board, position: MatchingPosition) -> dict[str, Any]:
    """The dominoes placed against the game's value from the start, when it is known."""
    solver, final = shared.solver, position.placed
    if shared.start is None or shared.start[0] < shared.start[1]:
        full = shared.game.board.full
        try:
            value = solver.value(full, True)
            shared.start = (value, value)
        except SearchInterrupted:
            shared.start = solver.bounds(full, True)
    lower, upper = shared.start
    if lower < upper:
        winner = None
        verdict = (
            f"{final} dominoes; the value of this board is not known yet "
            f"({lower} ≤ value ≤ {upper}), so there is no verdict"
        )
    elif final > lower:
        winner, verdict = "max", f"MAX wins: {final} dominoes > the value {lower}"
    elif final < lower:
        winner, verdict = "min", f"MIN wins: {final} dominoes < the value {lower}"
    else:
        winner, verdict = None, f"a draw: {final} dominoes, the value of the game"
    return {
        "final": final,
        "value": lower if lower == upper else None,
        "lower": lower,
        "upper": upper,
        "decided": lower == upper,
        "winner": winner,
        "verdict": verdict,
    }
