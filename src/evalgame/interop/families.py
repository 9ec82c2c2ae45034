"""Our games as game-AI libraries see them: numbered actions, an observation array, a
text picture, parameters that are plain words and numbers.

A :class:`Translation` wraps one of evalgame's games and speaks only through the
:class:`~evalgame.search.Game` protocol; both adapters (OpenSpiel, PettingZoo) are thin
layers over it. Player 0 is always MAX (who wants the value large), player 1 MIN, whoever
moves first. The value of a finished game is the game's own payoff to MAX: val(E) for
e-Valuate (the final value of the expression, which MAX maximises and MIN minimises — its
minimax value is what ``evalgame.solve`` reports), the number of dominoes for the tiling
game, MAX's share for graph games.

>>> t = translation("evaluate", expression="x*(y-z)", domain="0..2")
>>> t.parameters()
{'expression': 'x y z - *', 'domain': '0 .. 2', 'first': 'max'}
>>> [t.action_text(t.initial(), a) for a in range(len(t.actions))]
['0', '1', '2', 'x', 'y', 'z']
>>> position = t.play(t.play(t.initial(), 2), 3)   # MAX proposes 2, MIN puts it on x
>>> print(t.text(position))
2 * (y - z)
MAX to move

Parameters are words and numbers without ``(``, ``)``, ``,`` or ``=`` (OpenSpiel's game
strings split on those): an expression is written in reverse Polish notation with spaces
(``~`` negates), a domain as values separated by spaces (``-1/2 0 1/2``) or as a range
(``0 .. 9``).

e-Valuate's rule that invalid leaves (a division by zero) do not count becomes: a move is
offered only if some way of finishing the game from it is defined. Finding one defined
completion is a search for one leaf, not a solve, and it is skipped for expressions defined
everywhere.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from evalgame.errors import ExpressionError, GameError, IllegalMoveError
from evalgame.expr.domain import format_domain, make_domain
from evalgame.expr.expression import Expression, parse
from evalgame.expr.parser import NEGATE
from evalgame.expr.residual import Residuals
from evalgame.games.classic.dag_file import DagGame
from evalgame.games.classic.impartial import (
    GrundysGame,
    HeapGame,
    Heaps,
    Kayles,
    Nim,
    SubtractionGame,
    heaps_of,
)
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.game import Position as EvaluatePosition
from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.share import GraphShare, SharePosition
from evalgame.games.matching.game import MatchingPosition
from evalgame.games.tiling.game import TilingGame
from evalgame.numbers import Number, format_number
from evalgame.search.grundy import ImpartialAsGame, PlayConvention
from evalgame.search.protocol import Game, Player

P = TypeVar("P")
M = TypeVar("M")

#: a parameter as OpenSpiel keeps it: a whole number or a word
Parameter = int | str
Observation = npt.NDArray[np.int8]

#: :meth:`Translation.player` at a chance position (OpenSpiel's number for chance)
CHANCE = -1
#: characters OpenSpiel's game strings use as syntax
_SYNTAX = re.compile(r"[(),=]")
#: the reverse Polish sign of negation (``neg`` could be a variable's name)
_NEGATE = "~"
_OPERATORS = set("+-*/^")


class Translation(ABC, Generic[P, M]):
    """One of our games with numbered actions, an observation and a picture.

    A subclass names its ``family``, its ``defaults`` (every parameter, with its type) and
    builds itself from parameters with :meth:`from_parameters`.
    """

    family: ClassVar[str]
    title: ClassVar[str]
    defaults: ClassVar[Mapping[str, Parameter]]
    #: whether :attr:`max_length` is the length of the longest game (else a bound on it)
    exact_length: ClassVar[bool] = True
    #: whether the family may have chance positions
    chance: ClassVar[bool] = False

    def __init__(
        self,
        game: Game[P, Any],
        actions: Sequence[M],
        *,
        max_length: int,
        shape: tuple[int, ...],
        value_range: tuple[Number | None, Number | None],
        always_valid: bool,
    ) -> None:
        self.game = game
        #: every move the game can ever offer; a move's action number is its index here
        self.actions: tuple[M, ...] = tuple(actions)
        self._number = {self._hashable(move): i for i, move in enumerate(self.actions)}
        self.max_length = max_length
        #: the shape of :meth:`observe`'s array
        self.shape = shape
        #: proven bounds on the value of a finished game (``None``: unbounded)
        self.value_range = value_range
        self._always_valid = always_valid or game.all_leaves_valid
        self._valid: dict[Hashable, bool] = {}
        if not self._completes(game.initial()):
            raise GameError(f"{self.title}: no way of playing it to the end is defined")

    @classmethod
    @abstractmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> Translation[Any, Any]:
        """The game of ``parameters`` (the ones missing take their :attr:`defaults`)."""

    @abstractmethod
    def parameters(self) -> dict[str, Parameter]:
        """Every parameter, written so that OpenSpiel's game strings keep it."""

    @abstractmethod
    def observe(self, position: P) -> Observation:
        """The position as an array of 0s and 1s of shape :attr:`shape`."""

    @abstractmethod
    def picture(self, position: P) -> str:
        """The position as text (the side to move is added by :meth:`text`)."""

    # ------------------------------------------------------------------ shared

    def initial(self) -> P:
        """The starting position."""
        return self.game.initial()

    def player(self, position: P) -> int | None:
        """0 when MAX is to move, 1 for MIN, :data:`CHANCE` at a chance position, ``None``
        once the game is over."""
        if self.game.is_terminal(position):
            return None
        return {Player.MAX: 0, Player.MIN: 1, Player.CHANCE: CHANCE}[self.game.to_move(position)]

    def chances(self, position: P) -> list[tuple[int, Fraction]]:
        """At a chance position, each outcome's action number and its exact probability."""
        return [
            (self._number[self._hashable(move)], self.game.probability(position, move))
            for move in self.game.moves(position)
        ]

    def legal(self, position: P) -> list[int]:
        """The action numbers playable at ``position``, in increasing order."""
        if self.game.is_terminal(position):
            return []
        return sorted(
            self._number[self._hashable(move)]
            for move in self.game.moves(position)
            if self._completes(self.game.play(position, move))
        )

    def play(self, position: P, action: int) -> P:
        """The position after action number ``action``; an action that is not legal there
        is an :class:`~evalgame.errors.IllegalMoveError`."""
        if action not in self.legal(position):
            raise IllegalMoveError(f"action {action} is not legal here")
        return self.game.play(position, self.actions[action])

    def value(self, position: P) -> Number:
        """The exact value to MAX of a finished game."""
        value = self.game.payoff(position)
        if value is None:  # legal() never leads here
            raise GameError("the game ended on an undefined value")
        return value

    def action_text(self, position: P, action: int) -> str:
        """Action number ``action`` as a person reads it (``3``, ``x``, ``(0,0)–(0,1)``)."""
        return self.game.describe_move(position, self.actions[action])

    def text(self, position: P) -> str:
        """The picture and the side to move (OpenSpiel's solvers key their tables on it)."""
        player = self.player(position)
        if player is None:
            status = f"over, value {format_number(self.value(position))}"
        else:
            status = {0: "MAX to move", 1: "MIN to move", CHANCE: "chance to move"}[player]
        return f"{self.picture(position)}\n{status}"

    def utility_range(self) -> tuple[float, float]:
        """The least and the greatest return of either player (MAX gets v, MIN −v)."""
        low, high = self.value_range
        top = float("inf") if high is None or low is None else float(max(high, -low))
        return -top, top

    def _completes(self, position: P) -> bool:
        """Whether some way of finishing the game from ``position`` has a defined value."""
        if self._always_valid:
            return True
        key = self.game.key(position)
        known = self._valid.get(key if key is not None else self._hashable(position))
        if known is not None:
            return known
        if self.game.is_terminal(position):
            found = self.game.payoff(position) is not None
        else:
            found = any(
                self._completes(self.game.play(position, move))
                for move in self.game.moves(position)
            )
        self._valid[key if key is not None else self._hashable(position)] = found
        return found

    @staticmethod
    def _hashable(item: object) -> Hashable:
        assert isinstance(item, Hashable)
        return item


def _first(parameters: Mapping[str, Any]) -> Player:
    first = str(parameters["first"]).strip().lower()
    if first not in ("max", "min"):
        raise GameError(f"first is max or min, not {parameters['first']!r}")
    return Player(first)


def _whole(parameters: Mapping[str, Any], name: str) -> int:
    value = parameters[name]
    if isinstance(value, bool) or not isinstance(value, int):
        if not (isinstance(value, str) and value.strip().isdigit()):
            raise GameError(f"{name} must be a whole number, not {value!r}")
        value = int(value)
    return value


def _word(parameters: Mapping[str, Any], name: str) -> str:
    value = str(parameters[name])
    if _SYNTAX.search(value):
        raise GameError(f"{name} may not contain ( ) , or =, which game strings use: {value!r}")
    return value


def _checked(cls: type[Translation[Any, Any]], parameters: Mapping[str, Any]) -> dict[str, Any]:
    unknown = sorted(set(parameters) - set(cls.defaults))
    if unknown:
        known = ", ".join(cls.defaults)
        raise GameError(f"{cls.title} has no parameter {unknown[0]!r}; its parameters: {known}")
    return {**cls.defaults, **parameters}


# ---------------------------------------------------------------------- e-Valuate


def to_rpn(expression: Expression) -> str:
    """The expression in reverse Polish notation, tokens separated by spaces.

    >>> to_rpn(parse("-x*(y - 1/2)"))
    'x ~ y 1 2 / - *'
    """
    words = []
    for item in expression.rpn:
        words.append(_NEGATE if item.text == NEGATE else item.text)
    return " ".join(words)


def from_rpn(text: str) -> Expression:
    """The expression written ``text`` in reverse Polish notation (see :func:`to_rpn`).

    >>> str(from_rpn("x ~ y 1 2 / - *"))
    '-x * (y - 1 / 2)'
    >>> from_rpn("x +")
    Traceback (most recent call last):
    ...
    evalgame.errors.ExpressionError: '+' needs two operands in reverse Polish notation at position 3
    """
    stack: list[str] = []
    for match in re.finditer(r"\S+", text):
        word, position = match[0], match.start()
        needed = 1 if word == _NEGATE else 2 if word in _OPERATORS else 0
        if len(stack) < needed:
            message = f"{word!r} needs {('', 'an operand', 'two operands')[needed]}"
            raise ExpressionError(f"{message} in reverse Polish notation", text, position)
        if word == _NEGATE:
            stack.append(f"(-{stack.pop()})")
        elif needed:
            right, left = stack.pop(), stack.pop()
            stack.append(f"({left}{word}{right})")
        elif _SYNTAX.search(word):
            raise ExpressionError(f"unexpected {word!r}", text, position)
        else:
            stack.append(word)
    if len(stack) != 1:
        what = "nothing" if not stack else f"{len(stack)} expressions"
        raise ExpressionError(f"{what} left in reverse Polish notation", text, len(text))
    return parse(stack[0])


def read_expression(text: str) -> Expression:
    """An expression in ordinary notation or in reverse Polish notation: the two cannot be
    confused, since reverse Polish notation with two operands or more starts with two
    operands in a row, which ordinary notation never has.

    >>> str(read_expression("x*(y-z)")), str(read_expression("x y z - *"))
    ('x * (y - z)', 'x * (y - z)')
    """
    try:
        return parse(text)
    except ExpressionError as error:
        try:
            return from_rpn(text)
        except ExpressionError:
            raise error from None


def domain_word(domain: Sequence[Number]) -> str:
    """A domain as a word for a game string: a range ``0 .. 9`` or values separated by
    spaces. (A game string reads a word of digits, ``-`` and ``.`` as a number: ``0..9``
    would not come back, nor would a lone ``5``.)

    >>> domain_word((0, 1, 2)), domain_word((-1, 1)), domain_word((5,))
    ('0 .. 2', '-1 1', '5 .. 5')
    """
    if len(domain) == 1 and isinstance(domain[0], int):
        return f"{domain[0]} .. {domain[0]}"
    return format_domain(tuple(domain)).replace(",", " ").replace("..", " .. ")


class EvaluateTranslation(Translation[EvaluatePosition, Number | str]):
    """e-Valuate: actions 0…m−1 propose the domain's values, m… put the proposal on the
    variables (in order of first appearance). The proposer and the placer alternate, two
    actions a round; with ``first="min"`` MIN proposes and MAX places.

    The observation has a row per variable and a last row for the proposal: a one in the
    column of its value, or in the last column while it is free (no proposal waiting).
    """

    family = "evaluate"
    title = "e-Valuate"
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "expression": "x y z - *",
        "domain": "0 .. 9",
        "first": "max",
    }

    def __init__(self, game: EValuate) -> None:
        self.evaluate = game
        algebra = Residuals(game.domain)
        root = algebra.from_tree(game.expression.tree)
        variables = len(game.variables)
        super().__init__(
            game,
            [*game.domain, *game.variables],
            max_length=2 * variables,
            shape=(variables + 1, len(game.domain) + 1),
            value_range=algebra.interval(root),
            always_valid=algebra.total[root],
        )
        self._column = {value: i for i, value in enumerate(game.domain)}

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> EvaluateTranslation:
        settings = _checked(cls, parameters)
        expression = read_expression(str(settings["expression"]))
        text = str(settings["domain"])
        domain = make_domain(text if ".." in text else text.replace(",", " ").split())
        return cls(EValuate(expression, domain, first=_first(settings)))

    def parameters(self) -> dict[str, Parameter]:
        return {
            "expression": to_rpn(self.evaluate.expression),
            "domain": domain_word(self.evaluate.domain),
            "first": self.evaluate.proposer.value,
        }

    def observe(self, position: EvaluatePosition) -> Observation:
        values, proposal = position
        array = np.zeros(self.shape, np.int8)
        free = self.shape[1] - 1
        for row, value in enumerate((*values, proposal)):
            array[row, free if value is None else self._column[value]] = 1
        return array

    def picture(self, position: EvaluatePosition) -> str:
        text = self.evaluate.text(position)
        proposal = position[1]
        return text if proposal is None else f"{text}\nproposed: {format_number(proposal)}"


# ---------------------------------------------------------------------- tiling


class TilingTranslation(Translation[MatchingPosition, int]):
    """The tiling game: an action places one domino, numbered as the board lists them
    (horizontal ones row by row, then vertical ones). The observation has two planes of the
    board's shape: free cells, covered cells."""

    family = "tiling"
    title = "the tiling game"
    defaults: ClassVar[Mapping[str, Parameter]] = {"rows": 3, "cols": 3, "first": "max"}

    def __init__(self, game: TilingGame) -> None:
        self.tiling = game
        board = game.board
        most = board.rows * board.cols // 2  # a grid has a matching this large
        super().__init__(
            game,
            game.moves(game.initial()),
            max_length=most,
            shape=(board.rows, board.cols, 2),
            value_range=(0, most),
            always_valid=True,
        )

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> TilingTranslation:
        settings = _checked(cls, parameters)
        rows, cols = _whole(settings, "rows"), _whole(settings, "cols")
        return cls(TilingGame(rows, cols, _first(settings)))

    def parameters(self) -> dict[str, Parameter]:
        board = self.tiling.board
        return {"rows": board.rows, "cols": board.cols, "first": self.tiling.first.value}

    def observe(self, position: MatchingPosition) -> Observation:
        board = self.tiling.board
        free = np.array(
            [position.free >> cell & 1 for cell in range(board.rows * board.cols)], np.int8
        ).reshape(board.rows, board.cols)
        return np.stack([free, 1 - free], axis=-1)

    def picture(self, position: MatchingPosition) -> str:
        board = self.tiling.board
        return "\n".join(
            " ".join(
                "." if position.free >> (r * board.cols + c) & 1 else "#" for c in range(board.cols)
            )
            for r in range(board.rows)
        )


# ---------------------------------------------------------------------- graph games


class GraphTranslation(Translation[SharePosition, int]):
    """game(G, A, B, [k]) of the paper's §5: actions 0…k−1 propose the colours 1…k, k… put
    the proposal on the elements of A. The observation has a row per element of A and a
    last row for the proposal: a one in the column of its colour, or in column 0 while it
    is uncoloured (no proposal waiting).

    The longest game is at most 2·|A| actions (:attr:`max_length` is that bound: the game
    ends as soon as no element of B is undecided, which may come earlier in every line).
    """

    family = "graph"
    title = "graph game"
    exact_length = False
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "graph": "friendship:3",
        "colour": "V",
        "share": "E",
        "colours": 2,
        "rule": "mono",
        "weights": "unit",
    }

    def __init__(self, game: GraphShare, settings: Mapping[str, Parameter]) -> None:
        self.share_game = game
        self.settings = dict(settings)
        elements = len(game.share.a_names)
        super().__init__(
            game,
            [*game.palette, *range(elements)],
            max_length=2 * elements,
            shape=(elements + 1, game.k + 1),
            value_range=(0, game.share.total),
            always_valid=True,
        )
        # a colour and an element can be the same integer: number them apart
        self._number = {
            **{("colour", c): i for i, c in enumerate(game.palette)},
            **{("element", a): len(game.palette) + a for a in range(elements)},
        }

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> GraphTranslation:
        settings: dict[str, Parameter] = _checked(cls, parameters)
        for name in ("graph", "colour", "share", "rule", "weights"):
            settings[name] = _word(settings, name)
        settings["colours"] = _whole(settings, "colours")
        share = incidence(
            load_graph(str(settings["graph"])),
            str(settings["colour"]),
            str(settings["share"]),
            str(settings["weights"]),
        )
        return cls(GraphShare(share, int(settings["colours"]), str(settings["rule"])), settings)

    def parameters(self) -> dict[str, Parameter]:
        return dict(self.settings)

    def legal(self, position: SharePosition) -> list[int]:
        if self.game.is_terminal(position):
            return []
        kind = "colour" if position.proposal == 0 else "element"
        return sorted(self._number[kind, move] for move in self.game.moves(position))

    def observe(self, position: SharePosition) -> Observation:
        array = np.zeros(self.shape, np.int8)
        for row, colour in enumerate((*position.colours, position.proposal)):
            array[row, colour] = 1
        return array

    def picture(self, position: SharePosition) -> str:
        names = self.share_game.share.a_names
        coloured = " ".join(
            f"{name}={colour or '·'}" for name, colour in zip(names, position.colours, strict=True)
        )
        share = f"MAX's share so far: {format_number(position.won)}"
        waiting = f"\nproposed: colour {position.proposal}" if position.proposal else ""
        return f"{coloured}\n{share}{waiting}"


# ---------------------------------------------------------------------- impartial games

HeapPosition = tuple[Heaps, Player]
#: the rules of the impartial heap games by name
HEAP_RULES: dict[str, Callable[[str], HeapGame]] = {
    "nim": lambda _: Nim(),
    "grundy": lambda _: GrundysGame(),
    "kayles": lambda _: Kayles(),
    "subtraction": lambda subtract: SubtractionGame(_sizes(subtract, "subtract")),
}
#: the largest heap and the most counters an impartial game may start with here (the
#: action space lists every way to change every heap size up to the largest)
MOST_COUNTERS = 40


def _sizes(text: str, name: str) -> list[int]:
    words = text.strip().removeprefix("[").removesuffix("]").replace(",", " ").split()
    if not words or not all(word.isdigit() for word in words):
        raise GameError(f"{name} are whole numbers such as [3 4 5], not {text!r}")
    return [int(word) for word in words]


def _sizes_word(sizes: Sequence[int]) -> str:
    """Sizes as a word for a game string, in brackets: a lone ``7`` would be read back as
    a number.

    >>> _sizes_word([3, 4, 5]), _sizes_word([7])
    ('[3 4 5]', '[7]')
    """
    return f"[{' '.join(map(str, sizes))}]"


class ImpartialTranslation(Translation[HeapPosition, tuple[int, Heaps]]):
    """An impartial heap game (Nim, Grundy's game, Kayles, a subtraction game) with MAX
    moving first; the value is +1 if MAX wins, −1 if MIN wins, under normal play (who
    cannot move loses) or misère play (who cannot move wins).

    An action replaces one heap of size s by the heaps its j-th split leaves (heaps never
    grow, so sizes up to the largest starting heap are enough): it is numbered by (s, j).
    The observation has a row per heap, largest first — a one in the column of its size,
    or in column 0 for no heap — and a last row with a one in column 0 when MAX is to move,
    in column 1 for MIN. :attr:`max_length` is the number of counters, a bound on the
    longest game (exact for Nim).
    """

    family = "impartial"
    title = "impartial game"
    exact_length = False
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "rule": "nim",
        "heaps": "[3 4 5]",
        "subtract": "[1 2 3]",
        "convention": "normal",
    }

    def __init__(
        self, heaps: HeapGame, convention: PlayConvention, settings: Mapping[str, Parameter]
    ) -> None:
        self.heaps = heaps
        self.settings = dict(settings)
        counters = sum(heaps.initial())
        if counters > MOST_COUNTERS:
            raise GameError(f"the heaps hold {counters} counters; at most {MOST_COUNTERS} here")
        largest = max(heaps.initial(), default=0)
        actions = [
            (size, tuple(parts)) for size in range(1, largest + 1) for parts in heaps.splits(size)
        ]
        super().__init__(
            ImpartialAsGame(heaps, convention),
            actions,
            max_length=counters,
            shape=(max(counters, 1) + 1, largest + 1),
            value_range=(-1, 1),
            always_valid=True,
        )

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> ImpartialTranslation:
        settings: dict[str, Any] = _checked(cls, parameters)
        for name in ("heaps", "subtract"):  # a program may give a list of sizes
            value = settings[name]
            words = value if isinstance(value, str) else " ".join(map(str, value))
            settings[name] = _sizes_word(_sizes(words, name))
        for name in ("rule", "convention"):
            settings[name] = _word(settings, name).strip().lower()
        rule = HEAP_RULES.get(str(settings["rule"]))
        if rule is None:
            raise GameError(f"rule is one of {', '.join(HEAP_RULES)}, not {settings['rule']!r}")
        conventions = {"normal": PlayConvention.NORMAL, "misere": PlayConvention.MISERE}
        convention = conventions.get(str(settings["convention"]).replace("è", "e"))
        if convention is None:
            raise GameError(f"convention is normal or misere, not {settings['convention']!r}")
        game = rule(str(settings["subtract"]))
        game.heaps = heaps_of(_sizes(str(settings["heaps"]), "heaps"))
        if not game.heaps:
            raise GameError("an impartial game needs a heap with a counter in it")
        return cls(game, convention, settings)

    def parameters(self) -> dict[str, Parameter]:
        return dict(self.settings)

    def legal(self, position: HeapPosition) -> list[int]:
        sizes = set(position[0])
        return [i for i, (size, _) in enumerate(self.actions) if size in sizes]

    def play(self, position: HeapPosition, action: int) -> HeapPosition:
        if action not in self.legal(position):
            raise IllegalMoveError(f"action {action} is not legal here")
        size, parts = self.actions[action]
        rest = list(position[0])
        rest.remove(size)
        return heaps_of([*rest, *parts]), position[1].opponent

    def action_text(self, position: HeapPosition, action: int) -> str:
        size, parts = self.actions[action]
        return f"{size}>{'+'.join(map(str, parts)) or '0'}"

    def observe(self, position: HeapPosition) -> Observation:
        array = np.zeros(self.shape, np.int8)
        heaps, mover = position
        for row in range(self.shape[0] - 1):
            array[row, heaps[-1 - row] if row < len(heaps) else 0] = 1
        array[-1, 0 if mover is Player.MAX else 1] = 1
        return array

    def picture(self, position: HeapPosition) -> str:
        return "heaps: " + (" ".join(map(str, position[0])) or "none")


# ---------------------------------------------------------------------- DAG files


class DagTranslation(Translation[str, str]):
    """A game given as a DAG of named positions in a JSON file (``evalgame dag``'s
    format, chance positions included): an action moves to a position, numbered as the
    file lists the positions; the observation is a one in the column of the position.
    :attr:`max_length` is the longest path from the start, chance moves included.
    """

    family = "dag"
    title = "DAG game"
    chance = True
    defaults: ClassVar[Mapping[str, Parameter]] = {"file": "examples/game.json"}

    def __init__(self, game: DagGame, path: str) -> None:
        self.dag = game
        self.path = path
        names = list(game.nodes)
        leaves = [node.value for node in game.nodes.values() if node.value is not None]
        super().__init__(
            game,
            names,
            max_length=self._longest(game.start, {}),
            shape=(len(names),),
            value_range=(min(leaves, default=0), max(leaves, default=0)),
            always_valid=True,  # every leaf of a DAG file has a value
        )
        self._column = {name: i for i, name in enumerate(names)}

    def _longest(self, position: str, known: dict[str, int]) -> int:
        if position not in known:
            moves = self.dag.moves(position)
            known[position] = 1 + max(self._longest(m, known) for m in moves) if moves else 0
        return known[position]

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> DagTranslation:
        path = _word(_checked(cls, parameters), "file")
        return cls(DagGame.from_file(path), path)

    def parameters(self) -> dict[str, Parameter]:
        return {"file": self.path}

    def observe(self, position: str) -> Observation:
        array = np.zeros(self.shape, np.int8)
        array[self._column[position]] = 1
        return array

    def picture(self, position: str) -> str:
        return f"at {position}"


#: the families by name
FAMILIES: dict[str, type[Translation[Any, Any]]] = {
    cls.family: cls
    for cls in (
        EvaluateTranslation,
        TilingTranslation,
        GraphTranslation,
        ImpartialTranslation,
        DagTranslation,
    )
}


def translation(family: str, **parameters: Any) -> Translation[Any, Any]:
    """The game of ``family`` (``evaluate``, ``tiling``, ``graph``, ``impartial``, ``dag``)
    with ``parameters``.

    Programs may give an e-Valuate expression as ordinary text and a domain as a list:

    >>> translation("evaluate", expression="(10-X)*Y", domain=[0, 5, 9]).parameters()
    {'expression': '10 X - Y *', 'domain': '0 5 9', 'first': 'max'}
    >>> translation("go")
    Traceback (most recent call last):
    ...
    evalgame.errors.GameError: unknown game 'go'; games: evaluate, tiling, graph, impartial, dag
    """
    cls = FAMILIES.get(family.strip().lower())
    if cls is None:
        raise GameError(f"unknown game {family!r}; games: {', '.join(FAMILIES)}")
    if cls is EvaluateTranslation and not isinstance(parameters.get("domain", ""), str):
        parameters["domain"] = domain_word(make_domain(parameters["domain"]))
    return cls.from_parameters(parameters)
