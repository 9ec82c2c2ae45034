"""Sampled lines: a proven bound checked a second way, on lines of play the Python solver ends.

A bound the kernel proved is a strategy for the proving side. On a *sampled line* the
proving side plays a move the kernel proves keeps the bound, the other side plays its
strongest reply — the first move, in the kernel's order, that leaves the proving side no
slack (its child's value exactly at the bound) — or, on some lines, a random one of its
near-best replies; when at most ``cells`` cells can still be covered, the Python reference
solver (no C, no sum rule) must find the bound still holds. A wrong cut anywhere on the
line shows as a failure; lines played against the strongest replies follow the proof
where it is tight, which random replies rarely do.

This is a check by sampling, not a proof: the certificates of :mod:`evalgame.certify`
are the proof. It catches a kernel that agrees only with itself.

>>> from evalgame.games.tiling.board import Board
>>> from evalgame.games.matching.native import NativeSolver
>>> board = Board(4, 5)
>>> solver = NativeSolver(board, table_mb=1)
>>> replay_lines(solver, True, 9, True, lines=6, cells=12, seeds=2)
LinesChecked(lines=6, failures=0, cells=12, seeds=2, near_best=3)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from evalgame.games.matching.native import NativeSolver
from evalgame.games.matching.solver import MatchingSolver

#: the replies among which a near-best line picks at random (the kernel's order)
NEAR_BEST = 3
#: the opponent's replies tested for tightness before the strongest is taken as the first
TIGHT_TRIES = 8


@dataclass(frozen=True)
class LinesChecked:
    """The outcome of :func:`replay_lines`: lines played, failures, where they were
    checked (cells left), over how many seeds, and how many lines took near-best replies."""

    lines: int
    failures: int
    cells: int
    seeds: int
    near_best: int


def replay_lines(
    solver: NativeSolver,
    max_to_move: bool,
    bound: int,
    high: bool,
    lines: int,
    cells: int,
    *,
    seeds: int = 4,
    near_best_share: float = 0.5,
    dfpn_mb: int | None = None,
) -> LinesChecked:
    """Check the proof of value ≥ ``bound`` (``high``, a MAX strategy) or value ≤ ``bound``
    on ``lines`` sampled lines, split over ``seeds`` random seeds (0, 1, …), about
    ``near_best_share`` of them against near-best replies and the rest against the
    strongest (see the module doc). With ``dfpn_mb`` the proving moves are found by df-pn
    in its table of numbers of that size (the null-window test stalls on 8×8 children).
    """
    graph = solver.graph
    reference = MatchingSolver(graph)
    failures = near = 0
    seeds = max(1, min(seeds, lines)) if lines else 1
    for index in range(lines):
        seed = index % seeds
        rng = random.Random(seed * 1_000_003 + index)
        near_best = rng.random() < near_best_share
        near += near_best
        free, turn, need = graph.full, max_to_move, bound
        while graph.core(free).bit_count() > cells:
            moves = _ranked(solver, free, turn, need, high, graph.edges_within(graph.core(free)))
            if turn == high:
                found = _proving_move(solver, free, turn, need, high, moves, dfpn_mb)
                if found is None:
                    failures += 1  # the kernel's proof has no move here: wrong
                    break
                move = found
            elif near_best:
                move = rng.choice(moves[:NEAR_BEST])
            else:
                move = _strongest_reply(solver, free, turn, need, high, moves, dfpn_mb)
            free, turn, need = free & ~move, not turn, need - 1
        else:
            value = reference.value(free, turn)
            failures += value < need if high else value > need
    return LinesChecked(lines, failures, cells, seeds, near)


def _ranked(
    solver: NativeSolver, free: int, turn: bool, need: int, high: bool, moves: list[int]
) -> list[int]:
    """``moves`` in the kernel's order for the position's question (its table's move
    first), then the moves that order leaves out."""
    question = need if high else need + 1
    legal = set(moves)
    ranked = [move for move in solver.order(free, turn, question) if move in legal]
    chosen = set(ranked)
    return ranked + [move for move in moves if move not in chosen]


def _strongest_reply(
    solver: NativeSolver,
    free: int,
    turn: bool,
    need: int,
    high: bool,
    moves: list[int],
    dfpn_mb: int | None,
) -> int:
    """The opponent's first reply (of the first :data:`TIGHT_TRIES`) after which the
    bound is tight — the child worth exactly ``need − 1``, so the prover has no slack —
    else its first reply in the kernel's order."""
    tight_question = need if high else need - 1  # child "value ≥ q?": tight when it fails
    for move in moves[:TIGHT_TRIES]:
        child = free & ~move
        if dfpn_mb is not None:
            holds = solver.prove(child, not turn, tight_question, table_mb=dfpn_mb)
        else:
            holds = solver.test(child, not turn, tight_question) >= tight_question
        if holds is not None and holds != high:
            return move
    return moves[0]


def _proving_move(
    solver: NativeSolver,
    free: int,
    turn: bool,
    need: int,
    high: bool,
    moves: list[int],
    dfpn_mb: int | None = None,
) -> int | None:
    """A move after which the bound still holds: first one whose child the table already
    settles (the move of the kernel's proof, found without searching), else one that a
    new test proves (by df-pn with ``dfpn_mb``); ``None`` if there is none."""
    child_need = need - 1 if high else need

    def keeps(bound: int) -> bool:
        return bound >= child_need if high else bound < child_need

    for move in moves:
        lower, upper = solver.bounds(free & ~move, not turn)
        if keeps(lower if high else upper):
            return move
    if dfpn_mb is not None:
        question = need if high else need + 1  # the position's "value ≥ question?"
        decided = {
            (1 << u) | (1 << v): answer.reaches
            for answer in solver.move_answers(free, turn, question)
            for u, v in [answer.move]
        }
        ranked = sorted(moves, key=lambda move: decided.get(move) != high)  # decided first
        for move in ranked:
            if solver.prove(free & ~move, not turn, question - 1, table_mb=dfpn_mb) == high:
                return move
        return None
    for move in moves:
        if keeps(solver.test(free & ~move, not turn, child_need)):
            return move
    return None
