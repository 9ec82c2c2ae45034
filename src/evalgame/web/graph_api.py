"""The graph game on the web page: ``POST /api/graph/play`` and ``/api/graph/hint``.

The page sends game(G, A, B, [k]) on a small named graph, the person's role and every move
so far; the answer is the game after the engine's reply and what the page needs to draw it
(see :func:`evalgame.play.graph.graph_state`), or every legal move with MAX's final share
after it and an optimal line from there (:func:`evalgame.play.graph.graph_hint`).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from evalgame.play.graph import graph_hint, graph_state
from evalgame.play.replay import Limit
from evalgame.web import workers
from evalgame.web.errors import HEAVY
from evalgame.web.models import GraphRequest, request_budget

#: most elements of A the page colours
MAX_COLOURED = 24
#: most elements of B the page shares
MAX_SHARED = 60
COLOURED = Limit(MAX_COLOURED, "the page plays small graphs; use the command line for larger ones")
SHARED = Limit(MAX_SHARED, "use a smaller graph")

router = APIRouter(prefix="/api/graph", tags=["graph game"])


@router.post("/play", responses=HEAVY)
async def play(request: GraphRequest, http: Request) -> dict[str, Any]:
    """The game after the moves sent and the engine's answer."""
    return await workers.run(
        http, graph_state, request.graph, request.colour, request.share, request.colours,
        request.rule, request.role, request.moves, request_budget(request.seconds),
        coloured=COLOURED, shared=SHARED,
    )  # fmt: skip


@router.post("/hint", responses=HEAVY)
async def hint(request: GraphRequest, http: Request) -> dict[str, Any]:
    """Every legal move with MAX's final share after it under optimal play, the best ones
    marked, and an optimal line from here (bounds only, if not settled in time)."""
    return await workers.run(
        http, graph_hint, request.graph, request.colour, request.share, request.colours,
        request.rule, request.moves, request_budget(request.seconds),
        coloured=COLOURED, shared=SHARED,
    )  # fmt: skip
