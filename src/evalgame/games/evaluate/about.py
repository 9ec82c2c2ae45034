"""What can be said about an e-Valuate game before solving it: its tree's size, the
paper's bounds on that size, and exact bounds on the expression's value.

>>> about = info("X*(Y-Z)", range(10))
>>> about.tree_size, about.leaves, about.interval, about.always_defined
(12941, 6000, (-81, 81), True)
>>> info("1/(X-X)", range(10)).interval is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evalgame.expr.bounds import Interval
from evalgame.expr.evaluate import check_number_size
from evalgame.expr.expression import Expression, parse
from evalgame.expr.residual import INVALID, Residuals
from evalgame.games.evaluate.treesize import leaves, tree_size, tree_size_bounds
from evalgame.numbers import Number


@dataclass(frozen=True)
class Info:
    """The facts :func:`info` gathers (see the module doc).

    ``interval`` is ``None`` when E is defined nowhere; ``size_bounds`` are the paper's
    bounds 2·n!·mⁿ ≤ T(n) ≤ 2·n!·mⁿ·e^{1/m}.
    """

    expression: Expression
    domain: tuple[Number, ...]
    tree_size: int
    leaves: int
    size_bounds: tuple[int, int]
    interval: Interval | None
    always_defined: bool


def info(expression: Expression | str, domain: Sequence[Number]) -> Info:
    """The size of the game tree of ``expression`` over ``domain`` and bounds on its value."""
    parsed = parse(expression) if isinstance(expression, str) else expression
    check_number_size(parsed.tree, domain)  # the bounds on E compute with such numbers
    n, m = len(parsed.variables), len(domain)
    algebra = Residuals(domain)
    node = algebra.from_tree(parsed.tree)
    defined = node != INVALID
    return Info(
        expression=parsed,
        domain=tuple(domain),
        tree_size=tree_size(n, m),
        leaves=leaves(n, m),
        size_bounds=tree_size_bounds(n, m),
        interval=algebra.interval(node) if defined else None,
        always_defined=defined and algebra.total[node],
    )
