"""Tic-tac-toe and connect-four 4×4 and 4×5 solved by each of evalgame's algorithms and by
easyAI's Negamax with its TranspositionTable; checks the values agree and prints the ratio.

Run ``python benchmarks/bench_classic.py``; ``main()`` is also called by ``benchmarks/run.py``.
Times are the best of a few runs (each run starts from an empty table).

The easyAI games below give easyAI its best chance: bitboards, make/unmake instead of
copies, the same centre-first move order as evalgame's games, and a transposition key per
position. Scores follow easyAI's negamax convention: from the side to move, −100 when the
opponent has just completed a line, else 0.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from easyAI import Negamax, TranspositionTable, TwoPlayerGame

from evalgame.games.classic.connect4 import ConnectFour
from evalgame.games.classic.tictactoe import CELL_ORDER, WON, TicTacToe
from evalgame.numbers import Number
from evalgame.play.solvers import solve
from evalgame.search.protocol import Game


class EasyTicTacToe(TwoPlayerGame):  # type: ignore[misc]
    """Tic-tac-toe for easyAI; ``boards[i]`` is the mask of player ``i + 1``."""

    def __init__(self) -> None:
        self.players = [None, None]
        self.current_player = 1
        self.boards = [0, 0]
        self.nodes = 0

    def possible_moves(self) -> list[int]:
        taken = self.boards[0] | self.boards[1]
        return [cell for cell in CELL_ORDER if not taken >> cell & 1]

    def make_move(self, move: int) -> None:
        self.nodes += 1
        self.boards[self.current_player - 1] |= 1 << move

    def unmake_move(self, move: int) -> None:
        self.boards[self.current_player - 1] &= ~(1 << move)

    def lose(self) -> bool:
        return bool(WON[self.boards[self.opponent_index - 1]])

    def is_over(self) -> bool:
        x, o = self.boards
        return WON[x] or WON[o] or (x | o) == 0o777

    def scoring(self) -> int:
        return -100 if self.lose() else 0

    def ttentry(self) -> tuple[int, int]:
        return (self.boards[0], self.boards[1])


class EasyConnectFour(TwoPlayerGame):  # type: ignore[misc]
    """Connect-four for easyAI on the same bitboard layout as :class:`ConnectFour`."""

    def __init__(self, rows: int, cols: int) -> None:
        self.players = [None, None]
        self.current_player = 1
        self.shape = ConnectFour(rows, cols)  # only for its masks and line test
        self.boards = [0, 0]
        self.nodes = 0

    def possible_moves(self) -> list[int]:
        taken = self.boards[0] | self.boards[1]
        top = self.shape.top
        return [c for c in self.shape.column_order if not taken & top[c]]

    def make_move(self, move: int) -> None:
        self.nodes += 1
        taken = self.boards[0] | self.boards[1]
        self.boards[self.current_player - 1] |= (
            (taken + self.shape.bottom[move]) & ~taken & (self.shape.column[move])
        )

    def unmake_move(self, move: int) -> None:
        taken = (self.boards[0] | self.boards[1]) & self.shape.column[move]
        highest = 1 << (taken.bit_length() - 1)
        self.boards[self.current_player - 1] &= ~highest

    def lose(self) -> bool:
        return self.shape._four(self.boards[self.opponent_index - 1])

    def is_over(self) -> bool:
        x, o = self.boards
        full = (x | o) == self.shape.board
        return full or self.shape._four(x) or self.shape._four(o)

    def scoring(self) -> int:
        return -100 if self.lose() else 0

    def ttentry(self) -> tuple[int, int]:
        return (self.boards[0], self.boards[1])


#: repeat a measurement while the total stays under this many seconds (at most REPEATS)
BUDGET_SECONDS, REPEATS = 1.0, 5


@dataclass(frozen=True)
class Case:
    """A benchmark position: our game, easyAI's version of it, its depth, our algorithms."""

    name: str
    ours: Callable[[], Game[Any, Any]]
    peer: Callable[[], Any]
    plies: int
    algorithms: tuple[str, ...]


CASES = [
    Case("tictactoe", TicTacToe, EasyTicTacToe, 9, ("alphabeta", "negascout", "mtdf", "minimax")),
    Case("connect4 4x4", lambda: ConnectFour(4, 4), lambda: EasyConnectFour(4, 4), 16,
         ("alphabeta", "negascout", "mtdf")),
    Case("connect4 4x5", lambda: ConnectFour(4, 5), lambda: EasyConnectFour(4, 5), 20,
         ("alphabeta", "negascout", "mtdf")),
]  # fmt: skip


def best_time(run: Callable[[], tuple[Number, int]]) -> tuple[float, Number, int]:
    """The fastest of a few runs of ``run`` with its value and node count."""
    times: list[float] = []
    while True:
        started = time.perf_counter()
        value, nodes = run()
        times.append(time.perf_counter() - started)
        if len(times) >= REPEATS or sum(times) > BUDGET_SECONDS:
            return min(times), value, nodes


def ours(case: Case, algorithm: str) -> Callable[[], tuple[Number, int]]:
    def run() -> tuple[Number, int]:
        result = solve(case.ours(), None, algorithm)
        assert result.value is not None
        return result.value, result.stats.nodes

    return run


def peer(case: Case) -> Callable[[], tuple[Number, int]]:
    def run() -> tuple[Number, int]:
        game = case.peer()
        negamax = Negamax(case.plies, tt=TranspositionTable())
        negamax(game)
        score = negamax.alpha  # from the first player's side, scaled by easyAI's depth bonus
        return (score > 0) - (score < 0), game.nodes

    return run


def main() -> None:
    """Time every case, check that all values agree, print the table."""
    header = (
        f"{'game':<14} {'solver':<22} {'value':>5} {'seconds':>9} {'nodes':>9} {'easyAI/ours':>11}"
    )
    print(header)
    print("-" * len(header))
    mismatches = []
    for case in CASES:
        peer_seconds, peer_value, peer_nodes = best_time(peer(case))
        rows = [("easyAI Negamax+TT", peer_seconds, peer_value, peer_nodes)]
        for algorithm in case.algorithms:
            seconds, value, nodes = best_time(ours(case, algorithm))
            rows.append(
                (algorithm + ("+table" if algorithm != "minimax" else ""), seconds, value, nodes)
            )
        for solver, seconds, value, nodes in rows:
            ratio = "" if solver.startswith("easyAI") else f"{peer_seconds / seconds:.1f}×"
            print(
                f"{case.name:<14} {solver:<22} {value!s:>5} {seconds:>9.4f} {nodes:>9,} {ratio:>11}"
            )
            if value != peer_value:
                mismatches.append(f"{case.name}: {solver} gives {value}, easyAI {peer_value}")
    if mismatches:
        raise SystemExit("values differ:\n" + "\n".join(mismatches))
    print("all values agree")


if __name__ == "__main__":
    main()
