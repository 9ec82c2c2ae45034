"""e-Valuate played on the web page: a stateless replay of the moves, the engine's answers.

The page sends every move so far; :func:`game_state` replays them (each must be legal and
leave a valid completion), lets the engine answer while it is the engine's turn, and
describes the result. Nothing is kept between requests except the engines: one
:class:`Engine` per expression and domain (with its transposition table), reused by later
requests and used by one request at a time.

>>> from evalgame.search.budget import Budget
>>> state = game_state("X*(Y-Z)", "0..9", "max", ["9"], Budget())
>>> state["moves"], state["text"]
(['9', 'Z'], 'X * (Y - 9)')
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from evalgame.errors import GameError, IllegalMoveError, LimitError
from evalgame.expr.domain import domain_value, parse_domain
from evalgame.expr.expression import parse
from evalgame.expr.nodes import Number, format_number
from evalgame.games.evaluate.game import EValuate, Move, Position
from evalgame.games.evaluate.oracle import Oracle
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.web.models import MAX_PLAY_DOMAIN, MAX_PLAY_VARIABLES

#: engines kept for later requests (one per expression and domain)
CACHED_ENGINES = 16


@dataclass
class Engine:
    """The game on one expression and its oracle; hold :attr:`lock` while using it."""

    game: EValuate
    oracle: Oracle
    lock: threading.Lock = field(default_factory=threading.Lock)
    values: dict[Position, Number | None] = field(default_factory=dict)

    def value(self, position: Position, budget: Budget) -> Number | None:
        """The exact value of ``position`` (``None``: no valid completion)."""
        if position not in self.values:
            self.values[position] = self.oracle.solve(position, budget).value
        return self.values[position]

    def best_move(self, position: Position, budget: Budget) -> Move:
        """An optimal move of the player to move: the first of those whose value is best
        for the mover (found from the values of the children, not from a principal
        variation, which may stop before the game ends)."""
        values = self.move_values(position, budget)
        valid = [value for value in values.values() if value is not None]
        pick = max if self.game.to_move(position) is Player.MAX else min
        best = pick(valid)
        return next(move for move, value in values.items() if value == best)

    def move_values(self, position: Position, budget: Budget) -> dict[Move, Number | None]:
        """The value after each legal move."""
        return {
            move: self.value(self.game.play(position, move), budget)
            for move in self.game.moves(position)
        }


def engine(expression: str, domain: str) -> Engine:
    """The shared engine for ``expression`` over ``domain`` (checked against the limits)."""
    parsed = parse(expression)
    values = parse_domain(domain)
    if len(parsed.variables) > MAX_PLAY_VARIABLES:
        raise LimitError(
            "the number of variables", len(parsed.variables), MAX_PLAY_VARIABLES,
            "the page plays smaller games; the command line has no such limit",
        )  # fmt: skip
    if len(values) > MAX_PLAY_DOMAIN:
        raise LimitError("the domain size", len(values), MAX_PLAY_DOMAIN, "use fewer values")
    return _engine(str(parsed), values)


@lru_cache(maxsize=CACHED_ENGINES)
def _engine(expression: str, domain: tuple[Number, ...]) -> Engine:
    game = EValuate(expression, domain)
    return Engine(game, Oracle(game))


def parse_move(game: EValuate, position: Position, text: str) -> Move:
    """The move ``text`` names at ``position``: a domain value or a free variable."""
    if game.is_terminal(position):
        raise IllegalMoveError("the game is over")
    if position[1] is None:
        value = domain_value(text, game.domain)
        if value is None:
            raise IllegalMoveError(f"{text!r} is not a value of the domain")
        return value
    if text not in game.moves(position):
        raise IllegalMoveError(f"{text!r} is not a free variable")
    return text


def replay(
    engine: Engine, moves: Sequence[str], budget: Budget
) -> tuple[list[Position], list[str]]:
    """The positions along ``moves`` from the start (each move must keep the game valid)
    and the moves as the game writes them (``18/2`` becomes ``9``)."""
    game = engine.game
    positions = [game.initial()]
    written: list[str] = []
    if engine.value(positions[0], budget) is None:
        raise GameError(
            f"{game.expression} has no valid completion: every one is undefined (a division "
            "by zero, 0 to a negative power or a non-integer exponent)"
        )
    for number, text in enumerate(moves, 1):
        position = positions[-1]
        try:
            move = parse_move(game, position, text)
        except IllegalMoveError as error:
            raise IllegalMoveError(f"move {number}: {error}") from None
        child = game.play(position, move)
        if engine.value(child, budget) is None:
            raise IllegalMoveError(
                f"move {number}: {text} leads only to positions without a valid result"
            )
        written.append(game.describe_move(position, move))
        positions.append(child)
    return positions, written


def game_state(
    expression: str, domain: str, role: str, moves: Sequence[str], budget: Budget
) -> dict[str, Any]:
    """Replay ``moves``, let the engine answer, and describe the game (the API's answer)."""
    shared = engine(expression, domain)
    game = shared.game
    person = Player(role)
    with shared.lock:
        positions, played = replay(shared, moves, budget)
        engine_moves = []
        while not game.is_terminal(positions[-1]) and game.to_move(positions[-1]) is not person:
            move = shared.best_move(positions[-1], budget)
            engine_moves.append(len(played))
            played.append(game.describe_move(positions[-1], move))
            positions.append(game.play(positions[-1], move))
        position = positions[-1]
        over = game.is_terminal(position)
        options = (
            []
            if over
            else [
                {"move": game.describe_move(position, move), "playable": value is not None}
                for move, value in shared.move_values(position, budget).items()
            ]
        )
        result = _result(shared, positions, played, budget) if over else None
    return {
        "expression": str(game.expression),
        "variables": list(game.variables),
        "domain": [format_number(value) for value in game.domain],
        "role": role,
        "moves": played,
        "players": [game.to_move(p).value for p in positions[:-1]],
        "engine": engine_moves,
        "text": game.text(position),
        "assignment": {name: format_number(v) for name, v in game.assignment(position).items()},
        "over": over,
        "to_move": None if over else game.to_move(position).value,
        "proposal": None if position[1] is None else format_number(position[1]),
        "options": options,
        "result": result,
    }


def hints(
    expression: str, domain: str, moves: Sequence[str], budget: Budget
) -> list[dict[str, Any]]:
    """The value after each legal move at the end of ``moves``, best ones marked."""
    shared = engine(expression, domain)
    with shared.lock:
        position = replay(shared, moves, budget)[0][-1]
        if shared.game.is_terminal(position):
            raise IllegalMoveError("the game is over: there is nothing to hint")
        values = shared.move_values(position, budget)
    valid = [value for value in values.values() if value is not None]
    maximizing = shared.game.to_move(position) is Player.MAX
    best = (max(valid) if maximizing else min(valid)) if valid else None
    return [
        {
            "move": shared.game.describe_move(position, move),
            "value": None if value is None else format_number(value),
            "best": value is not None and value == best,
        }
        for move, value in values.items()
    ]


def _result(
    shared: Engine, positions: list[Position], moves: list[str], budget: Budget
) -> dict[str, Any]:
    """val(E), minimax(E), the verdict, the line played (with the value after each round)
    and an optimal line."""
    game = shared.game
    final = game.payoff(positions[-1])
    minimax = shared.value(positions[0], budget)
    assert final is not None
    assert minimax is not None
    values = f"val(E) = {format_number(final)}", f"minimax(E) = {format_number(minimax)}"
    if final > minimax:
        winner, verdict = "max", f"MAX wins: {values[0]} > {values[1]}"
    elif final < minimax:
        winner, verdict = "min", f"MIN wins: {values[0]} < {values[1]}"
    else:
        winner, verdict = None, f"a draw: val(E) = {values[1]}"
    played = [
        _round(moves[i], moves[i + 1], shared.value(positions[i + 2], budget))
        for i in range(0, len(moves) - 1, 2)
    ]
    optimal = []
    position = positions[0]
    while not game.is_terminal(position):
        proposal = shared.best_move(position, budget)
        position = game.play(position, proposal)
        variable = shared.best_move(position, budget)
        position = game.play(position, variable)
        optimal.append(
            _round(
                game.describe_move(positions[0], proposal),
                str(variable),
                shared.value(position, budget),
            )
        )
    return {
        "final": format_number(final),
        "minimax": format_number(minimax),
        "winner": winner,
        "verdict": verdict,
        "played": played,
        "optimal": optimal,
    }


def _round(value: str, variable: str, after: Number | None) -> dict[str, Any]:
    return {
        "value": value,
        "variable": variable,
        "after": None if after is None else format_number(after),
    }
