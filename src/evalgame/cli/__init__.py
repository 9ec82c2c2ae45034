"""The ``evalgame`` command line.

Every module of this package except :mod:`evalgame.cli.app` defines commands on the shared
typer :data:`app`; they are imported here so that the commands register themselves.

>>> from typer.testing import CliRunner
>>> CliRunner().invoke(app, ["--help"]).exit_code
0
"""

from __future__ import annotations

import importlib
import pkgutil

from evalgame.cli.app import app

#: modules whose commands come first in ``--help``, in this order; the rest follow
_FIRST = ("evaluate", "paper", "tree", "play", "web", "graph", "tiling")
for _name in (*_FIRST, *sorted(m.name for m in pkgutil.iter_modules(__path__))):
    if _name != "app":
        importlib.import_module(f"{__name__}.{_name}")


def main(argv: list[str] | None = None) -> None:
    """Run the command line; bad input ends with a message and a non-zero status."""
    app(args=argv)


__all__ = ["app", "main"]
