"""A live status line for long searches, and the budget that feeds it.

Searches shorter than a second print nothing; longer ones show nodes, proven bounds and
elapsed time on standard error, so ``--json`` output stays clean. Every search of the
command line stops after :data:`DEFAULT_TIMEOUT` seconds unless ``--timeout`` says
otherwise (``--timeout 0``: no limit).

>>> time_limit(None), time_limit(5.0), time_limit(0)
(600.0, 5.0, None)

A run meant to stop at a set moment (``evalgame tiling --dfpn-mb M --until``) reads it with
:func:`deadline`: a duration from now or a UTC clock time.
"""

from __future__ import annotations

import datetime
import math
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer
from rich.status import Status

from evalgame.cli.shared import err_console
from evalgame.errors import InputError
from evalgame.numbers import format_number
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats

#: seconds before the status line appears
QUIET_SECONDS = 1.0
#: the time budget of a search when ``--timeout`` is not given
DEFAULT_TIMEOUT = 600.0
#: the help text of every ``--timeout`` option starts with this
TIMEOUT_HELP = (
    f"Stop after this many seconds (default {DEFAULT_TIMEOUT:g}; 0: no limit); a stop is no "
    "error: it says the bounds proven and ends with exit status 4"
)


#: what ``--until`` takes, for its help and its refusals
UNTIL_HELP = (
    "a duration from now (90m, 2h30m, 45s, 1.5h) or the next time the UTC clock shows HH:MM (23:30)"
)
_CLOCK = re.compile(r"(\d{1,2}):(\d{2})")
_DURATION = re.compile(r"(?:(\d+(?:\.\d*)?|\.\d+)h)?(?:(\d+(?:\.\d*)?|\.\d+)m)?"
                       r"(?:(\d+(?:\.\d*)?|\.\d+)s)?")  # fmt: skip


def deadline(text: str, now: float | None = None) -> float:
    """The Unix time ``--until TEXT`` names, counted from ``now`` (default: the clock): a
    duration (``90m``, ``2h30m``, ``45s``, ``1.5h``) or the next moment the UTC clock shows
    ``HH:MM``. Anything else is an :class:`~evalgame.errors.InputError` that says what is
    taken.

    >>> deadline("2h30m", now=0.0), deadline("45s", now=0.0), deadline("1.5h", now=0.0)
    (9000.0, 45.0, 5400.0)
    >>> deadline("00:30", now=3600.0) - 3600.0   # 01:00 UTC now: 00:30 is tomorrow's
    84600.0
    >>> deadline("25:00")
    Traceback (most recent call last):
    ...
    evalgame.errors.InputError: --until 25:00: there is no such time of day (00:00 to 23:59); \
give a duration from now (90m, 2h30m, 45s, 1.5h) or the next time the UTC clock shows HH:MM \
(23:30)
    """
    start = time.time() if now is None else now
    spelt = text.strip().lower()
    clock = _CLOCK.fullmatch(spelt)
    if clock is not None:
        hour, minute = int(clock[1]), int(clock[2])
        if hour > 23 or minute > 59:
            raise InputError(
                f"--until {text}: there is no such time of day (00:00 to 23:59); give {UNTIL_HELP}"
            )
        moment = datetime.datetime.fromtimestamp(start, datetime.UTC)
        target = moment.replace(hour=hour, minute=minute, second=0, microsecond=0)
        if target <= moment:
            target += datetime.timedelta(days=1)
        return target.timestamp()
    duration = _DURATION.fullmatch(spelt)
    if not spelt or duration is None or not any(duration.groups()):
        hint = f" ({spelt}s? {spelt}m?)" if re.fullmatch(r"\d+(\.\d*)?", spelt) else ""
        raise InputError(f"--until {text!r} is not a time{hint}: give {UNTIL_HELP}")
    hours, minutes, seconds = (float(part or 0) for part in duration.groups())
    span = hours * 3600 + minutes * 60 + seconds
    if not span > 0:
        raise InputError(f"--until {text}: a duration must be more than 0; give {UNTIL_HELP}")
    return start + span


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
