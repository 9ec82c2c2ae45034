"""Cut-offs and evaluation functions (seed 004) on tic-tac-toe and small connect-four.

A depth-limited search stops at a horizon and scores the positions there with an
evaluation function; :func:`cutoff_state` shows, for a position, each legal move's
estimate (the depth-d search's view of it) beside its exact value, the move each depth
1..d would play (iterative deepening), and the nodes each took. :func:`find_horizon` looks
through the positions of a game, nearest to the start first, for the textbook horizon
effect: the side to move faces an unavoidable loss, sees it within the horizon after some
moves, and plays a delaying threat that pushes it past the horizon — and returns the line
that shows the loss coming back into view, move by move.

Every estimate comes from the engine's depth-limited alpha-beta (``alphabeta(...,
depth=d)``) on the game with the chosen evaluation; every exact value from its full search.

>>> found = find_horizon("tictactoe", 2, "zero")
>>> found["moves"], found["chosen"]["move"]       # O is lost; 3 blocks and threatens 1
(['5', '2', '7'], '3')
>>> found["chosen"]["estimate"], found["chosen"]["exact"], found["chosen"]["ends_in"]
('0', '1', 4)
>>> sorted({row["ends_in"] for row in found["rows"]})     # the others lose at once
[2, 4]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any

from evalgame.errors import GameError
from evalgame.games.classic.catalog import parse_target
from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.tictactoe import TicTacToe
from evalgame.numbers import Number, format_number
from evalgame.play.replay import Limit, replay
from evalgame.play.session import Session
from evalgame.play.solvers import solve
from evalgame.search.alphabeta import alphabeta
from evalgame.search.budget import Budget
from evalgame.search.protocol import Game, Player
from evalgame.search.table import TranspositionTable

Evaluation = Callable[[Any, Any], Number]

#: the deepest horizon the page asks for, and the largest connect-four board
DEPTH = Limit(8, "the page searches to depth 8 at most")
CELLS = Limit(20, "cut-offs are shown on connect-four boards of at most 20 cells (4x5)")
#: positions :func:`find_horizon` looks at before it gives up
MAX_POSITIONS = 6000


def _zero(game: Any, position: Any) -> Number:
    """No knowledge at all: every unfinished position looks like a draw."""
    return 0


def _centre_ttt(game: Any, position: Any) -> Number:
    """X's centre (2) and corners (1) minus O's, over 7."""
    x, o = position
    weights = [1, 0, 1, 0, 2, 0, 1, 0, 1]
    score = sum(w for i, w in enumerate(weights) if x >> i & 1)
    score -= sum(w for i, w in enumerate(weights) if o >> i & 1)
    return Fraction(score, 7)


def _centre_c4(game: Any, position: Any) -> Number:
    """Stones weighted by their nearness to the middle column, X's minus O's, scaled in (−1, 1)."""
    x, o = position[0], position[1]
    middle = (game.cols - 1) / 2
    weights = [int(game.cols - abs(c - middle) * 2) for c in range(game.cols)]
    score = 0
    for c in range(game.cols):
        for r in range(game.rows):
            bit = 1 << (c * game.height + r)
            score += weights[c] * ((1 if x & bit else 0) - (1 if o & bit else 0))
    return Fraction(score, game.rows * game.cols * game.cols + 1)


#: the evaluation functions of each game, by name, with what they measure
EVALUATIONS: dict[str, dict[str, tuple[Evaluation, str]]] = {
    "tictactoe": {
        "lines": (lambda g, p: g.evaluate(p), "open lines weighted by their marks, X's − O's"),
        "centre": (_centre_ttt, "the centre (2) and corners (1) held, X's − O's"),
        "zero": (_zero, "0 everywhere: only wins and losses within the horizon count"),
    },
    "connect4": {
        "windows": (lambda g, p: g.evaluate(p), "open windows of four, weighted, X's − O's"),
        "centre": (_centre_c4, "stones weighted by nearness to the middle column"),
        "zero": (_zero, "0 everywhere: only wins and losses within the horizon count"),
    },
}


class Evaluated(Game[Any, Any]):
    """``game`` with another evaluation function; everything else is ``game``'s own."""

    def __init__(self, game: Game[Any, Any], evaluation: Evaluation) -> None:
        self.game = game
        self.evaluation = evaluation
        self.name = game.name
        self.all_leaves_valid = getattr(game, "all_leaves_valid", False)

    def initial(self) -> Any:
        return self.game.initial()

    def to_move(self, position: Any) -> Player:
        return self.game.to_move(position)

    def moves(self, position: Any) -> Sequence[Any]:
        return self.game.moves(position)

    def play(self, position: Any, move: Any) -> Any:
        return self.game.play(position, move)

    def payoff(self, position: Any) -> Number | None:
        return self.game.payoff(position)

    def key(self, position: Any) -> Hashable | None:
        return self.game.key(position)

    def bounds(self, position: Any) -> tuple[Number | None, Number | None]:
        return self.game.bounds(position)

    def order(self, position: Any, moves: Sequence[Any]) -> Sequence[Any]:
        return self.game.order(position, moves)

    def evaluate(self, position: Any) -> Number:
        return self.evaluation(self.game, position)

    def describe_move(self, position: Any, move: Any) -> str:
        return self.game.describe_move(position, move)


def _game(spec: str, evaluation: str) -> tuple[Game[Any, Any], Evaluated, str]:
    """The game of ``spec`` (tic-tac-toe or connect-four), it with ``evaluation``, its kind."""
    game = parse_target(spec).game
    if isinstance(game, TicTacToe):
        kind = "tictactoe"
    elif isinstance(game, ConnectFour):
        CELLS.check("the number of cells", game.rows * game.cols)
        kind = "connect4"
    else:
        raise GameError("cut-offs are shown on tic-tac-toe and connect-four (connect4:4x4)")
    if evaluation not in EVALUATIONS[kind]:
        raise GameError(
            f"unknown evaluation {evaluation!r} for {kind}; choose {', '.join(EVALUATIONS[kind])}"
        )
    return game, Evaluated(game, EVALUATIONS[kind][evaluation][0]), kind


def _estimate(game: Evaluated, position: Any, depth: int, budget: Budget | None) -> Number:
    """What a search to ``depth`` plies from ``position`` says it is worth."""
    if game.is_terminal(position):
        value = game.payoff(position)
        assert value is not None  # every leaf of these games has a result
        return value
    if depth == 0:
        return game.evaluate(position)
    value = alphabeta(game, position, depth=depth, budget=budget).value
    assert value is not None
    return value


def _moves(
    game: Game[Any, Any],
    evaluated: Evaluated,
    position: Any,
    depth: int,
    exact: TranspositionTable,
    budget: Budget | None,
) -> list[dict[str, Any]]:
    """Each legal move: its estimate by a depth-``depth`` search and its exact value."""
    rows = []
    for move in game.moves(position):
        after = game.play(position, move)
        value = solve(game, after, "alphabeta", table=exact, budget=budget).value
        assert value is not None
        rows.append(
            {
                "move": game.describe_move(position, move),
                "estimate": _estimate(evaluated, after, depth - 1, budget),
                "exact": value,
            }
        )
    return rows


def _best(rows: list[dict[str, Any]], player: Player) -> dict[str, Any]:
    """The first row of the best exact value for ``player``."""
    best = max if player is Player.MAX else min
    top = best(row["exact"] for row in rows)
    return next(row for row in rows if row["exact"] == top)


def _choice(
    game: Game[Any, Any],
    evaluated: Evaluated,
    position: Any,
    depth: int,
    rows: list[dict[str, Any]],
    budget: Budget | None,
) -> dict[str, Any]:
    """The row of the move the depth-``depth`` alpha-beta search plays (its own order
    breaks ties)."""
    move = alphabeta(evaluated, position, depth=depth, budget=budget).best_move
    text = game.describe_move(position, move)
    return next(row for row in rows if row["move"] == text)


def _text(row: dict[str, Any]) -> dict[str, Any]:
    return {**row, "estimate": format_number(row["estimate"]), "exact": format_number(row["exact"])}


def cutoff_state(
    spec: str,
    moves: Sequence[str],
    depth: int,
    evaluation: str,
    *,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """The position after ``moves``: every move's estimate and exact value, and what each
    depth 1..``depth`` would play."""
    DEPTH.check("the depth", depth)
    game, evaluated, kind = _game(spec, evaluation)
    session: Session[Any, Any] = replay(Session(game), moves)
    position = session.position
    answer: dict[str, Any] = {
        "game": game.name,
        "kind": kind,
        "evaluations": {name: text for name, (_, text) in EVALUATIONS[kind].items()},
        "moves": [game.describe_move(p, m) for p, m in session.history],
        "board": _board(game, position),
        "over": session.is_over,
        "to_move": None if session.is_over else session.to_move.value,
    }
    if session.is_over:
        return {**answer, "rows": [], "iterations": [], "chosen": None, "best": None}
    exact = TranspositionTable()
    rows = _moves(game, evaluated, position, depth, exact, budget)
    iterations = []
    for d in range(1, depth + 1):
        result = alphabeta(evaluated, position, depth=d, budget=budget)
        iterations.append(
            {
                "depth": d,
                "value": format_number(result.value) if result.value is not None else None,
                "move": None
                if result.best_move is None
                else game.describe_move(position, result.best_move),
                "nodes": result.stats.nodes,
                "exact": result.exact,
            }
        )
    return {
        **answer,
        "rows": [_text(row) for row in rows],
        "iterations": iterations,
        "chosen": _text(_choice(game, evaluated, position, depth, rows, budget)),
        "best": _text(_best(rows, session.to_move)),
    }


def find_horizon(
    spec: str, depth: int, evaluation: str, *, budget: Budget | None = None
) -> dict[str, Any]:
    """The textbook horizon effect, found by search: the position nearest the start where
    the side to move faces an unavoidable loss (every move loses, exactly), some moves lose
    within ``depth`` plies — the search sees those — and the depth-limited search plays a
    *delaying* move instead: a threat (the opponent must answer it) that pushes the loss
    past the horizon, so the search believes it escaped. Plies are counted with the winner
    hurrying and the loser delaying (:func:`plies_to_end`).

    The requested depth is tried first, then the others (deeper first); ``depth`` in the
    answer says which one showed it. The line is the delaying move, then that play to the
    end, each position with the depth-limited estimate of it: the loss comes back into
    view."""
    DEPTH.check("the depth", depth)
    game, evaluated, kind = _game(spec, evaluation)
    exact = TranspositionTable()
    ends: dict[Hashable, int | None] = {}
    looked = 0
    order = [depth, *range(depth + 1, DEPTH.most + 1), *range(depth - 1, 1, -1)]
    for tried in order:
        seen: set[Hashable] = {game.key(game.initial())}
        frontier: list[tuple[Any, list[Any]]] = [(game.initial(), [])]
        looked = 0
        while frontier and looked < MAX_POSITIONS:
            next_frontier: list[tuple[Any, list[Any]]] = []
            for position, line in frontier:
                if game.is_terminal(position):
                    continue
                looked += 1
                found = _delaying(game, evaluated, position, tried, exact, ends, budget)
                if found is not None:
                    rows, chosen = found
                    return _horizon(
                        game, evaluated, kind, (position, line, tried, depth, rows, chosen),
                        exact, ends, budget,
                    )  # fmt: skip
                for move in game.moves(position):
                    after = game.play(position, move)
                    key = game.key(after)
                    if key not in seen:
                        seen.add(key)
                        next_frontier.append((after, [*line, move]))
            frontier = next_frontier
    raise GameError(
        f"no horizon effect at any depth up to {DEPTH.most} with this evaluation among the "
        f"{looked} positions nearest the start; try another evaluation"
    )


def _exact(game: Game[Any, Any], position: Any, exact: TranspositionTable,
           budget: Budget | None) -> Number:  # fmt: skip
    """The exact value of ``position`` (to MAX)."""
    if game.is_terminal(position):
        value = game.payoff(position)
    else:
        value = solve(game, position, "alphabeta", table=exact, budget=budget).value
    assert value is not None
    return value


def plies_to_end(
    game: Game[Any, Any],
    position: Any,
    exact: TranspositionTable,
    ends: dict[Hashable, int | None],
    budget: Budget | None = None,
) -> int | None:
    """The plies until a won game ends when the winner hurries (the fewest) and the loser
    delays (the most), both keeping the exact value; ``None`` for a drawn position.

    >>> from evalgame.games.classic.tictactoe import TicTacToe
    >>> game = TicTacToe()
    >>> position = game.initial()
    >>> for move in (5, 2, 7):           # X threatens 3 (3-5-7); O is lost
    ...     position = game.play(position, move)
    >>> plies_to_end(game, position, TranspositionTable(), {})
    4
    """
    key = game.key(position)
    if key in ends:
        return ends[key]
    if game.is_terminal(position):
        ends[key] = 0
        return 0
    value = _exact(game, position, exact, budget)
    if value == 0:
        ends[key] = None
        return None
    lengths = []
    for move in game.moves(position):
        after = game.play(position, move)
        if _exact(game, after, exact, budget) == value:
            later = plies_to_end(game, after, exact, ends, budget)
            assert later is not None
            lengths.append(1 + later)
    wins = (value > 0) == (game.to_move(position) is Player.MAX)
    found = min(lengths) if wins else max(lengths)
    ends[key] = found
    return found


def _threatens(game: Game[Any, Any], after: Any, mover: Player) -> bool:
    """Whether ``mover``, having moved to ``after``, threatens to win at once: some reply
    of the opponent lets ``mover`` win on the next move (the reply is forced)."""
    won = 1 if mover is Player.MAX else -1
    for reply in game.moves(after):
        answered = game.play(after, reply)
        if game.is_terminal(answered):
            continue
        for move in game.moves(answered):
            ended = game.play(answered, move)
            if game.is_terminal(ended) and game.payoff(ended) == won:
                return True
    return False


def _delaying(
    game: Game[Any, Any],
    evaluated: Evaluated,
    position: Any,
    depth: int,
    exact: TranspositionTable,
    ends: dict[Hashable, int | None],
    budget: Budget | None,
) -> tuple[list[dict[str, Any]], dict[str, Any]] | None:
    """The rows and the depth-``depth`` choice at ``position`` if it shows the horizon
    effect (see :func:`find_horizon`), else ``None``."""
    mover = game.to_move(position)
    value = _exact(game, position, exact, budget)
    if value == 0 or (value > 0) == (mover is Player.MAX):
        return None  # not lost for the side to move
    rows = _moves(game, evaluated, position, depth, exact, budget)
    by_text = {game.describe_move(position, move): move for move in game.moves(position)}
    for row in rows:
        after = game.play(position, by_text[row["move"]])
        later = plies_to_end(game, after, exact, ends, budget)
        assert later is not None
        row["ends_in"] = 1 + later
    chosen = _choice(game, evaluated, position, depth, rows, budget)
    if chosen["ends_in"] <= depth or chosen["estimate"] == value:
        return None  # the search saw the loss of the move it plays
    if not any(row["ends_in"] <= depth for row in rows):
        return None  # no loss within the horizon to push away
    if not _threatens(game, game.play(position, by_text[chosen["move"]]), mover):
        return None  # not a delaying threat
    return rows, chosen


def _horizon(
    game: Game[Any, Any],
    evaluated: Evaluated,
    kind: str,
    found: tuple[Any, list[Any], int, int, list[dict[str, Any]], dict[str, Any]],
    exact: TranspositionTable,
    ends: dict[Hashable, int | None],
    budget: Budget | None,
) -> dict[str, Any]:
    """The answer of :func:`find_horizon` for the position ``found``."""
    position, line, depth, asked, rows, chosen = found
    player = game.to_move(position)
    value = _exact(game, position, exact, budget)
    seen = next(
        (
            d
            for d in range(depth + 1, DEPTH.most + 1)
            if _estimate(evaluated, position, d, budget) == value
        ),
        None,
    )
    # the delaying move, then the winner hurrying and the loser delaying, to the end
    by_text = {game.describe_move(position, move): move for move in game.moves(position)}
    after = game.play(position, by_text[chosen["move"]])
    steps = [_step(game, evaluated, chosen["move"], after, depth, exact, budget)]
    while not game.is_terminal(after):
        target = plies_to_end(game, after, exact, ends, budget)
        assert target is not None
        move = next(
            m
            for m in game.moves(after)
            if _exact(game, game.play(after, m), exact, budget) == value
            and plies_to_end(game, game.play(after, m), exact, ends, budget) == target - 1
        )
        text = game.describe_move(after, move)
        after = game.play(after, move)
        steps.append(_step(game, evaluated, text, after, depth, exact, budget))
    moves_text = []
    walk = game.initial()
    for move in line:
        moves_text.append(game.describe_move(walk, move))
        walk = game.play(walk, move)
    longest = max(rows, key=lambda row: row["ends_in"])
    return {
        "game": game.name,
        "kind": kind,
        "depth": depth,
        "asked": asked,
        "moves": moves_text,
        "board": _board(game, position),
        "to_move": player.value,
        "value": format_number(value),
        "estimate": format_number(_estimate(evaluated, position, depth, budget)),
        "rows": [_text(row) for row in rows],
        "chosen": _text(chosen),
        "best": _text(longest),
        "deeper": seen,
        "line": steps,
    }


def _step(
    game: Game[Any, Any],
    evaluated: Evaluated,
    move: str,
    position: Any,
    depth: int,
    exact: TranspositionTable,
    budget: Budget | None,
) -> dict[str, Any]:
    """A step of the line: the move, the board after it, and the depth-``depth`` estimate
    of that position beside its exact value."""
    return {
        "move": move,
        "board": _board(game, position),
        "to_move": None if game.is_terminal(position) else game.to_move(position).value,
        "estimate": format_number(_estimate(evaluated, position, depth, budget)),
        "exact": format_number(_exact(game, position, exact, budget)),
    }


def _board(game: Any, position: Any) -> list[list[str]]:
    """The cells, top row first: ``"X"``, ``"O"`` or ``""``."""
    rows = game.render(position).splitlines()
    return [["" if cell == "." else cell for cell in row.split()] for row in rows]
