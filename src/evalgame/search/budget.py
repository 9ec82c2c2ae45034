"""Time and node budgets, progress reports and clean interruption for long searches.

A solver calls :meth:`Budget.tick` once per node; every ``check_every`` nodes the budget
looks at the clock, reports progress and raises :class:`~evalgame.errors.SearchInterrupted`
when a limit is hit. Ctrl-C is turned into the same exception by :meth:`Budget.guard`.

>>> budget = Budget(nodes=10, check_every=1)
>>> stats = SearchStats()
>>> try:
...     for _ in range(100):
...         stats.nodes += 1
...         budget.tick(stats)
... except SearchInterrupted as stop:
...     print(stop.reason)
node budget of 10 exhausted (raise it with --max-nodes)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import NoReturn

from evalgame.errors import SearchInterrupted, interruption
from evalgame.numbers import Number
from evalgame.search.stats import SearchStats

ProgressCallback = Callable[[SearchStats, "Budget"], None]


@dataclass
class Budget:
    """Limits on one search: wall-clock ``seconds`` and/or ``nodes`` (``None`` = unlimited).

    ``on_progress`` is called with the statistics about every ``report_seconds``;
    ``advice`` ends the message of a stop on time (how to give the search more);
    ``cancelled``, when given, is asked at every check whether whoever waits for the
    answer has given up (a web client that went away), and a yes stops the search.
    ``lower``/``upper`` hold the best bounds a solver has proven so far; they are attached
    to the :class:`SearchInterrupted` raised on a stop. ``clock`` gives the time in seconds
    (a test may pass a fake one).
    """

    seconds: float | None = None
    nodes: int | None = None
    on_progress: ProgressCallback | None = None
    report_seconds: float = 0.25
    check_every: int = 1024
    lower: Number | None = None
    upper: Number | None = None
    advice: str = "raise it with --timeout; 0 means no limit"
    cancelled: Callable[[], bool] | None = None
    clock: Callable[[], float] = time.monotonic
    started: float = field(init=False)
    #: nodes left before the next :meth:`check`; a solver's inner loop may count down
    #: itself and call :meth:`check` at zero (what :meth:`tick` does), saving a call a node
    countdown: int = field(default=0, init=False, repr=False)
    _interval: int = 1
    _last_check: float = 0.0
    _last_report: float = 0.0

    def __post_init__(self) -> None:
        self.started = self.clock()

    def tick(self, stats: SearchStats) -> None:
        """Count one node; now and then, check the limits and report progress.

        The clock is read every few nodes: the interval doubles while checks come less
        than 10 ms apart and halves when they come more than 40 ms apart (never above
        ``check_every``), so a time budget is kept to within tens of milliseconds whether
        a node costs a microsecond or ten milliseconds.
        """
        self.countdown -= 1
        if self.countdown <= 0:
            self.check(stats)

    def check(self, stats: SearchStats) -> None:
        """Check the limits and report progress now; restart the countdown."""
        if self.nodes is not None and stats.nodes > self.nodes:
            self.stop(f"node budget of {self.nodes} exhausted (raise it with --max-nodes)", stats)
        now = self.clock()
        gap = now - self._last_check
        self._last_check = now
        if gap < 0.01:
            self._interval = min(2 * self._interval, self.check_every)
        elif gap > 0.04:
            self._interval = max(self._interval // 2, 1)
        self.countdown = self._interval
        if self.seconds is not None and now - self.started > self.seconds:
            self.stop(f"time budget of {self.seconds:g} s exhausted ({self.advice})", stats)
        if self.cancelled is not None and self.cancelled():
            self.stop("cancelled", stats)
        if self.on_progress is not None and now - self._last_report >= self.report_seconds:
            self._last_report = now
            self.on_progress(stats, self)

    @property
    def elapsed(self) -> float:
        """Seconds since the budget started."""
        return self.clock() - self.started

    @property
    def deadline(self) -> float | None:
        """The time on ``clock`` (:func:`time.monotonic` by default) at which the budget
        runs out (``None``: no time limit)."""
        return None if self.seconds is None else self.started + self.seconds

    def prove(self, lower: Number | None = None, upper: Number | None = None) -> None:
        """Record newly proven bounds on the root value (tighter ones win)."""
        if lower is not None and (self.lower is None or lower > self.lower):
            self.lower = lower
        if upper is not None and (self.upper is None or upper < self.upper):
            self.upper = upper

    def stop(self, reason: str, stats: SearchStats | None = None) -> NoReturn:
        """Raise :class:`SearchInterrupted` with the bounds known so far."""
        raise SearchInterrupted(reason, self.lower, self.upper, stats)

    @contextmanager
    def guard(self, stats: SearchStats | None = None) -> Iterator[Budget]:
        """Turn Ctrl-C inside the block into :class:`SearchInterrupted` with known bounds."""
        try:
            yield self
        except KeyboardInterrupt as stop:
            self.stop(interruption(stop), stats)
