"""``evalgame dag GAME``: solve a game given as a DAG of positions in a JSON file (seed 002),
or a tree written as nested lists (``evalgame dag "[[3,12,8],[2,4,6],[14,5,2]]"``).

>>> from evalgame.cli import app
>>> import json, tempfile
>>> from typer.testing import CliRunner
>>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
...     json.dump({"start": "s", "positions": {"s": {"player": "max", "moves": ["a", "b"]},
...                "a": {"value": 3}, "b": {"value": "1/2"}}}, file)
>>> print(CliRunner().invoke(app, ["dag", file.name, "--json"]).output.strip())
{"value": "3", "best_move": "a", "positions": 3, "edges": 2, "pv": ["a"]}
"""

from __future__ import annotations

import typer
from rich.markup import escape

from evalgame.cli.shared import JsonOutput, console, print_json
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.nested_tree import parse_nested_tree
from evalgame.search.dag import backward_induction
from evalgame.vocabulary import exact_json


def dag(
    game_text: str = typer.Argument(
        ...,
        metavar="GAME",
        help="JSON file (start, and positions with player+moves or value), or a tree as "
        "nested lists, MAX to move at the root: '[[3,12,8],[2,4,6],[14,5,2]]'.",
    ),
    json_output: JsonOutput = False,
) -> None:
    """Value and best move of a game given as a DAG of positions (one DFS, Θ(V+E))."""
    is_tree = game_text.lstrip().startswith("[")
    game = parse_nested_tree(game_text) if is_tree else DagGame.from_file(game_text)
    result = backward_induction(game)
    value = exact_json(result.value)
    if json_output:
        print_json(
            {
                "value": value,
                "best_move": result.best_move,
                "positions": len(game.nodes),
                "edges": game.edges,
                "pv": list(result.pv),
            }
        )
        return
    console.print(f"value of [bold]{escape(game.start)}[/]: [bold]{value}[/]")
    if result.best_move is not None:
        line = escape(" → ".join(result.pv))
        console.print(f"best move: {escape(result.best_move)}   line: {line}")
    console.print(f"{len(game.nodes)} positions, {game.edges} edges", style="dim")
