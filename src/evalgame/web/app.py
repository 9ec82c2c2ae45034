"""The web app: one page and a JSON API, made by :func:`create_app`.

The page (``/``) and its scripts and styles (``/static/…``) ship inside the package: plain
HTML, CSS and JavaScript, nothing to build. The API is stateless — each request carries
the whole game so far — so the server keeps no sessions; the play layer
(:mod:`evalgame.play`) only caches engines (and their transposition tables) per
expression, board or graph.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/health").json()
{'status': 'ok', 'pending': 0}
>>> client.post("/api/evaluate/check", json={"expression": "x+)"}).json()["position"]
2
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from importlib.metadata import version
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from evalgame.web import (
    classic_api,
    dag_api,
    errors,
    evaluate_api,
    graph_api,
    impartial_api,
    tiling_api,
    tree_api,
)
from evalgame.web.guard import Guard
from evalgame.web.workers import QUEUE_PER_WORKER, Workers, default_size

#: the page and its assets
STATIC = Path(__file__).parent / "static"


def create_app(
    workers: Workers | None = None, *, allowed_hosts: Sequence[str] | None = None
) -> FastAPI:
    """A new app serving the page and the API; heavy requests run in ``workers`` (by
    default one thread per core, as in the tests; ``evalgame serve`` uses processes).
    ``allowed_hosts`` are the names the Host header may give (``None``: any)."""
    pool = workers or Workers(default_size(), QUEUE_PER_WORKER * default_size(), processes=False)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await pool.start()
        yield
        pool.close()

    app = FastAPI(
        title="evalgame",
        summary="Play and explore e-Valuate and other finite two-player games, exactly.",
        version=version("evalgame"),
        lifespan=lifespan,
    )
    app.state.workers = pool
    errors.install(app)
    app.add_middleware(GZipMiddleware, minimum_size=2000)
    app.add_middleware(Guard, allowed_hosts=allowed_hosts)
    for module in (
        evaluate_api,
        tree_api,
        tiling_api,
        graph_api,
        dag_api,
        impartial_api,
        classic_api,
    ):
        app.include_router(module.router, responses=errors.ERRORS)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/health")
    async def health() -> dict[str, str | int]:
        """Whether the server is up, and how many heavy requests run or wait."""
        return {"status": "ok", "pending": pool.pending}

    return app
