"""``evalgame paper``: the paper's Table 1, reproduced with every solver."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from evalgame.analysis.paper import (
    DEFAULT_MAX_NODES,
    EXPLANATION,
    EXPRESSIONS,
    PUBLISHED,
    PUBLISHED_ORDER,
    Published,
    Run,
    reproduce,
)
from evalgame.cli.evaluate import decimal
from evalgame.cli.shared import (
    JsonOutput,
    Seed,
    console,
    err_console,
    picture_path,
    print_json,
    writing,
)
from evalgame.expr.expression import parse
from evalgame.games.evaluate.solvers import SOLVERS
from evalgame.games.evaluate.treesize import tree_size
from evalgame.numbers import format_number
from evalgame.search.registry import choose, describe
from evalgame.vocabulary import exact_json, seconds_json


def paper_command(
    max_nodes: int = typer.Option(
        DEFAULT_MAX_NODES,
        "--max-nodes",
        min=0,
        help="Stop each solver after this many nodes (0: never).",
    ),
    algorithms: str = typer.Option(
        ",".join(SOLVERS),
        "--algorithms",
        help=f"Comma-separated algorithms to run, of: {describe(SOLVERS)}",
    ),
    seed: Seed = 0,
    json_output: JsonOutput = False,
    plot: Path | None = typer.Option(
        None,
        "--plot",
        help="Also draw the visited and pruned node counts into this .svg/.png.",
        callback=picture_path,
    ),
) -> None:
    """Reproduce Table 1 of the paper with every solver and explain its counts."""
    chosen = [name.strip() for name in algorithms.split(",") if name.strip()]
    for name in chosen:
        choose(SOLVERS, name)
    limit = max_nodes or None
    if json_output:
        runs = reproduce(EXPRESSIONS, chosen, max_nodes=limit, seed=seed)
        _plot(runs, plot)
        print_json({"runs": [_json(run) for run in runs], "explanation": EXPLANATION})
        return
    printed = {row.expression: row for row in PUBLISHED}
    current: list[Table] = []
    finished: list[Run] = []

    def add(run: Run) -> None:
        finished.append(run)
        if not current or current[-1].title != run.expression:
            if current:
                console.print(current[-1])
            current.append(_table(run.expression, printed.get(run.expression)))
        current[-1].add_row(*_cells(run))

    total = len(EXPRESSIONS) * len(chosen) + len(PUBLISHED)  # + the printed digit orders
    err_console.print(
        f"[yellow]{total} searches, some of millions of nodes: about half a minute to a "
        "minute; each table prints as soon as its expression is done.[/]"
    )
    with console.status("solving…") as status:

        def progress(run: Run) -> None:
            add(run)
            status.update(f"solving… {len(finished)} of about {total} searches done")

        reproduce(EXPRESSIONS, chosen, max_nodes=limit, seed=seed, on_run=progress)
    console.print(current[-1])
    console.print(EXPLANATION)
    _plot(finished, plot)
    if plot is not None:
        console.print(f"node counts drawn into {plot}")


def _plot(runs: list[Run], path: Path | None) -> None:
    if path is not None:
        from evalgame.analysis.paper_plot import draw_counts

        with writing(path):
            draw_counts(runs, path)


def _table(expression: str, row: Published | None) -> Table:
    n = len(parse(expression).variables)
    caption = f"T({n}) = {tree_size(n):,} nodes"
    if row is not None:
        caption += (
            f"; printed: {decimal(row.value)}, {row.line}; pruned {row.pruned_alphabeta:,} "
            f"(α-β), {row.pruned_paper:,} (order {''.join(map(str, row.order))} + table)"
        )
    table = Table(title=expression, caption=caption, title_justify="left")
    for column in COLUMNS:
        # the two counts' long names wrap onto two lines so that, in 80 columns, the line
        # keeps room to be read
        table.add_column(column, overflow="fold", no_wrap=column not in WRAPPING)
    return table


#: the table's columns; the two counts are of different things and are named so:
#: nodes this search entered, and nodes of the full tree it skipped as the paper counts them
COLUMNS = ("algorithm", "value", "nodes it visited", "pruned, the paper's way", "s", "line / order")
#: the columns that may wrap (at spaces: a count is one word and never breaks)
WRAPPING = {"nodes it visited", "pruned, the paper's way", "line / order"}


def _cells(run: Run) -> list[str]:
    if run.stopped:
        return [run.algorithm, "—", f"{run.stats.nodes:,}", "", f"{run.seconds:.1f}", run.stopped]
    order = "" if run.order is None else "".join(format_number(v) for v in run.order)
    pruned = run.paper_count if run.stats.pruned else 0
    detail = run.line + (f"  (order {order})" if run.algorithm.startswith("paper") else "")
    return [
        run.algorithm,
        "none" if run.value is None else format_number(run.value),
        f"{run.stats.nodes:,}",
        f"{pruned:,}" if pruned else "",
        f"{run.seconds:.2f}",
        detail,
    ]


def _json(run: Run) -> dict[str, object]:
    """One run as ``--json`` gives it: the algorithm by its name (the paper's method with
    the digit order the paper printed is ``paper`` with ``printed_order``)."""
    printed = run.algorithm == PUBLISHED_ORDER
    return {
        "expression": run.expression,
        "algorithm": "paper" if printed else run.algorithm,
        "printed_order": printed,
        "value": exact_json(run.value),
        "line": run.line,
        "order": None if run.order is None else [format_number(v) for v in run.order],
        "stats": run.stats.as_dict(),
        "paper_count": run.paper_count,
        "seconds": seconds_json(run.seconds),
        "stopped": run.stopped,
    }
