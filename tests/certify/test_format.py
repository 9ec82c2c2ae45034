"""Reading certificates strictly: every departure from format 1 (or 2) is an error naming the
line; two entries for one position make a certificate invalid, not malformed."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from evalgame.certify import verify, verify_lines
from evalgame.certify.format import CUT, read_lines
from evalgame.errors import CertificateError, InputError

HEADER: dict[str, Any] = {
    "format": "evalgame-certificate",
    "version": 1,
    "board": "..../....",
    "to_move": "max",
    "claim": "at_least",
    "bound": 4,
    "symmetry": False,
    "small_cells": 0,
    "tame_cells": 0,
}


def lines(header: dict[str, Any] | None = None, *entries: str) -> list[str]:
    return [json.dumps(HEADER if header is None else header), *entries]


def refused(certificate: list[str], message: str) -> None:
    with pytest.raises(CertificateError) as error:
        read_lines(certificate)
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "drat"}, 'line 1: not an evalgame certificate ("format" is not'),
        ({"version": 3}, "line 1: format version 3; this checker reads versions 1 and 2"),
        ({"version": "1"}, "line 1: format version '1'"),
        ({"to_move": "MAX"}, 'line 1: "to_move" must be "max" or "min", not \'MAX\''),
        ({"to_move": "left"}, '"to_move" must be "max" or "min"'),
        ({"claim": "exactly"}, '"claim" must be "at_least" or "at_most"'),
        ({"board": "..x./...."}, "line 1: board '..x./....': 'x' is not a cell (row 1, column 3)"),
        ({"board": "..../..."}, "rows of different lengths"),
        ({"board": 8}, '"board" must be a string'),
        ({"bound": "4"}, "line 1: \"bound\" must be an integer, not '4'"),
        ({"bound": 4.0}, '"bound" must be an integer'),
        ({"bound": True}, '"bound" must be an integer'),
        ({"symmetry": 1}, '"symmetry" must be true or false'),
        ({"small_cells": -1}, '"small_cells" must be an integer ≥ 0'),
        ({"tame_cells": None}, '"tame_cells" must be an integer ≥ 0'),
    ],
)
def test_a_bad_header_is_refused(change: dict[str, Any], message: str) -> None:
    refused(lines({**HEADER, **change}), message)


@pytest.mark.parametrize("key", ["claim", "bound", "symmetry", "small_cells", "tame_cells"])
def test_a_header_key_missing(key: str) -> None:
    header = {name: value for name, value in HEADER.items() if name != key}
    refused(lines(header), f'line 1: the header has no "{key}"')


def test_other_header_keys_are_information_only() -> None:
    certificate = read_lines(lines({**HEADER, "code": "evalgame 0.1.0", "date": "2026-01-01"}))
    assert certificate.header.extra == {"code": "evalgame 0.1.0", "date": "2026-01-01"}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ('{"free": "FF", "move": [0, 1]}', 'line 2: "free" must be lower-case hex without 0x'),
        ('{"free": "0xff", "move": [0, 1]}', "without 0x, not '0xff'"),
        ('{"free": "", "move": [0, 1]}', "without 0x, not ''"),
        ('{"free": "-f", "move": [0, 1]}', "without 0x, not '-f'"),
        ('{"free": 255, "move": [0, 1]}', "without 0x, not 255"),
        ('{"free": "1ff", "move": [0, 1]}', "line 2: the free set 1ff has a bit outside"),
        (
            '{"free": "ff", "move": [1, 0]}',
            "line 2: the move [1, 0] must be two cells i < j below 8",
        ),
        ('{"free": "ff", "move": [3, 3]}', "the move [3, 3] must be two cells i < j"),
        ('{"free": "ff", "move": [7, 8]}', "the move [7, 8] must be two cells i < j below 8"),
        ('{"free": "ff", "move": [-1, 0]}', "line 2: the move [-1, 0] has a negative cell"),
        ('{"free": "ff", "move": [0, 1, 2]}', 'line 2: "move" must be two integers [i, j]'),
        ('{"free": "ff", "move": [0.0, 1]}', '"move" must be two integers'),
        ('{"free": "ff", "move": [false, true]}', '"move" must be two integers'),
        ('{"free": "ff", "move": "0,1"}', '"move" must be two integers'),
        ('{"free": "ff", "move": [0, 1], "value": 4}', 'exactly the keys "free" and "move"'),
        ('{"free": "ff"}', 'exactly the keys "free" and "move"'),
        ('{"free": "ff", "free": "ff", "move": [0, 1]}', "line 2: the key 'free' is repeated"),
        ('{"free": "ff", "move": [0, 1]', "line 2: not JSON"),
        ('["ff", [0, 1]]', "line 2: not a JSON object"),
        ('{"free": "ff", "move": [NaN, 1]}', "line 2: NaN is not JSON"),
        ("", "line 2: not JSON"),
    ],
)
def test_a_bad_entry_is_refused(entry: str, message: str) -> None:
    refused(lines(None, entry), message)


def test_a_bit_on_a_blocked_cell_is_refused() -> None:
    blocked = {**HEADER, "board": "#.../...."}
    assert read_lines(lines(blocked, '{"free": "fe", "move": [1, 2]}')).entries.find(0xFE)
    refused(lines(blocked, '{"free": "ff", "move": [1, 2]}'), "the free set ff has a bit outside")


def test_a_bad_line_is_named_by_its_number() -> None:
    good = '{"free": "ff", "move": [0, 1]}'
    refused(
        lines(None, good, good.replace("0, 1", "1, 2"), '{"free": "F0", "move": [4, 5]}'), "line 4:"
    )


def test_keys_are_read_by_value_and_in_any_spelling_of_json() -> None:
    certificate = read_lines(
        lines(
            None,
            '{"free": "00ff", "move": [0, 1]}',
            '  { "move" : [ 2 , 3 ] , "free" : "fc" }\r',
        )
    )
    assert certificate.entries.find(0xFF) == (0, 1, 2)
    assert certificate.entries.find(0xFC) == (2, 3, 3)
    assert certificate.repeated is None


def test_two_entries_for_one_position_make_it_invalid() -> None:
    report = verify_lines(
        lines(
            None,
            '{"free": "0f", "move": [0, 1]}',
            '{"free": "ff", "move": [0, 1]}',
            '{"free": "f", "move": [2, 3]}',
        )
    )
    assert not report.valid
    assert report.reason == "lines 2 and 4 are two entries for the same position (key f)"
    assert report.failure is not None
    assert report.failure.moves is None
    assert report.failure.drawing == "....\nxxxx"


def test_an_empty_certificate() -> None:
    refused([], "the certificate is empty: no header line")


def test_files(tmp_path: Path) -> None:
    missing = tmp_path / "missing.cert.gz"
    with pytest.raises(CertificateError, match=r"cannot read .*missing\.cert\.gz: No such file"):
        verify(missing)
    plain = tmp_path / "plain.cert"
    plain.write_text("\n".join(lines()))
    with pytest.raises(CertificateError, match=r"plain\.cert is not a gzip file"):
        verify(plain)
    cut = tmp_path / "cut.cert.gz"
    cut.write_bytes(gzip.compress("\n".join(lines()).encode())[:-12])
    with pytest.raises(CertificateError, match="the gzip data is damaged or cut short"):
        verify(cut)
    latin = tmp_path / "latin.cert.gz"
    latin.write_bytes(gzip.compress(json.dumps(HEADER).encode() + b'\n{"free": "\xe9"}'))
    with pytest.raises(CertificateError, match="line 2: not UTF-8 text"):
        verify(latin)
    assert issubclass(CertificateError, InputError)


def test_boards_beyond_the_checker_are_refused_clearly() -> None:
    refused(
        lines({**HEADER, "board": "/".join(["." * 17] * 16)}),
        "a board of 272 cells; this checker takes at most 256",
    )


def test_boards_over_64_cells_keep_their_entries() -> None:
    """Keys past 64 bits are kept in a list instead of an array of 64-bit integers."""
    board = "#" * 62 + "...."
    report = verify_lines(
        lines(
            {**HEADER, "board": board, "bound": 2},
            f'{{"free": "{15 << 62:x}", "move": [62, 63]}}',
        )
    )
    assert report.valid, report.reason
    assert report.counts.prover == 1


FORMAT_2 = {**HEADER, "version": 2}


def test_format_2_reads_cut_entries_in_either_spelling() -> None:
    certificate = read_lines(
        lines(
            FORMAT_2,
            '{"free": "ff", "cut": "0c"}',
            ' { "cut" : "30" , "free" : "f0" }',
            '{"free": "0f", "move": [0, 1]}',
        )
    )
    assert certificate.header.version == 2
    assert certificate.entries.find(0xFF) == (CUT, 0x0C, 2)
    assert certificate.entries.find(0xF0) == (CUT, 0x30, 3)
    assert certificate.entries.find(0x0F) == (0, 1, 4)


@pytest.mark.parametrize(
    ("header", "entry", "message"),
    [
        (HEADER, '{"free": "ff", "cut": "c"}', 'line 2: a "cut" entry is format 2'),
        (HEADER, '{"cut": "c", "free": "ff"}', 'exactly the keys "free" and "move"'),
        (
            {**FORMAT_2, "claim": "at_most"},
            '{"free": "ff", "cut": "c"}',
            "line 2: a cut proves a lower bound",
        ),
        (FORMAT_2, '{"free": "f", "cut": "30"}', "the cut 30 takes cells that are not free in f"),
        (FORMAT_2, '{"free": "ff", "cut": "0xc"}', '"cut" must be lower-case hex'),
        (FORMAT_2, '{"free": "ff", "cut": 12}', '"cut" must be lower-case hex'),
        (FORMAT_2, '{"free": "ff", "cut": "c", "move": [0, 1]}', '"move" or "cut"'),
    ],
)
def test_a_bad_cut_entry_is_refused(header: dict[str, Any], entry: str, message: str) -> None:
    refused(lines(header, entry), message)


def test_a_cut_and_a_move_for_one_position_make_it_invalid() -> None:
    report = verify_lines(
        lines(FORMAT_2, '{"free": "ff", "move": [0, 1]}', '{"free": "ff", "cut": "c"}')
    )
    assert not report.valid
    assert report.reason is not None
    assert "lines 2 and 3 are two entries for the same position" in report.reason
