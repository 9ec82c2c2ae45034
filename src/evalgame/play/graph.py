"""The graph game in play, stateless: game(G, A, B, [k]) and every move so far in, the game
and what it takes to draw it out.

The graph is a small named one (never a file: a caller that serves others reads no path
they name). MAX proposes a colour, MIN puts it on an uncoloured element of A, and MAX owns
the elements of B whose sets end up not monochromatic (or, under ``parity``, hold an odd
number of colour 1). The engine plays exactly when the search settles the position within
the budget, else by the game's own move order.

>>> state = graph_state("path:3", "V", "E", 2, "mono", "max", [1])
>>> state["moves"][:2], state["to_move"]
([1, 0], 'max')
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evalgame.errors import GraphError, IllegalMoveError, InputError, SearchInterrupted
from evalgame.games.graph.graphs import FAMILIES, Graph, load_graph
from evalgame.games.graph.incidence import Incidence, formula, incidence
from evalgame.games.graph.share import GraphShare, SharePosition
from evalgame.numbers import Number, format_number
from evalgame.play.engines import Engines
from evalgame.play.replay import Limit, answer, replay
from evalgame.play.session import Session
from evalgame.play.verdict import Terms, judge
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.protocol import Player
from evalgame.search.table import TranspositionTable
from evalgame.vocabulary import bounds_json, exact_json, side_json

#: games kept for later requests (one transposition table each)
CACHED_GAMES = 16
#: table entries all of them keep together, and the most one table stores (an entry takes
#: about 700 bytes: ~35 MB per worker process; a 10 s search stores ~10,000)
MAX_CACHED_ENTRIES = 50_000


def terms(total: Number) -> Terms:
    """How the graph game words its verdicts (``total``: the weight of all of B)."""
    return Terms(
        "share {}",
        "minimax {}",
        "share = minimax = {}",
        f"MAX's share is {{final}} of {format_number(total)}",
    )


@dataclass
class Table:
    """One game(G, A, B, [k]) and its transposition table, one call at a time."""

    game: GraphShare
    table: TranspositionTable = field(
        default_factory=lambda: TranspositionTable(MAX_CACHED_ENTRIES)
    )
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: MAX's share from the start under optimal play, once proven
    value: Number | None = None

    def start_value(self, budget: Budget | None) -> Number | None:
        """MAX's share under optimal play, searched within ``budget`` until proven."""
        if self.value is None:
            with contextlib.suppress(SearchInterrupted):
                self.value = alphabeta(self.game, table=self.table, budget=budget).value
        return self.value


def named_graph(spec: str) -> Graph:
    """A graph of a named family (``friendship:3``, ``grid:2x3``…); files are refused."""
    family = spec.partition(":")[0].strip().lower()
    if family not in FAMILIES:
        raise GraphError(f"unknown graph {spec!r}: choose one of {', '.join(FAMILIES)}")
    return load_graph(spec.strip())


def table(
    spec: str,
    colour: str,
    share: str,
    colours: int,
    rule: str,
    *,
    coloured: Limit | None = None,
    shared: Limit | None = None,
) -> Table:
    """The shared table of a game, within the caller's limits on the number of elements
    ``coloured`` (A) and ``shared`` (B)."""
    return _TABLES.get((spec.strip().lower(), colour, share, colours, rule, coloured, shared))


#: what names a game: graph, A, B, colours, rule and the caller's limits
Key = tuple[str, str, str, int, str, Limit | None, Limit | None]


def _make(key: Key) -> Table:
    spec, colour, share, colours, rule, coloured, shared = key
    structure = incidence(named_graph(spec), colour, share)
    if coloured is not None:
        coloured.check("the number of elements to colour", len(structure.a_names))
    if shared is not None:
        shared.check("the number of elements shared", len(structure.b_names))
    return Table(GraphShare(structure, colours, rule))


#: the games kept; the size of one is its transposition table's entries
_TABLES: Engines[Key, Table] = Engines(
    _make,
    size=lambda table: len(table.table),
    max_engines=CACHED_GAMES,
    max_size=MAX_CACHED_ENTRIES,
)


def read_move(session: Session[SharePosition, int], move: int) -> int:
    """A colour (MAX) or an element of A (MIN), refused with the game's own reason."""
    if session.is_over:
        raise IllegalMoveError("the game is already over")
    try:
        session.game.play(session.position, move)  # only to hear the game's reason
    except InputError as error:
        raise IllegalMoveError(str(error)) from None
    return move


def graph_state(
    spec: str,
    colour: str,
    share: str,
    colours: int,
    rule: str,
    role: str,
    moves: Sequence[int],
    budget: Budget | None = None,
    *,
    coloured: Limit | None = None,
    shared: Limit | None = None,
) -> dict[str, Any]:
    """Replay ``moves``, let the engine answer the person playing ``role``, and describe the
    game and its drawing."""
    found = table(spec, colour, share, colours, rule, coloured=coloured, shared=shared)
    game = found.game
    reports: list[dict[str, Any]] = []

    def choose(session: Session[SharePosition, int]) -> int:
        move, report = _engine_move(found, session.position, budget)
        reports.append(report)
        return move

    with found.lock:
        session: Session[SharePosition, int] = Session(
            game,
            verdict=lambda over: judge(
                over.position.won, found.start_value(budget), terms(game.share.total)
            ),
        )
        replay(session, moves, read_move)
        engine = answer(session, Player(role), choose)
        position, over = session.position, session.is_over
        result = _result(found, session, budget) if over else None
    return {
        **describe(game.share),
        "title": game.name,
        "colours": game.k,
        "rule": rule,
        "role": role,
        "moves": session.moves_played,
        "players": [game.to_move(before).value for before, _ in session.history],
        "engine": engine,
        "report": reports[-1] if reports else None,
        "painted": list(position.colours),
        "owners": owners(game, position),
        "won": format_number(position.won),
        "pending": format_number(position.pending),
        "over": over,
        "to_move": None if over else game.to_move(position).value,
        "proposal": position.proposal or None,
        "options": [] if over else list(game.moves(position)),
        "result": result,
        "why_over": why_over_at_start(game) if over and not session.moves_played else None,
    }


def graph_hint(
    spec: str,
    colour: str,
    share: str,
    colours: int,
    rule: str,
    moves: Sequence[int],
    budget: Budget | None = None,
    *,
    coloured: Limit | None = None,
    shared: Limit | None = None,
) -> dict[str, Any]:
    """Every legal move of the player to move after ``moves``, each with MAX's final share
    after it under optimal play (``best`` marks the mover's best), and an optimal line from
    here (``pv``, as the game writes moves); ``exact`` is false, with the bounds proven,
    when the search does not settle the position within ``budget``.

    >>> hint = graph_hint("path:3", "V", "E", 2, "mono", [])
    >>> hint["value"], [(move["move"], move["value"], move["best"]) for move in hint["moves"]]
    ('1', [(1, '1', True), (2, '1', True)])
    >>> hint["pv"]  # MIN keeps MAX to one edge of the two
    ['colour 1', '1→v0', 'colour 2', '2→v2', 'colour 1', '1→v1']
    """
    found = table(spec, colour, share, colours, rule, coloured=coloured, shared=shared)
    game = found.game
    with found.lock:
        session: Session[SharePosition, int] = Session(game)
        replay(session, moves, read_move)
        if session.is_over:
            raise IllegalMoveError("the game is over: there is nothing to hint")
        position = session.position
        try:
            value = _value(found, position, budget)
            after = {
                move: _value(found, game.play(position, move), budget)
                for move in game.moves(position)
            }
            pv = _optimal_line(found, position, budget)
        except SearchInterrupted as stop:
            return {
                "exact": False,
                "value": None,
                **bounds_json(stop.lower, stop.upper),
                "moves": [],
                "pv": [],
            }
    return {
        "exact": True,
        "value": exact_json(value),
        **bounds_json(value, value),
        "moves": [
            {"move": move, "value": exact_json(found_value), "best": found_value == value}
            for move, found_value in after.items()
        ],
        "pv": pv,
    }


def _value(found: Table, position: SharePosition, budget: Budget | None) -> Number:
    """MAX's final share from ``position`` under optimal play (the shared table helps)."""
    value = alphabeta(found.game, position, table=found.table, budget=budget).value
    assert value is not None  # every end of the graph game has a share
    return value


def _optimal_line(found: Table, position: SharePosition, budget: Budget | None) -> list[str]:
    """An optimal line from ``position`` to the end, each move as the game writes it: at
    every step the first move, in the game's order, that keeps the position's value."""
    game, line = found.game, []
    value = _value(found, position, budget)
    while not game.is_terminal(position):
        # some move keeps an exact value (the value is one of its children's)
        move = next(
            move
            for move in game.order(position, game.moves(position))
            if _value(found, game.play(position, move), budget) == value
        )
        line.append(game.describe_move(position, move))
        position = game.play(position, move)
    return line


#: the elements of a graph, by letter
KINDS = {"V": "vertex", "E": "edge", "R": "face"}


def why_over_at_start(game: GraphShare) -> str:
    """Why a game is over before its first move: no element of B can still become MAX's.

    >>> why = why_over_at_start(table("path:5", "R", "E", 2, "mono").game)
    >>> why.startswith("There is only one face to colour (r0), so no edge can ever see two")
    True
    """
    share = game.share
    a_one, b_one = KINDS[share.colour], KINDS[share.share]
    if all(weight == 0 for weight in share.weights):
        return f"Every {b_one} weighs 0, so there is nothing to share."
    if not share.a_names:
        return f"There is no {a_one} to colour, so every {b_one} is MIN's before the first move."
    if game.parity:  # a set S(x) that is empty never holds an odd number of colour 1
        return (
            f"No {b_one} touches a {a_one}, so none can hold an odd number of colour 1: "
            f"every {b_one} is MIN's before the first move."
        )
    if len(share.a_names) == 1:
        return (
            f"There is only one {a_one} to colour ({share.a_names[0]}), so no {b_one} can ever "
            f"see two colours: every {b_one} is MIN's before the first move."
        )
    if game.k == 1:
        return (
            f"With one colour no {b_one} can see two colours: every {b_one} is MIN's "
            "before the first move."
        )
    return (
        f"Each {b_one} touches at most one {a_one}, and one {a_one} has one colour: every "
        f"{b_one} is MIN's before the first move."
    )


def _engine_move(
    found: Table, position: SharePosition, budget: Budget | None
) -> tuple[int, dict[str, Any]]:
    """An optimal move if the search settles ``position`` in time, else the game's first."""
    game = found.game
    try:
        result = alphabeta(game, position, table=found.table, budget=budget)
    except SearchInterrupted as stop:
        first = game.order(position, game.moves(position))[0]
        return first, {"exact": False, "value": None, **bounds_json(stop.lower, stop.upper)}
    move = result.pv[0] if result.pv else game.order(position, game.moves(position))[0]
    exact = {"value": exact_json(result.value), **bounds_json(result.value, result.value)}
    return move, {"exact": True, **exact}


def _result(
    found: Table, session: Session[SharePosition, int], budget: Budget | None
) -> dict[str, Any]:
    """MAX's final share against the game's value from the start, the verdict, and an
    optimal line from the start (``None`` if the search ran out of time)."""
    judged = session.verdict()
    value = found.value
    optimal = None
    if value is not None:
        with contextlib.suppress(SearchInterrupted):
            optimal = _optimal_line(found, found.game.initial(), budget)
    return {
        "final": format_number(session.position.won),
        "value": exact_json(value),
        "total": format_number(found.game.share.total),
        "decided": judged.decided,
        "winner": side_json(judged.winner),
        "verdict": judged.text,
        "reason": judged.reason,
        "optimal": optimal,
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
    """What a page needs to draw the game: the graph, its faces, A and B."""
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
