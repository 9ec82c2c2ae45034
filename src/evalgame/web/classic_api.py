"""The Classic tab's API.

=============================  ==============================================================
``POST /api/classic``          a game against the engine (:func:`~evalgame.lab.classic.
                               classic_state`)
``POST /api/classic/cutoff``   each move's depth-limited estimate beside its exact value, and
                               what each depth would play (:func:`~evalgame.lab.cutoff.
                               cutoff_state`)
``POST /api/classic/horizon``  the textbook horizon effect, found by search: a lost position
                               where the depth-d search plays a delaying threat that pushes
                               the loss past its horizon, and the line that brings it back
=============================  ==============================================================

The page sends a classic game by name (``tictactoe``, ``connect4:4x4``, ``takeaway:12``,
``kayles:6``, ``pig:10``... — the names of ``evalgame classic``), the person's side and
every move so far (the dice's throws included); the answer is the game after the engine's
answer and, on request, the exact value of every legal move
(:func:`evalgame.lab.classic.classic_state`).

>>> from fastapi.testclient import TestClient
>>> from evalgame.web import create_app
>>> client = TestClient(create_app())
>>> client.post("/api/classic", json={"game": "takeaway:5", "role": "min"}).json()["moves"]
['5>4']
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Request
from pydantic import AfterValidator, Field

from evalgame.errors import EvalgameError
from evalgame.games.classic.catalog import parse_target
from evalgame.lab.classic import classic_state
from evalgame.lab.cutoff import DEPTH, cutoff_state, find_horizon
from evalgame.web import workers
from evalgame.web.errors import HEAVY
from evalgame.web.models import Request as Strict
from evalgame.web.models import Seconds, Whole, request_budget

router = APIRouter(prefix="/api/classic", tags=["classic games"])


def known_game(name: str) -> str:
    """``name`` if it names a shipped game (not a file: ``dag:`` is for the command line)."""
    name = name.strip().lower()
    if name.startswith("dag"):
        raise ValueError("a game from a file cannot be opened here; choose one of the page's games")
    try:
        parse_target(name)
    except EvalgameError as error:
        raise ValueError(str(error)) from None
    return name


class ClassicRequest(Strict):
    """A classic game so far: its name, the person's side and every move played."""

    game: Annotated[str, Field(min_length=1, max_length=60), AfterValidator(known_game)] = Field(
        "tictactoe",
        description="tictactoe, connect4:4x4 (up to 20 cells), takeaway:12, nim:3,4,5, "
        "kayles:6, grundy:7, dawson:9, kayles:3+nim:4, pig:10 (pig:T:FACES:TURNS)...",
    )
    role: Literal["max", "min", "both"] = Field(
        "max", description="the person's side (max moves first); both: no engine"
    )
    moves: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list, max_length=400, description="every move so far, as the game says it"
    )
    values: bool = Field(False, description="label every legal move with its exact value")
    seconds: Seconds = 5.0


@router.post("", responses=HEAVY)
async def classic(request: ClassicRequest, http: Request) -> dict[str, Any]:
    """The game after the moves sent and the engine's answer (and the dice's)."""
    return await workers.run(
        http, classic_state, request.game, request.moves, request.role,
        values=request.values, budget=request_budget(request.seconds),
    )  # fmt: skip


class CutoffRequest(Strict):
    """Depth-limited search on tic-tac-toe or small connect-four with an evaluation."""

    game: Annotated[str, Field(min_length=1, max_length=60), AfterValidator(known_game)] = Field(
        "tictactoe", description="tictactoe or connect4:RxC (at most 20 cells)"
    )
    moves: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(
        default_factory=list, max_length=42, description="the moves to the position"
    )
    depth: Whole = Field(2, ge=1, le=DEPTH.most, description="the horizon, in plies")
    evaluation: str = Field(
        "lines",
        max_length=20,
        description="tictactoe: lines, centre or zero; connect4: windows, centre or zero",
    )
    seconds: Seconds = 5.0


@router.post("/cutoff", responses=HEAVY)
async def cutoff(request: CutoffRequest, http: Request) -> dict[str, Any]:
    """Each legal move's estimate at the horizon beside its exact value; each depth's move."""
    return await workers.run(
        http, cutoff_state, request.game, request.moves, request.depth, request.evaluation,
        budget=request_budget(request.seconds),
    )  # fmt: skip


@router.post("/horizon", responses=HEAVY)
async def horizon(request: CutoffRequest, http: Request) -> dict[str, Any]:
    """The position nearest the start where the side to move faces an unavoidable loss
    and the depth-d search plays a delaying threat that pushes it past the horizon
    (``moves`` is ignored; another depth is tried when ``depth`` shows none, and
    ``depth`` in the answer says which), with each move's plies to the end (``ends_in``)
    and the line that brings the loss back into view."""
    return await workers.run(
        http, find_horizon, request.game, request.depth, request.evaluation,
        budget=request_budget(request.seconds),
    )  # fmt: skip
