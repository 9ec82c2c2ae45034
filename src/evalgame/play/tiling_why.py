"""Why a tiling position is worth what it is: its regions and the sum rule of tame regions.

The free squares of a tiling position fall apart into *regions* (connected groups of at
least two free squares; a square without a free neighbour can never be covered and counts
for nothing). Each region alone has ``a`` moves still to come with MAX to move and ``b``
with MIN to move; it is *cold* when tame with ``a = b``, *hot* when tame with
``a = b + 1``, *wild* when not tame, *large* when it has more squares than the database of
tame regions values (:data:`~evalgame.games.matching.tame.SIZE_LIMIT`). When every region
is tame, the **sum rule** (docs/tiling_search.md, "Tame regions and the sum rule", proven
there) gives the moves to come without search: with ``N = Σ a`` and ``h`` hot regions,
``N − ⌊h/2⌋`` with MAX to move and ``N − ⌈h/2⌉`` with MIN; the value of the game (the
dominoes at the end) is the dominoes placed plus that.

:func:`tiling_why` answers this for a position, and for every legal domino the same
arithmetic after it. Every number comes from :class:`~evalgame.games.matching.tame.
TameRegions` and :func:`~evalgame.games.matching.tame.sum_rule`; nothing is searched.

>>> why = tiling_why(2, 4, [[[0, 1], [1, 1]]])      # a domino splits 2×4 into 2 + 4
>>> [(len(r["cells"]), r["a"], r["b"], r["kind"]) for r in why["regions"]]
[(2, 1, 1, 'cold'), (4, 2, 2, 'cold')]
>>> why["to_move"], why["sum_rule"]
('min', {'N': 3, 'h': 0, 'moves_to_come': 3, 'placed': 1, 'value': '4'})
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Literal

from evalgame.games.matching.game import MatchingPosition
from evalgame.games.matching.tame import RegionValue, TameRegions, sum_rule
from evalgame.games.tiling.game import TilingGame
from evalgame.play.replay import replay
from evalgame.play.session import Session
from evalgame.play.tiling import Cells, read_domino
from evalgame.search.protocol import Player
from evalgame.vocabulary import exact_json

Kind = Literal["cold", "hot", "wild", "large"]


@lru_cache(maxsize=8)
def _regions(rows: int, cols: int) -> tuple[TilingGame, TameRegions, threading.Lock]:
    """The game of a board size, the database of its region values (each database walks
    its own board's squares), and the lock the database's users take."""
    game = TilingGame(rows, cols)
    return game, TameRegions(game.board), threading.Lock()


def region_kind(regions: TameRegions, region: int) -> tuple[Kind, RegionValue | None]:
    """The kind of ``region`` by the project's tameness classification, and its values
    when the database has them (a wild region may have none: a move of it leaves a sum
    with a wild region, which the sum rule cannot value)."""
    if region.bit_count() > regions.size_limit:
        return "large", None
    value = regions.region(region)
    if value is None or not value.tame:
        return "wild", value
    return ("cold" if value.a == value.b else "hot"), value


def moves_to_come(values: Sequence[RegionValue], max_to_move: bool) -> int:
    """The sum rule's moves still to come in a sum of tame regions."""
    with_max, with_min = sum_rule(list(values))
    return with_max if max_to_move else with_min


def tiling_why(
    rows: int,
    cols: int,
    moves: Sequence[Cells],
    to_move: Literal["max", "min"] | None = None,
) -> dict[str, Any]:
    """The regions of the position after ``moves`` on a ``rows × cols`` board, the sum
    rule's arithmetic when every region is tame, and each legal domino's value by it, with
    ``to_move`` to move (default: whoever's turn it is after ``moves``)."""
    game, regions, lock = _regions(rows, cols)
    session: Session[MatchingPosition, int] = Session(game)
    replay(session, moves, read_domino)
    board = game.board
    position = session.position
    mover = Player(to_move) if to_move is not None else position.to_move
    max_to_move = mover is Player.MAX
    with lock:
        parts = board.components(board.core(position.free))
        found = [region_kind(regions, part) for part in parts]
        answer_regions = [
            {
                "cells": [list(cell) for cell in board.cells(part)],
                "a": None if value is None else value.a,
                "b": None if value is None else value.b,
                "kind": kind,
            }
            for part, (kind, value) in zip(parts, found, strict=True)
        ]
        tame = all(kind in ("cold", "hot") for kind, _ in found)
        rule = None
        if tame:
            values = [value for _, value in found if value is not None]
            rule = _arithmetic(values, max_to_move, position.placed)
        answer_moves = []
        for edge in game.moves(position):
            index = next(i for i, part in enumerate(parts) if part & edge)
            after = board.components(board.core(parts[index] & ~edge))
            after_found = [region_kind(regions, part) for part in after]
            kept = [pair for i, pair in enumerate(found) if i != index]
            others = [value for _, value in kept]
            # the rule decides the position the domino leaves when all its regions are tame
            decided = all(kind in ("cold", "hot") for kind, _ in [*kept, *after_found])
            move_rule = None
            if decided:
                left = [value for _, value in after_found if value is not None]
                move_rule = _arithmetic(
                    [v for v in others if v is not None] + left,
                    not max_to_move,
                    position.placed + 1,
                )
            answer_moves.append(
                {
                    "domino": [list(cell) for cell in board.domino(edge)],
                    "region": index,
                    "leaves": [
                        {"size": part.bit_count(), "kind": kind}
                        for part, (kind, _) in zip(after, after_found, strict=True)
                    ],
                    "sum_rule": move_rule,
                    "value": None if move_rule is None else move_rule["value"],
                }
            )
    covered = board.full & ~position.free
    dead = position.free & ~board.core(position.free)
    return {
        "rows": rows,
        "cols": cols,
        "to_move": mover.value,
        "placed": position.placed,
        "covered": [list(cell) for cell in board.cells(covered)],
        "dead": [list(cell) for cell in board.cells(dead)],
        "size_limit": regions.size_limit,
        "regions": answer_regions,
        "sum_rule": rule,
        "value": None if rule is None else rule["value"],
        "moves": answer_moves,
    }


def _arithmetic(values: Sequence[RegionValue], max_to_move: bool, placed: int) -> dict[str, Any]:
    """The sum rule at work: N, h, the moves to come, and the value (placed + those)."""
    come = moves_to_come(values, max_to_move)
    return {
        "N": sum(value.a for value in values),
        "h": sum(value.a - value.b for value in values),
        "moves_to_come": come,
        "placed": placed,
        "value": exact_json(placed + come),
    }
