"""The size of e-Valuate's game tree: the paper's T(n) and its bounds.

For n variables and a domain of m values, T(0) = 1 and T(n) = 1 + m + m·n·T(n−1) (the paper's
T(n) = 11 + 10·n·T(n−1) for the digits), and 2·n!·mⁿ ≤ T(n) ≤ 2·n!·mⁿ·e^{1/m}.

>>> [tree_size(n) for n in range(4)]
[1, 21, 431, 12941]
>>> tree_size(6)
1552953671
"""

from __future__ import annotations

import math
from decimal import ROUND_CEILING, Decimal, localcontext
from functools import cache


@cache
def tree_size(n: int, m: int = 10) -> int:
    """T(n): the number of nodes of the game tree of n variables over m values."""
    size = 1
    for k in range(1, n + 1):
        size = 1 + m + m * k * size
    return size


def leaves(n: int, m: int = 10) -> int:
    """The number of leaves, n!·mⁿ."""
    return int(math.factorial(n) * m**n)


def tree_size_bounds(n: int, m: int = 10) -> tuple[int, int]:
    """The paper's bounds (2·n!·mⁿ, 2·n!·mⁿ·e^{1/m}) on T(n), the upper one rounded up to
    a whole number (computed with enough decimal digits to be exact however large).

    >>> tree_size_bounds(5)
    (24000000, 26524103)
    >>> low, high = tree_size_bounds(5)
    >>> low <= tree_size(5) <= high
    True
    """
    low = 2 * leaves(n, m)
    with localcontext() as context:
        context.prec = len(str(Decimal(low))) + 20
        high = Decimal(low) * (Decimal(1) / m).exp()
    return low, int(high.to_integral_value(rounding=ROUND_CEILING))
