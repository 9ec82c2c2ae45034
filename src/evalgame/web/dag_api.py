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
from pydantic import Field, model_validator

from evalgame.errors import EvalgameError, InputError, LimitError
from evalgame.games.classic.dag_file import parse_exact
from evalgame.lab.dag import LabAlgorithm, Options, walk_game
from evalgame.lab.dag_tree import read_game
from evalgame.lab.random_tree import random_tree
from evalgame.search.budget import Budget
from evalgame.web import workers
from evalgame.web.errors import HEAVY, error_body
from evalgame.web.models import Request as Strict
from evalgame.web.models import Seconds, request_budget

#: longest nested-list tree accepted (a 3⁷ tree of one-digit leaves takes about 9 000)
MAX_TREE_TEXT = 40_000

ADVICE = "draw a smaller tree, or solve it with `evalgame dag FILE`"
TEXTBOOK = "[[3,12,8],[2,4,6],[14,5,2]]"

router = APIRouter(prefix="/api/dag", tags=["DAG and tree lab"])


class RandomTree(Strict):
    """A random tree: the same numbers give the same tree."""

    branching: int = Field(3, ge=1, le=10, description="moves at every inner position")
    depth: int = Field(3, ge=1, le=12, description="levels of moves below the root")
    low: int = Field(0, ge=-1_000_000, le=1_000_000, description="the smallest leaf value")
    high: int = Field(9, ge=-1_000_000, le=1_000_000, description="the largest leaf value")
    chance: bool = Field(
        False, description="levels MAX, chance, MIN, chance, …, random exact probabilities"
    )
    seed: int = Field(1, ge=0, le=2**31, description="the random seed")


class DagRequest(Strict):
    """A game given by hand (or a random tree) and the search to watch on it."""

    game: dict[str, Any] | str | None = Field(
        None,
        description=(
            "a game in the docs/dag.md format ({'start': …, 'positions': {…}}), or a tree as "
            "nested lists of exact numbers, MAX to move at the root and the players "
            "alternating, e.g. " + TEXTBOOK + "; or leave it out and give 'random'"
        ),
        examples=[TEXTBOOK],
    )
    random: RandomTree | None = Field(
        None, description="a random tree instead of 'game' (the answer holds it as 'game')"
    )
    algorithm: Literal[
        "dfs", "minimax", "alphabeta", "expectiminimax", "star1", "star2", "retrograde"
    ] = Field(
        "alphabeta",
        description=(
            "dfs: backward induction on the graph of positions, Θ(V+E); minimax, alphabeta "
            "(full window), expectiminimax, star1 and star2 (Ballard's *-minimax: alpha-beta "
            "that also prunes below chance positions, with bounds L ≤ every leaf ≤ U): on the "
            "tree the graph unfolds to; retrograde: win, loss or draw for MAX at every "
            "position of a game whose positions may repeat (a payoff counts for its sign)"
        ),
    )
    order: Literal["given", "best", "worst"] = Field(
        "given",
        description=(
            "the move order of alpha-beta, star1 and star2: as given, or each "
            "player's best (worst) move first by exact value"
        ),
    )
    table: bool = Field(False, description="alpha-beta with a transposition table")
    depth: int | None = Field(
        None, ge=1, le=30, description="minimax and alpha-beta cut off at this depth"
    )
    evaluation: Literal["estimate", "zero", "mean", "first"] = Field(
        "estimate",
        description=(
            "what the cut-off sees at its horizon: each position's 'estimate', 0, the mean "
            "of the leaves below, or the leaf reached by always playing the first move"
        ),
    )
    bounds: list[int | float | str] | None = Field(
        None,
        min_length=2,
        max_length=2,
        description="[L, U] for star1 and star2 (default: the smallest and largest leaf)",
    )
    seconds: Seconds = 3.0

    @model_validator(mode="after")
    def _one_game(self) -> DagRequest:
        if (self.game is None) == (self.random is None):
            raise ValueError("give either 'game' or 'random'")
        return self


@router.post("", responses=HEAVY)
async def dag(request: DagRequest, http: Request) -> Any:
    """The walk of ``algorithm`` on ``game``: ``value``, ``values`` (every position's exact
    value), ``visited`` (positions in the order first entered), ``steps`` (enter, leave and,
    for alpha-beta, star1 and star2, the (α, β) window and the cut-offs; star2's probes),
    ``tree`` (the nodes of the unfolded tree for the tree searches), ``counts`` (vertices and
    edges; nodes entered by minimax, alpha-beta as given, best first and worst first,
    expectiminimax, star1 and star2) and, with a depth cut-off, ``horizon`` (the move the
    cut-off chose against the exact values)."""
    game: object = request.game
    if isinstance(game, str) and len(game) > MAX_TREE_TEXT:
        return _refused(LimitError("the length of the tree", len(game), MAX_TREE_TEXT, ADVICE))
    if isinstance(game, dict):  # read again with every decimal exact (the model made floats)
        game = json.loads(await http.body(), parse_float=Decimal)["game"]
    try:
        bounds = None
        if request.bounds is not None:
            raw = request.bounds
            if any(isinstance(b, float) for b in raw):  # read again: 0.1 is one tenth
                raw = json.loads(await http.body(), parse_float=Decimal)["bounds"]
            low, high = (parse_exact(b, "a bound") for b in raw)
            if low > high:
                raise InputError(f"the bounds [{low}, {high}] are empty: L must be at most U")
            bounds = (low, high)
        options = Options(
            order=request.order,
            table=request.table,
            depth=request.depth,
            evaluation=request.evaluation,
            bounds=bounds,
        )
        return await workers.run(
            http,
            _walk,
            game,
            request.random.model_dump() if request.random else None,
            request.algorithm,
            options,
            request_budget(request.seconds),
        )
    except (InputError, LimitError) as error:  # the game at fault; a stopped search is not
        return _refused(error)


def _walk(
    game: object,
    random: dict[str, Any] | None,
    algorithm: LabAlgorithm,
    options: Options,
    budget: Budget,
) -> dict[str, Any]:
    if random is not None:
        chance = random.pop("chance")
        game = random_tree(**random, chance=chance)
    answer = walk_game(
        read_game(game, acyclic=algorithm != "retrograde"), algorithm, budget, options
    )
    if random is not None:
        answer["game"] = game
    return answer


def _refused(error: EvalgameError) -> JSONResponse:
    """A game the lab cannot use: 400, at fault the field ``game``."""
    body = error_body(error)
    body["field"] = "game"
    return JSONResponse(body, status_code=400)
