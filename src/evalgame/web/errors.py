"""Bad requests become 4xx answers with a clear message, never a 500 or a traceback.

Every answer to a refused request is one JSON object::

    {"error": "<kind>", "message": "<what is wrong>", ...details}

* a body that is not JSON, has the wrong types or breaks a limit: 422, ``"invalid request"``,
  with the field (``"field": "moves.2"``);
* an :class:`~evalgame.errors.EvalgameError` (a malformed expression or domain, an
  illegal move, a game too large): 400 and its message; a malformed expression also
  gives the ``position`` of the offending character and ``"field": "expression"``;
* a search that ran out of its time budget: 422 with the bounds it proved;
* an unknown path, a wrong method or a body that cannot be read: the usual 404, 405 or
  400, in the same shape.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException

from evalgame.errors import DomainError, EvalgameError, ExpressionError, SearchInterrupted
from evalgame.expr.nodes import format_number


def error_body(error: EvalgameError) -> dict[str, Any]:
    """The JSON answer to ``error``.

    >>> error_body(ExpressionError("unexpected ')'", "x+)", 2))["position"]
    2
    """
    body: dict[str, Any] = {"error": type(error).__name__, "message": str(error)}
    if isinstance(error, ExpressionError):
        body.update(
            field="expression",
            message=error.message,
            position=error.position,
            expression=error.expression,
        )
    elif isinstance(error, DomainError):
        body["field"] = "domain"
    elif isinstance(error, SearchInterrupted):
        body.update(
            message=error.reason,
            lower=None if error.lower is None else format_number(error.lower),
            upper=None if error.upper is None else format_number(error.upper),
        )
    return body


def install(app: FastAPI) -> None:
    """Register the handlers on ``app``."""

    @app.exception_handler(EvalgameError)
    async def evalgame_error(request: Request, error: EvalgameError) -> JSONResponse:
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
        message = str(first["msg"])
        if first.get("type") == "json_invalid":
            field, message = "", "the request body is not valid JSON"
        elif field:
            message = f"{field}: {message}"
        body = {
            "error": "invalid request",
            "message": message,
            "field": field,
            "problems": len(problems),
        }
        return JSONResponse(body, status_code=422)
