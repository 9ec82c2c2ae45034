"""``evalgame graph GRAPH``: the paper's graph games game(G, A, B, [k], f), solved exactly.

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> import json
>>> out = CliRunner().invoke(app, ["graph", "friendship:3", "--color", "V", "--share", "E",
...                                "--colors", "2", "--json"]).output
>>> data = json.loads(out)
>>> data["value"], data["total"], len(data["pv"])
('4', '9', 7)
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import typer

from evalgame.analysis.colour_threshold import chain, threshold
from evalgame.cli.evaluate import decimal
from evalgame.cli.progress import TIMEOUT_HELP, check_seconds, search_budget
from evalgame.cli.proofs import ProofOptions, report_proof
from evalgame.cli.shared import (
    SLICE_SECONDS,
    Ask,
    Fresh,
    JsonOutput,
    Ladder,
    Scheduler,
    SliceSeconds,
    Store,
    Workers,
    console,
    json_stops,
    picture_path,
    print_json,
    writing,
)
from evalgame.errors import GraphError, InputError, SearchInterrupted
from evalgame.games.graph.graphs import FAMILIES, load_graph
from evalgame.games.graph.incidence import KIND_NAMES, Incidence, formula, incidence
from evalgame.games.graph.solve import SOLVERS, ShareSolution, solve_share
from evalgame.numbers import Number, exact, format_number
from evalgame.search.registry import describe
from evalgame.vocabulary import exact_json, seconds_json

GRAPH_HELP = (
    "friendship:3, cycle:6, path:5, complete:4, wheel:6, star:5, ladder:4, grid:3x4, "
    'petersen, or a file (edge list, or .json with optional "pos"); with --table also '
    "a family range such as cycle:3..10"
)
RANGE = re.compile(r"([a-z]+):(\d+)\.\.(\d+)")
#: most graphs in one family table
MAX_ROWS = 60


def graph_command(
    graph: str = typer.Argument(..., help=GRAPH_HELP),
    color: str = typer.Option("V", "--color", "-A", help="The set coloured, A: V, E or R."),
    share: str = typer.Option("E", "--share", "-B", help="The set shared, B: V, E or R."),
    colors: int | None = typer.Option(
        None,
        "--colors",
        "-k",
        min=1,
        help="Number of colours (default 2; with --table the top k).",
    ),
    rule: str = typer.Option(
        "mono", "--rule", help="mono: x is MAX's if S(x) is not monochromatic; parity (k = 2)."
    ),
    weights: str = typer.Option(
        "unit", "--weights", "-w", help="unit, area (faces shared), or NAME=W,NAME=W (others 1)."
    ),
    table: bool = typer.Option(
        False, "--table", help="The chain minimax(F,[k]) for k = 1.. and k*; per graph of a range."
    ),
    algorithm: str = typer.Option("alphabeta", "--algorithm", "-a", help=describe(SOLVERS)),
    timeout: float | None = typer.Option(
        None, "--timeout", help=f"{TIMEOUT_HELP}; per graph with --table.", callback=check_seconds
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Draw the end of the optimal line into this .svg or .png file.",
        callback=picture_path,
    ),
    json_output: JsonOutput = False,
    workers: Workers = None,
    scheduler: Scheduler = None,
    store: Store = None,
    slice_seconds: SliceSeconds = SLICE_SECONDS,
    ladder: Ladder = None,
    ask: Ask = None,
    fresh: Fresh = False,
) -> None:
    """MAX proposes colours, MIN places them on A; MAX's share of B under optimal play."""
    chosen = parse_weights(weights)
    if table:
        if out is not None:
            raise InputError("--out draws one solved game; it does not go with --table")
        if rule != "mono":
            raise InputError("the chain and k* are about the mono rule (parity has k = 2 only)")
        _table(graph, color, share, chosen, colors, timeout, json_output)
        return
    if RANGE.fullmatch(graph.strip().lower()):
        raise InputError("a family range like cycle:3..10 needs --table")
    structure = incidence(load_graph(graph), color, share, chosen)
    k = 2 if colors is None else colors
    options = ProofOptions(workers, scheduler, store, timeout, slice_seconds, ladder, ask, fresh)
    if options.wanted:
        if out is not None:
            raise InputError("a parallel proof gives the value only: no --out")
        from evalgame.games.graph.proof import share_problem

        problem = share_problem(structure, k, rule)
        report_proof(
            problem,
            options,
            {"graph": structure.graph.name, "total": exact_json(structure.total)},
            json_output,
            lambda proof: (
                f"[bold]{problem.label}[/]: MAX's share [bold green]"
                f"{'?' if proof.value is None else format_number(proof.value)}[/]"
            ),
        )
        return
    with (
        json_stops(
            json_output, graph=structure.graph.name, value=None, total=exact_json(structure.total)
        ),
        search_budget(structure.title, timeout=timeout) as budget,
    ):
        solution = solve_share(structure, k, rule, algorithm=algorithm, budget=budget)
    if out is not None:
        with writing(out):
            solution.draw(out)
    if json_output:
        print_json(solution.as_json())
    else:
        show_solution(solution, out)


def parse_weights(text: str) -> str | dict[str, Number]:
    """``unit``, ``area`` or ``NAME=W,NAME=W`` (exact weights) from the command line.

    >>> parse_weights("v0-v1=2, v1-v2=1/2")
    {'v0-v1': 2, 'v1-v2': Fraction(1, 2)}
    """
    text = text.strip()
    if text in ("unit", "area"):
        return text
    chosen: dict[str, Number] = {}
    for part in text.split(","):
        name, sep, value = part.partition("=")
        try:
            weight: Number | None = exact(value.strip())
        except ValueError:
            weight = None
        if not sep or not name.strip() or weight is None:
            raise GraphError(
                f"--weights takes unit, area or NAME=W,NAME=W with exact weights, not {part!r}"
            )
        chosen[name.strip()] = weight
    return chosen


def show_solution(solution: ShareSolution, out: Path | None) -> None:
    """The human-readable report of a solved graph game."""
    structure = solution.share
    a, b = structure.colour, structure.share
    console.print(
        f"[bold]{structure.title}[/] with {solution.colours} colours, {solution.rule} rule: "
        f"MAX proposes colours, MIN puts them on the {len(structure.a_names)} "
        f"{KIND_NAMES[a]}; the {len(structure.b_names)} {KIND_NAMES[b]} are shared"
    )
    console.print(formula(structure, limit=40), markup=False)
    _show_faces(structure)
    console.print(
        f"MAX's share  [bold green]{decimal(solution.value)}[/] of "
        f"{decimal(structure.total)}"
        + ("" if structure.weighting == "unit" else f" ({structure.weighting} weights)")
    )
    rest = len(solution.pv) - solution.played
    console.print(
        f"line         {solution.line() or '(nothing to play)'}"
        + (f", then any colours on the {rest} left" if rest else "")
    )
    owned = [name for name, mine in solution.owners().items() if mine]
    console.print(f"MAX owns     {', '.join(owned) or 'nothing'}")
    stats = solution.stats
    console.print(
        f"{solution.algorithm}: {stats.nodes:,} nodes, {stats.table_hits:,} table hits, "
        f"{solution.seconds:.3f} s" + (f"; picture in {out}" if out else ""),
        style="dim",
    )


def _show_faces(structure: Incidence) -> None:
    if structure.plane is None:
        return
    names = structure.graph.vertices
    walks = [
        f"{face.name}{' (outer)' if face.outer else ''} = {' '.join(names[v] for v in face.walk)}"
        for face in structure.plane.faces
    ]
    shown = "; ".join(walks[:12]) + ("; …" if len(walks) > 12 else "")
    console.print(f"faces: {shown}", style="dim")


def _table(
    spec: str,
    color: str,
    share: str,
    weights: str | dict[str, Number],
    top: int | None,
    timeout: float | None,
    json_output: bool,
) -> None:
    match = RANGE.fullmatch(spec.strip().lower())
    if match is None:
        _chain_table(incidence(load_graph(spec), color, share, weights), top, timeout, json_output)
        return
    family, first, last = match.group(1), int(match.group(2)), int(match.group(3))
    if family not in FAMILIES:
        raise GraphError(f"unknown family {family!r}: choose one of {', '.join(FAMILIES)}")
    if last < first or last - first >= MAX_ROWS:
        raise InputError(f"a range N..M needs N ≤ M and at most {MAX_ROWS} graphs")
    rows: list[dict[str, Any]] = []
    for n in range(first, last + 1):
        structure = incidence(load_graph(f"{family}:{n}"), color, share, weights)
        started = time.perf_counter()
        try:
            with search_budget(structure.title, timeout=timeout) as budget:
                found = threshold(structure, budget=budget)
        except SearchInterrupted:
            rows.append(_row(structure, None, time.perf_counter() - started))
            break
        rows.append(_row(structure, found.k, found.seconds))
    if json_output:
        print_json({"family": family, "colour": color, "share": share, "rows": rows})
        return
    console.print(
        f"k* = min{{k : minimax(F,\\[k]) = ceiling}} for game({family}:N, {color.upper()}, "
        f"{share.upper()}); ceiling = weight of the x with |S(x)| ≥ 2"
    )
    console.print(f"{'graph':>16} {'|A|':>4} {'|B|':>4} {'ceiling':>8} {'k*':>4} {'seconds':>8}")
    for row in rows:
        k_star = "?" if row["k_star"] is None else str(row["k_star"])
        console.print(
            f"{row['graph']:>16} {row['coloured']:>4} {row['shared']:>4} "
            f"{row['ceiling']:>8} {k_star:>4} {row['seconds']:>8.2f}"
        )
    if rows and rows[-1]["k_star"] is None:
        console.print(f"stopped: {rows[-1]['graph']} took longer than --timeout", style="dim")


def _row(structure: Incidence, k_star: int | None, seconds: float) -> dict[str, Any]:
    return {
        "graph": structure.graph.name,
        "coloured": len(structure.a_names),
        "shared": len(structure.b_names),
        "ceiling": exact_json(structure.ceiling),
        "total": exact_json(structure.total),
        "k_star": k_star,
        "seconds": seconds_json(seconds),
    }


def _chain_table(
    structure: Incidence, top: int | None, timeout: float | None, json_output: bool
) -> None:
    with (
        json_stops(json_output, graph=structure.graph.name),
        search_budget(structure.title, timeout=timeout) as budget,
    ):
        found = chain(structure, top=top, budget=budget)
    values = [format_number(v) for v in found.values]
    reached = structure.ceiling in found.values
    k_star = found.threshold if reached else None
    if json_output:
        print_json(
            {
                "graph": structure.graph.name,
                "colour": structure.colour,
                "share": structure.share,
                "chain": values,
                "searched": found.searched,
                "k_star": k_star,
                "ceiling": exact_json(structure.ceiling),
                "total": exact_json(structure.total),
                "reaches_total": structure.ceiling == structure.total,
                "seconds": seconds_json(found.seconds),
            }
        )
        return
    console.print(f"[bold]{structure.title}[/]: minimax(F,\\[k]) for k = 1..{len(values)}")
    console.print(formula(structure, limit=40), markup=False)
    for k, value in enumerate(values, 1):
        note = " (the ceiling; every larger k too)" if k == k_star else ""
        console.print(f"  k = {k:>2}: {value}{note}")
    if k_star is None:
        console.print(
            f"the ceiling {format_number(structure.ceiling)} is not reached by k = {len(values)}"
        )
    elif structure.ceiling == structure.total:
        console.print(f"k* = {k_star}: MAX gets all of B from {k_star} colours on")
    else:
        console.print(
            f"k* = {k_star} for the ceiling {format_number(structure.ceiling)}; all of B "
            f"({format_number(structure.total)}) is never MAX's: some |S(x)| = 1"
        )
    console.print(f"{found.seconds:.3f} s", style="dim")
