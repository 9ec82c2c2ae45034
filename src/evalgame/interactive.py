"""The entry points a notebook expects: draw a game tree, play against the engine, solve a
board or a graph game — each answer shows itself (a picture or a table) in Jupyter.

>>> tree("(10-X)*Y")
<GameTree (10 - X) * Y over 0..9: minimax 45; alphabeta visited 329 of 431 nodes>
>>> tiling(3, 4).value
5
>>> share("friendship:3", "V", "E", colours=2).value
4
>>> answers = iter(["3", "3", "3"])  # a person who always proposes 3, and loses
>>> play("X*(Y-Z)", ask=lambda prompt: next(answers), tell=lambda text: None).text
'MIN wins: val(E) = 0 < minimax(E) = 18'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from evalgame.numbers import Number, format_number

if TYPE_CHECKING:  # the rest loads on first call: ``import evalgame`` stays quick
    from evalgame.expr.domain import DomainLike
    from evalgame.expr.expression import Expression
    from evalgame.games.evaluate.game import EValuate
    from evalgame.games.graph.solve import ShareSolution
    from evalgame.games.tiling.game import TilingSolution
    from evalgame.lab.tree_pictures import DrawnTree
    from evalgame.play.agents import Agent
    from evalgame.play.session import Session
    from evalgame.play.verdict import Verdict
    from evalgame.search.protocol import Game, Player


def tree(
    expression: Expression | str,
    domain: DomainLike = "0..9",
    *,
    algorithm: str = "alphabeta",
    seed: int = 0,
) -> DrawnTree:
    """The game tree of a small expression (≤ 3 variables) as ``algorithm`` walked it
    (``alphabeta``, ``paper`` or ``minimax``); a notebook shows its picture, and
    ``.draw("tree.svg", at=(5,))`` draws it (or a subtree) into a file."""
    from evalgame.lab.tree import game_tree
    from evalgame.lab.tree_pictures import DrawnTree

    return DrawnTree.of(game_tree(expression, domain, algorithm=algorithm, seed=seed))


def tiling(rows: int | str, cols: int | None = None, first: Player | str = "max") -> TilingSolution:
    """The tiling game of §6 on a ``rows × cols`` board, or on any board drawn as text
    (``tiling("..#/...")``: ``.`` free, ``#`` blocked), solved; a notebook shows the board
    at the end of an optimal line."""
    from evalgame.errors import InputError
    from evalgame.games.evaluate.game import as_first
    from evalgame.games.tiling.board import Board, parse_board
    from evalgame.games.tiling.game import solve_tiling

    if isinstance(rows, str) == (cols is None):
        board = parse_board(rows) if isinstance(rows, str) else Board(rows, cols or 0)
    else:
        raise InputError("give rows and cols, or one board drawn as text (..#/...)")
    return solve_tiling(board.rows, board.cols, as_first(first), blocked=board.blocked_cells)


def share(
    graph: str = "friendship:3",
    colour: str = "V",
    shared: str = "E",
    *,
    colours: int = 2,
    rule: str = "mono",
) -> ShareSolution:
    """MAX's share of the graph game game(G, A, B, [k]) of §5 under optimal play
    (``graph`` as the command line names it: ``friendship:3``, ``cycle:6``, ``petersen``…);
    a notebook draws the colouring at the end of an optimal line."""
    from evalgame.games.graph.graphs import load_graph
    from evalgame.games.graph.incidence import incidence
    from evalgame.games.graph.solve import solve_share

    return solve_share(incidence(load_graph(graph), colour, shared), colours, rule)


def play(
    game: Game[Any, Any] | Expression | str = "X*(Y-Z)",
    *,
    domain: DomainLike = "0..9",
    you: Player | str = "max",
    first: Player | str = "max",
    ask: Callable[[str], str] = input,
    tell: Callable[[str], None] = print,
) -> Verdict | None:
    """Play against the engine, easyAI-style: the engine plays perfectly, you answer its
    prompts (``ask``, by default the notebook's input box; ``?`` a hint, ``u`` undo,
    ``q`` quit). ``game`` is an e-Valuate expression (over ``domain``, ``first``
    proposing) or any :class:`~evalgame.Game` small enough to solve. Returns the verdict
    (``None`` if you quit)."""
    from evalgame.games.evaluate.game import EValuate, as_first
    from evalgame.games.evaluate.oracle import Oracle
    from evalgame.play.agents import OptimalAgent
    from evalgame.play.evaluate import session as evaluate_session
    from evalgame.play.match import run
    from evalgame.play.session import Session
    from evalgame.play.solvers import exact_solver
    from evalgame.search.protocol import Game

    person = as_first(you)
    show: Callable[[Session[Any, Any]], str]
    if isinstance(game, Game):
        session: Session[Any, Any] = Session(game, solver=exact_solver())
        show = _board
    else:
        oracle = Oracle(EValuate(game, domain, first=first))
        session = evaluate_session(oracle)
        show = _evaluate_position(oracle.game)
    assert session.solver is not None
    agents: dict[Player, Agent] = {
        person: _person(ask, tell, show),
        person.opponent: OptimalAgent(session.solver),
    }

    def on_move(played: Session[Any, Any], player: Player, move: Any) -> None:
        if player is not person:
            tell(f"the engine ({player.name}) plays {played.describe(move)}")

    verdict = run(session, agents, on_move=on_move, on_undo=lambda _: tell("move taken back"))
    if verdict is not None:
        tell(verdict.text)
    return verdict


def _person(
    ask: Callable[[str], str],
    tell: Callable[[str], None],
    show: Callable[[Session[Any, Any]], str],
) -> Agent:
    """You: a person asked through ``ask``, shown the position before each choice."""
    from evalgame.play.agents import HumanAgent

    class Person(HumanAgent):
        def choose(self, session: Session[Any, Any]) -> Any:
            tell(show(session))
            return super().choose(session)

    return Person(ask, tell, _value)


def _board(session: Session[Any, Any]) -> str:
    """The position as the command line draws it (tic-tac-toe's free cells numbered)."""
    from evalgame.cli.boards import board

    text: str = board(session.game, session.position).plain
    return text


def _evaluate_position(game: EValuate) -> Callable[[Session[Any, Any]], str]:
    def show(session: Session[Any, Any]) -> str:
        proposal = session.position[1]
        who = game.to_move(session.position).name
        if proposal is None:
            return f"E = {game.text(session.position)}; {who} proposes a value"
        return f"E = {game.text(session.position)}; {who}: where does {format_number(proposal)} go?"

    return show


def _value(value: Number | None) -> str:
    return "no valid result" if value is None else format_number(value)
