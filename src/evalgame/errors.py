"""One exception hierarchy for everything evalgame refuses to do.

Every error a user can cause is an :class:`EvalgameError`; the command line turns it into a
message and an exit status, never a traceback. Errors about bad input also subclass
:class:`ValueError`, so ordinary ``except ValueError`` code keeps working.

>>> try:
...     raise ExpressionError("unexpected ')'", "x+)", 2)
... except EvalgameError as error:
...     print(error.pretty())
unexpected ')' at position 3
  x+)
    ^
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from evalgame.numbers import Number, format_number
from evalgame.vocabulary import bounds_json


class EvalgameError(Exception):
    """Base class of every error evalgame raises on purpose."""

    #: exit status the command line uses for this kind of error
    exit_code: int = 1

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled whole (the web app's worker processes send errors back): the default
        # would call __init__ again with the formatted message only
        return _rebuild, (type(self), self.args, self.__dict__)

    def pretty(self) -> str:
        """The message as a person should read it (may span several lines)."""
        return str(self)


class InputError(EvalgameError, ValueError):
    """Bad input from the user: a malformed expression, domain, file or option."""

    exit_code = 2


class ExpressionError(InputError):
    """A malformed expression; ``position`` is the 0-based index of the offending character."""

    def __init__(self, message: str, expression: str, position: int) -> None:
        super().__init__(f"{message} at position {position + 1}")
        self.message = message
        self.expression = expression
        self.position = position

    def pretty(self, width: int = 72) -> str:
        """The message, the expression, and a caret under the offending character; a long
        expression is cut to ``width`` characters around it.

        >>> print(ExpressionError("unexpected character '!'", "1+" * 50 + "!", 100).pretty(20))
        unexpected character '!' at position 101
          …1+1+1+1+1+1+1+1+1+!
                             ^
        """
        start = max(0, min(self.position - width // 2, len(self.expression) - width))
        excerpt = self.expression[start : start + width]
        caret = self.position - start
        if start:
            excerpt = "…" + excerpt[1:]
        if start + width < len(self.expression):
            excerpt = excerpt[:-1] + "…"
        return f"{self}\n  {excerpt}\n  {' ' * caret}^"


class BoardError(InputError):
    """A malformed board drawing; ``row`` and ``column`` (0-based) point at the bad cell.

    >>> print(BoardError("'x' is not a cell", "..x.", 1, 2).pretty())
    'x' is not a cell at row 2, column 3
      ..x.
        ^
    """

    def __init__(self, message: str, line: str, row: int, column: int) -> None:
        super().__init__(f"{message} at row {row + 1}, column {column + 1}")
        self.message = message
        self.line = line
        self.row = row
        self.column = column

    def pretty(self) -> str:
        """The message, the row as written, and a caret under the bad cell."""
        return f"{self}\n  {self.line}\n  {' ' * self.column}^"


class DomainError(InputError):
    """A malformed or empty domain, or one with duplicate values."""


class GameError(InputError):
    """A game definition or position that cannot be used (unknown game, bad file...)."""


class IllegalMoveError(GameError):
    """A move that is not legal in the current position."""


class CycleError(GameError):
    """A game graph that should be acyclic has a cycle; ``cycle`` lists its positions."""

    def __init__(self, cycle: Sequence[object]) -> None:
        path = " → ".join(map(str, [*cycle, cycle[0]])) if cycle else "?"
        super().__init__(f"the game graph has a cycle: {path}")
        self.cycle = list(cycle)


class GraphError(InputError):
    """A graph that cannot be used for the requested game (not planar, isolated vertex...)."""


class StoreError(InputError):
    """A proof store that cannot be used: not a store, damaged, or made for another problem."""


class ContradictionError(EvalgameError):
    """Two decided entries — proven answers, saved or just found — that cannot both hold:
    one says value ≥ γ, the other value < γ for the same position and player to move (or
    a lower bound above an upper bound). One of them is wrong: a bug in the code that
    proved it, or a damaged file. Nothing is kept of the second; the run stops, and the
    message names both entries: the position and question, what each says and where each
    came from (file, row, worker, code version, as far as known).

    >>> error = ContradictionError("position k, MAX to move", "a says value ≥ 5",
    ...                            "b says value ≤ 4")
    >>> print(error.pretty())
    two decided entries contradict each other about position k, MAX to move:
      a says value ≥ 5
      b says value ≤ 4
    one of them is wrong (a bug in the code that proved it, or a damaged file): the run stops
    """

    exit_code = 5

    def __init__(self, subject: str, known: str, new: str) -> None:
        super().__init__(f"contradiction about {subject}: {known}; but {new}")
        self.subject = subject
        #: the entry held first, and the one that contradicts it
        self.known = known
        self.new = new

    def pretty(self) -> str:
        """The subject, then each entry on its own line."""
        return (
            f"two decided entries contradict each other about {self.subject}:\n"
            f"  {self.known}\n  {self.new}\n"
            "one of them is wrong (a bug in the code that proved it, or a damaged file): "
            "the run stops"
        )


class CertificateError(InputError):
    """A proof certificate that cannot be read: a missing or non-gzip file, or one that
    breaks format 1 (``docs/certificates.md``); the message names the line. A certificate
    that is well formed but proves nothing is not an error: the checker reports it invalid.
    """


class ClusterError(EvalgameError):
    """The Dask cluster cannot be reached or started, or it lost every worker."""


class SchedulerLost(ClusterError):
    """The Dask scheduler went away in the middle of a proof (killed, or its machine down).

    Every fact proven before is in the store; ``resume`` says how to continue from it.

    >>> lost = SchedulerLost("tcp://node1:8786", "evalgame tiling 8 8 --store 8x8.sqlite")
    >>> lost.address, str(lost).endswith("resume with: evalgame tiling 8 8 --store 8x8.sqlite")
    ('tcp://node1:8786', True)
    """

    def __init__(self, address: str, resume: str) -> None:
        super().__init__(
            f"lost the Dask scheduler {address} in the middle of the proof; every fact proven "
            f"so far is in the store. Start a scheduler and workers again, then resume with: "
            f"{resume}"
        )
        self.address = address
        self.resume = resume


class MissingExtraError(EvalgameError, ImportError):
    """An optional part needs a library that is not installed; the message names the extra
    that installs it (``pip install 'evalgame[openspiel]'``)."""

    def __init__(self, what: str, library: str, extra: str) -> None:
        super().__init__(
            f"{what} needs {library}, which is not installed: pip install 'evalgame[{extra}]'"
        )
        self.library = library
        self.extra = extra


class LimitError(EvalgameError):
    """A request beyond a configured limit; the message says which limit and how to raise it."""

    exit_code = 3

    def __init__(self, what: str, value: int, limit: int, how_to_raise: str) -> None:
        super().__init__(f"{what} is {value}, over the limit of {limit}; {how_to_raise}")
        self.value = value
        self.limit = limit


class Counters(Protocol):
    """The statistics a stopped search carries: the engine's
    :class:`~evalgame.search.stats.SearchStats` is one (the engine imports this module,
    so this one names only what it uses)."""

    nodes: int

    def as_dict(self) -> dict[str, int]:
        """The counters as a JSON-ready dictionary."""
        ...


class Terminated(KeyboardInterrupt):
    """SIGTERM, which a batch system (SLURM, PBS, Kubernetes) sends before it kills a job:
    handled wherever Ctrl-C is, so a long run stops cleanly and says what it proved."""


def interruption(stop: KeyboardInterrupt) -> str:
    """Why a run was interrupted, in its message and its store's sittings.

    >>> interruption(KeyboardInterrupt()), interruption(Terminated())
    ('interrupted by Ctrl-C', 'stopped by SIGTERM')
    """
    return "stopped by SIGTERM" if isinstance(stop, Terminated) else "interrupted by Ctrl-C"


class SearchInterrupted(EvalgameError):
    """A search stopped before it finished (time budget, node budget, Ctrl-C or SIGTERM).

    ``lower`` and ``upper`` are the best proven bounds on the value (``None`` when unknown),
    ``stats`` the search statistics so far.
    """

    exit_code = 4

    def __init__(
        self,
        reason: str,
        lower: Number | None = None,
        upper: Number | None = None,
        stats: Counters | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.lower = lower
        self.upper = upper
        self.stats = stats

    def as_json(self) -> dict[str, Any]:
        """The stop as one JSON object, the same for ``--json`` and the web API.

        >>> from fractions import Fraction
        >>> SearchInterrupted("out of time", Fraction(1, 2)).as_json()
        {'status': 'stopped', 'reason': 'out of time', 'lower': '1/2', 'upper': None, 'stats': {}}
        """
        return {
            "status": "stopped",
            "reason": self.reason,
            **bounds_json(self.lower, self.upper),
            "stats": {} if self.stats is None else self.stats.as_dict(),
        }

    def pretty(self) -> str:
        """The reason and whatever bounds were proven before the stop."""
        lo = "-∞" if self.lower is None else format_number(self.lower)
        hi = "+∞" if self.upper is None else format_number(self.upper)
        return f"{self.reason}; proven bounds on the value: {lo} ≤ value ≤ {hi}"


def _rebuild(
    kind: type[EvalgameError], args: tuple[Any, ...], state: dict[str, Any]
) -> EvalgameError:
    """An error unpickled without calling its ``__init__``.

    >>> import pickle
    >>> pickle.loads(pickle.dumps(ExpressionError("unexpected ')'", "x+)", 2))).position
    2
    """
    error = kind.__new__(kind)
    error.args = args
    error.__dict__.update(state)
    return error
