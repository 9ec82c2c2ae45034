"""Our games as OpenSpiel games (extra ``evalgame[openspiel]``).

Importing this module registers ``evalgame_evaluate``, ``evalgame_tiling``,
``evalgame_graph``, ``evalgame_impartial`` and ``evalgame_dag`` with
``pyspiel.register_game``, so
``pyspiel.load_game`` and every OpenSpiel algorithm (minimax, MCTS, the RL tools) can use
them::

    >>> import pyspiel
    >>> from evalgame.interop.openspiel import evaluate_game
    >>> game = evaluate_game("(10-X)*Y", domain="0..9")
    >>> str(game)
    'evalgame_evaluate(domain=0 .. 9,expression=10 X - Y *,first=max)'
    >>> from open_spiel.python.algorithms.minimax import alpha_beta_search
    >>> alpha_beta_search(game, maximum_depth=game.max_game_length())[0]
    45.0
    >>> import evalgame
    >>> evalgame.solve("(10-X)*Y").value
    45

Player 0 is MAX, player 1 MIN, whoever moves first. The games are zero-sum: a finished
game returns ``[v, -v]`` where v is the game's value to MAX — for e-Valuate the final value
of the expression (what MAX maximises and MIN minimises; OpenSpiel's minimax finds its
minimax value), for the tiling game the number of dominoes, for graph games MAX's share,
for impartial games +1 if MAX wins and −1 if MIN wins, for DAG files the value of the leaf.
A DAG file's chance positions are OpenSpiel chance nodes (``evalgame_dag`` is the one
explicitly stochastic game: OpenSpiel's ``expectiminimax`` solves it, ``alpha_beta_search``
refuses it); ``state.exact_chance_outcomes()`` gives their probabilities exactly.
The returns are floats; ``state.exact_returns()`` gives them exactly (``int`` or
``Fraction``). ``str(state)`` shows the position and the side to move, and the observation
tensor is the array each family's module describes (:mod:`evalgame.interop.families` lists
them). ``max_game_length`` is the longest game (for e-Valuate two actions a round: MAX
proposes, MIN places). Action strings are ASCII (``(0,0)-(0,1)`` for a domino), and
``state.string_to_action`` reads them back (an en dash too).

The parameters are words and numbers without ``(``, ``)``, ``,`` or ``=``, so a game string
round trip keeps them: ``pyspiel.load_game(str(game))`` and
``pyspiel.load_game(name, game.get_parameters())`` give the same game, and games and
states pickle. :func:`game_string` writes a game string from ordinary values, and
:func:`load_game` is ``pyspiel.load_game`` with a message naming the parameter OpenSpiel's
parser would stop at or misread::

    >>> game_string("evaluate", expression="(10-X)*Y", domain="0..9")
    'evalgame_evaluate(domain=0 .. 9,expression=10 X - Y *,first=max)'
    >>> load_game("evalgame_tiling(board=..#/...)").num_distinct_actions()
    5
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from evalgame.interop.dag import DagTranslation
from evalgame.interop.evaluate import EvaluateTranslation
from evalgame.interop.extras import require
from evalgame.interop.families import translation
from evalgame.interop.game_strings import check_game_string, game_string
from evalgame.interop.graph import GraphTranslation
from evalgame.interop.impartial import ImpartialTranslation
from evalgame.interop.tiling import TilingTranslation
from evalgame.interop.translation import Translation
from evalgame.numbers import Number

pyspiel: Any = require("pyspiel", "openspiel", "evalgame.interop.openspiel")
_observation: Any = require("open_spiel.python.observation", "openspiel")


def _game_type(cls: type[Translation[Any, Any]]) -> Any:
    return pyspiel.GameType(
        short_name=f"evalgame_{cls.family}",
        long_name=f"evalgame {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        if cls.chance
        else pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(cls.defaults),
    )


class EvalgameGame(pyspiel.Game):  # type: ignore[misc]
    """An OpenSpiel game made from one of our games (see the module doc)."""

    translation_class: ClassVar[type[Translation[Any, Any]]]
    game_type: ClassVar[Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.translation = self.translation_class.from_parameters(params or {})
        low, high = self.translation.utility_range()
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.translation.actions),
            max_chance_outcomes=len(self.translation.actions) if self.translation.chance else 0,
            num_players=2,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=self.translation.max_length,
        )
        super().__init__(self.game_type, info, self.translation.parameters())

    def new_initial_state(self) -> EvalgameState:
        """The starting position."""
        return EvalgameState(self)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string and loaded again by :func:`load_game`, which
        registers the games where they are unpickled (pyspiel's own pickling would restore
        the C++ game without its translation)."""
        return load_game, (str(self),)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        """The observer of the observation tensor (perfect information: everyone sees all)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self.translation, params)
        return _observation.IIGObserverForPublicInfoGame(iig_obs_type, params)


class EvalgameState(pyspiel.State):  # type: ignore[misc]
    """A position of an :class:`EvalgameGame`; only the position itself is kept, so that
    cloning and pickling copy little."""

    def __init__(self, game: EvalgameGame) -> None:
        super().__init__(game)
        self.position: Any = game.translation.initial()

    @property
    def translation(self) -> Translation[Any, Any]:
        """The translation of the game this state belongs to."""
        translation: Translation[Any, Any] = self.get_game().translation
        return translation

    def current_player(self) -> int:
        player = self.translation.player(self.position)
        return int(pyspiel.PlayerId.TERMINAL) if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        return self.translation.legal(self.position)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """At a chance position, each outcome and its probability (see
        :meth:`exact_chance_outcomes`)."""
        return [(action, float(p)) for action, p in self.exact_chance_outcomes()]

    def exact_chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """At a chance position, each outcome and its exact probability."""
        return self.translation.chances(self.position)

    def _apply_action(self, action: int) -> None:
        self.position = self.translation.play(self.position, action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.translation.action_text(self.position, action)

    def string_to_action(self, *player_and_text: Any) -> int:
        """The legal action written ``text`` (``string_to_action(text)`` or
        ``string_to_action(player, text)``): the ASCII text :meth:`action_to_string` gives,
        spaces aside, and an en dash reads as ``-``."""
        return self.translation.action_number(self.position, str(player_and_text[-1]))

    def is_terminal(self) -> bool:
        return self.translation.player(self.position) is None

    def returns(self) -> list[float]:
        """``[v, -v]`` for a finished game of value v to MAX, ``[0, 0]`` before the end."""
        return [float(value) for value in self.exact_returns()]

    def exact_returns(self) -> list[Number]:
        """The returns exactly: ``[v, -v]`` as ``int`` or ``Fraction``, ``[0, 0]`` before
        the end."""
        if not self.is_terminal():
            return [0, 0]
        value = self.translation.value(self.position)
        return [value, -value]

    def __str__(self) -> str:
        return self.translation.text(self.position)


class _Observer:
    """OpenSpiel's observer protocol: ``tensor`` and ``dict`` views of one array."""

    def __init__(self, translation: Translation[Any, Any], params: dict[str, Any] | None):
        if params:
            raise ValueError(f"the observation takes no parameters, not {params}")
        self.tensor = np.zeros(int(np.prod(translation.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(translation.shape)}

    def set_from(self, state: EvalgameState, player: int) -> None:
        self.dict["observation"][...] = state.translation.observe(state.position)

    def string_from(self, state: EvalgameState, player: int) -> str:
        return str(state)


class EvaluateGame(EvalgameGame):
    """e-Valuate (``evalgame_evaluate``)."""

    translation_class = EvaluateTranslation
    game_type = _game_type(EvaluateTranslation)


class TilingGame(EvalgameGame):
    """The tiling game (``evalgame_tiling``)."""

    translation_class = TilingTranslation
    game_type = _game_type(TilingTranslation)


class GraphGame(EvalgameGame):
    """A graph game of the paper's §5 (``evalgame_graph``)."""

    translation_class = GraphTranslation
    game_type = _game_type(GraphTranslation)


class ImpartialGame(EvalgameGame):
    """An impartial heap game: Nim, Grundy's game, Kayles, a subtraction game
    (``evalgame_impartial``)."""

    translation_class = ImpartialTranslation
    game_type = _game_type(ImpartialTranslation)


class DagGame(EvalgameGame):
    """A game given as a DAG file, chance positions included (``evalgame_dag``)."""

    translation_class = DagTranslation
    game_type = _game_type(DagTranslation)


for _cls in (EvaluateGame, TilingGame, GraphGame, ImpartialGame, DagGame):
    pyspiel.register_game(_cls.game_type, _cls)


def load_game(text: str) -> Any:
    """``pyspiel.load_game(text)`` for our game string ``text``, which is checked first:
    a value OpenSpiel would stop at (``domain=0..9``: "CHECK_TRUE(success)") or misread
    (``expression=x*(y-z)``, read as a game) is a :class:`~evalgame.errors.GameError`
    naming the parameter (see :func:`~evalgame.interop.game_strings.check_game_string`).

    >>> load_game("evalgame_evaluate(domain=0..9)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    evalgame.errors.GameError: domain=0..9: OpenSpiel reads ... as a number, and 0..9 is none ...
    """
    check_game_string(text)
    return pyspiel.load_game(text.strip())


def load(family: str, **parameters: Any) -> Any:
    """``pyspiel.load_game`` of ``evalgame_<family>`` with ``parameters`` as a program
    gives them (an expression in ordinary notation, a domain as a list...)."""
    canonical = translation(family, **parameters).parameters()
    return pyspiel.load_game(f"evalgame_{family.strip().lower()}", canonical)


def evaluate_game(
    expression: str, domain: str | Sequence[Number | float | str] = "0..9", first: str = "max"
) -> Any:
    """e-Valuate on ``expression`` over ``domain``, ``first`` ("max" or "min") proposing.

    >>> evaluate_game("(10-X)*Y", domain="0..9").max_game_length()
    4
    """
    return load("evaluate", expression=expression, domain=domain, first=first)


def tiling_game(
    rows: int | None = None, cols: int | None = None, first: str = "max", *, board: str = ""
) -> Any:
    """The tiling game on a ``rows × cols`` board, or on ``board`` (a drawing with ``.`` a
    free cell and ``#`` a blocked one, rows joined by ``/``, as ``evalgame tiling --board``
    reads it), ``first`` ("max" or "min") to move.

    >>> state = tiling_game(2, 3).new_initial_state()
    >>> state.legal_actions()
    [0, 1, 2, 3, 4, 5, 6]
    >>> print(state.child(state.string_to_action("(0,0)-(0,1)")))
    x x .
    . . .
    MIN to move
    >>> holed = tiling_game(board="..#/...")
    >>> str(holed)
    'evalgame_tiling(board=..#/...,cols=3,first=max,rows=2)'
    """
    sizes = {name: size for name, size in (("rows", rows), ("cols", cols)) if size is not None}
    return load("tiling", **sizes, first=first, board=board)


def graph_game(
    graph: str = "friendship:3",
    colour: str = "V",
    share: str = "E",
    colours: int = 2,
    rule: str = "mono",
    weights: str = "unit",
) -> Any:
    """game(G, A, B, [k]) on the graph ``graph`` (``grid:2x3``, ``friendship:3``...).

    >>> graph_game("friendship:3", "V", "E", 2).num_distinct_actions()
    9
    """
    return load(
        "graph",
        graph=graph,
        colour=colour,
        share=share,
        colours=colours,
        rule=rule,
        weights=weights,
    )


def impartial_game(
    rule: str = "nim",
    heaps: Sequence[int] = (3, 4, 5),
    subtract: Sequence[int] = (1, 2, 3),
    convention: str = "normal",
) -> Any:
    """The impartial game ``rule`` (``nim``, ``grundy``, ``kayles``, ``subtraction`` with
    the set ``subtract``) on ``heaps``, MAX first, under ``normal`` or ``misere`` play.

    >>> game = impartial_game("nim", [1, 2])
    >>> str(game)
    'evalgame_impartial(convention=normal,heaps=[1 2],rule=nim,subtract=[1 2 3])'
    >>> game.new_initial_state().legal_actions()
    [0, 1, 2]
    """
    return load("impartial", rule=rule, heaps=heaps, subtract=subtract, convention=convention)


__all__ = [
    "EvalgameGame",
    "EvalgameState",
    "evaluate_game",
    "game_string",
    "graph_game",
    "impartial_game",
    "load",
    "load_game",
    "tiling_game",
]
