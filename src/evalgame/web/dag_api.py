"""The DAG and tree lab's API: ``POST /api/dag``.

The page sends a game — a ``docs/dag.md`` object, or a nested-list tree such as
``"[[3,12,8],[2,4,6],[14,5,2]]"`` — and a search; the answer is its walk, step by step,
with the exact value of every position and the node counts of the searches side by side
(see :func:`evalgame.lab.dag.walk_game`). A game the lab refuses — a cycle, a
move to an unknown position, a malformed tree — is a 400 whose ``field`` is ``game``; a
cycle also lists its positions (``cycle``), a malformed tree gives the ``position`` of the
bad character.

>>> from fastapi.testclient import TestClient
>>> from evalgame.web.app import create_app
>>> client = TestClient(create_app())
>>> client.post("/api/dag", json={"game": "[[3,12,8],[2,4,6],[14,5,2]]"}).json()["value"]
'3'
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import Field

from evalgame.errors import EvalgameError, InputError, LimitError
from evalgame.lab.dag import LabAlgorithm, read_game, walk_game
from evalgame.search.budget import Budget
from evalgame.web import workers
from evalgame.web.errors import HEAVY, error_body
from evalgame.web.models import Request as Strict
from evalgame.web.models import Seconds, request_budget

#: longest nested-list tree accepted
MAX_TREE_TEXT = 10_000

ADVICE = "draw a smaller tree, or solve it with `evalgame dag FILE`"
TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"

router = APIRouter(prefix="/api/dag", tags=["DAG and tree lab"])


class DagRequest(Strict):
    """A game given by hand and the search to watch on it."""

    game: dict[str, Any] | str = Field(
        description=(
            "a game in the docs/dag.md format ({'start': …, 'positions': {…}}), or a tree as "
            "nested lists of exact numbers, MAX to move at the root and the players "
            "alternating, e.g. " + TEXTBOOK
        ),
        examples=[TEXTBOOK],
    )
    algorithm: Literal["dfs", "minimax", "alphabeta", "expectiminimax", "retrograde"] = Field(
        "alphabeta",
        description=(
            "dfs: backward induction on the graph of positions, Θ(V+E); minimax, alphabeta "
            "(full window, moves in the given order), expectiminimax: on the tree the graph "
            "unfolds to; retrograde: win, loss or draw for MAX at every position of a game "
            "whose positions may repeat (a payoff counts for its sign)"
        ),
    )
    seconds: Seconds = 3.0


@router.post("", responses=HEAVY)
async def dag(request: DagRequest, http: Request) -> Any:
    """The walk of ``algorithm`` on ``game``: ``value``, ``values`` (every position's exact
    value), ``visited`` (positions in the order first entered), ``steps`` (enter, leave and,
    for alpha-beta, the (α, β) window and the cut-offs), ``tree`` (the nodes of the unfolded
    tree for the tree searches) and ``counts`` (vertices and edges; nodes entered by
    minimax, alpha-beta as given, best first and worst first, and expectiminimax)."""
    game: object = request.game
    if isinstance(game, str) and len(game) > MAX_TREE_TEXT:
        return _refused(LimitError("the length of the tree", len(game), MAX_TREE_TEXT, ADVICE))
    if isinstance(game, dict):  # read again with every decimal exact (the model made floats)
        game = json.loads(await http.body(), parse_float=Decimal)["game"]
    try:
        return await workers.run(
            http, _walk, game, request.algorithm, request_budget(request.seconds)
        )
    except (InputError, LimitError) as error:  # the game at fault; a stopped search is not
        return _refused(error)


def _walk(game: object, algorithm: LabAlgorithm, budget: Budget) -> dict[str, Any]:
    return walk_game(read_game(game, acyclic=algorithm != "retrograde"), algorithm, budget)


def _refused(error: EvalgameError) -> JSONResponse:
    """A game the lab cannot use: 400, at fault the field ``game``."""
    body = error_body(error)
    body["field"] = "game"
    return JSONResponse(body, status_code=400)
