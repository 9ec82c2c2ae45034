"""Backward induction over e-Valuate's whole position space at once, with numpy.

A proposer's position is a vector of codes, one per variable: 0 while the variable is free,
j+1 once it holds the j-th domain value; it is stored at index Σ codeᵢ·(m+1)ⁱ. Levels are
solved from the leaves (every variable set) to the root (none set): the proposer's value
is the best over proposed values j of the placer's best over free variables v of the
value at ``index + (j+1)·(m+1)ᵛ``. Values are exact ranks from :mod:`.leaves`, -1 for
invalid positions, so every comparison is between small integers. This is a second exact
solver, independent of the tree search, for up to about seven variables over the digits.

>>> values = solve_positions("(10-X)*Y")
>>> values.value(), values.principal_variation()
(45, [(5, 'X'), (9, 'Y')])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from evalgame.errors import LimitError
from evalgame.expr.domain import DIGITS, DomainLike
from evalgame.expr.expression import Expression
from evalgame.games.evaluate.game import setting
from evalgame.games.evaluate.leaves import LeafTable, leaf_table
from evalgame.numbers import Number
from evalgame.search.protocol import Player

Ranks = npt.NDArray[np.int32]

#: most proposer positions the vectorised solver handles
MAX_POSITIONS = 25_000_000


@dataclass
class PositionValues:
    """The value of every proposer's position, as ranks into ``leaves.values``."""

    expression: Expression
    domain: tuple[Number, ...]
    proposer: Player
    leaves: LeafTable
    ranks: Ranks

    @property
    def base(self) -> int:
        """m + 1: the radix of position indices."""
        return len(self.domain) + 1

    def value(self, index: int = 0) -> Number | None:
        """The exact value of the position at ``index`` (default: the start)."""
        rank = int(self.ranks[index])
        return None if rank < 0 else self.leaves.values[rank]

    def index(self, assignment: dict[str, Number]) -> int:
        """The index of the position where ``assignment`` holds (the rest free)."""
        where = {value: j for j, value in enumerate(self.domain)}
        return sum(
            (where[assignment[name]] + 1) * self.base**slot
            for slot, name in enumerate(self.expression.variables)
            if name in assignment
        )

    def placements(self, index: int, j: int) -> list[tuple[str, int]]:
        """The placer's options after value j is proposed: (variable, rank of the result)."""
        options = []
        for slot, name in enumerate(self.expression.variables):
            if (index // self.base**slot) % self.base == 0:
                child = index + (j + 1) * self.base**slot
                options.append((name, int(self.ranks[child])))
        return options

    def proposal_rank(self, index: int, j: int) -> int:
        """The rank (-1: invalid) of the placer's position after value j is proposed."""
        ranks = [rank for _, rank in self.placements(index, j) if rank >= 0]
        if not ranks:
            return -1
        return max(ranks) if self.proposer is Player.MIN else min(ranks)

    def principal_variation(self, index: int = 0) -> list[tuple[Number, str]]:
        """An optimal line from ``index``: (proposed value, variable) pairs."""
        line = []
        target = int(self.ranks[index])
        while target >= 0 and any(
            (index // self.base**slot) % self.base == 0
            for slot in range(len(self.expression.variables))
        ):
            j = next(j for j in range(len(self.domain)) if self.proposal_rank(index, j) == target)
            name, _ = next(o for o in self.placements(index, j) if o[1] == target)
            line.append((self.domain[j], name))
            index += (j + 1) * self.base ** self.expression.variables.index(name)
        return line


def solve_positions(
    expression: Expression | str,
    domain: DomainLike = DIGITS,
    *,
    first: Player | str = Player.MAX,
) -> PositionValues:
    """The exact value of every proposer's position of e-Valuate on ``expression``."""
    expression, domain, first = setting(expression, domain, first)
    n, m = len(expression.variables), len(domain)
    base = m + 1
    if base**n > MAX_POSITIONS:
        raise LimitError(
            "the number of positions", base**n, MAX_POSITIONS,
            "use the default solver, which searches only the positions it needs",
        )  # fmt: skip
    leaves = leaf_table(expression, domain)
    index = np.arange(base**n, dtype=np.int64)
    code_type = np.int8 if base <= 128 else np.int16  # a value's code is at most m ≤ 1000
    codes = [((index // base**slot) % base).astype(code_type) for slot in range(n)]
    free = np.zeros(base**n, dtype=np.int8)
    for code in codes:
        free += code == 0
    ranks = np.full(base**n, -1, dtype=np.int32)

    done = np.flatnonzero(free == 0)
    leaf_index = np.zeros(done.size, dtype=np.int64)
    for slot, code in enumerate(codes):
        leaf_index += (code[done].astype(np.int64) - 1) * m**slot
    ranks[done] = leaves.ranks[leaf_index]

    worst = len(leaves.values)  # above every rank: "no valid option" for a minimiser
    maximise = first is Player.MAX
    for level in range(1, n + 1):
        states = np.flatnonzero(free == level)
        slots = [(slot, codes[slot][states] == 0) for slot in range(n)]
        best = np.full(states.size, -1 if maximise else worst, dtype=np.int32)
        for j in range(m):
            reply = np.full(states.size, worst if maximise else -1, dtype=np.int32)
            for slot, is_free in slots:
                child = ranks[states[is_free] + (j + 1) * base**slot]
                if maximise:  # the placer minimises over valid children
                    child = np.where(child < 0, worst, child)
                    reply[is_free] = np.minimum(reply[is_free], child)
                else:
                    reply[is_free] = np.maximum(reply[is_free], child)
            if maximise:
                reply[reply == worst] = -1
                best = np.maximum(best, reply)
            else:
                reply = np.where(reply < 0, worst, reply)
                best = np.minimum(best, reply)
        if not maximise:
            best[best == worst] = -1
        ranks[states] = best
    return PositionValues(expression, domain, first, leaves, ranks)
