"""A live status line for long searches, and the budget that feeds it.

Searches shorter than a second print nothing; longer ones show nodes, proven bounds and
elapsed time on standard error, so ``--json`` output stays clean.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from rich.status import Status

from evalgame.cli.app import err_console
from evalgame.expr.nodes import format_number
from evalgame.search.budget import Budget
from evalgame.search.stats import SearchStats

#: seconds before the status line appears
QUIET_SECONDS = 1.0


@contextmanager
def search_budget(
    label: str, *, seconds: float | None = None, nodes: int | None = None
) -> Iterator[Budget]:
    """A :class:`Budget` with the given limits whose progress shows as a status line."""
    status: Status | None = None

    def report(stats: SearchStats, budget: Budget) -> None:
        nonlocal status
        if budget.elapsed < QUIET_SECONDS:
            return
        low = "-∞" if budget.lower is None else format_number(budget.lower)
        high = "+∞" if budget.upper is None else format_number(budget.upper)
        text = (
            f"{label}: {stats.nodes:,} nodes, {stats.table_hits:,} table hits, "
            f"bounds [{low}, {high}], {budget.elapsed:.1f} s (Ctrl-C stops)"
        )
        if status is None:
            status = err_console.status(text)
            status.start()
        else:
            status.update(text)

    budget = Budget(seconds=seconds, nodes=nodes, on_progress=report)
    try:
        yield budget
    finally:
        if status is not None:
            status.stop()
