"""``evalgame version`` and ``evalgame engines``: the installed version and solvers."""

from __future__ import annotations

from evalgame.cli.shared import console


def version() -> None:
    """Print the installed version of evalgame."""
    from importlib.metadata import version as package_version  # slow to import: only here

    console.print(f"evalgame {package_version('evalgame')}")


def engines() -> None:
    """Which engines this installation uses (the compiled kernel or the Python reference)."""
    from evalgame.games.matching.native import engine_report  # not for `evalgame version`

    console.print(engine_report())
