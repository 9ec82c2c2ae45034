"""``evalgame play EXPRESSION``: e-Valuate played by people and engines.

Every move must keep the game valid (a value or a placement after which every completion
divides by zero is refused, with the reason). At the end val(E) is compared with
minimax(E): larger — MAX wins, smaller — MIN wins, equal — a draw. ``--switch`` plays the
role-switch variant: two games with the roles swapped; the player whose game as maximiser
ends higher wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import typer
from rich.markup import escape

from evalgame.cli.evaluate import decimal, parse_first
from evalgame.cli.shared import ask, console, print_json, tell
from evalgame.errors import GameError
from evalgame.expr.domain import format_domain, parse_domain
from evalgame.expr.expression import Expression, parse
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.oracle import Oracle
from evalgame.numbers import Number, format_number
from evalgame.play.agents import Agent, HumanAgent, OptimalAgent, RandomAgent
from evalgame.play.evaluate import minimax as evaluate_minimax
from evalgame.play.evaluate import optimal_line
from evalgame.play.evaluate import session as evaluate_session
from evalgame.play.match import run
from evalgame.play.session import Session
from evalgame.play.verdict import Verdict, winner
from evalgame.search.protocol import Player
from evalgame.vocabulary import exact_json, side_json


@dataclass
class Record:
    """One finished game: the rounds played, val(E), minimax(E) and the verdict."""

    rounds: list[tuple[Number, str]]
    final: Number
    minimax: Number
    verdict: Verdict

    def as_json(self) -> dict[str, Any]:
        """The scripting contract of ``evalgame play --json``."""
        return {
            "moves": [{"value": format_number(v), "variable": n} for v, n in self.rounds],
            "final": exact_json(self.final),
            "value": exact_json(self.minimax),
            "winner": side_json(self.verdict.winner),
        }


def play_expression(
    expression: str,
    *,
    max_agent: str,
    min_agent: str,
    seed: int | None,
    seconds: float,
    json_output: bool,
    domain: str = "0..9",
    first: str = "max",
    switch: bool = False,
) -> None:
    """Play e-Valuate on ``expression`` with the given agents (human/optimal/random)."""
    if "depth" in (max_agent, min_agent):
        raise GameError("e-Valuate is solved exactly: use an optimal player, not a depth one")
    if json_output and "human" in (max_agent, min_agent):
        raise GameError("--json needs two computer players (optimal or random)")
    parsed, values, proposer = parse(expression), parse_domain(domain), parse_first(first)
    watch = not json_output
    if not switch:
        record = play_one(parsed, values, proposer, (max_agent, min_agent), seed, watch)
        if record is None:
            return
        if json_output:
            print_json(record.as_json())
        return
    a, b = _who("A", max_agent), _who("B", min_agent)
    roles = f"game 1 of 2: {a} is MAX, {b} is MIN"
    first_game = play_one(parsed, values, proposer, (max_agent, min_agent), seed, watch, roles)
    if first_game is None:
        return
    second = None if seed is None else seed + 10
    roles = f"game 2 of 2: {b} is MAX, {a} is MIN"
    second_game = play_one(parsed, values, proposer, (min_agent, max_agent), second, watch, roles)
    if second_game is None:
        return
    # the one verdict rule, with B's result as A's par: the higher maximiser wins
    higher = winner(first_game.final, second_game.final)
    winner_name = {Player.MAX: "A", Player.MIN: "B", None: None}[higher]
    if json_output:
        print_json(
            {
                "games": [first_game.as_json(), second_game.as_json()],
                "agents": {"A": max_agent, "B": min_agent},  # who played A and B
                "winner": winner_name,
            }
        )
        return
    console.print(
        f"role switch: A maximised to {decimal(first_game.final)}, "
        f"B maximised to {decimal(second_game.final)} — "
        + ("a draw" if higher is None else f"[bold]{winner_name} wins[/]")
    )


def play_one(
    expression: Expression,
    domain: tuple[Number, ...],
    proposer: Player,
    kinds: tuple[str, str],
    seed: int | None,
    watch: bool,
    roles: str | None = None,
) -> Record | None:
    """One game; ``kinds`` are the MAX and MIN players; ``roles`` says who plays which in
    the role-switch variant. ``None`` if a person quit."""
    game = EValuate(expression, domain, first=proposer)
    oracle = Oracle(game)
    session: Session[Any, Any] = evaluate_session(oracle)
    minimax = evaluate_minimax(oracle)
    agents: dict[Player, Agent] = {
        Player.MAX: _agent(kinds[0], oracle, game, seed),
        Player.MIN: _agent(kinds[1], oracle, game, None if seed is None else seed + 1),
    }
    if watch:
        role = f" — {roles}" if roles else ""
        console.print(
            f"[bold]{escape(str(expression))}[/] over {format_domain(domain)}: "
            f"{proposer.name} proposes, {proposer.opponent.name} places{role}"
        )

    def on_move(session: Session[Any, Any], player: Player, move: Any) -> None:
        if watch and isinstance(move, str):
            value = session.history[-1][0][1]
            console.print(
                f"  {proposer.name} proposes {format_number(value)}, "
                f"{proposer.opponent.name} puts it on {move}:  "
                f"[bold]{escape(game.text(session.position))}[/]"
            )

    try:
        result = run(
            session, agents, on_move=on_move, on_undo=lambda _: console.print("move taken back")
        )
    except KeyboardInterrupt:
        console.print("\ngame abandoned")
        raise typer.Exit(130) from None
    if result is None:
        console.print("game abandoned")
        return None
    final = session.payoff()
    assert final is not None
    moves = session.moves_played
    rounds = [(moves[i], moves[i + 1]) for i in range(0, len(moves), 2)]
    record = Record(rounds, final, minimax, result)
    if watch:
        _summary(record, oracle)
    return record


class _Human(HumanAgent):
    """A person, told the state of the expression before each choice."""

    def __init__(self, game: EValuate) -> None:
        super().__init__(ask, tell, _describe)
        self.game = game

    def choose(self, session: Session[Any, Any]) -> Any:
        _show(session, self.game)
        return super().choose(session)


def _who(letter: str, kind: str) -> str:
    """A player of the role-switch variant: ``A (you)``, ``B (optimal)``."""
    return f"{letter} ({'you' if kind == 'human' else kind})"


def _agent(kind: str, oracle: Oracle, game: EValuate, seed: int | None) -> Agent:
    if kind == "optimal":
        return OptimalAgent(oracle.solver)
    if kind == "random":
        return RandomAgent(seed)
    return _Human(game)


def _show(session: Session[Any, Any], game: EValuate) -> None:
    position = session.position
    proposal = position[1]
    who = game.to_move(position).name
    if proposal is None:
        console.print(f"E = [bold]{escape(game.text(position))}[/]; {who} proposes a value")
    else:
        console.print(f"{who}: where does {format_number(proposal)} go?")


def _summary(record: Record, oracle: Oracle) -> None:
    played = ", ".join(f"{format_number(v)}→{n}" for v, n in record.rounds)
    optimal = ", ".join(f"{format_number(v)}→{n}" for v, n, _ in optimal_line(oracle))
    console.print(f"played line   {escape(played)}  val(E) = {decimal(record.final)}")
    console.print(f"optimal line  {escape(optimal)}  minimax(E) = {decimal(record.minimax)}")
    console.print(f"[bold]{escape(record.verdict.text)}[/]")


def _describe(value: Number | None) -> str:
    return "no valid result" if value is None else decimal(value)
