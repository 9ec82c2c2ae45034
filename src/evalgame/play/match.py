"""Drive a session to its end with one agent per player.

>>> from evalgame.games.classic.tictactoe import TicTacToe
>>> from evalgame.play.agents import RandomAgent
>>> from evalgame.play.session import Session
>>> session = Session(TicTacToe())
>>> verdict = run(session, {Player.MAX: RandomAgent(1), Player.MIN: RandomAgent(2)})
>>> session.is_over and verdict.text in ("first player wins", "draw", "second player wins")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from evalgame.errors import GameError
from evalgame.play.agents import QUIT, UNDO, Agent, ChanceAgent, Command, HumanAgent
from evalgame.play.session import Session
from evalgame.play.verdict import Verdict
from evalgame.search.protocol import Player

#: called after every move with the session, the player who moved and the move
OnMove = Callable[[Session[Any, Any], Player, Any], None]


def run(
    session: Session[Any, Any],
    agents: Mapping[Player, Agent],
    *,
    on_move: OnMove | None = None,
    on_undo: Callable[[Session[Any, Any]], None] | None = None,
) -> Verdict | None:
    """Let the agents play until the game is over; ``None`` if a person quit.

    Chance positions are played by ``agents[Player.CHANCE]`` (default: unseeded dice).
    An undo takes back moves until it is a person's turn again.
    """
    chance = agents.get(Player.CHANCE) or ChanceAgent()
    while not session.is_over:
        player = session.to_move
        agent = chance if player is Player.CHANCE else agents.get(player)
        if agent is None:
            raise GameError(f"no agent plays {player.value}")
        choice = agent.choose(session)
        if choice is QUIT:
            return None
        if choice is UNDO:
            undo_to_person(session, agents)
            if on_undo is not None:
                on_undo(session)
            continue
        if isinstance(choice, Command):  # pragma: no cover - every command is handled above
            raise GameError(f"unknown command {choice}")
        session.play(choice)
        if on_move is not None:
            on_move(session, player, choice)
    return session.verdict()


def undo_to_person(session: Session[Any, Any], agents: Mapping[Player, Agent]) -> None:
    """Take back the last move, then more until a person is to move (or nothing is left)."""
    if not session.history:
        return
    session.undo()
    while session.history and not isinstance(agents.get(session.to_move), HumanAgent):
        session.undo()
