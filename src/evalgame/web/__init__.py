"""The web app: play e-Valuate, the tiling game and graph games, explore game trees.

``evalgame serve`` runs it with uvicorn; :func:`create_app` builds it (for tests, or to
mount it elsewhere).
"""

from __future__ import annotations

from evalgame.web.app import create_app

__all__ = ["create_app"]
