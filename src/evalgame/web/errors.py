"""Bad requests become 4xx answers with a clear message, never a 500 or a traceback.

Every answer to a refused request is one JSON object::

    {"error": "<kind>", "message": "<what is wrong>", ...details}

* a body that is not JSON, has the wrong types or breaks a limit: 422, ``"invalid request"``,
  with the field (``"field": "moves.2"``) and a message in plain words
  (``"The number of rows must be at least 1."``, see :func:`plain_message`);
* an :class:`~evalgame.errors.EvalgameError` (a malformed expression or domain, an
  illegal move, a game too large): 400 and its message; a malformed expression also
  gives the ``position`` of the offending character and ``"field": "expression"``;
* a search that ran out of its time budget: 422 with the bounds it proved;
* an unknown path, a wrong method or a body that cannot be read: the usual 404, 405 or
  400, in the same shape.

Messages speak the page's language: what the library says for the command line (a
command to run, a ``dag:FILE`` game, a limit to raise from Python) is left out of them
(:func:`page_words`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException

from evalgame.errors import (
    CycleError,
    DomainError,
    EvalgameError,
    ExpressionError,
    SearchInterrupted,
)
from evalgame.vocabulary import bounds_json
from evalgame.web.workers import RETRY_AFTER, Busy


class ErrorBody(BaseModel):
    """Every refused request's answer (the fields after ``message`` when they apply)."""

    error: str = Field(description="the kind of error")
    message: str = Field(description="what is wrong, in words")
    field: str | None = Field(None, description="the request field at fault")
    position: int | None = Field(None, description="0-based index of the character at fault")
    expression: str | None = None
    problems: int | None = Field(None, description="how many fields are invalid")
    lower: str | None = Field(None, description="a stopped search: the bound proven below")
    upper: str | None = Field(None, description="a stopped search: the bound proven above")
    cycle: list[str] | None = Field(None, description="a cyclic game: the positions of a cycle")


#: the refusals every API route may answer, for the OpenAPI document
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "Bad input: a malformed expression, domain or move."},
    422: {"model": ErrorBody, "description": "Invalid request body, or a search out of time."},
}
#: what the routes that run in the workers may answer too
HEAVY: dict[int | str, dict[str, Any]] = {
    503: {
        "model": ErrorBody,
        "description": "Every worker is busy: try again after Retry-After seconds.",
        "headers": {"Retry-After": {"schema": {"type": "integer"}}},
    }
}


#: what only the command line or Python can act on
_ELSEWHERE = re.compile(r"`evalgame\b|\bcommand line\b|\bFILE\b|\bfrom Python\b|\s--[a-z]")


def page_words(message: str) -> str:
    """``message`` without its advice for the command line or for Python: a parenthesis
    or an alternative that names one goes, and so does a clause (between semicolons).

    >>> page_words("the number of positions is 6000, over the limit of 5000; "
    ...            "`evalgame dag FILE` solves larger games")
    'the number of positions is 6000, over the limit of 5000'
    >>> page_words("the length is 9, over the limit of 8; draw a smaller tree, or solve it "
    ...            "with `evalgame dag FILE`")
    'the length is 9, over the limit of 8; draw a smaller tree'
    >>> page_words("unknown game 'x'; the games are tictactoe, pig:20, dag:FILE")
    "unknown game 'x'; the games are tictactoe, pig:20"
    >>> page_words("a heap size must be at most 1000, not 5000 (the limit LIMITS['heap'] of "
    ...            "evalgame.games.classic.catalog keeps answers quick; raise it from Python)")
    'a heap size must be at most 1000, not 5000'
    """
    text = re.sub(r" \([^()]*(?:LIMITS|command line|`evalgame|from Python)[^()]*\)", "", message)
    text = re.sub(r",? or [^;`]*`evalgame[^`]*`", "", text)
    text = re.sub(r",? dag:FILE\b", "", text)
    kept = [clause for clause in text.split("; ") if not _ELSEWHERE.search(clause)]
    return "; ".join(kept) if kept else text


def error_body(error: EvalgameError) -> dict[str, Any]:
    """The JSON answer to ``error``.

    >>> error_body(ExpressionError("unexpected ')'", "x+)", 2))["position"]
    2
    """
    body: dict[str, Any] = {"error": type(error).__name__, "message": page_words(str(error))}
    if isinstance(error, ExpressionError):
        body.update(
            field="expression",
            message=error.message,
            position=error.position,
            expression=error.expression,
        )
    elif isinstance(error, DomainError):
        body["field"] = "domain"
    elif isinstance(error, CycleError):
        body["cycle"] = [str(position) for position in error.cycle]
    elif isinstance(error, SearchInterrupted):
        body.update(
            message=error.reason,
            **bounds_json(error.lower, error.upper),
        )
    return body


#: the request fields as the page's labels name them
FIELD_NAMES = {
    "expression": "the expression",
    "domain": "the domain",
    "role": "your side",
    "moves": "the moves",
    "seconds": "the engine's time (in seconds)",
    "algorithm": "the algorithm",
    "rows": "the number of rows",
    "cols": "the number of columns",
    "graph": "the graph",
    "colour": "the elements to colour",
    "share": "the elements shared",
    "colours": "the number of colours",
    "rule": "the rule",
    "at": "the position",
    "game": "the game",
    "games": "the games",
    "heaps": "the heaps",
    "depth": "the depth",
    "evaluation": "the evaluation",
}


def field_name(location: Sequence[str | int]) -> str:
    """A field's location as words: ``("moves", 2)`` is "move 3".

    >>> field_name(("rows",)), field_name(("moves", 2)), field_name(("moves", 0, 1))
    ('the number of rows', 'move 3', 'move 1')
    """
    if not location:
        return "the request"
    head = str(location[0])
    if head == "moves" and len(location) > 1 and isinstance(location[1], int):
        return f"move {location[1] + 1}"
    if head in ("heaps", "games") and len(location) > 1 and isinstance(location[1], int):
        return f"{'heap' if head == 'heaps' else 'the game of heap'} {location[1] + 1}"
    return FIELD_NAMES.get(head, f"the field {head!r}")


def plain_message(problem: Mapping[str, Any]) -> str:
    """One validation problem (a pydantic error) as a sentence a person understands.

    >>> plain_message({"loc": ("body", "rows"), "type": "greater_than_equal", "ctx": {"ge": 1}})
    'The number of rows must be at least 1.'
    >>> plain_message({"loc": ("body", "expression"), "type": "string_too_short", "ctx": {}})
    'Enter an expression.'
    """
    location = [part for part in problem.get("loc", ()) if part != "body"]
    name = field_name(location)
    kind = str(problem.get("type", ""))
    ctx = problem.get("ctx") or {}
    if kind == "string_too_short" and location == ["expression"]:
        return "Enter an expression."
    if kind == "string_too_short" and location == ["domain"]:
        return "Enter a domain, for example 0..9 or 1/2,1,2."
    sentences = {
        "missing": f"{name} is missing",
        "extra_forbidden": f"unknown field {'.'.join(map(str, location))!r}",
        "string_too_short": f"{name} is empty",
        "string_too_long": f"{name} is too long (at most {ctx.get('max_length')} characters)",
        "too_short": f"{name} needs at least {ctx.get('min_length')} entries",
        "too_long": f"{name} has too many entries (at most {ctx.get('max_length')})",
        "greater_than_equal": f"{name} must be at least {ctx.get('ge')}",
        "greater_than": f"{name} must be more than {ctx.get('gt')}",
        "less_than_equal": f"{name} must be at most {ctx.get('le')}",
        "less_than": f"{name} must be less than {ctx.get('lt')}",
        "int_type": f"{name} must be a whole number",
        "int_from_float": f"{name} must be a whole number",
        "float_type": f"{name} must be a number",
        "finite_number": f"{name} must be a finite number",
        "string_type": f"{name} must be text",
        "list_type": f"{name} must be a list",
        "bool_type": f"{name} must be true or false",
        "literal_error": f"{name} must be one of {ctx.get('expected')}",
        "model_type": f"{name} must be an object",
        "model_attributes_type": f"{name} must be an object",
        "dict_type": f"{name} must be an object",
        "value_error": f"{name}: {page_words(str(ctx.get('error')))}",
    }
    sentence = sentences.get(kind, f"{name}: {problem.get('msg', 'invalid')}")
    return sentence[0].upper() + sentence[1:] + "."


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""

    @app.exception_handler(EvalgameError)
    async def evalgame_error(request: Request, error: EvalgameError) -> JSONResponse:
        if isinstance(error, Busy):
            headers = {"Retry-After": str(RETRY_AFTER)}
            return JSONResponse(error_body(error), status_code=503, headers=headers)
        status = 422 if isinstance(error, SearchInterrupted) else 400
        return JSONResponse(error_body(error), status_code=status)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, error: HTTPException) -> JSONResponse:
        body = {"error": "HTTP error", "message": str(error.detail)}
        return JSONResponse(body, status_code=error.status_code, headers=error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        first = problems[0] if problems else {"loc": (), "msg": "invalid request"}
        field = ".".join(str(part) for part in first["loc"] if part != "body")
        message = plain_message(first)
        if first.get("type") == "json_invalid":
            field, message = "", "The request body is not valid JSON."
        body = {
            "error": "invalid request",
            "message": message,
            "field": field,
            "problems": len(problems),
        }
        return JSONResponse(body, status_code=422)
