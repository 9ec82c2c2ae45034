"""The paper's static heuristic for the order in which MAX tries values (§3.1).

For each value i and variable X, the MAX node {i→X} two levels below the root is estimated
by the largest val(E) over ``samples`` random instantiations of the other variables with
X fixed at i; MIN's node {i} is estimated by the smallest of those over X; values are then
tried in decreasing order of estimate (ties: increasing value). Sampling is seeded, so the
order is reproducible.

>>> from evalgame.expr import parse
>>> paper_value_order(parse("(10-X)*Y"), tuple(range(10)), seed=1)[:3]
(5, 4, 6)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from evalgame.expr.expression import Expression
from evalgame.numbers import Number

#: random instantiations per estimated node
DEFAULT_SAMPLES = 64


def paper_value_order(
    expression: Expression,
    domain: Sequence[Number],
    *,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[Number, ...]:
    """The domain in the order the paper's heuristic tries it at every MAX node."""
    estimates = value_estimates(expression, domain, seed=seed, samples=samples)
    ranked = sorted(
        range(len(domain)),
        key=lambda i: (estimates[i] is None, -(estimates[i] or 0)),
    )
    return tuple(domain[i] for i in ranked)


def value_estimates(
    expression: Expression,
    domain: Sequence[Number],
    *,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
) -> list[Number | None]:
    """ṽ({i}) for each domain value i, ``None`` where no sample was valid."""
    rng = random.Random(seed)
    evaluate = expression.compiled
    n = len(expression.variables)
    estimates: list[Number | None] = []
    for value in domain:
        per_variable: list[Number] = []
        for slot in range(n):
            best: Number | None = None
            for _ in range(samples):
                values = [rng.choice(domain) for _ in range(n)]
                values[slot] = value
                result = evaluate(values)
                if result is not None and (best is None or result > best):
                    best = result
            if best is not None:
                per_variable.append(best)
        estimates.append(min(per_variable) if per_variable else None)
    return estimates
