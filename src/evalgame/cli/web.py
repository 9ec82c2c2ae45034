"""``evalgame serve``: the web app — play the games and explore game trees in a browser."""

from __future__ import annotations

import typer

from evalgame.cli.shared import console
from evalgame.errors import InputError


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
) -> None:
    """Serve the web page and its JSON API (Ctrl-C stops)."""
    if not 0 < port < 65536:
        raise InputError(f"--port must be between 1 and 65535, not {port}")
    import uvicorn

    from evalgame.web import create_app

    console.print(f"evalgame is being served at http://{host}:{port}/  (Ctrl-C stops)")
    uvicorn.run(create_app(), host=host, port=port, log_level="warning")
