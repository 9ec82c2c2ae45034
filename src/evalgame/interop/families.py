"""The families of games the adapters know, by name, and :func:`translation`, which builds
one from parameters as a program gives them.

=============  ================================  ======================================
family         module                            game
=============  ================================  ======================================
``evaluate``   :mod:`evalgame.interop.evaluate`  e-Valuate
``tiling``     :mod:`evalgame.interop.tiling`    the tiling game
``graph``      :mod:`evalgame.interop.graph`     game(G, A, B, [k]) of the paper's §5
``impartial``  :mod:`evalgame.interop.impartial` Nim, Grundy's game, Kayles, subtraction
``dag``        :mod:`evalgame.interop.dag`       a game given as a DAG file
=============  ================================  ======================================

The value of a finished game is the game's own payoff to MAX: val(E) for e-Valuate (the
final value of the expression, which MAX maximises and MIN minimises — its minimax value
is what ``evalgame.solve`` reports), the number of dominoes for the tiling game, MAX's
share for graph games, +1 or −1 for impartial games, the leaf's value for DAG files.
"""

from __future__ import annotations

from typing import Any

from evalgame.errors import GameError
from evalgame.expr.domain import make_domain
from evalgame.interop.dag import DagTranslation
from evalgame.interop.evaluate import EvaluateTranslation, domain_word
from evalgame.interop.graph import GraphTranslation
from evalgame.interop.impartial import ImpartialTranslation
from evalgame.interop.tiling import TilingTranslation
from evalgame.interop.translation import Translation

#: the families by name
FAMILIES: dict[str, type[Translation[Any, Any]]] = {
    cls.family: cls
    for cls in (
        EvaluateTranslation,
        TilingTranslation,
        GraphTranslation,
        ImpartialTranslation,
        DagTranslation,
    )
}


def translation(family: str, **parameters: Any) -> Translation[Any, Any]:
    """The game of ``family`` (``evaluate``, ``tiling``, ``graph``, ``impartial``, ``dag``)
    with ``parameters``.

    Programs may give an e-Valuate expression as ordinary text and a domain as a list:

    >>> translation("evaluate", expression="(10-X)*Y", domain=[0, 5, 9]).parameters()
    {'expression': '10 X - Y *', 'domain': '0 5 9', 'first': 'max'}
    >>> translation("go")
    Traceback (most recent call last):
    ...
    evalgame.errors.GameError: unknown game 'go'; games: evaluate, tiling, graph, impartial, dag
    """
    cls = FAMILIES.get(family.strip().lower())
    if cls is None:
        raise GameError(f"unknown game {family!r}; games: {', '.join(FAMILIES)}")
    if cls is EvaluateTranslation and not isinstance(parameters.get("domain", ""), str):
        parameters["domain"] = domain_word(make_domain(parameters["domain"]))
    return cls.from_parameters(parameters)
