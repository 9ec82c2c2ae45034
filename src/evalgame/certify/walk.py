"""The verification walk of a certificate (format 1, "What the checker does"; format 2
adds the cut rule).

From the root, each position P (free set F, claim left b = bound − dominoes placed) is
verified by the first rule that applies:

1. *settled*: ``at_least`` with b ≤ 0; ``at_most`` when a maximum matching of F has at most
   b dominoes (``at_most`` with b < 0 fails);
2. *small*: |F| ≤ S, decided by exhaustive search;
3. *tame*: every region has at most K cells and is tame, decided by the sum rule;
3a. *cut* (format 2, ``at_least`` only): the entry for F is a cut C ⊆ F, and every region of
   F − C has at most K cells and is tame, with a value by the sum rule of at least b
   (monotonicity: F is worth at least F − C, whoever moves);
4. the prover's entry for F names a legal move and the position after it verifies, or
   (the opponent to move) the position after every legal move verifies.

Rules 2, 3 and 3a decide: a false claim there fails the walk, as do a missing entry, an illegal
move and a position without a move. Verified positions are remembered by key (the
canonical form of F when the certificate uses symmetry, F itself otherwise).

>>> from evalgame.certify.format import read_lines
>>> header = ('{"format": "evalgame-certificate", "version": 1, "board": "....", '
...           '"to_move": "max", "claim": "at_least", "bound": 2, "symmetry": true, '
...           '"small_cells": 0, "tame_cells": 0}')
>>> walker = Walker(read_lines([header, '{"free": "f", "move": [0, 1]}']))
>>> walker.verify() is None, walker.counts
(True, Counts(prover=1, opponent=1, settled=1, small=0, tame=0, cut=0))
>>> walker = Walker(read_lines([header, '{"free": "f", "move": [1, 2]}']))
>>> failure = walker.verify()
>>> print(failure.reason)
the claim value ≥ 1 fails: the sum rule gives the value 0 (N = 0, h = 0 hot regions; rule 3)
>>> print(failure.drawing)
.aa.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

from evalgame.certify.board import Move
from evalgame.certify.format import CUT, Certificate
from evalgame.certify.values import Values

#: positions verified between two calls of the walk's ``tick``
TICK = 4096


@dataclass
class Counts:
    """Positions verified: by the prover's entries and at the opponent's turn (rule 4),
    and the leaves by the rule that decided them (``cut``: format 2's rule 3a)."""

    prover: int = 0
    opponent: int = 0
    settled: int = 0
    small: int = 0
    tame: int = 0
    cut: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def total(self) -> int:
        """Every position verified.

        >>> Counts(1, 2, 3, 4, 5, 6).total()
        21
        """
        return sum(getattr(self, f.name) for f in fields(self))

    def json(self) -> dict[str, int]:
        """The counts as a JSON object."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Failure:
    """Where and why a certificate fails: the position's free set, the dominoes placed
    from the root to reach it (``None`` when no walk reached it: a repeated entry), the
    claim left there (as text, and its bound ``left``: the root's bound less the dominoes
    placed), the side to move and the position drawn."""

    reason: str
    free: int
    moves: tuple[Move, ...] | None
    claim: str
    to_move: str
    drawing: str
    left: int


class Walker:
    """Verifies positions of one certificate, remembering those verified; ``tick`` is
    called with the counts every :data:`TICK` positions."""

    def __init__(
        self, certificate: Certificate, tick: Callable[[Counts], None] | None = None
    ) -> None:
        header, board = certificate.header, certificate.board
        self.certificate, self.board, self.tick = certificate, board, tick
        self.entries = certificate.entries
        self.root_cells = board.free.bit_count()
        self.at_least = header.claim == "at_least"
        self.max_first = header.to_move == "max"
        self.bound, self.symmetry = header.bound, header.symmetry
        self.small, self.tame = header.small_cells, header.tame_cells
        #: whether entries may be cuts (format 2; the reader refuses them elsewhere)
        self.cuts = header.version >= 2 and self.at_least
        self.values = Values(board)
        # the walk's two costly helpers per position, in the C core when it is built
        # (the Python ones in board.py are their reference): the canonical form, eight
        # images of the free set, and the maximum matching of rule 1
        core = self.values.core
        self._canonical: Callable[[int], tuple[int, int]] = board.canonical
        self._matching: Callable[[int], int] = board.matching
        if core is not None:
            core.symmetries(board.symmetries)
            self._canonical, self._matching = core.canonical, core.matching
        self.memo: set[int] = set()
        self.counts = Counts()
        self.path: list[Move] = []
        #: with a depth to split at, the positions at that depth are set aside here
        #: (free set, moves from the root) instead of being verified (``--workers``)
        self.frontier: list[tuple[int, tuple[Move, ...]]] = []
        self.split: int | None = None

    def verify(self, free: int | None = None, path: Sequence[Move] = ()) -> Failure | None:
        """Verify the position ``free`` (the root by default) reached by the moves
        ``path``: ``None`` when it verifies, else the first position that failed."""
        self.path = list(path)
        return self._verify(self.board.free if free is None else free)

    def _verify(self, free: int) -> Failure | None:
        board = self.board
        if self.symmetry:
            key, symmetry = self._canonical(free)
        else:
            key, symmetry = free, 0
        if key in self.memo:
            return None
        cells = free.bit_count()
        placed = (self.root_cells - cells) // 2
        left = self.bound - placed
        max_to_move = self.max_first == (placed % 2 == 0)
        counts = self.counts
        # rule 1: settled
        if self.at_least and left <= 0:
            self._done(key, "settled")
            return None
        if not self.at_least:
            if left < 0:
                return self._fail(free, max_to_move, "no position has a negative value (rule 1)")
            black = (free & board.black).bit_count()
            if min(black, cells - black) <= left or self._matching(free) <= left:
                self._done(key, "settled")
                return None
        # rule 2: small
        if cells <= self.small:
            values = self.values
            if self.at_least:
                holds = values.at_least(free, max_to_move, left)
            else:
                holds = not values.at_least(free, max_to_move, left + 1)
            if not holds:
                value = values.value(free, max_to_move, left)
                return self._fail(
                    free, max_to_move, f"exhaustive search gives the value {value} (rule 2)"
                )
            self._done(key, "small")
            return None
        # rule 3: tame sum
        summed = self.values.sum_rule(free, max_to_move, self.tame)
        if summed is not None:
            if not self._holds(summed.value, left):
                return self._fail(
                    free,
                    max_to_move,
                    f"the sum rule gives the value {summed.value} (N = {summed.total}, "
                    f"h = {summed.hot} hot regions; rule 3)",
                )
            self._done(key, "tame")
            return None
        prover = self.at_least == max_to_move
        entry = self.entries.find(key) if prover or self.cuts else None
        if entry is not None and entry[0] == CUT:
            return self._cut(key, free, max_to_move, left, entry[1], entry[2])
        # rule 4: the prover's entry, or every move of the opponent
        # whether a domino fits, without listing the moves: the prover plays only one
        if not (free & (free >> 1) & board.not_last or free & (free >> board.cols)):
            return self._fail(free, max_to_move, "no domino fits and the claim is not settled")
        if self.split is not None and len(self.path) >= self.split:
            self.frontier.append((free, tuple(self.path)))
            self.memo.add(key)
            return None
        if prover:
            if entry is None:
                return self._fail(free, max_to_move, f"no entry for this position (key {key:x})")
            i, j, line = entry
            if not (key >> i & 1 and key >> j & 1 and board.adjacent(i, j)):
                why = (
                    "its cells are not adjacent"
                    if key >> i & key >> j & 1
                    else "a cell is not free"
                )
                return self._fail(
                    free, max_to_move, f"the entry on line {line} plays [{i}, {j}]: {why}"
                )
            if self.symmetry:
                i, j = sorted((board.back(symmetry, i), board.back(symmetry, j)))
            moves = [1 << i | 1 << j]
            counts.prover += 1
        else:
            moves = board.moves(free)
            counts.opponent += 1
        for move in moves:
            self.path.append(board.cells_of(move))
            failure = self._verify(free ^ move)
            self.path.pop()
            if failure is not None:
                return failure
        self._done(key, None)
        return None

    def _cut(
        self, key: int, free: int, max_to_move: bool, left: int, cut: int, line: int
    ) -> Failure | None:
        """Rule 3a: the position ``key`` (``free``'s canonical form, in whose frame the cut
        is written: a symmetry maps the game onto an equal one) less the cells ``cut``."""
        summed = self.values.sum_rule(key & ~cut, max_to_move, self.tame)
        if summed is None:
            return self._fail(
                free,
                max_to_move,
                f"the cut on line {line} leaves a region that is wild or has more than "
                f"{self.tame} cells (rule 3a)",
            )
        if summed.value < left:
            return self._fail(
                free,
                max_to_move,
                f"the cut on line {line} leaves a value of {summed.value} by the sum rule "
                f"(N = {summed.total}, h = {summed.hot} hot regions; rule 3a)",
            )
        self._done(key, "cut")
        return None

    def _holds(self, value: int, left: int) -> bool:
        """Whether a position worth ``value`` meets the claim left ``left``."""
        return value >= left if self.at_least else value <= left

    def _done(self, key: int, rule: str | None) -> None:
        """Remember the position ``key`` as verified (a leaf of ``rule``, if given)."""
        self.memo.add(key)
        if rule is not None:
            setattr(self.counts, rule, getattr(self.counts, rule) + 1)
        if self.tick is not None and len(self.memo) % TICK == 0:
            self.tick(self.counts)

    def _fail(self, free: int, max_to_move: bool, why: str) -> Failure:
        """The failure of the position ``free`` reached by :attr:`path`."""
        placed = len(self.path)  # == (root cells − |free|) / 2
        left = self.bound - placed
        claim = f"value {'≥' if self.at_least else '≤'} {left}"
        return Failure(
            reason=f"the claim {claim} fails: {why}",
            free=free,
            moves=tuple(self.path),
            claim=claim,
            to_move="max" if max_to_move else "min",
            drawing=self.board.draw(free, self.path),
            left=left,
        )


def repeated_failure(certificate: Certificate) -> Failure | None:
    """The failure of a certificate holding two entries for one position, if it does."""
    if certificate.repeated is None:
        return None
    key, first, again = certificate.repeated
    board, header = certificate.board, certificate.header
    placed = (board.free.bit_count() - key.bit_count()) // 2
    left = header.bound - placed
    claim = f"value {'≥' if header.claim == 'at_least' else '≤'} {left}"
    max_first = header.to_move == "max"
    return Failure(
        reason=f"lines {first} and {again} are two entries for the same position (key {key:x})",
        free=key,
        moves=None,
        claim=claim,
        to_move="max" if max_first == (placed % 2 == 0) else "min",
        drawing=board.draw(key),
        left=left,
    )
