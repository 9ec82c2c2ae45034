"""The tiling game as a problem for the proof manager (:mod:`evalgame.proofs`).

Positions are keyed by their reduced region, the same on every machine, so symmetric
positions of the frontier share one subproblem and one fact in the store; the leaves are
solved by the matching game's own solver (``solver`` in
:func:`~evalgame.games.matching.solvers.matching_solvers`: the C kernel when built).

>>> from evalgame.proofs import SerialPool, prove
>>> prove(TilingProblem(3, 4), SerialPool()).value
5
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from evalgame.errors import InputError
from evalgame.games.matching.native import CHECKPOINT_ENTRIES, Engine
from evalgame.games.matching.solvers import matching_solvers
from evalgame.games.tiling.board import Cell, check_size
from evalgame.games.tiling.game import TilingGame
from evalgame.numbers import Number
from evalgame.proofs.problem import Problem
from evalgame.search.protocol import Game, Player
from evalgame.search.registry import Solver


@dataclass(frozen=True)
class TilingProblem(Problem):
    """The tiling game on a ``rows × cols`` board, ``first`` to move."""

    rows: int
    cols: int
    first: Player = Player.MAX
    #: the leaf solver: the C kernel when built ("auto"), "native" or "python"; the facts
    #: proven are the same, so a store may be continued with another engine
    engine: Engine = "auto"
    #: the size of each worker's kernel table (``None``: the kernel's default for the board)
    table_mb: int | None = None
    #: with ``algorithm="dfpn"``: the entries of df-pn's numbers a stopped task's checkpoint
    #: keeps (its largest subtrees'; 24 bytes each). Keeping few makes the next task redo
    #: work (BENCHMARKS.md, "What a resumed sitting redoes")
    keep: int = CHECKPOINT_ENTRIES
    portable_keys: bool = True
    algorithm: str = "solver"
    #: cells covered from the start (holes in the board)
    blocked: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if self.keep < 0:
            raise InputError(f"--keep counts entries of df-pn's numbers: ≥ 0, not {self.keep}")

    @property
    def label(self) -> str:  # type: ignore[override]
        """``tiling R×C, MAX first`` (``tiling ..#/..., MAX first`` with holes).

        >>> TilingProblem(2, 3, blocked=((0, 2),)).label
        'tiling ..#/..., MAX first'
        """
        board = f"{self.rows}×{self.cols}"
        if self.blocked:  # Board(...).label() without building the board's graph: it is
            board = "/".join(  # asked at every task
                "".join("#" if (row, col) in self.blocked else "." for col in range(self.cols))
                for row in range(self.rows)
            )
        return f"tiling {board}, {self.first.value.upper()} first"

    def game(self) -> Game[Any, Any]:
        """The :class:`~evalgame.games.tiling.game.TilingGame`."""
        game = TilingGame(self.rows, self.cols, self.first, blocked=self.blocked)
        game.all_leaves_valid = True  # every end of the game counts its dominoes
        return game

    def by_jobs(self) -> bool:
        """With ``algorithm="dfpn"`` on the C kernel, questions go to job-level df-pn.

        >>> TilingProblem(3, 4, algorithm="dfpn").by_jobs(), TilingProblem(3, 4).by_jobs()
        (True, False)
        """
        return self.algorithm == "dfpn" and self.engine != "python"

    def first_guess(self, lower: Number | None, upper: Number | None) -> Number | None:
        """A maximum matching less one domino, as the sequential solver guesses first:
        on 6×7 bisecting asked one question more and cost MIN first 1.3× the nodes.

        >>> TilingProblem(3, 4).first_guess(4, 6)
        5
        """
        if upper is None:
            return None
        return upper - 1 if lower is None else max(upper - 1, lower)

    def solvers(self) -> Mapping[str, Solver]:
        """The matching game's solvers, the specialised one on :attr:`engine`."""
        return matching_solvers(self.engine, self.table_mb, self.keep)
