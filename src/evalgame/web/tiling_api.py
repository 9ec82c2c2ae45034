"""The tiling game on the web page: ``POST /api/tiling/play`` and ``/api/tiling/hint``.

The page sends the board, the person's role and every domino placed so far; the answer is
the game after the engine's reply (see :func:`evalgame.play.tiling.tiling_state`), or the
best dominoes for the player to move (:func:`evalgame.play.tiling.tiling_hint`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from evalgame.play.tiling import tiling_hint, tiling_state
from evalgame.web.models import TilingRequest, request_budget

router = APIRouter(prefix="/api/tiling", tags=["tiling"])


@router.post("/play")
def play(request: TilingRequest) -> dict[str, Any]:
    """The game after the dominoes sent and the engine's answer."""
    budget = request_budget(request.seconds)
    return tiling_state(request.rows, request.cols, request.role, request.moves, budget)


@router.post("/hint")
def hint(request: TilingRequest) -> dict[str, Any]:
    """The best dominoes for the player to move (all of them when the position is solved
    in time, else the heuristic's choice and the bounds proven)."""
    budget = request_budget(request.seconds)
    return tiling_hint(request.rows, request.cols, request.moves, budget)
