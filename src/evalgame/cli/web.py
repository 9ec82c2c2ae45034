"""``evalgame serve``: the web app — play the games and explore game trees in a browser."""

from __future__ import annotations

import typer

from evalgame.cli.shared import console, err_console
from evalgame.errors import InputError

#: connections served at once; beyond, uvicorn answers 503 at once
MAX_CONNECTIONS = 256


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    workers: int = typer.Option(
        0, "--workers", min=0, help="Processes for the heavy requests (0: one per core)."
    ),
    allow_host: list[str] = typer.Option(
        [],
        "--allow-host",
        help="A name the Host header may give besides localhost and IP addresses "
        "(repeatable; '*' allows any — only behind a proxy that checks it).",
    ),
) -> None:
    """Serve the web page and its JSON API (Ctrl-C stops)."""
    if not 0 < port < 65536:
        raise InputError(f"--port must be between 1 and 65535, not {port}")
    import uvicorn

    from evalgame.web import create_app
    from evalgame.web.guard import LOCAL_HOSTS
    from evalgame.web.workers import QUEUE_PER_WORKER, Workers, default_size

    size = workers or default_size()
    pool = Workers(size, QUEUE_PER_WORKER * size)
    hosts = None if "*" in allow_host else (*LOCAL_HOSTS, host, *allow_host)
    if host not in ("127.0.0.1", "localhost", "::1"):
        err_console.print(
            f"[bold yellow]warning:[/] listening on {host}: anyone who can reach this machine "
            "can use the server: it has no authentication. It answers requests addressed to an "
            f"IP address or to {', '.join(hosts) if hosts else 'any name'} (--allow-host)."
        )
    console.print(f"evalgame is being served at http://{host}:{port}/  (Ctrl-C stops)")
    uvicorn.run(
        create_app(pool, allowed_hosts=hosts),
        host=host,
        port=port,
        log_level="warning",
        limit_concurrency=MAX_CONNECTIONS,
        timeout_keep_alive=5,
    )
