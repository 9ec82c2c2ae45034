"""The graph game on the web page: ``POST /api/graph/play``.

game(G, A, B, [k]) on a small named graph (never a file: the server reads no path a
client names): MAX proposes a colour, MIN puts it on an uncoloured element of A, and MAX
owns the elements of B whose sets end up not monochromatic (or, under ``parity``, hold an
odd number of colour 1). The page sends every move so far; the server replays them, lets
the engine answer (exactly when the search settles the position within the time budget,
else by the game's own move order) and describes the game with what the page needs to
draw it.

>>> state = graph_state("path:3", "V", "E", 2, "mono", "max", [1], 2.0)
>>> state["moves"][:2], state["to_move"]
([1, 0], 'max')
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from fastapi import APIRouter

from evalgame.errors import (
    GraphError,
    IllegalMoveError,
    InputError,
    LimitError,
    SearchInterrupted,
)
from evalgame.expr.nodes import format_number
from evalgame.games.graph.graphs import FAMILIES, Graph, load_graph
from evalgame.games.graph.incidence import Incidence, formula, incidence
from evalgame.games.graph.share import GraphShare, SharePosition
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player, Value
from evalgame.search.table import TranspositionTable
from evalgame.web.models import GraphRequest, request_budget

#: most elements of A the page colours
MAX_COLOURED = 24
#: most elements of B the page shares
MAX_SHARED = 60
#: table entries kept per game before the table is cleared
MAX_TABLE = 2_000_000

router = APIRouter(prefix="/api/graph", tags=["graph game"])


@dataclass
class _Game:
    """One game(G, A, B, [k]) and its transposition table, one request at a time."""

    game: GraphShare
    table: TranspositionTable = field(default_factory=TranspositionTable)
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: MAX's share from the start under optimal play, once proven
    value: Value | None = None


def named_graph(spec: str) -> Graph:
    """A graph of a named family (``friendship:3``, ``grid:2x3``…); files are refused."""
    family = spec.partition(":")[0].strip().lower()
    if family not in FAMILIES:
        raise GraphError(f"unknown graph {spec!r}: choose one of {', '.join(FAMILIES)}")
    return load_graph(spec.strip())


@lru_cache(maxsize=16)
def _shared(spec: str, colour: str, share: str, colours: int, rule: str) -> _Game:
    structure = incidence(named_graph(spec), colour, share)
    if len(structure.a_names) > MAX_COLOURED:
        raise LimitError(
            "the number of elements to colour", len(structure.a_names), MAX_COLOURED,
            "the page plays small graphs; use the command line for larger ones",
        )  # fmt: skip
    if len(structure.b_names) > MAX_SHARED:
        raise LimitError(
            "the number of elements shared", len(structure.b_names), MAX_SHARED,
            "use a smaller graph",
        )  # fmt: skip
    return _Game(GraphShare(structure, colours, rule))


@router.post("/play")
def play(request: GraphRequest) -> dict[str, Any]:
    """The game after the moves sent and the engine's answer."""
    return graph_state(
        request.graph, request.colour, request.share, request.colours, request.rule,
        request.role, request.moves, request.seconds,
    )  # fmt: skip


def graph_state(
    spec: str,
    colour: str,
    share: str,
    colours: int,
    rule: str,
    role: str,
    moves: list[int],
    seconds: float,
) -> dict[str, Any]:
    """Replay ``moves``, let the engine answer, and describe the game and its drawing."""
    shared = _shared(spec.strip().lower(), colour, share, colours, rule)
    game = shared.game
    person = Player(role)
    budget = request_budget(seconds)
    with shared.lock:
        if len(shared.table) > MAX_TABLE:
            shared.table = TranspositionTable()
        position = game.initial()
        players: list[str] = []
        for number, move in enumerate(moves, 1):
            if game.is_terminal(position):
                raise IllegalMoveError(f"move {number}: the game is already over")
            players.append(game.to_move(position).value)
            position = _play(game, position, move, number)
        played = len(players)
        played_moves = list(moves)
        report = None
        while not game.is_terminal(position) and game.to_move(position) is not person:
            move, report = _engine_move(shared, position, budget)
            players.append(game.to_move(position).value)
            played_moves.append(move)
            position = game.play(position, move)
        over = game.is_terminal(position)
        result = _result(shared, position, budget) if over else None
    return {
        **describe(game.share),
        "title": game.name,
        "colours": game.k,
        "rule": rule,
        "role": role,
        "moves": played_moves,
        "players": players,
        "engine": list(range(played, len(played_moves))),
        "report": report,
        "painted": list(position.colours),
        "owners": owners(game, position),
        "won": format_number(position.won),
        "pending": format_number(position.pending),
        "over": over,
        "to_move": None if over else game.to_move(position).value,
        "proposal": position.proposal or None,
        "options": [] if over else list(game.moves(position)),
        "result": result,
    }


def _play(game: GraphShare, position: SharePosition, move: int, number: int) -> SharePosition:
    try:
        return game.play(position, move)
    except InputError as error:
        raise IllegalMoveError(f"move {number}: {error}") from None


def _engine_move(
    shared: _Game, position: SharePosition, budget: Budget
) -> tuple[int, dict[str, Any]]:
    """An optimal move if the search settles ``position`` in time, else the game's first."""
    game = shared.game
    try:
        result = alphabeta(game, position, table=shared.table, budget=budget)
    except SearchInterrupted as stop:
        first = game.order(position, game.moves(position))[0]
        lower = None if stop.lower is None else format_number(stop.lower)
        upper = None if stop.upper is None else format_number(stop.upper)
        return first, {"exact": False, "value": None, "lower": lower, "upper": upper}
    value = None if result.value is None else format_number(result.value)
    move = result.pv[0] if result.pv else game.order(position, game.moves(position))[0]
    return move, {"exact": True, "value": value, "lower": value, "upper": value}


def _result(shared: _Game, position: SharePosition, budget: Budget) -> dict[str, Any]:
    """MAX's final share against the game's value from the start (as in e-Valuate)."""
    game, final = shared.game, position.won
    if shared.value is None:
        with contextlib.suppress(SearchInterrupted):
            shared.value = alphabeta(game, table=shared.table, budget=budget).value
    value = shared.value
    total = format_number(game.share.total)
    if value is None:
        winner, verdict = None, f"MAX's share is {format_number(final)} of {total}"
    elif final > value:
        winner = "max"
        verdict = f"MAX wins: share {format_number(final)} > minimax {format_number(value)}"
    elif final < value:
        winner = "min"
        verdict = f"MIN wins: share {format_number(final)} < minimax {format_number(value)}"
    else:
        winner, verdict = None, f"a draw: share = minimax = {format_number(value)}"
    return {
        "final": format_number(final),
        "value": None if value is None else format_number(value),
        "total": total,
        "decided": value is not None,
        "winner": winner,
        "verdict": verdict,
    }


def owners(game: GraphShare, position: SharePosition) -> list[str]:
    """For each element of B: ``open``, ``max``, ``min`` or ``none`` (weight 0)."""
    result = []
    for x, (weight, members) in enumerate(zip(game.weights, game.share.sets, strict=True)):
        if position.open >> x & 1:
            result.append("open")
        elif weight == 0:
            result.append("none")
        else:
            colours = [position.colours[a] for a in members if position.colours[a]]
            mine = colours.count(1) % 2 == 1 if game.parity else len(set(colours)) > 1
            result.append("max" if mine else "min")
    return result


def describe(share: Incidence) -> dict[str, Any]:
    """What the page needs to draw the game: the graph, its faces, A and B."""
    graph = share.graph
    pos = graph.pos or ()
    faces = [] if share.plane is None else share.plane.faces
    return {
        "graph": {
            "name": graph.name,
            "vertices": list(graph.vertices),
            "pos": [[float(x), float(y)] for x, y in pos],
            "edges": [list(edge) for edge in graph.edges],
            "faces": [
                {"name": face.name, "walk": list(face.walk), "outer": face.outer} for face in faces
            ],
        },
        "formula": formula(share, limit=12),
        "colour": share.colour,
        "share": share.share,
        "a": list(share.a_names),
        "b": list(share.b_names),
        "sets": [list(members) for members in share.sets],
        "weights": [format_number(weight) for weight in share.weights],
        "total": format_number(share.total),
    }
