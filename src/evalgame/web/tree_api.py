"""The game-tree explorer's API: the tree of a small expression and its picture.

=================================  =========================================================
``POST /api/tree``                 the whole tree (≤ 3 variables) with values, statuses and
                                   the order of evaluation, compactly (see
                                   :meth:`~evalgame.lab.tree.GameTree.as_json`)
``GET /api/tree/picture``          the tree drawn as SVG (``expression``, ``domain``,
                                   ``algorithm``, ``at``: moves separated by commas)
=================================  =========================================================

The trees drawn lately are kept (within the bounds of :class:`~evalgame.play.engines.Engines`:
at most :data:`MAX_CACHED_NODES` nodes in all), so stepping through one is quick.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from evalgame.expr.domain import parse_domain
from evalgame.expr.expression import parse
from evalgame.lab.tree import GameTree, game_tree
from evalgame.lab.tree_pictures import save, tree_figure
from evalgame.play.engines import Engines
from evalgame.web import workers
from evalgame.web.errors import HEAVY
from evalgame.web.models import MAX_DOMAIN_LENGTH, MAX_EXPRESSION_LENGTH, TreeAlgorithm, TreeRequest

#: trees kept for later requests, and their nodes in all (a tree has at most
#: :data:`~evalgame.lab.tree.MAX_TREE_NODES`; a node with its JSON takes about 550
#: bytes: ~33 MB per worker process)
CACHED_TREES = 8
MAX_CACHED_NODES = 60_000

router = APIRouter(prefix="/api/tree", tags=["game tree"])


@router.post("", responses=HEAVY)
async def tree(request: TreeRequest, http: Request) -> dict[str, Any]:
    """The tree of ``expression`` and the walk of ``algorithm`` on it."""
    key = _key(request.expression, request.domain)
    return await workers.run(http, _tree_json, *key, request.algorithm)


def _tree_json(expression: str, domain: str, algorithm: str) -> dict[str, Any]:
    kept = _TREES.get((expression, domain, algorithm))
    if kept.json is None:  # made once: it costs a good part of the search's time
        kept.json = kept.tree.as_json()
    return kept.json


@router.get(
    "/picture",
    response_class=Response,
    responses={**HEAVY, 200: {"content": {"image/svg+xml": {}}, "description": "The picture."}},
)
async def picture(
    http: Request,
    expression: Annotated[str, Query(min_length=1, max_length=MAX_EXPRESSION_LENGTH)],
    domain: Annotated[str, Query(min_length=1, max_length=MAX_DOMAIN_LENGTH)] = "0..9",
    algorithm: TreeAlgorithm = "alphabeta",
    at: Annotated[str, Query(max_length=100)] = "",
) -> Response:
    """The tree drawn as an SVG picture (pruned subtrees marked)."""
    svg = await workers.run(http, _picture, *_key(expression, domain), algorithm, at)
    return Response(svg, media_type="image/svg+xml")


def _picture(expression: str, domain: str, algorithm: str, at: str) -> bytes:
    found = _tree(expression, domain, algorithm)
    figure = tree_figure(found, at=found.parse_path(at))
    buffer = io.BytesIO()
    save(figure, buffer, "svg")
    return buffer.getvalue()


def _key(expression: str, domain: str) -> tuple[str, str]:
    """A canonical cache key (and the parse errors, with their positions, first)."""
    return str(parse(expression)), ",".join(map(str, parse_domain(domain)))


@dataclass
class Kept:
    """A tree drawn lately, and its JSON once asked for."""

    tree: GameTree
    json: dict[str, Any] | None = None


def _tree(expression: str, domain: str, algorithm: str) -> GameTree:
    return _TREES.get((expression, domain, algorithm)).tree


def _make(key: tuple[str, str, str]) -> Kept:
    expression, domain, algorithm = key
    return Kept(game_tree(expression, parse_domain(domain), algorithm=algorithm))


_TREES: Engines[tuple[str, str, str], Kept] = Engines(
    _make,
    size=lambda kept: len(kept.tree.nodes),
    max_engines=CACHED_TREES,
    max_size=MAX_CACHED_NODES,
)
