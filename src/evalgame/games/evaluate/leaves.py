"""val(E) at every complete assignment at once, exactly, with numpy.

Each subexpression is evaluated on the whole grid of assignments as a pair of int64 arrays
(numerator, denominator), reduced by their gcd after every operation, together with a
validity mask. Before each multiplication the magnitudes are checked: if a product could
leave int64, :class:`Overflow` is raised and the caller falls back to Python integers. The
distinct values are then ranked exactly, so that later stages compare small integers only.

>>> from evalgame.expr import parse
>>> table = leaf_table(parse("x/y"), (0, 1, 2))
>>> table.values
(0, Fraction(1, 2), 1, 2)
>>> table.ranks.reshape(3, 3).tolist()   # rows: y, columns: x; -1 marks x/0
[[-1, -1, -1], [0, 2, 3], [0, 1, 2]]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from evalgame.errors import LimitError
from evalgame.expr.expression import Expression
from evalgame.expr.nodes import Bin, Neg, Node, Num, Var
from evalgame.numbers import Number, normal

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

#: magnitude below which a product of two int64 values cannot overflow
_SAFE = 1 << 31
#: most leaves a table may have
MAX_LEAVES = 50_000_000
#: most leaves evaluated one by one when values outgrow int64
MAX_PYTHON_LEAVES = 2_000_000


class Overflow(ArithmeticError):
    """An intermediate value is too large for int64."""


@dataclass(frozen=True)
class LeafTable:
    """The exact value of every leaf, as ranks into the sorted distinct values.

    ``ranks`` is indexed by ``Σ dᵢ·mⁱ`` where dᵢ is the domain index of the i-th variable
    (in :attr:`Expression.variables` order); -1 marks an undefined value.
    """

    values: tuple[Number, ...]
    ranks: npt.NDArray[np.int32]


def leaf_table(expression: Expression, domain: Sequence[Number]) -> LeafTable:
    """Every leaf of e-Valuate on ``expression`` over ``domain``, ranked exactly."""
    n, m = len(expression.variables), len(domain)
    if m**n > MAX_LEAVES:
        raise LimitError(
            "the number of leaves", m**n, MAX_LEAVES, "use fewer variables or a smaller domain"
        )
    try:
        numerator, denominator, valid = _evaluate(expression, domain)
    except Overflow:
        return _table_in_python(expression, domain)
    pairs = np.stack([numerator[valid], denominator[valid]], axis=1)
    distinct, inverse = np.unique(pairs, axis=0, return_inverse=True)
    exact = [normal(Fraction(int(n), int(d))) for n, d in distinct.tolist()]
    return _rank(exact, inverse.reshape(-1), valid)


def _evaluate(
    expression: Expression, domain: Sequence[Number]
) -> tuple[IntArray, IntArray, BoolArray]:
    n, m = len(expression.variables), len(domain)
    size = m**n
    index = np.arange(size, dtype=np.int64)
    fractions = [Fraction(value) for value in domain]
    nums = np.array([f.numerator for f in fractions], dtype=np.int64)
    dens = np.array([f.denominator for f in fractions], dtype=np.int64)
    columns = {name: (index // m**slot) % m for slot, name in enumerate(expression.variables)}
    valid = np.ones(size, dtype=np.bool_)

    def walk(node: Node) -> tuple[IntArray, IntArray]:
        nonlocal valid
        if isinstance(node, Num):
            value = Fraction(node.value)
            return (
                np.full(size, value.numerator, np.int64),
                np.full(size, value.denominator, np.int64),
            )
        if isinstance(node, Var):
            column = columns[node.name]
            return nums[column], dens[column]
        if isinstance(node, Neg):
            a, b = walk(node.operand)
            return -a, b
        assert isinstance(node, Bin)
        an, ad = walk(node.left)
        bn, bd = walk(node.right)
        if node.op in "+-":
            sign = 1 if node.op == "+" else -1
            return _reduce(_mul(an, bd) + sign * _mul(bn, ad), _mul(ad, bd))
        if node.op == "*":
            return _reduce(_mul(an, bn), _mul(ad, bd))
        if node.op == "/":
            zero = bn == 0
            valid = valid & ~zero
            safe_bn = np.where(zero, 1, bn)
            numerator, denominator = _mul(an, bd), _mul(ad, safe_bn)
            negative = denominator < 0
            return _reduce(np.where(negative, -numerator, numerator), np.abs(denominator))
        return _power(an, ad, bn, bd)

    def _power(an: IntArray, ad: IntArray, bn: IntArray, bd: IntArray) -> tuple[IntArray, IntArray]:
        nonlocal valid
        exponents = np.unique(np.where(valid, bn, 0))
        if np.any((bd != 1) & valid):
            valid = valid & (bd == 1)
        result_n = np.ones(size, np.int64)
        result_d = np.ones(size, np.int64)
        for exponent in exponents.tolist():
            where = (bn == exponent) & valid
            pn, pd = _int_power(an, ad, abs(exponent))
            if exponent < 0:
                zero = pn == 0
                valid = valid & ~(where & zero)
                pn, pd = np.where(zero, 1, pd), np.where(zero, 1, pn)
                negative = pd < 0
                pn, pd = np.where(negative, -pn, pn), np.abs(pd)
            result_n = np.where(where, pn, result_n)
            result_d = np.where(where, pd, result_d)
        return result_n, result_d

    numerator, denominator = walk(expression.tree)
    return numerator, denominator, valid


def _int_power(n: IntArray, d: IntArray, exponent: int) -> tuple[IntArray, IntArray]:
    result_n = np.ones_like(n)
    result_d = np.ones_like(d)
    for _ in range(exponent):
        result_n, result_d = _mul(result_n, n), _mul(result_d, d)
    return result_n, result_d


def _mul(a: IntArray, b: IntArray) -> IntArray:
    if a.size and (int(np.abs(a).max()) >= _SAFE or int(np.abs(b).max()) >= _SAFE):
        raise Overflow
    return a * b


def _reduce(numerator: IntArray, denominator: IntArray) -> tuple[IntArray, IntArray]:
    divisor = np.gcd(numerator, denominator)
    divisor[divisor == 0] = 1
    return numerator // divisor, denominator // divisor


def _table_in_python(expression: Expression, domain: Sequence[Number]) -> LeafTable:
    """The slow, unbounded fallback: one exact evaluation per leaf."""
    n = len(expression.variables)
    if len(domain) ** n > MAX_PYTHON_LEAVES:
        raise LimitError(
            "the number of leaves with values too large for int64",
            len(domain) ** n,
            MAX_PYTHON_LEAVES,
            "use fewer variables or smaller numbers",
        )
    evaluate = expression.compiled
    results = [evaluate(tuple(reversed(values))) for values in itertools.product(domain, repeat=n)]
    valid = np.array([value is not None for value in results], dtype=np.bool_)
    distinct = sorted({value for value in results if value is not None})
    where = {value: i for i, value in enumerate(distinct)}
    inverse = np.array([where[v] for v in results if v is not None], dtype=np.int64)
    return _rank(distinct, inverse, valid)


def _rank(exact: list[Number], inverse: IntArray, valid: BoolArray) -> LeafTable:
    """Ranks of the valid leaves (``inverse`` indexes ``exact``) in increasing value order."""
    order = sorted(range(len(exact)), key=exact.__getitem__)
    position = np.empty(len(order), dtype=np.int32)
    position[np.array(order, dtype=np.int64)] = np.arange(len(order), dtype=np.int32)
    ranks = np.full(valid.shape, -1, dtype=np.int32)
    ranks[valid] = position[inverse]
    return LeafTable(tuple(exact[i] for i in order), ranks)
