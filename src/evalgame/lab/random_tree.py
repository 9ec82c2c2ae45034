"""Random game trees for the DAG lab: a seeded tree of given branching and depth.

The same ``(branching, depth, low, high, chance, seed)`` always gives the same tree (the
page keeps them in its address). Leaves are whole numbers in ``[low, high]``. Without
chance the players alternate MAX, MIN, … from the root and the tree is written as nested
lists; with ``chance`` the levels go MAX, chance, MIN, chance, … (the layout *-minimax is
made for) and the tree is a ``docs/dag.md`` object whose chance positions have random
exact probabilities (weights 1 to 3, normalised). Positions are named by their path, as in
a nested-list tree: ``root``, ``1``, ``1.2``, …

>>> random_tree(2, 2, 0, 9, chance=False, seed=1)
'[[2,9],[1,4]]'
>>> game = random_tree(2, 2, 0, 9, chance=True, seed=1)
>>> game["positions"]["1"]
{'player': 'chance', 'moves': ['1.1', '1.2'], 'probabilities': ['1/4', '3/4']}
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from evalgame.errors import InputError
from evalgame.numbers import format_number
from evalgame.play.replay import Limit

#: the largest random tree (nodes): the lab draws a few thousand, collapsed
MAX_RANDOM_NODES = 5_000
NODES = Limit(MAX_RANDOM_NODES, "choose a smaller branching or depth")
#: the widest value range (a range is for reading, not for size)
MAX_RANGE = 1_000_000


def random_size(branching: int, depth: int) -> int:
    """The number of nodes of a full tree: 1 + b + b² + … + bᵈ.

    >>> random_size(3, 7)
    3280
    """
    return sum(branching**level for level in range(depth + 1))


def random_tree(
    branching: int, depth: int, low: int, high: int, *, chance: bool, seed: int
) -> str | dict[str, Any]:
    """A random tree: nested lists without chance, a ``docs/dag.md`` object with it."""
    if not 1 <= branching <= 10:
        raise InputError(f"the branching must be between 1 and 10, not {branching}")
    if not 1 <= depth <= 12:
        raise InputError(f"the depth must be between 1 and 12, not {depth}")
    if low > high:
        raise InputError(f"the lowest value {low} is above the highest {high}")
    if max(abs(low), abs(high)) > MAX_RANGE:
        raise InputError(f"values must lie within ±{MAX_RANGE}")
    NODES.check("the number of nodes of the random tree", random_size(branching, depth))
    draw = random.Random(seed)
    if not chance:
        return _nested(draw, branching, depth, low, high)
    positions: dict[str, Any] = {}
    stack: list[tuple[str, int]] = [("root", 0)]
    while stack:
        name, level = stack.pop()
        if level == depth:
            positions[name] = {"value": draw.randint(low, high)}
            continue
        moves = [str(i) if name == "root" else f"{name}.{i}" for i in range(1, branching + 1)]
        player = ("max", "chance", "min", "chance")[level % 4]
        position: dict[str, Any] = {"player": player, "moves": moves}
        if player == "chance":
            weights = [draw.randint(1, 3) for _ in moves]
            total = sum(weights)
            position["probabilities"] = [format_number(Fraction(w, total)) for w in weights]
        positions[name] = position
        stack.extend((move, level + 1) for move in reversed(moves))
    return {"start": "root", "positions": positions}


def _nested(draw: random.Random, branching: int, depth: int, low: int, high: int) -> str:
    """The nested-list text of a full tree, leaves drawn left to right."""
    if depth == 0:
        return str(draw.randint(low, high))
    inner = ",".join(_nested(draw, branching, depth - 1, low, high) for _ in range(branching))
    return f"[{inner}]"
