"""Residual expressions: what is left of an expression once some variables hold values.

Expressions are kept in a hash-consed normal form, so that equal normal forms are one
integer id and a transposition table can key on them. Every rewrite keeps the value AND
the set of assignments where the value is defined, which is what makes equal ids mean
equal games. Each node also carries exact interval bounds over the domain, the granularity
of its values and whether it is defined for every completion.

One job per module, put together in :class:`Residuals`:

=================  ==========================================================
``store``          the hash-consed rows (kind, payload, names, totality)
``intervals``      exact bounds and granularity, computed when first asked for
``normal``         building in normal form: constants, variables, ``+ - * / ^``
``substitution``   setting a variable, evaluating
``renaming``       renaming variables, canonical renaming, name-blind shapes
``uniform``        every variable set to the same domain value
``text``           printing a residual
=================  ==========================================================

>>> algebra = Residuals(range(10))
>>> e = algebra.from_text("v + w + x - y - z")
>>> rest = algebra.substitute(algebra.substitute(e, "v", 7), "y", 7)
>>> rest == algebra.from_text("w + x - z")
True
>>> algebra.from_text("b*a + 2") == algebra.from_text("2 + a*b")
True
>>> algebra.interval(algebra.from_text("x/y"))
(0, 9)
"""

from __future__ import annotations

from evalgame.expr.residual.renaming import Renaming
from evalgame.expr.residual.store import CONST, INVALID, POW, PROD, SUM, UNDEFINED, VAR
from evalgame.expr.residual.substitution import Substitution
from evalgame.expr.residual.text import Text
from evalgame.expr.residual.uniform import Ratio, UniformValues


class Residuals(Substitution, Renaming, UniformValues, Text):
    """A store of hash-consed residual expressions over one domain.

    Node ``i`` has ``kind[i]``, a payload ``data[i]``, the variables it mentions
    ``names[i]`` and ``total[i]`` (defined for every completion); :meth:`interval` and
    :meth:`step` give its exact bounds and granularity, computed when first asked for.
    """


__all__ = [
    "CONST",
    "INVALID",
    "POW",
    "PROD",
    "SUM",
    "UNDEFINED",
    "VAR",
    "Ratio",
    "Residuals",
]
