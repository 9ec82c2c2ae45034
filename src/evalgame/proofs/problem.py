"""What the proof manager is asked to prove, and the solver its workers run on the leaves.

A :class:`Problem` is a small picklable description — it travels to every worker with each
task — that builds the :class:`~evalgame.search.protocol.Game` and the best sequential
:class:`LeafSolver` for it. The manager needs nothing else: it expands positions through
the game and hands null-window questions on the leaves to the solver.

:class:`EngineProblem` serves any game through the game-agnostic engine (a memory-enhanced
fail-soft null-window test); a game with a faster solver of its own subclasses it and
overrides :meth:`Problem.solver`.

>>> from evalgame.search.examples import NestedTree
>>> problem = EngineProblem("nested", NestedTree, ([[3, 5], [2, 9]],))
>>> game = problem.game()
>>> problem.solver(game).test(game.initial(), 3, False, Budget())[0]
3
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from evalgame.numbers import Number
from evalgame.search.budget import Budget
from evalgame.search.context import SearchContext
from evalgame.search.protocol import Game
from evalgame.search.searcher import Searcher
from evalgame.search.table import TranspositionTable


class LeafSolver(Protocol):
    """A sequential solver for one game, answering null-window questions on positions."""

    def test(
        self, position: Any, gamma: Number, strict: bool, budget: Budget
    ) -> tuple[Number | None, int]:
        """Fail-soft "value ≥ γ?" (``strict``: "> γ?") and the nodes it searched.

        The result ``r`` proves value ≥ r when it passes the question, value ≤ r when it
        does not; ``None`` says no leaf below is valid. Running out of ``budget`` raises
        :class:`~evalgame.errors.SearchInterrupted`; proven work kept by the solver (its
        tables) must stay valid for the next call.
        """
        ...


class Problem(ABC):
    """A game to prove things about, as data a worker can rebuild it from."""

    #: names the problem in the proof store: a store is refused for another problem
    label: str
    #: whether the game's transposition keys are the same in every process (then proven
    #: subproblems are named by key and transpositions share them; else by path of moves)
    portable_keys: bool = False

    @abstractmethod
    def game(self) -> Game[Any, Any]:
        """The game (built once per process and cached)."""

    def solver(self, game: Game[Any, Any]) -> LeafSolver:
        """The best sequential solver of leaves (default: the game-agnostic engine)."""
        return EngineLeaf(game)


@dataclass(frozen=True)
class EngineProblem(Problem):
    """A game built by calling ``build(*args)``, its leaves solved by the engine.

    ``build`` must be importable by name (a class or module-level function) so that
    workers can rebuild the game.
    """

    label: str
    build: Callable[..., Game[Any, Any]]
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = field(default=())
    portable_keys: bool = False

    def game(self) -> Game[Any, Any]:
        """``build(*args, **kwargs)``."""
        return self.build(*self.args, **dict(self.kwargs))


class EngineLeaf:
    """The engine's memory-enhanced null-window test; its table outlives each call."""

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.table = TranspositionTable()

    def test(
        self, position: Any, gamma: Number, strict: bool, budget: Budget
    ) -> tuple[Number | None, int]:
        """See :meth:`LeafSolver.test`."""
        context: SearchContext[Any, Any] = SearchContext(self.game, budget)
        searcher: Searcher[Any, Any] = Searcher(context, self.table)
        with context.running():
            result = searcher.test(position, gamma, strict=strict)
        return result, context.stats.nodes


#: the games and leaf solvers built in this process, by problem
_BUILT: dict[tuple[type, str, str], tuple[Game[Any, Any], LeafSolver]] = {}


def built(problem: Problem) -> tuple[Game[Any, Any], LeafSolver]:
    """The game and leaf solver of ``problem`` in this process, built once (the solver's
    tables then serve every task of the problem this process runs)."""
    name = (type(problem), problem.label, repr(problem))  # the label alone may be reused
    if name not in _BUILT:
        game = problem.game()
        _BUILT[name] = game, problem.solver(game)
    return _BUILT[name]


def forget() -> None:
    """Drop the games and solvers built in this process (their tables too): the next
    task starts cold, as on a fresh worker."""
    _BUILT.clear()
