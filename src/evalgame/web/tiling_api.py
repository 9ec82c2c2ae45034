"""The tiling game on the web page: ``POST /api/tiling/play``, ``/hint`` and ``/why``.

The page sends the board, the person's role and every domino placed so far; the answer is
the game after the engine's reply (see :func:`evalgame.play.tiling.tiling_state`), the
best dominoes for the player to move (:func:`evalgame.play.tiling.tiling_hint`), or why
the position is worth what it is: its regions (cold, hot, wild or large, with their
values), the sum rule of tame regions when it decides, and each domino's value by it
(:func:`evalgame.play.tiling_why.tiling_why`).

>>> from fastapi.testclient import TestClient
>>> from evalgame.web import create_app
>>> client = TestClient(create_app())
>>> why = client.post("/api/tiling/why", json={"rows": 2, "cols": 2}).json()
>>> why["regions"][0]["kind"], why["value"]
('cold', '2')
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field

from evalgame.play.tiling import tiling_hint, tiling_state
from evalgame.play.tiling_why import tiling_why
from evalgame.web import workers
from evalgame.web.errors import HEAVY
from evalgame.web.models import MAX_BOARD_SIDE, Domino, Role, TilingRequest, Whole, request_budget
from evalgame.web.models import Request as Strict

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


class WhyRequest(Strict):
    """A tiling position: the board, the dominoes placed and the side to move."""

    rows: Whole = Field(ge=1, le=MAX_BOARD_SIDE)
    cols: Whole = Field(ge=1, le=MAX_BOARD_SIDE)
    moves: list[Domino] = Field(
        default_factory=list,
        max_length=MAX_BOARD_SIDE**2 // 2,
        description="the dominoes placed, each two [row, column] cells",
    )
    to_move: Role | None = Field(
        None, description="the side to move (default: whoever's turn it is after the moves)"
    )


@router.post("/why", responses=HEAVY)
async def why(request: WhyRequest, http: Request) -> dict[str, Any]:
    """The position's regions with their cells, ``a`` (moves to come with MAX to move),
    ``b`` (with MIN) and ``kind`` (``cold``/``hot``: tame; ``wild``; ``large``: beyond the
    database), the sum rule's arithmetic and ``value`` when every region is tame (else
    ``null``), and each legal domino's value by the rule."""
    return await workers.run(
        http, tiling_why, request.rows, request.cols, request.moves, request.to_move
    )
