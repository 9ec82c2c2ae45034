"""The Impartial tab's API: ``POST /api/impartial``.

The page sends a row of heaps, each of a heap game (Nim, take-away, any subtraction game,
Kayles, Grundy's game, Dawson's Kayles) — one game for all of them, or one per heap for a
sum of different games — and the play convention; the answer is the analysis of
:func:`evalgame.lab.impartial.analyse`: each heap's Grundy value, their XOR, every move
with the value it leaves, the winning ones, the engine's move and the Grundy tables.

>>> from fastapi.testclient import TestClient
>>> from evalgame.web import create_app
>>> client = TestClient(create_app())
>>> client.post("/api/impartial", json={"game": "nim", "heaps": [3, 4, 5]}).json()["winning_moves"]
[[0, 1]]
>>> client.post("/api/impartial", json={"games": ["nim", "chess"], "heaps": [1, 2]}).json()["field"]
'games.1'
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Request
from pydantic import AfterValidator, BaseModel, Field, model_validator

from evalgame.errors import GameError
from evalgame.games.classic.catalog import LIMITS, heap_game
from evalgame.lab.impartial import analyse
from evalgame.web import workers
from evalgame.web.errors import HEAVY
from evalgame.web.models import Request as Strict
from evalgame.web.models import Seconds, Whole, request_budget

#: the largest heap and the longest Grundy table the page asks for
MAX_HEAP = LIMITS["heap"]
MAX_HEAPS = LIMITS["heaps"]

router = APIRouter(prefix="/api/impartial", tags=["impartial games"])


def known_game(name: str) -> str:
    """``name`` if it names a heap game; a ValueError saying which ones exist otherwise."""
    try:
        heap_game(name)
    except GameError as error:
        raise ValueError(str(error)) from None
    return name.strip().lower()


GameName = Annotated[
    str,
    Field(min_length=1, max_length=60, examples=["nim", "kayles", "subtraction:1,2,3"]),
    AfterValidator(known_game),
]


class ImpartialRequest(Strict):
    """A row of heaps of impartial games, the player to move first."""

    game: GameName = Field(
        "nim",
        description="the game of every heap: nim, takeaway, subtraction:1,2,3 (any set), "
        "kayles, grundy or dawson",
    )
    games: list[GameName] | None = Field(
        None,
        max_length=MAX_HEAPS,
        description="one game per heap, for a sum of different games (instead of game)",
    )
    heaps: list[Annotated[Whole, Field(ge=0, le=MAX_HEAP)]] = Field(
        default_factory=list, max_length=MAX_HEAPS, description="the heap sizes"
    )
    misere: bool = Field(False, description="misère play: the player who moves last loses")
    table: Whole = Field(0, ge=0, le=MAX_HEAP, description="each Grundy table goes this far")
    seconds: Seconds = 2.0

    @model_validator(mode="after")
    def one_game_per_heap(self) -> ImpartialRequest:
        if self.games is not None:
            if "game" in self.model_fields_set:
                raise ValueError("give either game (for every heap) or games (one per heap)")
            if len(self.games) != len(self.heaps):
                raise ValueError(
                    f"games names {len(self.games)} games for {len(self.heaps)} heaps; "
                    "give one game per heap"
                )
        return self

    def heap_games(self) -> list[str]:
        """The game of each heap."""
        return self.games if self.games is not None else [self.game] * len(self.heaps)


class HeapValue(BaseModel):
    game: str
    size: int
    grundy: int = Field(description="the heap's Grundy value (nimber)")
    options: list[int] = Field(
        description="the Grundy value of what each move on this heap leaves of it (in the "
        "order of moves; a split's parts XORed)"
    )
    mex: int = Field(
        description="the least whole number not among options: the heap's Grundy value again"
    )


class MoveValue(BaseModel):
    move: list[int] = Field(
        description="the index of the heap moved in (from 0), then what is left of it: one "
        "heap, two after a split, 0 when it is emptied"
    )
    heap_grundy: int = Field(
        description="the Grundy value of what the move leaves of its heap (its parts XORed)"
    )
    grundy: int = Field(description="the Grundy value of the whole position the move leaves")
    winning: bool = Field(description="whether the move wins (under the play convention)")
    text: str


class ImpartialAnswer(BaseModel):
    game: str
    play: Literal["normal", "misere"]
    heaps: list[HeapValue]
    grundy: int = Field(
        description="the XOR of the heaps' values: the Grundy value of the sum under normal "
        "play (under misère play it does not decide the winner; see grundy_decides)"
    )
    grundy_decides: bool = Field(
        description="true under normal play; under misère play winner and winning moves "
        "come from Bouton's rule (Nim) or a search of the whole game"
    )
    decided_by: Literal["sprague-grundy", "misere-nim", "search"] = Field(
        description="what decides winner and winning moves: the XOR (normal play), the "
        "misère Nim rule (every heap Nim: as the XOR while a heap has 2 or more, else the "
        "player to move wins when the number of 1s is even) or a search of the whole game "
        "(other misère games, within a limit of positions)"
    )
    winner: Literal["first", "second"] = Field(
        description="first: the player to move wins with perfect play"
    )
    over: bool = Field(description="no move is left")
    moves: list[MoveValue]
    winning_moves: list[list[int]] = Field(
        description="every winning move, as in moves (for Nim: [heap index, heap size left])"
    )
    engine_move: list[int] | None = Field(
        description="the perfect engine's move: a winning one when there is one"
    )
    tables: dict[str, list[int]] = Field(
        description="each game's Grundy values of single heaps of size 0, 1, 2, ..."
    )


@router.post("", responses=HEAVY, response_model=ImpartialAnswer)
async def impartial(request: ImpartialRequest, http: Request) -> ImpartialAnswer:
    """Grundy values, every move and the winning ones, for heaps of impartial games."""
    found = await workers.run(
        http,
        analyse,
        request.heap_games(),
        request.heaps,
        misere=request.misere,
        table_size=request.table,
        budget=request_budget(request.seconds),
    )
    return ImpartialAnswer.model_validate(found)
