"""The results tables: values against brute force, JSON round trips, Markdown sections."""

from __future__ import annotations

import json
from pathlib import Path

from evalgame.analysis.tiling_results import (
    END,
    START,
    BoardBounds,
    BoardValue,
    KernelProof,
    board_bounds,
    board_value,
    confirmed_by_python,
    manager_proofs,
    markdown,
    replace_section,
    section_from_data,
    value_from_proofs,
)
from evalgame.proofs.store import ProofStore, Sitting
from evalgame.search.protocol import Player
from tests.games.matching.naive_matching import game_value, grid_edges, max_matching, min_maximal

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_board_value_matches_brute_force() -> None:
    row = board_value(3, 4)
    edges = frozenset(grid_edges(3, 4))
    assert row.max_first.value == game_value(edges, True)
    assert row.min_first.value == game_value(edges, False)
    assert row.nu == max_matching(edges)
    assert row.mu == min_maximal(edges)
    assert BoardValue.from_dict(row.as_dict()) == row


def test_board_bounds_round_trip_and_markdown() -> None:
    bounds = board_bounds(4, 4, Player.MIN, seconds=30)
    assert bounds.report.exact
    assert bounds.report.lower == game_value(frozenset(grid_edges(4, 4)), False)
    again = BoardBounds.from_dict(bounds.as_dict())
    assert again.report.lower == bounds.report.lower
    assert again.report.steps == bounds.report.steps
    text = markdown([board_value(2, 2)], [again])
    assert "| 2×2 | 2 | 2 | 2 | 2 |" in text
    assert "| 2×2 | 2 | 2 | Python solver |" in text  # the best known values
    assert (
        "| 4×4 | 6…8 | 7 | MAX first: the starters' theorem from MIN first; "
        "MIN first: Python solver's ladder |"
    ) in text


def test_mu_raises_a_weak_lower_bound() -> None:
    bounds = board_bounds(4, 4, Player.MIN, seconds=0)  # static bounds only: 5…8
    assert bounds.report.lower == 5
    assert bounds.mu == 6
    text = markdown([], [bounds])
    assert (
        "| 4×4 | 5…8 | 6…8 | MAX first ≥: the starters' theorem from MIN first; MAX first ≤: ν; "
        "MIN first ≥: μ; MIN first ≤: Python solver's ladder |"
    ) in text


def test_kernel_values_have_their_own_table_and_join_the_best_known() -> None:
    kernel = confirmed_by_python(board_value(3, 4, engine="native"))
    assert (kernel.max_first.value, kernel.min_first.value) == (5, 5)  # brute force: above
    assert BoardValue.from_dict(kernel.as_dict()) == kernel
    text = markdown([board_value(2, 2), kernel], [])
    assert "exact values by the C kernel" in text
    assert "| the Python solver agrees |" in text
    assert "| 3×4 | 5 | 5 | C kernel (the Python solver agrees) |" in text
    assert "exact values by the C kernel" not in markdown([board_value(2, 2)], [])


def test_sections_are_replaced_in_place() -> None:
    page = "# Results\n\nintro\n"
    first = replace_section(page, "one\n")
    assert first.startswith(page.rstrip("\n"))
    assert START in first
    assert END in first
    with_graphs = first + "\n## Graphs\n\nkept\n"
    second = replace_section(with_graphs, "two\n")
    assert "one" not in second
    assert "two" in second
    assert second.endswith("## Graphs\n\nkept\n")
    assert second.count(START) == 1


def test_kernel_proofs_are_listed_with_their_confirmation() -> None:
    proof = KernelProof(7, 7, "max", "value ≥ 21", 1234567, 300.4, "sampled lines")
    text = markdown([], [], [proof])
    assert "| 7×7 | MAX | **value ≥ 21** | 1,234,567 | 300 | sampled lines |" in text
    assert "proofs by the C kernel" in markdown([], [], [proof])
    assert "proofs by the C kernel" not in markdown([], [])


def test_manager_stores_are_listed_sitting_by_sitting_and_narrow_the_bounds(
    tmp_path: Path,
) -> None:
    with ProofStore.open(tmp_path / "8x8-max.sqlite", "tiling 8×8, MAX first") as store:
        store.set_root(26, 31, "value ≥ 26")
        store.log_sitting(Sitting(1.8e9, 1.8e9 + 3300, 2, 10**9, 6543.2, 26, 31,
                                  ["value ≥ 26"], "time budget exhausted"))  # fmt: skip
    with ProofStore.open(tmp_path / "other.sqlite", "e-Valuate a*b") as store:
        store.set_root(1, 1, "value ≥ 1")  # not a tiling problem: left out
    (managed,) = manager_proofs(tmp_path)
    assert (managed.rows, managed.cols, managed.first, managed.store) == (
        8,
        8,
        "max",
        "8x8-max.sqlite",
    )
    kernel = KernelProof(8, 8, "max", "value ≥ 25", 1, 1.0, "sampled lines")
    text = markdown([], [], [kernel], [managed])
    assert (
        "| 8×8 | MAX | 2027-01-15 08:00 | 2 | 3300 | 1,000,000,000 | 6543 | **26…31** "
        "| value ≥ 26 | time budget exhausted |"
    ) in text
    # the manager's bound beats the kernel's
    assert (
        "| 8×8 | 26…31 | 25…32 | MAX first: proof manager; "
        "MIN first: the starters' theorem from MAX first |"
    ) in text


def test_a_board_with_one_bound_gets_both_starters_and_nu() -> None:
    proof = KernelProof(7, 9, "max", "value ≥ 27", 1, 1.0, "sampled lines")
    assert (
        "| 7×9 | 27…31 | 26…31 | MAX first ≥: C kernel; MAX first ≤: ν; "
        "MIN first ≥: the starters' theorem from MAX first; MIN first ≤: ν |"
    ) in markdown([], [], [proof])


def test_nu_of_a_board_is_half_its_cells() -> None:
    for rows in range(1, 5):
        for cols in range(rows, 5):
            assert max_matching(frozenset(grid_edges(rows, cols))) == rows * cols // 2


def test_proofs_that_meet_make_an_exact_row_confirmed_by_their_sampled_lines() -> None:
    def proof(first: str, text: str, lines: int = 20, failures: int = 0) -> KernelProof:
        return KernelProof(3, 4, first, text, 10, 1.0, lines=lines, cells=8, failures=failures)

    proofs = [proof(first, f"value {relation} 5") for first in ("max", "min") for relation in "≥≤"]
    value = value_from_proofs(3, 4, proofs)
    assert value is not None
    edges = frozenset(grid_edges(3, 4))
    assert (
        (value.max_first.value, value.min_first.value)
        == (5, 5)
        == (
            game_value(edges, True),
            game_value(edges, False),
        )
    )
    assert (value.mu, value.nu) == (min_maximal(edges), max_matching(edges))
    text = markdown([value], [], proofs)
    assert "| 3×4 | 5 | 5 | 4 | 6 | 20 / 20 | 4.0 | sampled lines: 20 per bound," in text
    assert "| 3×4 | 5 | 5 | C kernel (sampled lines: 20 per bound, checked at ≤ 8 cells" in text
    assert "| 3×4 | MIN | **value ≤ 5** | 10 | 1 | sampled lines: 20, checked at" in text
    # a failure, a bound without lines or a missing bound leaves the value open
    assert value_from_proofs(3, 4, [*proofs[:3], proof("min", "value ≤ 5", failures=1)]) is None
    assert value_from_proofs(3, 4, [*proofs[:3], proof("min", "value ≤ 5", lines=0)]) is None
    assert value_from_proofs(3, 4, proofs[1:]) is None


def test_the_committed_page_is_rendered_from_the_committed_data() -> None:
    data = json.loads((DOCS / "tiling_results.json").read_text())
    assert section_from_data(data, DOCS) in (DOCS / "results.md").read_text()


def test_the_certificates_table_cites_each_verdict_of_the_file_as_it_is(tmp_path: Path) -> None:
    """A bound's row gives the checker's verdict only while the file is the one checked."""
    from typer.testing import CliRunner

    from evalgame.analysis.tiling_results import _certificate_lines
    from evalgame.cli import app

    runner = CliRunner()
    made = runner.invoke(
        app, ["tiling", "3", "4", "--certificate", str(tmp_path / "3x4-max.cert.gz")]
    )
    assert made.exit_code == 0, made.output
    files = sorted(tmp_path.glob("*.cert.gz"))
    assert [path.name for path in files] == [
        "3x4-max-at_least-5.cert.gz",
        "3x4-max-at_most-5.cert.gz",
    ]
    assert "not yet" in _certificate_lines(tmp_path)
    record = tmp_path / "verified.json"
    checked = runner.invoke(app, ["verify", *map(str, files), "--record", str(record)])
    assert checked.exit_code == 0, checked.output
    table = _certificate_lines(tmp_path)
    assert "| 3×4 | MAX | value ≥ 5 | [3x4-max-at_least-5.cert.gz]" in table
    assert "| 3×4 | MAX | value ≤ 5 |" in table
    assert "not yet" not in table
    files[0].write_bytes(files[1].read_bytes())  # another file under the name: not verified
    assert "| 3x4-max-at_least-5.cert.gz | | | | |" in _certificate_lines(tmp_path)


def test_seven_by_seven_is_named_among_the_uncertified_until_each_bound_has_a_file(
    tmp_path: Path,
) -> None:
    """7×7's value is not among the exact values: the page names it apart, as a whole
    while it has no certificate, then as its bounds not listed."""
    from evalgame.analysis.tiling_results import _certificate_lines

    values = [board_value(2, 3)]
    (tmp_path / "2x2-max-at_most-2.cert.gz").write_bytes(b"")
    assert "; and 7×7, whose value" in _certificate_lines(tmp_path, values)
    (tmp_path / "7x7-max-at_most-22.cert.gz").write_bytes(b"")
    text = _certificate_lines(tmp_path, values)
    assert "; and 7×7's bounds not listed above, whose value" in text
    assert "Why 7×7's other bounds have none yet" in text
    for name in ("7x7-max-at_least-22", "7x7-min-at_most-22", "7x7-min-at_least-22"):
        (tmp_path / f"{name}.cert.gz").write_bytes(b"")
    text = _certificate_lines(tmp_path, values)
    assert "7×7" not in text.split("The exact values of the other boards")[1]


def test_the_first_table_gives_each_board_its_value_backing_and_certificates() -> None:
    """The page is a reference: today's value of every board comes first, with what
    proved it and how many of its bounds have a verified certificate; the searches that
    back it follow."""
    text = markdown([board_value(2, 2)], [], certified={(2, 2): "4 of 4 verified"})
    assert "| 2×2 | 2 | 2 | Python solver | 4 of 4 verified |" in text
    assert text.index("the best known value") < text.index("exact values by the Python solver")
    committed = (DOCS / "results.md").read_text()
    row = "| 6×7 | 19 | 19 | C kernel (the kernel without the sum rule agrees) | 4 of 4 verified |"
    assert row in committed
    assert "| 8×8 | 29 | 29 | C kernel (sampled lines" in committed
