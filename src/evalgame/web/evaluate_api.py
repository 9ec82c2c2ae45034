"""The e-Valuate part of the JSON API: check an expression, play, hints, solve.

=================================  =========================================================
``POST /api/evaluate/check``       parse the expression and domain; sizes and what the page
                                   can do with them (400 with the position if malformed)
``POST /api/evaluate/validate``    the same check for a field being typed: always 200, with
                                   ``"ok": false`` and the refusal's body when it is bad (a
                                   live check logs no failed request in the browser)
``POST /api/evaluate/play``        replay the moves, let the engine answer: the game's state
                                   (see :func:`evalgame.play.evaluate.game_state`)
``POST /api/evaluate/hint``        the value after each legal move of the player to move
``POST /api/evaluate/solve``       solve with one algorithm within a time budget; when the
                                   budget runs out, the bounds proven so far
=================================  =========================================================
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import Field, ValidationError

from evalgame.errors import DomainError, EvalgameError, LimitError, SearchInterrupted
from evalgame.expr.domain import parse_domain
from evalgame.expr.expression import parse
from evalgame.games.evaluate.solve import solve
from evalgame.games.evaluate.treesize import tree_size
from evalgame.lab.tree import MAX_TREE_NODES, MAX_TREE_VARIABLES
from evalgame.numbers import format_number
from evalgame.play.evaluate import game_state, hints
from evalgame.search.budget import Budget
from evalgame.web import workers
from evalgame.web.errors import HEAVY, error_body, plain_message
from evalgame.web.models import (
    MAX_PLAY_DOMAIN,
    MAX_PLAY_VARIABLES,
    PLAY_DOMAIN,
    PLAY_VARIABLES,
    ExpressionRequest,
    PlayRequest,
    SolveRequest,
    request_budget,
)
from evalgame.web.models import Request as Request_

#: most positions the vectorized solver may allocate for a web request
MAX_VECTORIZED_POSITIONS = 2_000_000

router = APIRouter(prefix="/api/evaluate", tags=["e-Valuate"])


@router.post("/check")
def check(request: ExpressionRequest) -> dict[str, Any]:
    """The parsed expression: its variables, game-tree size and what the page can do."""
    parsed = parse(request.expression)
    try:
        domain = parse_domain(request.domain)
    except LimitError as error:  # too many values: the page says so under Domain
        raise DomainError(str(error)) from error
    n, m = len(parsed.variables), len(domain)
    size = tree_size(n, m)
    return {
        "expression": str(parsed),
        "variables": list(parsed.variables),
        "domain": [format_number(value) for value in domain],
        "tree_size": str(size),
        "playable": n <= MAX_PLAY_VARIABLES and m <= MAX_PLAY_DOMAIN,
        "explorable": n <= MAX_TREE_VARIABLES and size <= MAX_TREE_NODES,
        "limits": {
            "play_variables": MAX_PLAY_VARIABLES,
            "play_domain": MAX_PLAY_DOMAIN,
            "tree_variables": MAX_TREE_VARIABLES,
            "tree_nodes": MAX_TREE_NODES,
        },
    }


#: the longest text a field being typed is checked for: far past the limits the check names,
#: and two such fields stay below the request body's 64 KB even written as JSON escapes of
#: 12 bytes a character, so that a longer one is a documented 422 and never a 413
MAX_TYPED_LENGTH = 1024


class TypedRequest(Request_):
    """What is in the fields while it is typed: any text, checked by the route itself."""

    expression: str = Field(max_length=MAX_TYPED_LENGTH)
    domain: str = Field("0..9", max_length=MAX_TYPED_LENGTH)


@router.post("/validate")
def validate(request: TypedRequest) -> dict[str, Any]:
    """:func:`check`'s answer with ``"ok": true``, or ``"ok": false`` and the body of the
    4xx that ``/check`` would answer (``message``, ``field``, ``position``…), as a 200."""
    try:
        valid = ExpressionRequest(expression=request.expression, domain=request.domain)
    except ValidationError as invalid:
        problem = invalid.errors()[0]
        field = ".".join(str(part) for part in problem["loc"])
        return {"ok": False, "error": "invalid request", "message": plain_message(problem),
                "field": field}  # fmt: skip
    try:
        return {"ok": True, **check(valid)}
    except EvalgameError as error:
        return {"ok": False, **error_body(error)}


@router.post("/play", responses=HEAVY)
async def play(request: PlayRequest, http: Request) -> dict[str, Any]:
    """The game after the moves sent and the engine's answer (see :func:`game_state`)."""
    return await workers.run(
        http, game_state, request.expression, request.domain, request.role, request.moves,
        request_budget(request.seconds), variables=PLAY_VARIABLES, values=PLAY_DOMAIN,
    )  # fmt: skip


@router.post("/hint", responses=HEAVY)
async def hint(request: PlayRequest, http: Request) -> dict[str, Any]:
    """Each legal move of the player to move, with the exact value it leads to."""
    options = await workers.run(
        http, hints, request.expression, request.domain, request.moves,
        request_budget(request.seconds), variables=PLAY_VARIABLES, values=PLAY_DOMAIN,
    )  # fmt: skip
    return {"options": options}


@router.post("/solve", responses=HEAVY)
async def solve_expression(request: SolveRequest, http: Request) -> dict[str, Any]:
    """minimax(E) by one algorithm; ``"status": "stopped"`` with bounds if out of time."""
    budget = request_budget(request.seconds)  # from now: the time in the queue counts
    return await workers.run(
        http, _solve, request.expression, request.domain, request.algorithm, budget
    )


def _solve(expression: str, domain_text: str, algorithm: str, budget: Budget) -> dict[str, Any]:
    parsed = parse(expression, deadline=budget.deadline)
    domain = parse_domain(domain_text)
    positions = (len(domain) + 1) ** len(parsed.variables)
    if algorithm == "vectorized" and positions > MAX_VECTORIZED_POSITIONS:
        raise LimitError(
            "the positions the vectorized solver would allocate", positions,
            MAX_VECTORIZED_POSITIONS, "use another algorithm",
        )  # fmt: skip
    try:
        solution = solve(parsed, domain, algorithm=algorithm, budget=budget)
    except SearchInterrupted as stop:
        return stop.as_json()
    return {"status": "solved", **solution.as_json()}
