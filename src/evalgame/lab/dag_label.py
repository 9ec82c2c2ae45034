"""The DAG lab's games described: each position as the page draws it, and retrograde
analysis's labels (win, loss or draw) for a game whose positions may repeat.

>>> from evalgame.lab.dag_tree import read_game
>>> describe_position(read_game("[[3,12],[2]]"), "1")
{'name': '1', 'player': 'min', 'moves': ['1.1', '1.2']}
"""

from __future__ import annotations

from typing import Any

from evalgame.games.classic.dag_file import DagGame
from evalgame.lab.dag_tree import optional_number
from evalgame.numbers import format_number
from evalgame.search.protocol import Player
from evalgame.search.retrograde import retrograde

PLAYER_NAMES = {Player.MAX: "max", Player.MIN: "min", Player.CHANCE: "chance"}


def label_game(game: DagGame) -> dict[str, Any]:
    """Retrograde analysis of a game whose positions may repeat: win, loss or draw for MAX at
    every position, labelled in the order the analysis settles them (JSON).

    >>> from evalgame.lab.dag_tree import read_game
    >>> lab = label_game(read_game({"start": "a", "positions": {
    ...     "a": {"player": "max", "moves": ["b", "x"]},
    ...     "b": {"player": "min", "moves": ["a", "y"]},
    ...     "x": {"value": 0}, "y": {"value": 1}}}, acyclic=False))
    >>> lab["outcome"], lab["outcomes"]["b"], [step["position"] for step in lab["steps"]]
    ('draw', 'draw', ['y', 'x', 'a', 'b'])
    """
    result = retrograde(game)
    outcomes = {str(p): outcome.value for p, outcome in result.outcome.items()}
    steps = [
        {
            "step": "label",
            "position": str(p),
            "outcome": outcomes[str(p)],
            "distance": result.distance.get(p),
        }
        for p in result.order
    ]
    return {
        "algorithm": "retrograde",
        "start": game.start,
        "value": None,
        "outcome": outcomes[game.start],
        "outcomes": outcomes,
        "distances": {str(p): d for p, d in result.distance.items()},
        "values": {},
        "pv": [],
        "positions": [describe_position(game, name) for name in game.nodes],
        "tree": None,
        "visited": [str(p) for p in result.positions],
        "steps": steps,
        "counts": {"vertices": len(result.positions), "edges": result.edges},
    }


def describe_position(game: DagGame, name: str) -> dict[str, Any]:
    node = game.nodes[name]
    if node.player is None:
        return {"name": name, "player": "leaf", "value": optional_number(node.value)}
    described: dict[str, Any] = {
        "name": name,
        "player": PLAYER_NAMES[node.player],
        "moves": list(node.moves),
    }
    if node.probabilities:
        described["probabilities"] = [format_number(p) for p in node.probabilities]
    if node.estimate is not None:
        described["estimate"] = format_number(node.estimate)
    return described
