"""``evalgame classic GAME``: the exact value and natural outcome of a classic game.

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> import json
>>> out = json.loads(CliRunner().invoke(app, ["classic", "takeaway:12", "--json"]).output)
>>> out["value"], out["outcome"], out["algorithm"]
('-1', 'min_wins', 'alphabeta')
"""

from __future__ import annotations

import time
from fractions import Fraction
from typing import Any

import typer
from rich.markup import escape

from evalgame.cli.progress import TIMEOUT_HELP, check_seconds, search_budget
from evalgame.cli.shared import JsonOutput, console, json_stops, print_json
from evalgame.errors import LimitError
from evalgame.games.classic.catalog import Target, parse_target
from evalgame.games.classic.heap_play import HeapPlay
from evalgame.numbers import Number, approximate
from evalgame.play.solvers import solve
from evalgame.play.verdict import Outcome
from evalgame.search.grundy import PlayConvention, join_grundy
from evalgame.search.iterative import iterative_deepening
from evalgame.search.protocol import Game, Player
from evalgame.search.registry import SOLVERS, describe
from evalgame.search.result import SearchResult
from evalgame.vocabulary import exact_json, seconds_json

CHANCE_OUTCOMES = {
    Outcome.FIRST: "first player favoured",
    Outcome.DRAW: "even",
    Outcome.SECOND: "second player favoured",
}
#: the outcome as ``--json`` words it (docs/json.md): the value's sign to MAX, who moves
#: first in every classic game; with dice, whom the odds favour
OUTCOME_WORDS = {
    (Outcome.FIRST, False): "max_wins",
    (Outcome.DRAW, False): "draw",
    (Outcome.SECOND, False): "min_wins",
    (Outcome.FIRST, True): "max_favoured",
    (Outcome.DRAW, True): "even",
    (Outcome.SECOND, True): "min_favoured",
}
#: ``algorithm`` of a game too large to solve, searched by iterative deepening
ITERATIVE = "iterative-deepening"


def outcome_text(value: Number | None, chance: bool) -> str:
    """The natural outcome of ``value`` (an expectation for games with dice)."""
    if value is None:
        return "no valid result"
    outcome = Outcome.of(value)
    return CHANCE_OUTCOMES[outcome] if chance else outcome.value


def outcome_word(value: Number | None, chance: bool) -> str | None:
    """The outcome of ``value`` as ``--json`` words it (``None``: no valid result).

    >>> outcome_word(1, False), outcome_word(0, False), outcome_word(-1, True)
    ('max_wins', 'draw', 'min_favoured')
    """
    return None if value is None else OUTCOME_WORDS[Outcome.of(value), chance]


def classic(
    game: str = typer.Argument(
        ..., help="tictactoe, connect4:ROWSxCOLS, takeaway:N, pig:T, nim:3,4,5, kayles:N..."
    ),
    algorithm: str | None = typer.Option(
        None,
        "--algorithm",
        "-a",
        help=f"Default: alphabeta (dice: expectiminimax). {describe(SOLVERS)}",
    ),
    timeout: float | None = typer.Option(
        None,
        "--timeout",
        help=f"{TIMEOUT_HELP}; on boards too large to solve, search for the best move so long.",
        callback=check_seconds,
    ),
    json_output: JsonOutput = False,
) -> None:
    """Solve a classic game exactly: value, outcome, best move and search statistics."""
    target = parse_target(game)
    started = time.perf_counter()
    with (
        json_stops(json_output, game=target.game.name, value=None),
        search_budget(target.game.name, timeout=timeout) as budget,
    ):
        if target.too_big is not None:
            if timeout is None or target.chance:
                what, size, limit = target.too_big
                raise LimitError(
                    f"{what} of {target.game.name}",
                    size,
                    limit,
                    "it cannot be solved exactly; pass --timeout S to search for the best move "
                    "within S seconds instead"
                    if not target.chance
                    else "choose a smaller game",
                )
            name = ITERATIVE
            result = iterative_deepening(target.game, budget=budget)
        else:
            name = algorithm or target.algorithm
            result = solve(target.game, None, name, budget=budget)
    seconds = time.perf_counter() - started
    report(target, result, seconds, json_output, name)


def report(
    target: Target,
    result: SearchResult[Any],
    seconds: float,
    json_output: bool,
    algorithm: str,
) -> None:
    """Print the result of a search, for people or as one JSON object (``algorithm``: the
    search's name, as ``--algorithm`` takes it)."""
    game, start = target.game, target.game.initial()
    value = exact_json(result.value)
    outcome = outcome_text(result.value, target.chance)
    line: list[str] = []
    position = start
    for move in result.pv:
        line.append(game.describe_move(position, move))
        position = game.play(position, move)
    nimbers = _nimbers(game)
    meaning = target.value_meaning
    if json_output:
        print_json(
            {
                "game": game.name,
                **nimbers,
                "value": value,
                "outcome": outcome_word(result.value, target.chance) if result.exact else None,
                **({"meaning": meaning} if meaning else {}),
                "best_move": line[0] if line else None,
                "pv": line,
                "algorithm": algorithm,
                "exact": result.exact,
                "depth": result.depth,
                "stats": result.stats.as_dict(),
                "seconds": seconds_json(seconds),
            }
        )
        return
    name = escape(game.name)
    if result.exact:
        approx = f" ≈ {approximate(result.value, 4)}" if isinstance(result.value, Fraction) else ""
        console.print(f"{name}: [bold]{outcome}[/] (value {value}{approx})")
        if meaning:
            console.print(f"the value is {meaning}")
    else:
        console.print(
            f"{name}: not solved; heuristic value {value} at depth {result.depth} "
            "(the game's evaluation function at the horizon)"
        )
    if nimbers:
        _print_nimbers(nimbers, result)
    if line:
        console.print(f"best move: [bold]{escape(line[0])}[/]   line: {escape(' '.join(line))}")
    elif game.moves(start) and game.to_move(start) is Player.CHANCE:
        console.print("no move to choose yet: the game starts with a throw of the dice")
    stats = result.stats
    console.print(
        f"{result.algorithm}: {stats.nodes:,} nodes, {stats.table_hits:,} table hits, "
        f"{stats.alpha_cutoffs + stats.beta_cutoffs:,} cut-offs, {seconds:.3f} s",
        style="dim",
    )


def _nimbers(game: Game[Any, Any]) -> dict[str, Any]:
    """For an impartial heap game under normal play, the Sprague–Grundy view: each heap's
    Grundy value and their XOR (not 0 exactly when the first player wins); else nothing."""
    if not isinstance(game, HeapPlay) or game.convention is not PlayConvention.NORMAL:
        return {}
    heaps = game.heaps.nimbers(game.initial()[0])
    return {
        "nimbers": [{"game": name, "heap": size, "grundy": value} for name, size, value in heaps],
        "grundy": join_grundy(value for _, _, value in heaps),
    }


def _print_nimbers(nimbers: dict[str, Any], result: SearchResult[Any]) -> None:
    terms = " ⊕ ".join(
        f"{escape(heap['game'])} {heap['heap']}→{heap['grundy']}" for heap in nimbers["nimbers"]
    )
    total = nimbers["grundy"]
    who = "first" if total else "second"
    if result.exact and result.value is not None:
        agree = (result.value > 0) == bool(total)
        check = "the search agrees" if agree else "[red]the search disagrees[/]"
    else:
        check = "the search did not finish"
    console.print(
        f"Sprague–Grundy: {terms} = [bold]{total}[/] — {'not ' if total else ''}0, "
        f"so the {who} player wins ({check})"
    )
