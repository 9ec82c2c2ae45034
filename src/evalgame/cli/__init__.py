"""The ``evalgame`` command line: every command, where it lives, and its place in ``--help``.

:data:`COMMANDS` names each command's module (in this package) and function, in the order
``--help`` lists them. A module is imported only when one of its commands is registered:
:func:`main` registers just the command it runs, so ``evalgame solve`` loads neither the
other commands' code nor numpy, networkx, matplotlib or FastAPI
(``tests/cli/test_startup.py``); ``--help`` and ``evalgame.cli.app`` register them all.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(register(), ["--help"]).exit_code
0
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

import typer

from evalgame.cli.shared import app as _app

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


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input ends with a message and a non-zero status."""
    args = sys.argv[1:] if argv is None else argv
    # the command about to run is all that is imported; --help or a misspelt name gets all
    register(*(args[:1] if args and args[0] in COMMANDS else ()))
    _app(args=argv)


__all__ = ["app", "main"]
