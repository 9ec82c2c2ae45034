"""The web app: one page and a JSON API, made by :func:`create_app`.

The page (``/``) and its scripts and styles (``/static/…``) ship inside the package: plain
HTML, CSS and JavaScript, nothing to build. The API is stateless — each request carries
the whole game so far — so the server keeps no sessions; the play layer
(:mod:`evalgame.play`) only caches engines (and their transposition tables) per
expression, board or graph.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.get("/api/health").json()
{'status': 'ok'}
>>> client.post("/api/evaluate/check", json={"expression": "x+)"}).json()["position"]
2
"""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from evalgame.web import errors, evaluate_api, graph_api, tiling_api, tree_api

#: the page and its assets
STATIC = Path(__file__).parent / "static"


def create_app() -> FastAPI:
    """A new app serving the page and the API."""
    app = FastAPI(
        title="evalgame",
        summary="Play and explore e-Valuate and other finite two-player games, exactly.",
        version=version("evalgame"),
    )
    errors.install(app)
    app.add_middleware(GZipMiddleware, minimum_size=2000)
    for module in (evaluate_api, tree_api, tiling_api, graph_api):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/api/health")
    def health() -> dict[str, str]:
        """Whether the server is up."""
        return {"status": "ok"}

    return app
