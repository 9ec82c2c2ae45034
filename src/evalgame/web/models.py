"""The JSON API's requests: every field typed, bounded and checked before any work is done.

Models are strict (``"3"`` is not a number) and refuse unknown fields, so a typo in a
client shows up as a clear 422 instead of being silently ignored. The limits keep every
request small enough to answer within its time budget.

>>> PlayRequest(expression="X*(Y-Z)").role
'max'
>>> TilingRequest(rows=9, cols=3)
Traceback (most recent call last):
...
pydantic_core._pydantic_core.ValidationError: 1 validation error for TilingRequest
rows
  Input should be less than or equal to 8 [type=less_than_equal, input_value=9, input_type=int]
    ...
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from evalgame.games.evaluate.solvers import CHOICES
from evalgame.play.replay import Limit
from evalgame.search.budget import Budget
from evalgame.search.registry import describe

#: longest expression and domain texts accepted
MAX_EXPRESSION_LENGTH = 160
MAX_DOMAIN_LENGTH = 200
#: most variables a game played on the page may have
MAX_PLAY_VARIABLES = 8
#: most values in the domain of a game played on the page
MAX_PLAY_DOMAIN = 25
#: the games the page plays, by the limits above
PLAY_VARIABLES = Limit(MAX_PLAY_VARIABLES, "the page plays smaller games")
PLAY_DOMAIN = Limit(MAX_PLAY_DOMAIN, "use fewer values")
#: the longest time budget a request may ask for, in seconds
MAX_SECONDS = 10.0
#: the largest tiling board (per side)
MAX_BOARD_SIDE = 8
#: most colours in the graph game
MAX_COLOURS = 8


def whole_number(value: object) -> object:
    """A float with no fractional part as the integer it is: JSON Schema calls ``37.0`` an
    integer, so strict models accept it (``"37"`` and ``true`` stay refused).

    >>> whole_number(37.0), whole_number(37.5), whole_number("37")
    (37, 37.5, '37')
    """
    if type(value) is float and value.is_integer():
        return int(value)
    return value


#: an integer field that accepts whole numbers written as floats (``37.0``)
Whole = Annotated[int, BeforeValidator(whole_number)]

Role = Literal["max", "min"]
#: the names of :data:`evalgame.games.evaluate.solvers.CHOICES` (a test keeps them equal)
Algorithm = Literal[
    "auto", "residual", "mtdf", "negascout", "vectorized", "paper", "alphabeta", "minimax"
]
#: the names of :data:`evalgame.games.evaluate.solvers.TREE` (the same test)
TreeAlgorithm = Literal["alphabeta", "paper", "minimax"]
Kind = Literal["V", "E", "R"]
Move = Annotated[str, Field(min_length=1, max_length=40)]
Cell = Annotated[
    list[Annotated[Whole, Field(ge=0, lt=MAX_BOARD_SIDE)]], Field(min_length=2, max_length=2)
]
Domino = Annotated[list[Cell], Field(min_length=2, max_length=2)]
Seconds = Annotated[float, Field(gt=0, le=MAX_SECONDS)]


#: nodes between two looks at the clock: small, since one node of some games takes ~10 ms
CHECK_EVERY = 32


def request_budget(seconds: float) -> Budget:
    """The time budget of one request, from now: time spent waiting for a worker counts
    (searches check the clock often, so it holds)."""
    advice = f"a request may have up to {MAX_SECONDS:g} s; beyond, try fewer variables or values"
    return Budget(seconds=seconds, check_every=CHECK_EVERY, advice=advice)


class Request(BaseModel):
    """Strict types, no unknown fields."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ExpressionRequest(Request):
    """An expression and the domain MAX proposes from."""

    expression: str = Field(min_length=1, max_length=MAX_EXPRESSION_LENGTH)
    domain: str = Field("0..9", min_length=1, max_length=MAX_DOMAIN_LENGTH)


class PlayRequest(ExpressionRequest):
    """A game of e-Valuate so far: the person's role and every move played (both sides')."""

    role: Role = "max"
    moves: list[Move] = Field(default_factory=list, max_length=2 * MAX_PLAY_VARIABLES)
    seconds: Seconds = 5.0


class SolveRequest(ExpressionRequest):
    """Solve an expression with one algorithm within a time budget."""

    algorithm: Algorithm = Field("auto", description=describe(CHOICES))
    seconds: Seconds = 3.0


class TreeRequest(ExpressionRequest):
    """The game tree of a small expression and the walk of one search."""

    algorithm: TreeAlgorithm = "alphabeta"


class TilingRequest(Request):
    """A tiling game so far: the board, the person's role and the dominoes placed."""

    rows: Whole = Field(ge=1, le=MAX_BOARD_SIDE)
    cols: Whole = Field(ge=1, le=MAX_BOARD_SIDE)
    role: Role = "max"
    moves: list[Domino] = Field(default_factory=list, max_length=MAX_BOARD_SIDE**2 // 2)
    seconds: Seconds = 2.0


class GraphRequest(Request):
    """A graph game so far: game(G, A, B, [k]) under a rule, the role and the moves."""

    graph: str = Field("friendship:3", min_length=1, max_length=40)
    colour: Kind = "V"
    share: Kind = "E"
    colours: Whole = Field(2, ge=1, le=MAX_COLOURS)
    rule: Literal["mono", "parity"] = "mono"
    role: Role = "max"
    moves: list[Annotated[Whole, Field(ge=0, le=10_000)]] = Field(
        default_factory=list, max_length=256
    )
    seconds: Seconds = 2.0
