"""``evalgame grundy`` and ``evalgame nim``: impartial games by Sprague–Grundy theory.

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> print(CliRunner().invoke(app, ["grundy", "kayles", "8", "--json"]).output.strip())
{"game": "kayles", "values": [0, 1, 2, 3, 1, 4, 3, 2, 1]}
>>> import json
>>> json.loads(CliRunner().invoke(app, ["nim", "3", "4", "5", "--json"]).output)["move"]
{'heap': 1, 'from': 3, 'to': 1}
"""

from __future__ import annotations

from functools import reduce
from operator import xor
from typing import Any

import typer

from evalgame.cli.shared import JsonOutput, console, print_json
from evalgame.errors import GameError, LimitError
from evalgame.games.classic.catalog import heap_game
from evalgame.search.grundy import misere_nim_move, misere_nim_wins

#: largest heap size for ``grundy`` (Grundy's game and Kayles take O(N²) steps)
MAX_GRUNDY_N = 5000
MAX_HEAPS, MAX_HEAP = 12, 10**6


def grundy(
    game: str = typer.Argument(
        ..., help="nim, takeaway, subtraction:1,2,3 (any set), grundy, kayles, dawson."
    ),
    n: int = typer.Argument(..., help="The largest heap size."),
    json_output: JsonOutput = False,
) -> None:
    """Grundy values (nimbers) of single heaps of size 0..N."""
    heaps = heap_game(game)
    if n < 0:
        raise GameError(f"N must be at least 0, not {n}")
    if n > MAX_GRUNDY_N:
        raise LimitError("N", n, MAX_GRUNDY_N, "ask for fewer heap sizes")
    values = heaps.heap_values(n)
    if json_output:
        print_json({"game": heaps.name, "values": values})
        return
    console.print(f"Grundy values of [bold]{heaps.name}[/], heap sizes 0 to {n}:")
    for start in range(0, n + 1, 10):
        row = " ".join(f"{v:>2}" for v in values[start : start + 10])
        console.print(f"{start:>6}: {row}")
    losing = [size for size, value in enumerate(values) if value == 0]
    shown = ", ".join(map(str, losing[:20])) + (" ..." if len(losing) > 20 else "")
    console.print(f"value 0 (the player to move loses): {shown}", style="dim")


def nim(
    heaps: list[int] = typer.Argument(..., help="Heap sizes, e.g. 3 4 5."),
    misere: bool = typer.Option(False, "--misere", help="Misère play: taking the last loses."),
    json_output: JsonOutput = False,
) -> None:
    """Who wins Nim on these heaps, and a winning move (misère play by Bouton's rule)."""
    if len(heaps) > MAX_HEAPS:
        raise LimitError("the number of heaps", len(heaps), MAX_HEAPS, "use fewer heaps")
    for heap in heaps:
        if heap < 0:
            raise GameError(f"heap sizes must be at least 0, not {heap}")
        if heap > MAX_HEAP:
            raise LimitError("a heap size", heap, MAX_HEAP, "use smaller heaps")
    value = reduce(xor, heaps, 0)
    move = misere_nim_move(heaps) if misere else _normal_move(heaps, value)
    # an impartial game has no MAX: the winner is the player to move first or the other
    wins = misere_nim_wins(heaps) if misere else value != 0
    winner = "first" if wins else "second"
    data: dict[str, Any] = {
        "heaps": heaps,
        "play": "misere" if misere else "normal",
        "grundy": None if misere else value,
        "winner": winner,
        "move": None if move is None else {"heap": move[0] + 1, "from": move[1], "to": move[2]},
    }
    if json_output:
        print_json(data)
        return
    if not misere:
        console.print(f"Grundy value {' ⊕ '.join(map(str, heaps))} = [bold]{value}[/]")
    console.print(
        f"{'misère' if misere else 'normal'} play: the [bold]{winner}[/] player "
        f"({'the one to move' if winner == 'first' else 'the other one'}) wins"
    )
    if move is not None:
        console.print(f"winning move: heap {move[0] + 1} from {move[1]} to {move[2]}")


def _normal_move(heaps: list[int], value: int) -> tuple[int, int, int] | None:
    """(index, from, to) of a move to Grundy value 0, or ``None`` if ``value`` is 0."""
    if value == 0:
        return None
    index = next(i for i, heap in enumerate(heaps) if heap ^ value < heap)
    return index, heaps[index], heaps[index] ^ value
