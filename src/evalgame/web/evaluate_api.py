"""The e-Valuate part of the JSON API: check an expression, play, hints, solve.

=================================  =========================================================
``POST /api/evaluate/check``       parse the expression and domain; sizes and what the page
                                   can do with them (400 with the position if malformed)
``POST /api/evaluate/play``        replay the moves, let the engine answer: the game's state
                                   (see :func:`evalgame.play.evaluate.game_state`)
``POST /api/evaluate/hint``        the value after each legal move of the player to move
``POST /api/evaluate/solve``       solve with one algorithm within a time budget; when the
                                   budget runs out, the bounds proven so far
=================================  =========================================================
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from evalgame.analysis.tree import MAX_TREE_NODES, MAX_TREE_VARIABLES
from evalgame.errors import DomainError, LimitError, SearchInterrupted
from evalgame.expr.domain import parse_domain
from evalgame.expr.expression import parse
from evalgame.games.evaluate.solve import solve
from evalgame.games.evaluate.treesize import tree_size
from evalgame.numbers import format_number
from evalgame.play.evaluate import game_state, hints
from evalgame.search.stats import SearchStats
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


@router.post("/play")
def play(request: PlayRequest) -> dict[str, Any]:
    """The game after the moves sent and the engine's answer (see :func:`game_state`)."""
    return game_state(
        request.expression, request.domain, request.role, request.moves,
        request_budget(request.seconds), variables=PLAY_VARIABLES, values=PLAY_DOMAIN,
    )  # fmt: skip


@router.post("/hint")
def hint(request: PlayRequest) -> dict[str, Any]:
    """Each legal move of the player to move, with the exact value it leads to."""
    options = hints(
        request.expression, request.domain, request.moves,
        request_budget(request.seconds), variables=PLAY_VARIABLES, values=PLAY_DOMAIN,
    )  # fmt: skip
    return {"options": options}


@router.post("/solve")
def solve_expression(request: SolveRequest) -> dict[str, Any]:
    """minimax(E) by one algorithm; ``"status": "stopped"`` with bounds if out of time."""
    parsed = parse(request.expression)
    domain = parse_domain(request.domain)
    positions = (len(domain) + 1) ** len(parsed.variables)
    if request.algorithm == "vectorized" and positions > MAX_VECTORIZED_POSITIONS:
        raise LimitError(
            "the positions the vectorized solver would allocate", positions,
            MAX_VECTORIZED_POSITIONS, "use another algorithm",
        )  # fmt: skip
    budget = request_budget(request.seconds)
    try:
        solution = solve(parsed, domain, algorithm=request.algorithm, budget=budget)
    except SearchInterrupted as stop:
        stats = stop.stats or SearchStats()
        return {
            "status": "stopped",
            "reason": stop.reason,
            "lower": None if stop.lower is None else format_number(stop.lower),
            "upper": None if stop.upper is None else format_number(stop.upper),
            "stats": stats.as_dict(),
        }
    return {"status": "solved", **solution.as_json()}
