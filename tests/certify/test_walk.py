"""The verification walk: hand-written certificates on tiny boards verify; corrupted ones
are refused with the right reason and the first position that failed; certificates made by
brute force verify exactly when their claim is true."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.certify import Report, verify_lines
from tests.certify.maker import Maker
from tests.samples import sample


def header(board: str, bound: int, **change: Any) -> str:
    data = {
        "format": "evalgame-certificate",
        "version": 1,
        "board": board,
        "to_move": "max",
        "claim": "at_least",
        "bound": bound,
        "symmetry": True,
        "small_cells": 0,
        "tame_cells": 0,
    }
    return json.dumps({**data, **change})


def entry(free: int, i: int, j: int) -> str:
    return json.dumps({"free": f"{free:x}", "move": [i, j]})


def valid(*lines: str) -> Report:
    report = verify_lines(lines)
    assert report.valid, report.reason
    return report


def invalid(reason: str, *lines: str) -> Report:
    report = verify_lines(lines)
    assert not report.valid
    assert report.reason is not None
    assert reason in report.reason, report.reason
    return report


# 1×4: MAX plays an end domino and MIN must play the other: 2 (MIN first: 1)
ROW = [header("....", 2), entry(0b1111, 0, 1)]
# 2×3, MAX first: 3 (its moves from the brute-force maker, keys canonical)
TWO_BY_THREE = [
    header(".../...", 3),
    entry(0x3F, 0, 3),
    entry(0x3, 0, 1),
    entry(0x9, 0, 3),
    entry(0x12, 1, 4),
]
# 3×3, MAX first: 4
THREE_BY_THREE = [
    header(".../.../...", 4),
    entry(0x1FF, 0, 1),
    entry(0x1F, 3, 4),
    entry(0x4F, 3, 6),
    entry(0x67, 2, 5),
    entry(0x6D, 3, 6),
    entry(0x76, 4, 5),
    entry(0x79, 0, 3),
    entry(0x7C, 2, 5),
]
# ..#/... (a blocked cell), MAX first: 2, by the top domino
BLOCKED = [header("..#/...", 2), entry(0b111011, 0, 1)]


@pytest.mark.parametrize(
    "lines", [ROW, TWO_BY_THREE, THREE_BY_THREE, BLOCKED], ids=["1x4", "2x3", "3x3", "blocked"]
)
def test_hand_written_certificates_verify(lines: list[str]) -> None:
    report = valid(*lines)
    assert report.counts.prover >= 1
    assert report.entries == len(lines) - 1


def test_counts() -> None:
    report = valid(*ROW)
    expected = {"prover": 1, "opponent": 1, "settled": 1, "small": 0, "tame": 0, "cut": 0}
    assert report.counts.json() == expected
    assert valid(*THREE_BY_THREE).counts.total() > 10


def test_the_leaf_rules_need_no_entries() -> None:
    valid(header(".../.../...", 4, small_cells=9))  # decided at the root by exhaustive search
    report = valid(header("....", 2, tame_cells=4))  # the I tetromino: hot, a = 2
    assert report.counts.tame == 1
    report = valid(header("..../####/....", 3, to_move="min", tame_cells=4))
    assert report.counts.tame == 1  # two I tetrominoes: N = 4, h = 2, so 3
    invalid(
        "the sum rule gives the value 3 (N = 4, h = 2 hot regions; rule 3)",
        header("..../####/....", 4, tame_cells=4),
    )
    invalid("exhaustive search gives the value 4 (rule 2)", header(".../.../...", 5, small_cells=9))


def test_at_most() -> None:
    valid(header("....", 1, to_move="min", claim="at_most"), entry(0b1111, 1, 2))
    invalid(
        "the claim value ≤ 0 fails: exhaustive search gives the value 1 (rule 2)",
        header("....", 1, to_move="min", claim="at_most", small_cells=2),
        entry(0b1111, 0, 1),
    )
    valid(header("....", 2, claim="at_most"))  # settled: a maximum matching has 2 dominoes
    invalid("no position has a negative value (rule 1)", header("....", -1, claim="at_most"))


def test_a_wrong_move() -> None:
    """Two cells in the middle leave two single cells: the claim ≥ 2 is lost."""
    report = invalid(
        "the claim value ≥ 1 fails: the sum rule gives the value 0",
        header("....", 2),
        entry(0b1111, 1, 2),
    )
    assert report.failure is not None
    assert report.failure.moves == ((1, 2),)
    assert report.failure.drawing == ".aa."
    assert report.failure.to_move == "min"


def test_a_missing_entry() -> None:
    report = invalid(
        "the claim value ≥ 2 fails: no entry for this position (key 1f)",
        *THREE_BY_THREE[:2],
        *THREE_BY_THREE[3:],
    )
    assert report.failure is not None
    assert report.failure.moves == ((0, 1), (2, 5))
    assert report.failure.drawing == "aab\n..b\n..."
    assert report.failure.to_move == "max"


def test_an_illegal_move() -> None:
    invalid(
        "the entry on line 2 plays [0, 2]: its cells are not adjacent",
        header("....", 2),
        entry(0b1111, 0, 2),
    )
    # a row's last cell and the next row's first cell are not neighbours
    invalid("plays [2, 3]: its cells are not adjacent", header(".../...", 3), entry(0x3F, 2, 3))
    # cell 1 is covered in the position keyed 9 (cells 0 and 3 free)
    lines = list(TWO_BY_THREE)
    lines[3] = entry(0x9, 0, 1)
    invalid(
        "the claim value ≥ 1 fails: the entry on line 4 plays [0, 1]: a cell is not free", *lines
    )


def test_a_false_claim() -> None:
    """However its moves are chosen, a certificate of a bound above the value fails."""
    maker = Maker(".../.../...")
    report = verify_lines(maker.certificate("max", "at_least", 5))
    assert not report.valid
    report = verify_lines(maker.certificate("max", "at_least", 5, small=4))
    assert report.reason is not None
    assert "rule 2" in report.reason


def test_without_symmetry_every_twin_needs_its_entry() -> None:
    maker = Maker("..../....")
    lines = maker.certificate("min", "at_least", symmetry=False)
    assert verify_lines(lines).valid
    with_symmetry = maker.certificate("min", "at_least", symmetry=True)
    assert len(with_symmetry) < len(lines)
    keys = {json.loads(line)["free"] for line in with_symmetry[1:]}
    twins = [line for line in lines[1:] if json.loads(line)["free"] not in keys]
    assert twins
    assert not verify_lines(
        [lines[0]] + [line for line in lines[1:] if line not in twins[:1]]
    ).valid


def test_a_move_mapped_back_through_the_symmetry() -> None:
    """MIN first on 1×5: whichever end MIN takes, MAX's entry is keyed by the canonical
    form (7: cells 0, 1, 2) and its move [0, 1] is mapped back to the cells left."""
    lines = [header(".....", 2, to_move="min"), entry(0b00111, 0, 1), entry(0b10011, 0, 1)]
    assert valid(*lines).counts.prover == 2  # two entries serve four positions
    invalid(
        "no entry for this position (key 1c)",
        header(".....", 2, to_move="min", symmetry=False),
        *lines[1:],
    )


def test_entries_never_used_are_allowed() -> None:
    valid(*ROW, entry(0b0011, 0, 1), entry(0b1100, 0, 1).replace("[0, 1]", "[0, 3]"))


boards = st.sampled_from(
    ["...", "..../....", ".../.../...", "#../...", "..#./....", ".../.#./...", "..../.##./...."]
)


@given(
    boards,
    st.sampled_from(["max", "min"]),
    st.sampled_from(["at_least", "at_most"]),
    st.booleans(),
    st.integers(0, 8),
    st.integers(0, 8),
)
@settings(max_examples=sample(80), deadline=None)
def test_made_certificates_verify_exactly_when_true(
    board: str, to_move: str, claim: str, symmetry: bool, small: int, tame: int
) -> None:
    maker = Maker(board)
    value = maker.value(maker.free, to_move == "max")

    def made(bound: int) -> list[str]:
        return maker.certificate(to_move, claim, bound, symmetry=symmetry, small=small, tame=tame)

    assert verify_lines(made(value)).valid
    looser = value - 1 if claim == "at_least" else value + 1
    assert verify_lines(made(looser)).valid
    false = value + 1 if claim == "at_least" else value - 1
    assert not verify_lines(made(false)).valid


def cut(free: int, cells: int) -> str:
    return json.dumps({"free": f"{free:x}", "cut": f"{cells:x}"})


def test_format_2_a_cut_decides_a_lower_bound() -> None:
    """1×5: without its middle cell two dominoes are left, cold regions worth 2 together
    whoever moves, so the row is worth at least 2 (monotonicity)."""
    for to_move in ("max", "min"):  # a cut decides a prover's or an opponent's position
        report = valid(header(".....", 2, version=2, to_move=to_move, tame_cells=2), cut(31, 4))
        assert report.counts.cut == 1
        assert report.counts.prover == report.counts.opponent == 0
    invalid(
        "the cut on line 2 leaves a value of 2 by the sum rule (N = 2, h = 0 hot regions; rule 3a)",
        header(".....", 3, version=2, tame_cells=2),
        cut(31, 4),
    )
    invalid(
        "the cut on line 2 leaves a region that is wild or has more than 2 cells (rule 3a)",
        header(".....", 2, version=2, tame_cells=2),
        cut(31, 2),
    )


def test_format_2_a_cut_in_the_canonical_frame() -> None:
    """1×7, MAX first: MAX plays cells 2–3, leaving a domino and an I tromino (3 cells, over
    K = 2), a position keyed by its mirror image (cells 0–2 and 5–6); the cut of its cell
    0 leaves two dominoes, worth 2 = 3 − 1."""
    lines = [header(".......", 3, version=2, tame_cells=2), entry(0x7F, 2, 3), cut(0x67, 0x1)]
    report = valid(*lines)
    assert (report.counts.prover, report.counts.cut) == (1, 1)
    invalid("more than 2 cells (rule 3a)", *lines[:2], cut(0x67, 0x20))  # the tromino stays
