"""The ``evalgame`` command line: every command, where it lives, and its place in ``--help``.

The commands are functions in the sibling modules (one per family of games), registered
on the shared typer :data:`app` below, in the order ``--help`` lists them. A command
imports what only it needs (numpy, networkx, matplotlib, FastAPI) inside its own body, so
that ``evalgame solve`` starts without them (``tests/cli/test_startup.py`` checks it).

>>> from evalgame.cli import app
>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

from evalgame.cli import (
    about,
    classic,
    dag,
    evaluate,
    graph,
    impartial,
    paper,
    play,
    tiling,
    tree,
    web,
)
from evalgame.cli.app import app

#: (help panel, command name, the function that runs it), in the order of ``--help``
COMMANDS = (
    ("e-Valuate", "solve", evaluate.solve_command),
    ("e-Valuate", "info", evaluate.info_command),
    ("e-Valuate", "demo", evaluate.demo_command),
    ("e-Valuate", "fair", evaluate.fair_command),
    ("e-Valuate", "paper", paper.paper_command),
    ("e-Valuate", "tree", tree.tree_command),
    ("Other games", "classic", classic.classic),
    ("Other games", "dag", dag.dag),
    ("Other games", "grundy", impartial.grundy),
    ("Other games", "nim", impartial.nim),
    ("Play", "play", play.play),
    ("Play", "serve", web.serve),
    ("Paper's variants", "graph", graph.graph_command),
    ("Paper's variants", "tiling", tiling.tiling),
    ("About", "version", about.version),
    ("About", "engines", about.engines),
)
for _panel, _name, _command in COMMANDS:
    app.command(_name, rich_help_panel=_panel)(_command)


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input ends with a message and a non-zero status."""
    app(args=argv)


__all__ = ["app", "main"]
