"""``evalgame solve``, ``info`` and ``demo``: e-Valuate from the command line."""

from __future__ import annotations

from fractions import Fraction

import typer
from rich.table import Table

from evalgame.cli.progress import TIMEOUT_HELP, check_seconds, search_budget
from evalgame.cli.proofs import ProofOptions, report_proof
from evalgame.cli.shared import (
    SLICE_SECONDS,
    Ask,
    Domain,
    Fresh,
    JsonOutput,
    Ladder,
    Scheduler,
    Seed,
    SliceSeconds,
    Store,
    Workers,
    console,
    err_console,
    json_stops,
    print_json,
)
from evalgame.errors import EvalgameError, GameError
from evalgame.expr.domain import DIGITS, format_domain, parse_domain
from evalgame.expr.expression import parse
from evalgame.games.evaluate.about import info
from evalgame.games.evaluate.solve import DEFAULT_ALGORITHM, MAX_VARIABLES, Solution, solve
from evalgame.games.evaluate.solvers import CHOICES, TREE
from evalgame.games.evaluate.treesize import tree_size
from evalgame.numbers import Number, approximate, format_number
from evalgame.search.protocol import Player
from evalgame.search.registry import describe
from evalgame.vocabulary import exact_json, side_json

FIRST_HELP = "Who proposes first: max (the paper's game) or min (value −minimax(−E))."


def parse_first(text: str) -> Player:
    """``max`` or ``min`` as a player."""
    choices = {"max": Player.MAX, "min": Player.MIN}
    if text.lower() not in choices:
        raise GameError(f"--first must be max or min, not {text!r}")
    return choices[text.lower()]


def decimal(value: Number) -> str:
    """``value`` exactly, with its decimal expansion when it is not an integer.

    >>> decimal(Fraction(38, 5)), decimal(Fraction(-1, 8)), decimal(Fraction(16, 3)), decimal(12)
    ('38/5 = 7.6', '-1/8 = -0.125', '16/3 ≈ 5.333333', '12')
    """
    value = Fraction(value)
    exact = format_number(value)
    if value.denominator == 1:
        return exact
    places, denominator = 0, value.denominator
    while denominator % 10 == 0 or denominator % 2 == 0 or denominator % 5 == 0:
        places += 1
        denominator //= 2 if denominator % 2 == 0 else 5
    if denominator != 1:
        return f"{exact} ≈ {approximate(value)}"
    scaled = abs(value) * 10**places  # an integer: the denominator divides 10**places
    digits = format_number(scaled.numerator).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    text = f"{sign}{digits[:-places]}.{digits[-places:]}".rstrip("0")
    return f"{exact} = {text}"


def solve_command(
    expression: str = typer.Argument(..., help="The expression, e.g. 'X*(Y-Z)'."),
    domain: Domain = "0..9",
    algorithm: str = typer.Option(
        DEFAULT_ALGORITHM,
        "--algorithm",
        "-a",
        help=describe(CHOICES),
    ),
    seed: Seed = 0,
    first: str = typer.Option("max", "--first", help=FIRST_HELP),
    timeout: float | None = typer.Option(
        None, "--timeout", help=f"{TIMEOUT_HELP}.", callback=check_seconds
    ),
    max_nodes: int | None = typer.Option(
        None,
        "--max-nodes",
        min=1,
        help="Stop after this many nodes (as --timeout: the bounds proven, exit status 4).",
    ),
    max_variables: int = typer.Option(
        MAX_VARIABLES, "--max-variables", min=0, help="Refuse beyond."
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
    """The minimax value of e-Valuate on EXPRESSION, a principal variation and statistics."""
    options = ProofOptions(workers, scheduler, store, timeout, slice_seconds, ladder, ask, fresh)
    if options.wanted:
        from evalgame.games.evaluate.proof import evaluate_problem

        problem = evaluate_problem(expression, parse_domain(domain), parse_first(first))
        report_proof(
            problem,
            options,
            {"expression": expression},
            json_output,
            lambda proof: (
                f"[bold]{problem.label}[/]: value [bold green]"
                f"{'no valid leaf' if proof.value is None else decimal(proof.value)}[/]"
            ),
        )
        return
    warn_if_slow(expression, domain, algorithm)
    with (
        json_stops(json_output, expression=expression),
        search_budget(algorithm, timeout=timeout, nodes=max_nodes) as budget,
    ):
        solution = solve(
            expression,
            parse_domain(domain),
            algorithm=algorithm,
            first=parse_first(first),
            seed=seed,
            budget=budget,
            max_variables=max_variables,
        )
    if json_output:
        print_json(solution.as_json())
    else:
        show_solution(solution)


#: game trees at least this large take the tree searches tens of seconds (BENCHMARKS.md)
SLOW_TREE = 10**8


def warn_if_slow(expression: str, domain: str, algorithm: str) -> None:
    """Say before a long search starts that it is long (on standard error: --json stays
    clean). The tree searches walk much of T(n); the default algorithm does not."""
    if algorithm not in TREE:
        return
    try:
        size = tree_size(len(parse(expression).variables), len(parse_domain(domain)))
    except EvalgameError:
        return  # the solve reports it
    if size >= SLOW_TREE:
        err_console.print(
            f"[yellow]{algorithm} searches a game tree of {size:,} nodes: expect tens of "
            "seconds or more (the default algorithm takes about a second); a status line "
            "shows its progress.[/]"
        )


def show_solution(solution: Solution) -> None:
    """The human-readable report of a solve."""
    expression = solution.expression
    console.print(
        f"[bold]{expression}[/]  over {format_domain(solution.domain)}  "
        f"({len(expression.variables)} variables, {solution.first.name} proposes first)"
    )
    if solution.value is None:
        console.print(
            "no valid leaf: every completion is undefined (a division by zero, 0 to a negative "
            "power or a non-integer exponent), so E has no minimax value"
        )
        return
    console.print(f"value      [bold green]{decimal(solution.value)}[/]")
    console.print(f"line       {solution.line()}")
    if solution.value_order is not None and solution.algorithm == "paper":
        order = ", ".join(format_number(v) for v in solution.value_order)
        console.print(f"order      {order}")
    stats = solution.stats.as_dict()
    shown = ", ".join(f"{name} {count:,}" for name, count in stats.items() if count)
    console.print(f"algorithm  {solution.algorithm}, {solution.seconds:.3f} s")
    console.print(f"stats      {shown}")


def info_command(
    expression: str = typer.Argument(..., help="The expression."),
    domain: Domain = "0..9",
    json_output: JsonOutput = False,
) -> None:
    """The parsed expression, its game tree's size T(n) and the paper's bounds on it."""
    about = info(expression, parse_domain(domain))
    parsed, values = about.expression, about.domain
    lower, upper = about.size_bounds
    if json_output:
        low, high = (None, None) if about.interval is None else about.interval
        print_json(
            {
                "expression": expression,
                "parsed": str(parsed),
                "rpn": [item.text for item in parsed.rpn],
                "variables": list(parsed.variables),
                "domain": [exact_json(value) for value in values],
                "tree_size": about.tree_size,
                "leaves": about.leaves,
                # the paper's 2·n!·mⁿ ≤ T(n) ≤ 2·n!·mⁿ·e^{1/m}, for n ≥ 1 variables
                "tree_size_bounds": [lower, upper] if parsed.variables else None,
                "lower": exact_json(low),
                "upper": exact_json(high),
                "defined": (
                    "never"
                    if about.interval is None
                    else "always"
                    if about.always_defined
                    else "sometimes"
                ),
            }
        )
        return
    table = Table(show_header=False, box=None)
    table.add_row("expression", str(parsed))
    table.add_row("reverse Polish", " ".join(item.text for item in parsed.rpn))
    table.add_row("variables", ", ".join(parsed.variables) or "none")
    table.add_row("domain", f"{format_domain(values)} ({len(values)} values)")
    table.add_row(
        "game tree T(n)", f"{_count(about.tree_size)} nodes, {_count(about.leaves)} leaves"
    )
    if parsed.variables:
        table.add_row("paper's bounds", f"{_count(lower)} ≤ T(n) ≤ {_count(upper)}")
    if about.interval is None:
        table.add_row("bounds on E", "none: E is never defined")
    else:
        low, high = about.interval
        table.add_row(
            "bounds on E",
            f"[{'-∞' if low is None else format_number(low)}, "
            f"{'+∞' if high is None else format_number(high)}]",
        )
        table.add_row("always defined", "yes" if about.always_defined else "no (see evalgame fair)")
    _print_folded(table)


def demo_command() -> None:
    """Solve the built-in examples: X*(Y-Z) and (a+b)/c + (d+e)/f."""
    for expression in ("X*(Y-Z)", "(a+b)/c + (d+e)/f"):
        show_solution(solve(expression, DIGITS))
        console.print()
    console.print(
        "Try: evalgame solve 'x/y + 2*y/z - z/x' --algorithm paper · "
        "evalgame play 'X*(Y-Z)' · evalgame paper · evalgame --help"
    )


def fair_command(
    expression: str = typer.Argument(..., help="The expression."),
    domain: Domain = "0..9",
    json_output: JsonOutput = False,
) -> None:
    """Exact odds of MAX win / MIN win / draw when players move at random or optimally."""
    from evalgame.analysis.fairness import fairness  # numpy: only this command needs it

    report = fairness(expression, parse_domain(domain))
    if json_output:
        print_json(
            {
                "expression": report.expression.text,
                "value": exact_json(report.minimax),
                "random": report.random.as_json(),
                "optimal_max": report.optimal_max.as_json(),
                "optimal_min": report.optimal_min.as_json(),
                "fair": report.fair,
                "never_loses": side_json(report.never_loses),
            }
        )
        return
    minimax = "none" if report.minimax is None else decimal(report.minimax)
    console.print(f"[bold]{report.expression}[/] over {format_domain(report.domain)}: "
                  f"minimax(E) = {minimax}")  # fmt: skip
    table = Table("players", "MAX wins", "MIN wins", "draw", "undefined")
    for label, odds in (
        ("both random", report.random),
        ("MAX optimal, MIN random", report.optimal_max),
        ("MIN optimal, MAX random", report.optimal_min),
    ):
        table.add_row(label, *(_percent(p) for p in (odds.max_wins, odds.min_wins, odds.draw,
                                                    odds.undefined)))  # fmt: skip
    _print_folded(table)
    console.print(
        "Random players pick uniformly among all their moves; an optimal player keeps to "
        "minimax-optimal moves and, among them, plays for its best chance of winning. "
        "'undefined' games end on a division by zero, 0 to a negative power or a non-integer "
        "exponent. (evalgame play's random players avoid such moves when they can.)"
    )
    verdict = "fair" if report.fair else "not fair"
    console.print(f"Under random play the game is {verdict}.")
    if report.never_loses == "MIN":
        reason = (
            "E uses only + and * on non-negative numbers, so minimax(E) = max(E)"
            if report.only_plus_times
            else "minimax(E) = max(E) here"
            if len(report.expression.variables) <= 1
            else "no line of play ends above minimax(E)"
        )
        console.print(f"MIN can never lose: {reason}.")
    elif report.never_loses == "MAX":
        console.print("MAX can never lose: no line of play ends below minimax(E).")


def _percent(probability: Fraction) -> str:
    return f"{format_number(probability)} ({float(probability):.1%})"


def _count(number: int) -> str:
    """A count with thousands separators, or its order of magnitude past 60 digits."""
    return f"{number:,}" if number < 10**60 else f"≈ {approximate(number, 3)}"


def _print_folded(table: Table) -> None:
    """Print ``table`` wrapping long exact numbers instead of cutting them with '…'."""
    for column in table.columns:
        column.overflow = "fold"
    console.print(table)
