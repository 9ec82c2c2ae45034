"""A tiny brute-force maker of certificates (format 1), for the checker's tests only.

It shares no code with the checker: cells are (row, column) pairs, the value is a plain
minimax remembered by free set, and the symmetries are written out on coordinates. It
writes an entry for every prover position its walk meets (more than the checker needs:
entries never used are allowed), each with a move keeping the claim when there is one
(else any best move, which makes certificates of false claims for the tests).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

Cell = tuple[int, int]


class Maker:
    """The game on one board, cells as coordinates, free sets as frozensets."""

    def __init__(self, board: str) -> None:
        self.text = board
        self.grid = board.split("/")
        self.rows, self.cols = len(self.grid), len(self.grid[0])
        self.free = frozenset(
            (r, c) for r in range(self.rows) for c in range(self.cols) if self.grid[r][c] == "."
        )
        self.value = cache(self._value)

    def index(self, cell: Cell) -> int:
        return cell[0] * self.cols + cell[1]

    def mask(self, free: frozenset[Cell]) -> int:
        return sum(1 << self.index(cell) for cell in free)

    def moves(self, free: frozenset[Cell]) -> list[tuple[Cell, Cell]]:
        return sorted(
            ((r, c), (r + dr, c + dc))
            for r, c in free
            for dr, dc in ((0, 1), (1, 0))
            if (r + dr, c + dc) in free
        )

    def _value(self, free: frozenset[Cell], max_to_move: bool) -> int:
        options = [1 + self.value(free - set(move), not max_to_move) for move in self.moves(free)]
        if not options:
            return 0
        return max(options) if max_to_move else min(options)

    def symmetries(self) -> list[Callable[[Cell], Cell]]:
        rows, cols = self.rows, self.cols
        maps: list[Callable[[Cell], Cell]] = [
            lambda p: p,
            lambda p: (p[0], cols - 1 - p[1]),
            lambda p: (rows - 1 - p[0], p[1]),
            lambda p: (rows - 1 - p[0], cols - 1 - p[1]),
        ]
        if rows == cols:
            maps += [
                lambda p: (p[1], p[0]),
                lambda p: (cols - 1 - p[1], rows - 1 - p[0]),
                lambda p: (p[1], rows - 1 - p[0]),
                lambda p: (cols - 1 - p[1], p[0]),
            ]
        everything = {(r, c) for r in range(rows) for c in range(cols)}
        blocked = everything - self.free
        return [f for f in maps if {f(p) for p in blocked} == blocked]

    def certificate(
        self,
        to_move: str = "max",
        claim: str = "at_least",
        bound: int | None = None,
        *,
        symmetry: bool = True,
        small: int = 0,
        tame: int = 0,
        extra: dict[str, Any] | None = None,
    ) -> list[str]:
        """The lines of a certificate of ``claim bound`` (default: the true value)."""
        at_least, max_first = claim == "at_least", to_move == "max"
        if bound is None:
            bound = self.value(self.free, max_first)
        header = {
            "format": "evalgame-certificate",
            "version": 1,
            "board": self.text,
            "to_move": to_move,
            "claim": claim,
            "bound": bound,
            "symmetry": symmetry,
            "small_cells": small,
            "tame_cells": tame,
            **(extra or {}),
        }
        entries: dict[int, tuple[int, int]] = {}
        seen: set[frozenset[Cell]] = set()
        groups = self.symmetries() if symmetry else [lambda p: p]

        def walk(free: frozenset[Cell], placed: int) -> None:
            if free in seen:
                return
            seen.add(free)
            left = bound - placed
            max_to_move = max_first == (placed % 2 == 0)
            moves = self.moves(free)
            if not moves or (at_least and left <= 0):
                return
            if at_least != max_to_move:
                for move in moves:
                    walk(free - set(move), placed + 1)
                return

            def keeps(move: tuple[Cell, Cell]) -> int:
                value = 1 + self.value(free - set(move), not max_to_move)
                return value if at_least else -value

            move = max(moves, key=keeps)
            images = [(self.mask(frozenset(map(f, free))), f) for f in groups]
            key, f = min(images, key=lambda image: image[0])
            i, j = sorted((self.index(f(move[0])), self.index(f(move[1]))))
            entries.setdefault(key, (i, j))
            walk(free - set(move), placed + 1)

        walk(self.free, 0)
        lines = [json.dumps(header)]
        lines += [
            json.dumps({"free": f"{key:x}", "move": list(move)}) for key, move in entries.items()
        ]
        return lines


def write(path: Path, lines: list[str]) -> Path:
    """Write ``lines`` as a gzip certificate file."""
    path.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    return path
