"""e-Valuate in play: the session people and engines play in, and the stateless game.

:func:`session` is the game on the command line: every move must keep a valid completion,
the verdict compares val(E) with minimax(E). :func:`game_state` and :func:`hints` are the
same game for a caller that keeps nothing between requests (the web page): plain data in
(the expression, the domain, every move so far as text), plain data out. Only the
engines are kept: one :class:`Table` per expression and domain (its oracle and
transposition table), reused by later requests and used by one request at a time.

>>> state = game_state("X*(Y-Z)", "0..9", "max", ["9"])
>>> state["moves"], state["text"]
(['9', 'Z'], 'X * (Y - 9)')
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evalgame.errors import GameError, IllegalMoveError
from evalgame.expr.domain import domain_value, format_domain, parse_domain
from evalgame.games.evaluate.game import EValuate, Move, Position
from evalgame.games.evaluate.oracle import Oracle
from evalgame.numbers import Number, format_number
from evalgame.play.engines import Engines
from evalgame.play.replay import Limit, answer, replay
from evalgame.play.session import Session
from evalgame.play.verdict import Terms, Verdict, judge
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.vocabulary import exact_json, side_json

#: how e-Valuate words its verdicts
TERMS = Terms("val(E) = {}", "minimax(E) = {}", "val(E) = minimax(E) = {}")
#: engines kept for later requests (one per expression and domain)
CACHED_TABLES = 16
#: rows all of them keep together, counted by :meth:`Oracle.size` (table entries, values
#: and residual forms: about 1.3 KB each with the memo tables behind them on a large
#: game, so ~65 MB per worker process)
MAX_CACHED_ENTRIES = 50_000


def minimax(oracle: Oracle, budget: Budget | None = None) -> Number:
    """minimax(E) of the oracle's game; an expression without any valid completion is an
    error (there is nothing to play for)."""
    game = oracle.game
    value = oracle.value(game.initial(), budget)
    if value is None:
        raise GameError(
            f"{game.expression} has no valid completion over {format_domain(game.domain)}: "
            "every one is undefined (a division by zero, 0 to a negative power or a "
            "non-integer exponent)"
        )
    return value


def session(oracle: Oracle, budget: Budget | None = None) -> Session[Position, Move]:
    """A game of e-Valuate on the oracle's game: a move is playable when it keeps a valid
    completion, hints come from the oracle, the verdict compares val(E) with minimax(E)."""
    value = minimax(oracle, budget)

    def playable(game: Any, position: Position, move: Move) -> bool:
        return oracle.value(game.play(position, move), budget) is not None

    def verdict(finished: Session[Any, Any]) -> Verdict:
        final = finished.payoff()
        assert final is not None  # every move kept a valid completion
        return judge(final, value, TERMS)

    return Session(oracle.game, solver=oracle.solver, playable=playable, verdict=verdict)


@dataclass
class Table:
    """The game on one expression and domain and its oracle; hold :attr:`lock` to use it."""

    game: EValuate
    oracle: Oracle
    lock: threading.Lock = field(default_factory=threading.Lock)


def table(
    expression: str,
    domain: str,
    *,
    variables: Limit | None = None,
    values: Limit | None = None,
) -> Table:
    """The shared table of ``expression`` over ``domain``, within the caller's limits on the
    number of ``variables`` and domain ``values``."""
    return _table(expression, domain, variables, values)


def _make(key: tuple[str, str, Limit | None, Limit | None]) -> Table:
    expression, domain, variables, values = key
    game = EValuate(expression, parse_domain(domain))
    if variables is not None:
        variables.check("the number of variables", len(game.variables))
    if values is not None:
        values.check("the domain size", len(game.domain))
    return Table(game, Oracle(game, max_entries=MAX_CACHED_ENTRIES))


def _table(expression: str, domain: str, variables: Limit | None, values: Limit | None) -> Table:
    return _TABLES.get((expression, domain, variables, values))


#: the engines kept; the size of one is everything its oracle keeps (see Oracle.size)
_TABLES: Engines[tuple[str, str, Limit | None, Limit | None], Table] = Engines(
    _make,
    size=lambda table: table.oracle.size(),
    max_engines=CACHED_TABLES,
    max_size=MAX_CACHED_ENTRIES,
)


def read_move(session: Session[Position, Move], text: str) -> Move:
    """The move ``text`` names: a domain value (written any exact way: ``0.5``, ``2/4``) or
    a free variable."""
    game, position = session.game, session.position
    assert isinstance(game, EValuate)
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


def game_state(
    expression: str,
    domain: str,
    role: str,
    moves: Sequence[str],
    budget: Budget | None = None,
    *,
    variables: Limit | None = None,
    values: Limit | None = None,
) -> dict[str, Any]:
    """Replay ``moves``, let the engine answer the person playing ``role`` (``max`` or
    ``min``), and describe the game: the moves as the game writes them (``18/2`` becomes
    ``9``), who played each, the engine's, the expression so far, the options and, once
    over, the result."""
    shared = table(expression, domain, variables=variables, values=values)
    game, oracle = shared.game, shared.oracle
    with shared.lock:
        played = replay(session(oracle, budget), moves, read_move)
        engine = answer(played, Player(role), lambda s: oracle.best_move(s.position, budget))
        position, over = played.position, played.is_over
        options = (
            []
            if over
            else [
                {"move": game.describe_move(position, move), "playable": value is not None}
                for move, value in oracle.move_values(position, budget).items()
            ]
        )
        result = _result(played, oracle, budget) if over else None
    return {
        "expression": str(game.expression),
        "variables": list(game.variables),
        "domain": [format_number(value) for value in game.domain],
        "role": role,
        "moves": [game.describe_move(before, move) for before, move in played.history],
        "players": [game.to_move(before).value for before, _ in played.history],
        "engine": engine,
        "text": game.text(position),
        "assignment": {name: format_number(v) for name, v in game.assignment(position).items()},
        "over": over,
        "to_move": None if over else game.to_move(position).value,
        "proposal": exact_json(position[1]),
        "options": options,
        "result": result,
    }


def hints(
    expression: str,
    domain: str,
    moves: Sequence[str],
    budget: Budget | None = None,
    *,
    variables: Limit | None = None,
    values: Limit | None = None,
) -> list[dict[str, Any]]:
    """The value after each legal move at the end of ``moves``, the best ones marked."""
    shared = table(expression, domain, variables=variables, values=values)
    game, oracle = shared.game, shared.oracle
    with shared.lock:
        position = replay(session(oracle, budget), moves, read_move).position
        if game.is_terminal(position):
            raise IllegalMoveError("the game is over: there is nothing to hint")
        values_after = oracle.move_values(position, budget)
        best = oracle.value(position, budget)  # the best value of a move for the mover
    return [
        {
            "move": game.describe_move(position, move),
            "value": exact_json(value),
            "best": value is not None and value == best,
        }
        for move, value in values_after.items()
    ]


def _result(
    played: Session[Position, Move], oracle: Oracle, budget: Budget | None
) -> dict[str, Any]:
    """val(E), minimax(E), the verdict, the line played (with the value after each round)
    and an optimal line."""
    game = oracle.game
    final = played.payoff()
    assert final is not None
    verdict = played.verdict()
    positions = [before for before, _ in played.history] + [played.position]
    moves = [game.describe_move(before, move) for before, move in played.history]
    rounds = [
        _round(moves[i], moves[i + 1], oracle.value(positions[i + 2], budget))
        for i in range(0, len(moves) - 1, 2)
    ]
    optimal = [
        _round(format_number(value), variable, after)
        for value, variable, after in optimal_line(oracle, budget)
    ]
    return {
        "final": exact_json(final),
        "value": exact_json(minimax(oracle, budget)),
        "winner": side_json(verdict.winner),
        "verdict": verdict.text,
        "reason": verdict.reason,
        "played": rounds,
        "optimal": optimal,
    }


def optimal_line(
    oracle: Oracle, budget: Budget | None = None
) -> list[tuple[Number, str, Number | None]]:
    """An optimal line from the start, round by round: the value proposed, the variable it
    is put on and the value of the game after the round (each move the first best one).

    >>> [(value, variable) for value, variable, _ in optimal_line(Oracle(EValuate("(10-X)*Y")))]
    [(5, 'X'), (9, 'Y')]
    """
    game = oracle.game
    line = []
    position = game.initial()
    while not game.is_terminal(position):
        proposal = oracle.best_move(position, budget)
        position = game.play(position, proposal)
        variable = oracle.best_move(position, budget)
        position = game.play(position, variable)
        assert not isinstance(proposal, str)
        assert isinstance(variable, str)
        line.append((proposal, variable, oracle.value(position, budget)))
    return line


def _round(value: str, variable: str, after: Number | None) -> dict[str, Any]:
    return {
        "value": value,
        "variable": variable,
        "after": exact_json(after),
    }
