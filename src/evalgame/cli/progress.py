"""A live status line for long searches, and the budget that feeds it.

Searches shorter than a second print nothing; longer ones show nodes, proven bounds and
elapsed time on standard error, so ``--json`` output stays clean. Every search of the
command line stops after :data:`DEFAULT_TIMEOUT` seconds unless ``--timeout`` says
otherwise (``--timeout 0``: no limit).

>>> time_limit(None), time_limit(5.0), time_limit(0)
(600.0, 5.0, None)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer
from rich.status import Status

from evalgame.cli.shared import err_console
from evalgame.numbers import format_number
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats

#: seconds before the status line appears
QUIET_SECONDS = 1.0
#: the time budget of a search when ``--timeout`` is not given
DEFAULT_TIMEOUT = 600.0
#: the help text of every ``--timeout`` option starts with this
TIMEOUT_HELP = f"Stop after this many seconds (default {DEFAULT_TIMEOUT:g}; 0: no limit)"


def check_seconds(value: float | None) -> float | None:
    """Option callback: a finite number of seconds, at least 0."""
    if value is not None and not (math.isfinite(value) and value >= 0):
        raise typer.BadParameter(f"must be a number of seconds ≥ 0, not {value}")
    return value


def time_limit(timeout: float | None) -> float | None:
    """The budget of a search given ``--timeout``: the default when absent, none for 0."""
    if timeout is None:
        return DEFAULT_TIMEOUT
    return timeout or None


@contextmanager
def late_status() -> Iterator[Callable[[str, float], None]]:
    """A status line on standard error that appears once a job has run
    :data:`QUIET_SECONDS`: yields ``show(text, elapsed)``; the line goes when the job ends.

    >>> with late_status() as show:
    ...     show("quick: done", 0.1)  # too early to show anything
    """
    status: Status | None = None

    def show(text: str, elapsed: float) -> None:
        nonlocal status
        if elapsed < QUIET_SECONDS:
            return
        if status is None:
            status = err_console.status(text)
            status.start()
        else:
            status.update(text)

    try:
        yield show
    finally:
        if status is not None:
            status.stop()


@contextmanager
def search_budget(
    label: str, *, timeout: float | None = None, nodes: int | None = None
) -> Iterator[Budget]:
    """A :class:`Budget` whose progress shows as a status line, limited to ``nodes`` and
    to the :func:`time_limit` of ``timeout`` (the value of ``--timeout``)."""
    with late_status() as show:

        def report(stats: SearchStats, budget: Budget) -> None:
            low = "-∞" if budget.lower is None else format_number(budget.lower)
            high = "+∞" if budget.upper is None else format_number(budget.upper)
            show(
                f"{label}: {stats.nodes:,} nodes, {stats.table_hits:,} table hits, "
                f"bounds [{low}, {high}], {budget.elapsed:.1f} s (Ctrl-C stops)",
                budget.elapsed,
            )

        yield Budget(seconds=time_limit(timeout), nodes=nodes, on_progress=report)
