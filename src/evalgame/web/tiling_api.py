"""The tiling game on the web page: ``POST /api/tiling/play`` and ``/api/tiling/hint``.

The page sends the board, the person's role and every domino placed so far; the answer is
the game after the engine's reply (see :func:`evalgame.play.tiling.tiling_state`), or the
best dominoes for the player to move (:func:`evalgame.play.tiling.tiling_hint`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from evalgame.play.tiling import tiling_hint, tiling_state
from evalgame.web import workers
from evalgame.web.errors import HEAVY
from evalgame.web.models import TilingRequest, request_budget

router = APIRouter(prefix="/api/tiling", tags=["tiling"])


@router.post("/play", responses=HEAVY)
async def play(request: TilingRequest, http: Request) -> dict[str, Any]:
    """The game after the dominoes sent and the engine's answer."""
    budget = request_budget(request.seconds)
    return await workers.run(
        http, tiling_state, request.rows, request.cols, request.role, request.moves, budget
    )


@router.post("/hint", responses=HEAVY)
async def hint(request: TilingRequest, http: Request) -> dict[str, Any]:
    """The best dominoes for the player to move (all of them when the position is solved
    in time, else the heuristic's choice and the bounds proven)."""
    budget = request_budget(request.seconds)
    return await workers.run(http, tiling_hint, request.rows, request.cols, request.moves, budget)
