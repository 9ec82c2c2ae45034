"""Reading a certificate, format 1 or 2 (``docs/certificates.md``), strictly.

A certificate is gzip-compressed UTF-8 text, one JSON object a line: the header, then the
entries ``{"free": "<hex>", "move": [i, j]}`` and, in format 2, ``{"free": "<hex>", "cut":
"<hex>"}``. Whatever breaks the format raises
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

#: the format this checker reads: its name and versions (2: format 1 and cut entries)
FORMAT, VERSIONS = "evalgame-certificate", (1, 2)
#: the first element of what :meth:`Entries.find` returns for a cut entry
CUT = -1
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
_CUT_ENTRY = re.compile(
    rb'[ \t\r\n]*\{[ \t\r\n]*"free"[ \t\r\n]*:[ \t\r\n]*"([0-9a-f]+)"[ \t\r\n]*,[ \t\r\n]*'
    rb'"cut"[ \t\r\n]*:[ \t\r\n]*"([0-9a-f]+)"[ \t\r\n]*\}[ \t\r\n]*'
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
    version: int = 1

    def json(self) -> dict[str, Any]:
        """The header's keys, as the certificate writes them (``extra`` left out)."""
        return {
            "version": self.version,
            "board": self.board,
            "to_move": self.to_move,
            "claim": self.claim,
            "bound": self.bound,
            "symmetry": self.symmetry,
            "small_cells": self.small_cells,
            "tame_cells": self.tame_cells,
        }


class Entries:
    """The prover's moves and the cuts by key, sorted for binary search: compact enough for
    millions.

    >>> entries = Entries(4)
    >>> entries.add(12, 2, 3, 2); entries.add_cut(3, 0b10, 3); entries.seal()
    >>> entries.find(12), entries.find(3), entries.find(5), len(entries)
    ((2, 3, 2), (-1, 2, 3), None, 2)
    """

    def __init__(self, cells: int) -> None:
        self.cells = cells
        self._keys: array[int] | list[int] = array("Q") if cells <= 64 else []
        self._moves = array("I")  # i·cells + j, or cells² + n for the n-th cut
        self._lines = array("I")
        self._cuts: list[int] = []

    def __len__(self) -> int:
        return len(self._keys)

    def add(self, key: int, i: int, j: int, line: int) -> None:
        """Add the move entry of line ``line`` (before :meth:`seal`)."""
        self._keys.append(key)
        self._moves.append(i * self.cells + j)
        self._lines.append(line)

    def add_cut(self, key: int, cut: int, line: int) -> None:
        """Add the cut entry of line ``line`` (before :meth:`seal`)."""
        self._keys.append(key)
        self._moves.append(self.cells * self.cells + len(self._cuts))
        self._cuts.append(cut)
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
        """The entry keyed ``key``: its move (i, j) and its line, or (:data:`CUT`, the cut's
        cells, its line); ``None`` when there is none."""
        keys = self._keys
        n = bisect_left(keys, key)
        if n == len(keys) or keys[n] != key:
            return None
        code, cells = self._moves[n], self.cells
        if code >= cells * cells:
            return CUT, self._cuts[code - cells * cells], self._lines[n]
        i, j = divmod(code, cells)
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
    entry, cut_entry = _ENTRY.fullmatch, _CUT_ENTRY.fullmatch
    cells = blocked = 0
    add, add_cut = Entries(0).add, Entries(0).add_cut
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
            cells, blocked, add, add_cut = board.size, ~board.free, entries.add, entries.add_cut
            continue
        match = entry(data)
        if match:
            free, i, j = int(match[1], 16), int(match[2]), int(match[3])
        else:
            match = cut_entry(data)
            if match:
                free, i, j = int(match[1], 16), CUT, int(match[2], 16)
            else:
                free, i, j = _entry(_json(data, number), number, header.version)
        if free & blocked:
            raise CertificateError(
                f"line {number}: the free set {free:x} has a bit outside the board's free cells"
            )
        if i == CUT:
            _check_cut(header, free, j, number)
            add_cut(free, j, number)
            continue
        if j >= cells or i >= j:
            raise CertificateError(
                f"line {number}: the move {[i, j]} must be two cells i < j below {cells}"
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
    if not _integer(version) or version not in VERSIONS:
        raise CertificateError(
            f"line 1: format version {version!r}; this checker reads versions 1 and 2"
        )
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
    return Header(**{key: data[key] for key in kinds}, extra=extra, version=version)


def _entry(data: dict[str, Any], number: int, version: int) -> tuple[int, int, int]:
    """(free, i, j) of the entry on line ``number``, read by the JSON parser; (free,
    :data:`CUT`, cut) for a cut entry (format 2)."""
    if version >= 2 and set(data) == {"free", "cut"}:
        return _hex(data, "free", number), CUT, _hex(data, "cut", number)
    if set(data) != {"free", "move"}:
        keys = '"move" or "cut"' if version >= 2 else '"move"'
        raise CertificateError(
            f'line {number}: an entry has exactly the keys "free" and {keys}, not {sorted(data)}'
        )
    free, move = _hex(data, "free", number), data["move"]
    if not (isinstance(move, list) and len(move) == 2 and all(map(_integer, move))):
        raise CertificateError(f'line {number}: "move" must be two integers [i, j], not {move!r}')
    i, j = move
    if i < 0:
        raise CertificateError(f"line {number}: the move {move} has a negative cell")
    return free, i, j


def _hex(data: dict[str, Any], key: str, number: int) -> int:
    """The set of cells written as hexadecimal under ``key`` on line ``number``."""
    text = data[key]
    if not isinstance(text, str) or not _HEX.fullmatch(text):
        raise CertificateError(
            f'line {number}: "{key}" must be lower-case hex without 0x, not {text!r}'
        )
    return int(text, 16)


def _check_cut(header: Header, free: int, cut: int, number: int) -> None:
    """Refuse a cut entry where format 2 does not allow one."""
    if header.version < 2:
        raise CertificateError(
            f'line {number}: a "cut" entry is format 2; this certificate is version '
            f"{header.version}"
        )
    if header.claim != "at_least":
        raise CertificateError(
            f"line {number}: a cut proves a lower bound; an at_most certificate has none"
        )
    if cut & ~free:
        raise CertificateError(
            f"line {number}: the cut {cut:x} takes cells that are not free in {free:x}"
        )


def _integer(value: Any) -> bool:
    """Whether ``value`` is a JSON integer (``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)
