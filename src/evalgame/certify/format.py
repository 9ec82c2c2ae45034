"""Reading a certificate, format 1 (``docs/certificates.md``), strictly.

A certificate is gzip-compressed UTF-8 text, one JSON object a line: the header, then the
entries ``{"free": "<hex>", "move": [i, j]}``. Whatever breaks the format raises
:class:`~evalgame.errors.CertificateError` naming the line; two entries for the same position
are not an error of form but make the certificate invalid, so they are returned
(:attr:`Certificate.repeated`) for the checker to report.

>>> lines = ['{"format": "evalgame-certificate", "version": 1, "board": "..", '
...          '"to_move": "max", "claim": "at_least", "bound": 1, "symmetry": false, '
...          '"small_cells": 0, "tame_cells": 0}', '{"free": "3", "move": [0, 1]}']
>>> certificate = read_lines(lines)
>>> certificate.header.claim, certificate.entries.find(3)
('at_least', (0, 1, 2))
>>> read_lines([lines[0], '{"free": "0x3", "move": [0, 1]}'])
Traceback (most recent call last):
...
evalgame.errors.CertificateError: line 2: "free" must be lower-case hex without 0x, not '0x3'
"""

from __future__ import annotations

import gzip
import io
import json
import re
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evalgame.certify.board import Board, parse_board
from evalgame.errors import CertificateError

#: the format this checker reads: its name and version
FORMAT, VERSION = "evalgame-certificate", 1
#: the largest board the checker takes (its walk recurses once a domino)
MAX_CELLS = 256
#: lines read between two calls of the progress function
REPORT_LINES = 1 << 16

#: the usual spelling of an entry, read without the JSON parser (anything else goes to it)
_ENTRY = re.compile(
    rb'[ \t\r\n]*\{[ \t\r\n]*"free"[ \t\r\n]*:[ \t\r\n]*"([0-9a-f]+)"[ \t\r\n]*,[ \t\r\n]*'
    rb'"move"[ \t\r\n]*:[ \t\r\n]*\[[ \t\r\n]*(0|[1-9][0-9]*)[ \t\r\n]*,[ \t\r\n]*'
    rb"(0|[1-9][0-9]*)[ \t\r\n]*\][ \t\r\n]*\}[ \t\r\n]*"
)
_HEX = re.compile(r"[0-9a-f]+")

#: (stage, done, total): ``reading`` counts bytes of the compressed file
Progress = Callable[[str, int, "int | None"], None]


@dataclass(frozen=True)
class Header:
    """The first line of a certificate: the position, the claim and the leaf rules'
    limits; ``extra`` holds the other keys (provenance), which the checker ignores."""

    board: str
    to_move: str
    claim: str
    bound: int
    symmetry: bool
    small_cells: int
    tame_cells: int
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def json(self) -> dict[str, Any]:
        """The header's keys, as the certificate writes them (``extra`` left out)."""
        return {
            "board": self.board,
            "to_move": self.to_move,
            "claim": self.claim,
            "bound": self.bound,
            "symmetry": self.symmetry,
            "small_cells": self.small_cells,
            "tame_cells": self.tame_cells,
        }


class Entries:
    """The prover's moves by key, sorted for binary search: compact enough for millions.

    >>> entries = Entries(4)
    >>> entries.add(12, 2, 3, 2); entries.add(3, 0, 1, 3); entries.seal()
    >>> entries.find(12), entries.find(5), len(entries)
    ((2, 3, 2), None, 2)
    """

    def __init__(self, cells: int) -> None:
        self.cells = cells
        self._keys: array[int] | list[int] = array("Q") if cells <= 64 else []
        self._moves = array("I")  # i·cells + j
        self._lines = array("I")

    def __len__(self) -> int:
        return len(self._keys)

    def add(self, key: int, i: int, j: int, line: int) -> None:
        """Add the entry of line ``line`` (before :meth:`seal`)."""
        self._keys.append(key)
        self._moves.append(i * self.cells + j)
        self._lines.append(line)

    def seal(self) -> tuple[int, int, int] | None:
        """Sort the entries by key; the first repetition (key, its first line, the line
        that repeats it, the earliest such line) if two entries share a key."""
        keys = self._keys
        order = sorted(range(len(keys)), key=keys.__getitem__)
        ordered = (keys[n] for n in order)
        self._keys = array("Q", ordered) if isinstance(keys, array) else list(ordered)
        self._moves = array("I", (self._moves[n] for n in order))
        self._lines = array("I", (self._lines[n] for n in order))
        repeated = None
        for n in range(1, len(order)):
            if self._keys[n] == self._keys[n - 1]:
                # sorting is stable: the earlier line comes first among equal keys
                first, again = self._lines[n - 1], self._lines[n]
                if repeated is None or again < repeated[2]:
                    repeated = (self._keys[n], first, again)
        return repeated

    def find(self, key: int) -> tuple[int, int, int] | None:
        """The move (i, j) of the entry keyed ``key`` and its line, or ``None``."""
        keys = self._keys
        n = bisect_left(keys, key)
        if n == len(keys) or keys[n] != key:
            return None
        i, j = divmod(self._moves[n], self.cells)
        return i, j, self._lines[n]


@dataclass
class Certificate:
    """A certificate read whole: header, board, entries, and the first repeated key
    (key, line, line) if two entries share one."""

    header: Header
    board: Board
    entries: Entries
    repeated: tuple[int, int, int] | None


def read(path: Path, progress: Progress | None = None) -> Certificate:
    """Read the certificate in the gzip file ``path``."""
    try:
        size = path.stat().st_size
        with (
            path.open("rb") as raw,
            gzip.GzipFile(fileobj=raw, mode="rb") as unzipped,
            io.BufferedReader(unzipped, 1 << 20) as text,  # faster lines than GzipFile's
        ):

            def lines() -> Iterable[bytes]:
                for number, line in enumerate(text, 1):
                    if progress is not None and number % REPORT_LINES == 0:
                        progress("reading", raw.tell(), size)
                    yield line

            certificate = read_lines(lines())
            if progress is not None:
                progress("reading", size, size)
            return certificate
    except gzip.BadGzipFile:
        raise CertificateError(f"{path} is not a gzip file") from None
    except (EOFError, zlib.error) as error:
        raise CertificateError(f"{path}: the gzip data is damaged or cut short ({error})") from None
    except OSError as error:
        raise CertificateError(f"cannot read {path}: {error.strerror or error}") from None


def read_lines(lines: Iterable[bytes | str]) -> Certificate:
    """Read a certificate given as its lines of text (uncompressed)."""
    header: Header | None = None
    board = entries = None
    entry = _ENTRY.fullmatch
    cells = blocked = 0
    add = Entries(0).add
    for number, line in enumerate(lines, 1):
        data = line.encode() if isinstance(line, str) else line
        if header is None or board is None or entries is None:
            header = _header(_json(data, number))
            board = parse_board(header.board)
            if board.size > MAX_CELLS:
                raise CertificateError(
                    f"line 1: a board of {board.size} cells; this checker takes at most {MAX_CELLS}"
                )
            entries = Entries(board.size)
            cells, blocked, add = board.size, ~board.free, entries.add
            continue
        match = entry(data)
        if match:
            free, i, j = int(match[1], 16), int(match[2]), int(match[3])
        else:
            free, i, j = _entry(_json(data, number), number)
        if j >= cells or i >= j:
            raise CertificateError(
                f"line {number}: the move {[i, j]} must be two cells i < j below {cells}"
            )
        if free & blocked:
            raise CertificateError(
                f"line {number}: the free set {free:x} has a bit outside the board's free cells"
            )
        add(free, i, j, number)
    if header is None or board is None or entries is None:
        raise CertificateError("the certificate is empty: no header line")
    return Certificate(header, board, entries, entries.seal())


def _json(data: bytes, number: int) -> dict[str, Any]:
    """The JSON object on line ``number``; repeated keys and non-JSON constants refused."""

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [key for key, _ in items]
        for key in keys:
            if keys.count(key) > 1:
                raise CertificateError(f"line {number}: the key {key!r} is repeated")
        return dict(items)

    def constant(name: str) -> Any:
        raise CertificateError(f"line {number}: {name} is not JSON")

    try:
        value = json.loads(data.decode("utf-8"), object_pairs_hook=pairs, parse_constant=constant)
    except UnicodeDecodeError:
        raise CertificateError(f"line {number}: not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise CertificateError(f"line {number}: not JSON ({error.msg})") from None
    if not isinstance(value, dict):
        raise CertificateError(f"line {number}: not a JSON object")
    return value


def _header(data: dict[str, Any]) -> Header:
    """The header from the object on line 1."""
    if data.get("format") != FORMAT:
        raise CertificateError(f'line 1: not an evalgame certificate ("format" is not "{FORMAT}")')
    version = data.get("version")
    if not _integer(version) or version != VERSION:
        raise CertificateError(f"line 1: format version {version!r}; this checker reads version 1")
    kinds: dict[str, tuple[str, Callable[[Any], bool]]] = {
        "board": ("a string", lambda value: isinstance(value, str)),
        "to_move": ('"max" or "min"', lambda value: value in ("max", "min")),
        "claim": ('"at_least" or "at_most"', lambda value: value in ("at_least", "at_most")),
        "bound": ("an integer", _integer),
        "symmetry": ("true or false", lambda value: isinstance(value, bool)),
        "small_cells": ("an integer ≥ 0", lambda value: _integer(value) and value >= 0),
        "tame_cells": ("an integer ≥ 0", lambda value: _integer(value) and value >= 0),
    }
    for key, (kind, good) in kinds.items():
        if key not in data:
            raise CertificateError(f'line 1: the header has no "{key}"')
        if not good(data[key]):
            raise CertificateError(f'line 1: "{key}" must be {kind}, not {data[key]!r}')
    try:
        parse_board(data["board"])
    except CertificateError as error:
        raise CertificateError(f"line 1: {error}") from None
    extra = {
        key: value
        for key, value in data.items()
        if key not in kinds and key not in ("format", "version")
    }
    return Header(**{key: data[key] for key in kinds}, extra=extra)


def _entry(data: dict[str, Any], number: int) -> tuple[int, int, int]:
    """(free, i, j) of the entry on line ``number``, read by the JSON parser."""
    if set(data) != {"free", "move"}:
        raise CertificateError(
            f'line {number}: an entry has exactly the keys "free" and "move", not {sorted(data)}'
        )
    free, move = data["free"], data["move"]
    if not isinstance(free, str) or not _HEX.fullmatch(free):
        raise CertificateError(
            f'line {number}: "free" must be lower-case hex without 0x, not {free!r}'
        )
    if not (isinstance(move, list) and len(move) == 2 and all(map(_integer, move))):
        raise CertificateError(f'line {number}: "move" must be two integers [i, j], not {move!r}')
    i, j = move
    if i < 0:
        raise CertificateError(f"line {number}: the move {move} has a negative cell")
    return int(free, 16), i, j


def _integer(value: Any) -> bool:
    """Whether ``value`` is a JSON integer (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)
