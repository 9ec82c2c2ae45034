"""The ``evalgame`` command line: every command, where it lives, and its place in ``--help``.

:data:`COMMANDS` names each command's module (in this package) and function, in the order
``--help`` lists them. A module is imported only when one of its commands is registered:
:func:`main` registers just the command it runs, so ``evalgame solve`` loads neither the
other commands' code nor numpy, networkx, matplotlib or FastAPI
(``tests/cli/test_startup.py``); ``evalgame --help`` lists every command from its docstring,
read from the source without importing it (:func:`listing`); ``evalgame.cli.app``
registers them all.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(register(), ["--help"]).exit_code
0
"""

from __future__ import annotations

import ast
import functools
import importlib
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from evalgame.cli.shared import app as _app
from evalgame.cli.shared import application
from evalgame.errors import Terminated

#: command → (help panel, module, function), in the order of ``--help``
COMMANDS: dict[str, tuple[str, str, str]] = {
    "solve": ("e-Valuate", "evaluate", "solve_command"),
    "info": ("e-Valuate", "evaluate", "info_command"),
    "demo": ("e-Valuate", "evaluate", "demo_command"),
    "fair": ("e-Valuate", "evaluate", "fair_command"),
    "paper": ("e-Valuate", "paper", "paper_command"),
    "tree": ("e-Valuate", "tree", "tree_command"),
    "classic": ("Other games", "classic", "classic"),
    "dag": ("Other games", "dag", "dag"),
    "grundy": ("Other games", "impartial", "grundy"),
    "nim": ("Other games", "impartial", "nim"),
    "play": ("Play", "play", "play"),
    "serve": ("Play", "web", "serve"),
    "graph": ("Paper's variants", "graph", "graph_command"),
    "tiling": ("Paper's variants", "tiling", "tiling"),
    "verify": ("Paper's variants", "verify", "verify_command"),
    "proofs": ("Parallel proofs", "proofs", "proofs_command"),
    "version": ("About", "about", "version"),
    "engines": ("About", "about", "engines"),
}

if TYPE_CHECKING:
    #: the application with every command registered (see :func:`__getattr__`)
    app: typer.Typer


def register(*names: str) -> typer.Typer:
    """The shared application with the commands ``names`` (all when none) registered,
    importing only their modules."""
    registered = {info.name for info in _app.registered_commands}
    for name in names or COMMANDS:
        if name not in registered:
            panel, module, function = COMMANDS[name]
            command = getattr(importlib.import_module(f"{__name__}.{module}"), function)
            _app.command(name, rich_help_panel=panel)(command)
    order = list(COMMANDS)
    _app.registered_commands.sort(key=lambda info: order.index(str(info.name)))
    return _app


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # ``from evalgame.cli import app``: the whole command line
        return register()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def listing() -> typer.Typer:
    """An application listing every command with its help, as ``evalgame --help`` shows
    them, without importing any: the help is each command's docstring, read from the
    source of its module (the commands cannot run from here)."""
    listed = application()
    for name, (panel, module, function) in COMMANDS.items():
        listed.command(name, rich_help_panel=panel, help=_docstrings(module)[function])(_listed)
    return listed


@functools.cache
def _docstrings(module: str) -> dict[str, str | None]:
    """The docstring of every function of the command module ``module``, by name."""
    tree = ast.parse((Path(__file__).parent / f"{module}.py").read_text(encoding="utf-8"))
    return {
        node.name: ast.get_docstring(node)
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }


def _terminate(signum: int, frame: object) -> None:
    """SIGTERM stops a command as Ctrl-C does: a long proof ended by its batch system
    calls off its tasks, closes its store and says what it proved."""
    raise Terminated


def _listed() -> None:
    """A command of :func:`listing`, which only lists it (:func:`main` runs a command after
    registering it for real)."""
    raise AssertionError("a listed command is not run")


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input ends with a message and a non-zero status."""
    signal.signal(signal.SIGTERM, _terminate)
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in COMMANDS:
        register(args[0])(args=argv)  # the command about to run is all that is imported
    else:
        listing()(args=argv)  # --help, no command or a misspelt one: the list of commands


__all__ = ["app", "main"]
