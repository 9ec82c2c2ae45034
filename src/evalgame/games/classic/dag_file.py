"""A game given explicitly as a DAG of named positions, read from JSON (seed 002).

The format::

    {"start": "s",
     "positions": {"s": {"player": "max", "moves": ["a", "b"]},
                   "a": {"value": 3},
                   "b": {"player": "chance", "moves": ["c", "d"], "probabilities": ["1/3", "2/3"]},
                   "c": {"value": "0.5"}, "d": {"value": "-1/4"}}}

A position has either a ``value`` (a leaf) or a ``player`` (``max``, ``min`` or ``chance``)
with a non-empty list of ``moves`` naming other positions; a chance position also lists
the ``probabilities`` of its moves (they must sum to 1), and an inner position may give an
``estimate``: what a search cut off at a depth sees there. Values and probabilities are exact:
integers, decimal strings or numbers (``"0.5"``, ``0.5``), fractions (``"1/3"``). A move is
the name of the position it leads to. Every mistake is a :class:`~evalgame.errors.GameError`
naming the position at fault; a cycle, even among positions the start cannot reach, is a
:class:`~evalgame.errors.CycleError` listing its positions.

>>> game = DagGame.from_json('''{"start": "s", "positions": {
...     "s": {"player": "max", "moves": ["a", "b"]}, "a": {"value": 3}, "b": {"value": "7/2"}}}''')
>>> game.moves("s"), game.payoff("b"), game.edges
(('a', 'b'), Fraction(7, 2), 2)
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import Any

from evalgame.errors import CycleError, GameError
from evalgame.numbers import Number, exact, normal
from evalgame.search.protocol import Game, Player

#: decimal exponents beyond this are refused (10**exponent would not fit in memory)
MAX_EXPONENT = 1000

PLAYERS = {"max": Player.MAX, "min": Player.MIN, "chance": Player.CHANCE}


def parse_exact(raw: object, what: str) -> Number:
    """An exact number from JSON: an int, a decimal or a fraction, as a number or a string.

    >>> parse_exact("0.1", "x"), parse_exact("-2/6", "x"), parse_exact(5, "x")
    (Fraction(1, 10), Fraction(-1, 3), 5)
    """
    if isinstance(raw, bool):
        raise GameError(f"{what} must be a number, not {json.dumps(raw)}")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str):
        text = raw.strip()
        try:
            if "/" in text:
                numerator, denominator = text.split("/")
                return normal(Fraction(int(numerator), int(denominator)))
            raw = Decimal(text)
        except (ValueError, ZeroDivisionError, InvalidOperation):
            raise GameError(f"{what} is not an exact number: {raw!r}") from None
    if not isinstance(raw, Decimal):
        raise GameError(f"{what} must be a number, not {json.dumps(raw, default=str)}")
    if not raw.is_finite() or abs(raw.as_tuple().exponent) > MAX_EXPONENT:  # type: ignore[arg-type]
        raise GameError(f"{what} is not a finite exact number of sane size: {raw}")
    return exact(raw)


@dataclass(frozen=True)
class Node:
    """One position of the file: a leaf with ``value``, or ``player`` choosing ``moves``."""

    player: Player | None
    moves: tuple[str, ...]
    value: Number | None
    probabilities: tuple[Fraction, ...]
    #: what a depth-limited search sees at its horizon (an inner position's ``estimate``)
    estimate: Number | None = None


class DagGame(Game[str, str]):
    """The game of a validated DAG file; positions and moves are position names."""

    name = "dag"

    def __init__(self, start: str, nodes: Mapping[str, Node]) -> None:
        if start not in nodes:
            raise GameError(f"the start position {start!r} is not among the positions")
        self.start = start
        self.nodes = dict(nodes)
        self.edges = sum(len(node.moves) for node in self.nodes.values())

    @classmethod
    def from_json(cls, text: str, *, acyclic: bool = True) -> DagGame:
        """Parse and validate the JSON text of a DAG game."""
        try:
            data = json.loads(text, parse_float=Decimal, parse_constant=_no_constant)
        except json.JSONDecodeError as error:
            raise GameError(f"not valid JSON: {error}") from None
        return cls.from_data(data, acyclic=acyclic)

    @classmethod
    def from_file(cls, path: str | Path) -> DagGame:
        """Read a DAG game from a JSON file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise GameError(f"cannot read {path}: {error}") from None
        return cls.from_json(text)

    @classmethod
    def from_data(cls, data: object, *, acyclic: bool = True) -> DagGame:
        """Validate decoded JSON data (floats must have been decoded as Decimals);
        ``acyclic=False`` accepts a game whose positions can repeat (for retrograde
        analysis: backward induction and the tree searches would not end on it)."""
        if not isinstance(data, dict):
            raise GameError("a DAG game is a JSON object with 'start' and 'positions'")
        unknown = sorted(set(data) - {"start", "positions"})
        if unknown:
            raise GameError(f"unknown top-level field(s): {', '.join(unknown)}")
        start, positions = data.get("start"), data.get("positions")
        if not isinstance(start, str):
            raise GameError("'start' must be the name of a position (a string)")
        if not isinstance(positions, dict) or not positions:
            raise GameError("'positions' must be a non-empty object of named positions")
        nodes = {name: _node(name, raw) for name, raw in positions.items()}
        for name, node in nodes.items():
            for move in node.moves:
                if move not in nodes:
                    raise GameError(f"position {name!r} moves to unknown position {move!r}")
        if not acyclic:
            return cls(start, nodes)
        import networkx as nx  # here, not at the top: the command line starts without it

        graph = nx.DiGraph([(name, move) for name, node in nodes.items() for move in node.moves])
        try:
            cycle = nx.find_cycle(graph)
        except nx.NetworkXNoCycle:
            return cls(start, nodes)
        raise CycleError([position for position, _ in cycle])

    def initial(self) -> str:
        return self.start

    def to_move(self, position: str) -> Player:
        return self.nodes[position].player or Player.MAX

    def moves(self, position: str) -> Sequence[str]:
        return self.nodes[position].moves

    def play(self, position: str, move: str) -> str:
        if move not in self.nodes[position].moves:
            raise GameError(f"{move!r} is not a move from position {position!r}")
        return move

    def payoff(self, position: str) -> Number | None:
        return self.nodes[position].value

    def key(self, position: str) -> Hashable:
        return position

    def evaluate(self, position: str) -> Number:
        """The position's ``estimate`` (for a search cut off at a depth)."""
        estimate = self.nodes[position].estimate
        if estimate is None:
            raise GameError(
                f"position {position!r} has no 'estimate' for a search cut off at a depth: "
                "give it one, or choose another evaluation"
            )
        return estimate

    def probability(self, position: str, move: str) -> Fraction:
        node = self.nodes[position]
        if node.player is not Player.CHANCE:
            raise GameError(f"position {position!r} is not a chance position")
        return node.probabilities[node.moves.index(move)]


def _no_constant(name: str) -> Any:
    raise GameError(f"{name} is not an exact number")


def _node(name: str, raw: object) -> Node:
    where = f"position {name!r}"
    if not isinstance(raw, dict):
        raise GameError(f"{where} must be an object with 'value' or 'player' and 'moves'")
    unknown = sorted(set(raw) - {"value", "player", "moves", "probabilities", "estimate"})
    if unknown:
        raise GameError(f"{where} has unknown field(s): {', '.join(unknown)}")
    if "value" in raw:
        if set(raw) != {"value"}:
            raise GameError(f"{where} has a value, so it is a leaf and takes no other field")
        return Node(None, (), parse_exact(raw["value"], f"the value of {where}"), ())
    if "player" not in raw or "moves" not in raw:
        missing = "'player'" if "player" not in raw else "'moves'"
        raise GameError(f"{where} needs a 'value', or a 'player' and 'moves' (no {missing})")
    player = PLAYERS.get(raw["player"]) if isinstance(raw["player"], str) else None
    if player is None:
        raise GameError(f"{where}: 'player' must be one of max, min, chance")
    moves = raw["moves"]
    if not isinstance(moves, list) or not moves or not all(isinstance(m, str) for m in moves):
        raise GameError(f"{where}: 'moves' must be a non-empty list of position names")
    if len(set(moves)) != len(moves):
        raise GameError(f"{where} lists the same move twice")
    probabilities: tuple[Fraction, ...] = ()
    if player is Player.CHANCE:
        raw_probabilities = raw.get("probabilities")
        if not isinstance(raw_probabilities, list) or len(raw_probabilities) != len(moves):
            raise GameError(f"{where}: a chance position needs one probability per move")
        probabilities = tuple(
            Fraction(parse_exact(p, f"a probability of {where}")) for p in raw_probabilities
        )
        if any(p < 0 for p in probabilities) or sum(probabilities) != 1:
            raise GameError(f"{where}: probabilities must be ≥ 0 and sum to 1")
    elif "probabilities" in raw:
        raise GameError(f"{where}: only chance positions have probabilities")
    estimate = None
    if "estimate" in raw:
        estimate = parse_exact(raw["estimate"], f"the estimate of {where}")
    return Node(player, tuple(moves), None, probabilities, estimate)
