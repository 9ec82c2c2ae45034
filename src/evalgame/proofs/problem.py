"""What the proof manager is asked to prove, and which registered solver its workers run.

A :class:`Problem` is a small picklable description — it travels to every worker with each
task — that builds the :class:`~evalgame.search.protocol.Game` and names the best
sequential solver for it: an entry of a solver table of :mod:`evalgame.search.registry`
(the engine's :data:`~evalgame.search.registry.SOLVERS` by default; a game family with a
faster solver of its own gives its table and name). The manager needs nothing else: it
expands positions through the game and hands null-window questions on the leaves to the
solver's :meth:`~evalgame.search.registry.Solver.test`.

>>> from evalgame.search.examples import NestedTree
>>> problem = EngineProblem("nested", NestedTree, ([[3, 5], [2, 9]],))
>>> game, solver, memory = built(problem)
>>> solver.name, solver.test(game, None, 3, memory=memory)
('mtdf', 3)
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evalgame.errors import ContradictionError
from evalgame.numbers import Number
from evalgame.search.protocol import Game
from evalgame.search.registry import SOLVERS, Solver, choose


class Problem(ABC):
    """A game to prove things about, as data a worker can rebuild it from."""

    #: names the problem in the proof store: a store is refused for another problem
    label: str
    #: whether the game's transposition keys are the same in every process (then proven
    #: subproblems are named by key and transpositions share them; else by path of moves)
    portable_keys: bool = False
    #: the name of the leaves' solver in :meth:`solvers`
    algorithm: str = "mtdf"

    @abstractmethod
    def game(self) -> Game[Any, Any]:
        """The game (built once per process and cached)."""

    def solvers(self) -> Mapping[str, Solver]:
        """The table :attr:`algorithm` is looked up in (default: the engine's solvers)."""
        return SOLVERS

    def solver(self) -> Solver:
        """The sequential solver of the leaves: :attr:`algorithm` in :meth:`solvers`."""
        return choose(self.solvers(), self.algorithm)

    def by_jobs(self) -> bool:
        """Whether its questions are answered by job-level df-pn (:mod:`evalgame.proofs.jobs`:
        a leaf solver whose memory is a kernel with df-pn, :class:`~.job.NumbersKernel`)
        rather than by the proof manager's null-window tasks (the default)."""
        return False

    def first_guess(self, lower: Number | None, upper: Number | None) -> Number | None:
        """The value MTD(f) asks about first, given the static bounds at the start
        (``None``: bisect the bounds instead, the default)."""
        return None

    def options(self) -> dict[str, Any]:
        """What the proofs depend on, as plain data for the provenance of every fact: the
        label, the leaves' solver and (for a dataclass) each field.

        >>> from evalgame.search.examples import NestedTree
        >>> EngineProblem("nested", NestedTree, ([[3, 5]],)).options()["build"]
        'evalgame.search.examples.NestedTree'
        """
        options: dict[str, Any] = {"problem": self.label, "algorithm": self.algorithm}
        for name in getattr(self, "__dataclass_fields__", {}):
            options[name] = _plain(getattr(self, name))
        return options


@dataclass(frozen=True)
class EngineProblem(Problem):
    """A game built by calling ``build(*args)``, its leaves solved by one of the engine's
    solvers (``algorithm``, MTD(f)'s null-window test by default).

    ``build`` must be importable by name (a class or module-level function) so that
    workers can rebuild the game.
    """

    label: str
    build: Callable[..., Game[Any, Any]]
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = field(default=())
    portable_keys: bool = False
    algorithm: str = "mtdf"

    def game(self) -> Game[Any, Any]:
        """``build(*args, **kwargs)``."""
        return self.build(*self.args, **dict(self.kwargs))


#: the game, leaf solver and its memory built in this process, by problem
_BUILT: dict[tuple[type, str, str], tuple[Game[Any, Any], Solver, Any]] = {}


def built(problem: Problem) -> tuple[Game[Any, Any], Solver, Any]:
    """The game, the leaf solver and the solver's memory of ``problem`` in this process,
    built once (the memory — tables — then serves every task of the problem this process
    runs)."""
    name = _name(problem)
    if name not in _BUILT:
        game, solver = problem.game(), problem.solver()
        _BUILT[name] = game, solver, solver.memory(game)
    return _BUILT[name]


def _name(problem: Problem) -> tuple[type, str, str]:
    return type(problem), problem.label, repr(problem)  # the label alone may be reused


def forget() -> None:
    """Drop the games and solvers built in this process (their tables too): the next
    task starts cold, as on a fresh worker."""
    _BUILT.clear()
    _LEARNED.clear()


#: per problem built here: the run whose facts and entries its memory learned, and how many
_LEARNED: dict[tuple[type, str, str], tuple[str, int, int]] = {}


def learn(
    problem: Problem,
    run: str,
    facts: Sequence[Fact],
    entries: Sequence[Entries] = (),
    here: str = "",
) -> None:
    """Teach the leaf solver's memory in this process the ``facts`` and the table
    ``entries`` of the proof ``run`` that it does not know yet (both are numbered in the
    order the manager received them; entries that the worker ``here`` sent are its own).

    >>> from evalgame.search.examples import NestedTree
    >>> problem = EngineProblem("learn", NestedTree, ([[3, 5], [2, 9]],))
    >>> learn(problem, "run", [Fact(0, (1,), None, 2)])   # MIN's 2 under move 1: value ≤ 2
    """
    game, solver, memory = built(problem)
    name = _name(problem)
    seen_run, seen, absorbed = _LEARNED.get(name, (run, 0, 0))
    if seen_run != run:
        seen = absorbed = 0
    for fact in facts:
        if fact.index >= seen:
            position = game.initial()
            for move in fact.path:
                position = game.play(position, move)
            try:
                solver.learn(game, position, fact.lower, fact.upper, memory)
            except ContradictionError as error:  # say which fact, and where it was learned
                raise ContradictionError(
                    error.subject,
                    error.known,
                    f"{error.new}: fact {fact.index} of the proof {run} (the position after "
                    f"the moves {list(fact.path)}), learned by the worker {here or '?'}",
                ) from None
            seen = fact.index + 1
    for sent in entries:
        if sent.index >= absorbed:
            if sent.worker != here:
                try:
                    solver.merge(memory, sent.entries)
                except ContradictionError as error:
                    raise ContradictionError(
                        error.subject,
                        error.known,
                        f"{error.new}: table entries the worker {sent.worker} sent (shipment "
                        f"{sent.index} of the proof {run}), merged by the worker {here or '?'}",
                    ) from None
            absorbed = sent.index + 1
    _LEARNED[name] = run, seen, absorbed


@dataclass(frozen=True)
class Fact:
    """A bound proven on the position the moves ``path`` reach from the start
    (``lower``/``upper``: ``None`` when unknown), the ``index``-th fact of its proof."""

    index: int
    path: tuple[Any, ...]
    lower: Number | None
    upper: Number | None


@dataclass(frozen=True)
class Entries:
    """What one task's ``worker`` added to its solver's memory in its large searches
    (:meth:`~evalgame.search.registry.Solver.entries`), the ``index``-th such of its proof."""

    index: int
    worker: str
    entries: bytes


def _plain(value: Any) -> Any:
    """``value`` as JSON-ready data for a provenance: numbers, text and flags as they are,
    an enumeration by its value, a class or function by its qualified name, anything else
    by its (shortened) representation.

    >>> from evalgame.search.protocol import Player
    >>> _plain(Player.MAX), _plain(len), _plain(3), _plain([1, 2])
    ('max', 'builtins.len', 3, '[1, 2]')
    """
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return _plain(value.value)
    if callable(value) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '?')}.{value.__qualname__}"
    text = repr(value)
    return text if len(text) <= 200 else text[:199] + "…"
