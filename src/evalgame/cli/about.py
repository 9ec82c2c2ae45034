"""``evalgame version``: the installed version."""

from __future__ import annotations

from importlib.metadata import version as package_version

from evalgame.cli.app import app, console


@app.command(rich_help_panel="About")
def version() -> None:
    """Print the installed version of evalgame."""
    console.print(f"evalgame {package_version('evalgame')}")
