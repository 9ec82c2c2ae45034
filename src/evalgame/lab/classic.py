"""A classic game against the engine, stateless: the game's name and every move so far in,
the game after the engine's answer out — for the web page's Classic tab.

The games are those of :mod:`evalgame.games.classic.catalog` (tic-tac-toe, connect-four on
small boards, take-away and the other heap games, Pig with its dice). The engine plays
the first move of an exact principal variation; the dice are thrown with their exact
probabilities, and the throw is kept among the moves, so that a link replays the same
game. On request every legal move is labelled with the exact value (to MAX, the first
player) of the position it leads to.

>>> state = classic_state("tictactoe", ["5"], "max", values=True)
>>> state["moves"], state["to_move"]      # the engine (MIN) answered in a corner
(['5', '1'], 'max')
>>> sorted({entry["value"] for entry in state["legal"]})  # every move keeps the draw
['0']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from evalgame.errors import LimitError
from evalgame.games.classic.catalog import Target, parse_target
from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.dice import Pig
from evalgame.games.classic.heap_play import HeapPlay
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.numbers import format_number
from evalgame.play.agents import OptimalAgent, sample
from evalgame.play.engines import Engines
from evalgame.play.replay import Limit, replay
from evalgame.play.session import Session
from evalgame.play.solvers import solve
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.result import SearchResult
from evalgame.search.table import TranspositionTable

Role = Literal["max", "min", "both"]

#: the page plays games that solve within a request's time: connect-four up to 20 cells
CELLS = Limit(20, "the page plays connect-four on at most 20 cells (4x5): choose a smaller game")


@dataclass
class Engine:
    """A game and the transposition table its exact solver keeps between requests."""

    target: Target
    table: TranspositionTable


def _make(spec: str) -> Engine:
    target = parse_target(spec)
    if isinstance(target.game, ConnectFour):
        CELLS.check("the number of cells", target.game.rows * target.game.cols)
    if target.too_big is not None:
        what, size, limit = target.too_big
        raise LimitError(what, size, limit, "choose a smaller game")
    return Engine(target, TranspositionTable())


#: engines kept between requests: at most 2 million table entries in all
_ENGINES: Engines[str, Engine] = Engines(
    _make, size=lambda engine: len(engine.table), max_engines=16, max_size=2_000_000
)


def kind(game: object) -> str:
    """How the page draws ``game``: a board, heaps or dice."""
    if isinstance(game, TicTacToe):
        return "tictactoe"
    if isinstance(game, ConnectFour):
        return "connect4"
    if isinstance(game, HeapPlay):
        return "heaps"
    if isinstance(game, Pig):
        return "dice"
    return "other"


def classic_state(
    spec: str,
    moves: Sequence[str],
    role: Role,
    *,
    values: bool = False,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """The game ``spec`` after ``moves`` and the engine's answer (``role``: the person's
    side, ``both`` for no engine), with each legal move's exact value if ``values``."""
    engine = _ENGINES.get(spec.strip().lower())
    game = engine.target.game

    def solver(game: Any, position: Any) -> SearchResult[Any]:
        algorithm = engine.target.algorithm
        return solve(game, position, algorithm, budget=budget, table=engine.table)

    session: Session[Any, Any] = replay(Session(game, solver=solver), moves)
    rng = random.Random()
    while not session.is_over and _engine_to_move(session.to_move, role):
        if session.to_move is Player.CHANCE:
            session.play(sample(session, rng))
        else:
            session.play(OptimalAgent(solver).choose(session))
    played = [(position, move) for position, move in session.history]
    legal: list[dict[str, Any]] = []
    chance = session.to_move is Player.CHANCE and not session.is_over
    hints = dict(session.hint()) if values and not session.is_over and not chance else {}
    for move in session.legal_moves():
        entry: dict[str, Any] = {"move": session.describe(move)}
        if chance:
            entry["probability"] = format_number(game.probability(session.position, move))
        if move in hints:
            entry["value"] = None if hints[move] is None else format_number(hints[move])
        legal.append(entry)
    if hints:
        best = max if session.to_move is Player.MAX else min
        top = best(value for value in hints.values() if value is not None)
        for entry, move in zip(legal, session.legal_moves(), strict=True):
            entry["best"] = hints[move] == top
    value = solver(game, session.position).value if values or session.is_over else None
    return {
        "game": game.name,
        "kind": kind(game),
        "moves": [game.describe_move(position, move) for position, move in played],
        "players": [game.to_move(position).value for position, _ in played],
        "to_move": None if session.is_over else session.to_move.value,
        "over": session.is_over,
        "verdict": session.verdict().text if session.is_over else None,
        "value": None if value is None else format_number(value),
        "value_means": _value_means(engine.target),
        "legal": legal,
        "board": _board(game, session.position),
        "text": game.render(session.position) if hasattr(game, "render") else "",
    }


def _engine_to_move(player: Player, role: Role) -> bool:
    """Whether the engine (or the dice) moves for ``player``."""
    return player is Player.CHANCE or (role != "both" and player.value != role)


def _board(game: Any, position: Any) -> list[list[str]] | None:
    """The cells of a board game, top row first: ``"X"``, ``"O"`` or ``""``."""
    if not isinstance(game, TicTacToe | ConnectFour):
        return None
    rows = game.render(position).splitlines()
    return [["" if cell == "." else cell for cell in row.split()] for row in rows]


def _value_means(target: Target) -> str:
    """What a value measures, in words."""
    return target.value_meaning or (
        "+1: the first player (MAX) wins, 0: a draw, −1: the second player (MIN) wins"
    )
