"""``evalgame version`` and ``evalgame engines``: the installed version and solvers."""

from __future__ import annotations

from importlib.metadata import version as package_version

from evalgame.cli.app import app, console
from evalgame.games.matching.native import engine_report


@app.command(rich_help_panel="About")
def version() -> None:
    """Print the installed version of evalgame."""
    console.print(f"evalgame {package_version('evalgame')}")


@app.command(rich_help_panel="About")
def engines() -> None:
    """Which engines this installation uses (the compiled kernel or the Python reference)."""
    console.print(engine_report())
