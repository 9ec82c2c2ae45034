"""The typer application, the shared console and the helpers every command uses.

Commands live in sibling modules (one per family of games); :mod:`evalgame.cli` registers
them on :data:`app`, which turns every :class:`~evalgame.errors.EvalgameError` into a
clear message and an exit status (:data:`EXIT_STATUS`). A search stopped by its budget,
Ctrl-C or SIGTERM is no error: it ends with the reason and the bounds proven (on
standard error) and exit status 4.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text
from typer.core import TyperGroup

from evalgame.errors import EvalgameError, InputError, SearchInterrupted, interruption

#: what each exit status of a command says, for ``--help`` and docs/json.md
EXIT_STATUS = (
    "0 done; 1 a failure (an invalid certificate, a cluster lost); 2 bad input; "
    "3 over a limit; 4 stopped by its budget (--timeout, --max-nodes), Ctrl-C or SIGTERM, "
    "with the bounds proven; 5 two proven facts contradict each other (evalgame verify: "
    "its Dask cluster failed)"
)
#: ``--help`` of the application: the exit statuses
EPILOG = f"Exit status: {EXIT_STATUS}."


class _Commands(TyperGroup):
    """Runs a command and turns an :class:`EvalgameError` into a message and exit status;
    a stopped search (:class:`SearchInterrupted`) ends as one of its outcomes, not as an
    error."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except SearchInterrupted as stop:
            _stopped(stop)
        except EvalgameError as error:
            _fail(error)
        except KeyboardInterrupt as stop:
            # Ctrl-C outside a search (while parsing, drawing...): the same message and
            # status as a search stopped by Ctrl-C, not click's bare "Aborted!"
            _stopped(SearchInterrupted(interruption(stop)))


def _fail(error: EvalgameError) -> NoReturn:
    # soft wrap: the terminal wraps a long message itself; rich would break it anywhere,
    # a file's path included, and a pipe would keep those breaks
    err_console.print(Text.assemble(("error: ", "bold red"), error.pretty()), soft_wrap=True)
    raise typer.Exit(error.exit_code) from None


def _stopped(stop: SearchInterrupted) -> NoReturn:
    """A search that did not finish: why, and what it proved (exit status 4)."""
    err_console.print(Text.assemble(("stopped: ", "bold yellow"), stop.pretty()), soft_wrap=True)
    raise typer.Exit(stop.exit_code) from None


def application() -> typer.Typer:
    """A new ``evalgame`` application, no command registered yet (:mod:`evalgame.cli`
    registers them)."""
    new = typer.Typer(
        cls=_Commands,
        name="evalgame",
        help="Solve and play e-Valuate and other finite two-player games, exactly.",
        epilog=EPILOG,
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    new.callback()(_root)
    return new


def _root() -> None:
    """Solve and play e-Valuate and other finite two-player games, exactly."""


#: the application the commands are registered on
app = application()


#: the default of ``--slice``
SLICE_SECONDS = 5.0
DOMAIN_HELP = "Values MAX proposes: a range like 0..9 or a list like 1,2,5 or -1/2,0,1/2."

# Options several commands share, declared once: ``json_output: JsonOutput = False``.
JsonOutput = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Domain = Annotated[str, typer.Option("--domain", "-d", help=DOMAIN_HELP)]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the paper's random sampling.")]
# the parallel proofs of ``solve``, ``tiling`` and ``graph`` (see :mod:`evalgame.cli.proofs`)
Workers = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=1,
        help="Prove in parallel on N local worker processes (default: one per core).",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(
        "--scheduler", help="Prove on the Dask cluster at this address (tcp://HOST:8786)."
    ),
]
Store = Annotated[
    Path | None,
    typer.Option(
        "--store", help="Keep every proven subproblem in this SQLite file; a rerun resumes from it."
    ),
]
SliceSeconds = Annotated[
    float,
    typer.Option(
        "--slice",
        help="CPU seconds a worker's task may run before its subproblem is split further.",
    ),
]
Ladder = Annotated[
    float | None,
    typer.Option(
        "--ladder",
        help='Ask the bound ladder\'s questions ("≥ upper?", "> lower?"), each first '
        "given this many seconds, doubled when it does not finish, instead of MTD(f)'s: on a "
        "game too large to finish, both bounds move a little in each sitting.",
    ),
]

Ask = Annotated[
    str | None,
    typer.Option(
        "--ask",
        metavar="G",
        help='Ask only "value ≥ G?" (it proves value ≥ G or value < G) instead of the whole '
        "value: steers a long solve one bound at a time, resumed from the store like any "
        "other question.",
    ),
]

Fresh = Annotated[
    bool,
    typer.Option(
        "--fresh",
        help="Start the proof from nothing: empty the proof store first (--store's, or the "
        "default one this problem resumes from).",
    ),
]


#: where human-readable output goes
console = Console(highlight=False)
#: where errors and progress go
err_console = Console(stderr=True, highlight=False)


def ask(prompt: str) -> str:
    """A line typed by the person (end of input counts as quitting: ``q``)."""
    try:
        return console.input(f"{escape(prompt)}: ")
    except EOFError:
        return "q"


def tell(message: str) -> None:
    """Show a plain message (no rich markup is interpreted in it)."""
    console.print(escape(message))


def print_json(data: Any) -> None:
    """Print ``data`` as one JSON object on standard output (the scripting contract)."""
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def picture_path(path: Path | None) -> Path | None:
    """Option callback of ``--out``: an .svg or .png file in a folder that can be written,
    checked before any search starts."""
    if path is None:
        return None
    if path.suffix.lower() not in (".svg", ".png"):
        raise typer.BadParameter(f"{path.name}: the file must end in .svg or .png")
    folder = path.parent
    if not folder.is_dir():
        raise typer.BadParameter(f"cannot draw {path}: there is no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise typer.BadParameter(f"cannot draw {path}: the folder {folder} is not writable")
    return path


@contextmanager
def json_stops(json_output: bool, **context: Any) -> Iterator[None]:
    """With ``--json``, a search stopped by its budget or Ctrl-C still prints one JSON
    object — ``context`` and ``{"status": "stopped", "reason", "lower", "upper", "stats"}``,
    as the web API answers — and exits with the stop's status."""
    try:
        yield
    except SearchInterrupted as stop:
        if not json_output:
            raise
        print_json({**context, **stop.as_json()})
        raise typer.Exit(stop.exit_code) from None


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Turn a failure to write ``path`` into a clear error."""
    try:
        yield
    except OSError as error:
        raise InputError(f"cannot write {path}: {error.strerror or error}") from None
