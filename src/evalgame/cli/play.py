"""``evalgame play TARGET``: play a game — people against engines, or engines against each other.

TARGET is a game (``tictactoe``, ``connect4:4x5``, ``nim:3,4,5``, ``takeaway:12``,
``subtraction:1,2,3:12``, ``grundy:7``, ``kayles:6``, ``pig:20``, ``dag:FILE``) or an
e-Valuate expression. MAX moves first.

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> import json
>>> args = ["play", "tictactoe", "--max", "optimal", "--min", "optimal", "--json"]
>>> json.loads(CliRunner().invoke(app, args).output)["verdict"]
'draw'
"""

from __future__ import annotations

from typing import Any

import typer
from rich.markup import escape

from evalgame.cli.boards import board
from evalgame.cli.classic import outcome_text
from evalgame.cli.evaluate_play import play_expression
from evalgame.cli.progress import check_seconds
from evalgame.cli.shared import ask, console, err_console, print_json, tell
from evalgame.errors import GameError
from evalgame.games.classic.catalog import Target, is_game_target, parse_target, similar_game
from evalgame.numbers import Number
from evalgame.play.agents import (
    Agent,
    ChanceAgent,
    DepthLimitedAgent,
    HumanAgent,
    OptimalAgent,
    RandomAgent,
)
from evalgame.play.match import run
from evalgame.play.session import Session, Solver
from evalgame.play.solvers import exact_solver
from evalgame.search.protocol import Game, Player
from evalgame.search.registry import SOLVERS, choose, describe
from evalgame.search.result import SearchResult
from evalgame.vocabulary import exact_json, side_json

AGENTS = ("human", "optimal", "random", "depth")


def play(
    target: str = typer.Argument(
        ..., help="A game (tictactoe, connect4:4x5, nim:3,4,5, pig:20...) or an expression."
    ),
    max_agent: str = typer.Option("human", "--max", help="MAX: human, optimal, random, depth."),
    min_agent: str = typer.Option("optimal", "--min", help="MIN: human, optimal, random, depth."),
    seed: int | None = typer.Option(None, "--seed", help="Seed for random players and dice."),
    seconds: float = typer.Option(
        1.0, "--seconds", help="Thinking time of a depth player.", callback=check_seconds
    ),
    json_output: bool = typer.Option(
        False, "--json", help="Print one JSON object (computer players only)."
    ),
    domain: str | None = typer.Option(
        None, "--domain", "-d", help="e-Valuate only: the values MAX proposes (default 0..9)."
    ),
    first: str | None = typer.Option(
        None, "--first", help="e-Valuate only: who proposes first, max (default) or min."
    ),
    switch: bool = typer.Option(
        False, "--switch", help="e-Valuate only: play twice with the roles swapped."
    ),
    algorithm: str | None = typer.Option(
        None,
        "--algorithm",
        "-a",
        help=f"Games only: the optimal player's exact solver. {describe(SOLVERS)}",
    ),
) -> None:
    """Play a game: human, optimal, random or depth-limited players; MAX moves first."""
    for kind in (max_agent, min_agent):
        if kind not in AGENTS:
            raise GameError(f"unknown player {kind!r}; choose one of {', '.join(AGENTS)}")
    if seconds <= 0:
        raise GameError(f"--seconds must be positive, not {seconds}")
    if not is_game_target(target):
        guess = similar_game(target)
        if guess is not None:
            err_console.print(
                f"note: {target!r} is not a game; playing e-Valuate on the expression "
                f"{target} (did you mean {guess}?)",
                markup=False,
            )
        play_expression(
            target,
            max_agent=max_agent,
            min_agent=min_agent,
            seed=seed,
            seconds=seconds,
            json_output=json_output,
            domain=domain or "0..9",
            first=first or "max",
            switch=switch,
        )
        return
    if domain is not None or first is not None or switch:
        raise GameError("--domain, --first and --switch apply to e-Valuate expressions only")
    if algorithm is not None:
        choose(SOLVERS, algorithm)
    if json_output and "human" in (max_agent, min_agent):
        raise GameError("--json needs two computer players (optimal, random or depth)")
    play_game(parse_target(target), (max_agent, min_agent), seed, seconds, json_output, algorithm)


def play_game(
    chosen: Target,
    kinds: tuple[str, str],
    seed: int | None,
    seconds: float,
    json_output: bool,
    algorithm: str | None,
) -> None:
    """Play one game of ``chosen`` between the MAX and MIN players of ``kinds``; print it
    move by move and its verdict (or one JSON object)."""
    solver = exact_solver(algorithm or chosen.algorithm) if chosen.exact else None
    session: Session[Any, Any] = Session(chosen.game, solver=solver)

    def seeded(offset: int) -> int | None:
        return None if seed is None else seed + offset

    agents: dict[Player, Agent] = {
        Player.MAX: make_agent(kinds[0], chosen, solver, seed, seconds),
        Player.MIN: make_agent(kinds[1], chosen, solver, seeded(1), seconds),
        Player.CHANCE: ChanceAgent(seeded(2)),
    }
    depth_players = {
        player: agent for player, agent in agents.items() if isinstance(agent, DepthLimitedAgent)
    }
    watcher = Watcher(
        {Player.MAX: kinds[0], Player.MIN: kinds[1]}, depth_players, show=not json_output
    )
    if watcher.show:
        console.print(board(chosen.game, session.position))
    try:
        verdict = run(session, agents, on_move=watcher.on_move, on_undo=watcher.on_undo)
    except KeyboardInterrupt:
        console.print("\ngame abandoned")
        raise typer.Exit(130) from None
    if verdict is None:
        console.print("game abandoned")
        return
    final = session.payoff()
    if json_output:
        print_json(
            {
                "game": chosen.game.name,
                "moves": watcher.described,
                "final": exact_json(final),
                "winner": side_json(verdict.winner),
                "verdict": verdict.text,
                **({"searches": watcher.searches} if depth_players else {}),
            }
        )
        return
    console.print(board(chosen.game, session.position))
    console.print(
        f"[bold]{verdict.text}[/] after {len(watcher.described)} moves "
        f"(final payoff to MAX: {final})"
    )


class Watcher:
    """Writes down every move as the game describes it and, when ``show``, prints it (and
    the board when a person plays); after a move of one of the ``depth_players``, also how
    deep it searched and what it estimated (``searches``, for JSON)."""

    def __init__(
        self,
        names: dict[Player, str],
        depth_players: dict[Player, DepthLimitedAgent] | None = None,
        *,
        show: bool,
    ) -> None:
        self.names, self.show = {**names, Player.CHANCE: "dice"}, show
        self.depth_players = depth_players or {}
        self.described: list[str] = []
        self.searches: list[dict[str, Any]] = []

    def on_move(self, session: Session[Any, Any], player: Player, move: Any) -> None:
        """Called by :func:`~evalgame.play.match.run` after each move."""
        text = session.game.describe_move(session.history[-1][0], move)
        self.described.append(text)
        searched = ""
        if player in self.depth_players:
            searched = self._searched(self.depth_players[player].last)
        if not self.show:
            return
        who = "the dice" if player is Player.CHANCE else f"{player.name} ({self.names[player]})"
        console.print(f"{who} plays [bold]{escape(text)}[/]{searched}")
        if "human" in self.names.values() and not session.is_over:
            console.print(board(session.game, session.position))

    def _searched(self, result: SearchResult[Any] | None) -> str:
        """Note the search behind a depth player's move; the words that tell it."""
        ply = len(self.described) - 1
        if result is None:
            self.searches.append({"ply": ply, "depth": 0, "value": None, "exact": False})
            return " — no search finished in time: its first legal move"
        self.searches.append(
            {
                "ply": ply,
                "depth": result.depth,
                "value": exact_json(result.value),
                "exact": result.exact,
            }
        )
        if result.exact:
            return f" — searched to the end (depth {result.depth}), value {result.value} (exact)"
        return f" — searched to depth {result.depth}, estimate {result.value} (heuristic, to MAX)"

    def on_undo(self, session: Session[Any, Any]) -> None:
        """Called after moves were taken back."""
        del self.described[len(session.history) :]
        console.print("move taken back")
        console.print(board(session.game, session.position))


def make_agent(
    kind: str, target: Target, solver: Solver | None, seed: int | None, seconds: float
) -> Agent:
    """The player of ``kind`` for ``target``; refuses players the game cannot support."""
    game = target.game
    if kind == "random":
        return RandomAgent(seed)
    if kind == "optimal":
        if solver is None:
            what, size, limit = target.too_big or ("the size", 0, 0)
            raise GameError(
                f"{game.name} is too large to play optimally ({what} is {size}, over {limit}); "
                "use a depth-limited player instead (--max depth / --min depth, "
                "thinking --seconds each move)"
            )
        return OptimalAgent(solver)
    if kind == "depth":
        if target.chance:
            raise GameError(
                f"{game.name} has dice; a depth-limited player searches without them: "
                "use an optimal (expectiminimax) or a random player"
            )
        if type(game).evaluate is Game.evaluate:
            raise GameError(f"{game.name} has no evaluation function; use an optimal player")
        return DepthLimitedAgent(seconds)
    return HumanAgent(ask, tell, lambda value: describe_value(value, target.chance))


def describe_value(value: Number | None, chance: bool) -> str:
    """A hint's value and what it means."""
    return f"{value} ({outcome_text(value, chance)})"
