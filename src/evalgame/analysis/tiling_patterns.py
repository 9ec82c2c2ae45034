"""What the tiling game's values say: value/ν, the two starters, μ, and 1×n and 2×n forms.

The values of the solved boards and the bounds of the large ones come from
``docs/tiling_results.json`` (``scripts/tiling_results.py``); this module adds long
families computed here: 1×n boards by :func:`path_values` (a dynamic programme over the
multiset of empty segments, far faster than a board search) and 2×n boards by the
specialised solver. :func:`~.closed_forms.fit_floor` guesses a closed form
⌊(a·n + b)/c⌋ from the small sizes only, and :func:`markdown` checks it on every size computed.

>>> path_values(7)
[(0, 0), (0, 0), (1, 1), (1, 1), (2, 1), (2, 2), (3, 2), (3, 3)]
>>> fit_floor({n: max_first for n, (max_first, _) in enumerate(path_values(14))}, 14)
FloorForm(a=3, b=3, c=7)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evalgame.analysis.closed_forms import fit_floor
from evalgame.analysis.results_page import replace_marked
from evalgame.games.matching.solver import MatchingSolver
from evalgame.games.tiling.board import Board

if TYPE_CHECKING:
    from evalgame.analysis.tiling_results import ManagerProof

#: a position of the 1×n game: the lengths (≥ 4) of its empty segments, sorted, and
#: whether an odd number of one-move segments (length 2 or 3) is left
Segments = tuple[tuple[int, ...], bool]


def path_values(largest: int) -> list[tuple[int, int]]:
    """(MAX first, MIN first) values of the 1×n board for n = 0..``largest``."""
    return [(_segments_value(_start(n), True), _segments_value(_start(n), False)) for n in
            range(largest + 1)]  # fmt: skip


def _start(n: int) -> Segments:
    return ((n,), False) if n >= 4 else ((), n >= 2)


@functools.cache
def _segments_value(state: Segments, max_to_move: bool) -> int:
    """Dominoes still to be placed from ``state`` under optimal play.

    Segments of length 2 or 3 take exactly one domino whatever is done, so they are plain
    tempo moves, and two of them can be dropped (adding 2): whoever wants to can answer a
    tempo move with the other one, so neither player gains by them — only the parity of
    their number is kept.
    """
    lengths, tempo = state
    options = []
    if tempo:
        options.append(1 + _segments_value((lengths, False), not max_to_move))
    for index, length in enumerate(lengths):
        if length in lengths[:index]:
            continue  # the same segment length again: the same moves
        rest = lengths[:index] + lengths[index + 1 :]
        for left in range((length - 2) // 2 + 1):
            child, extra = _split(rest, tempo, (left, length - left - 2))
            options.append(1 + extra + _segments_value(child, not max_to_move))
    if not options:
        return 0
    return max(options) if max_to_move else min(options)


def _split(rest: tuple[int, ...], tempo: bool, parts: tuple[int, int]) -> tuple[Segments, int]:
    """The position with ``parts`` added, and the dominoes of the tempo pairs dropped."""
    long = sorted(rest + tuple(p for p in parts if p >= 4))
    short = tempo + sum(2 <= p <= 3 for p in parts)
    return (tuple(long), short % 2 == 1), 2 * (short // 2)


def strip_values(largest: int) -> list[tuple[int, int]]:
    """(MAX first, MIN first) values of the 2×n board for n = 1..``largest`` (solver)."""
    values = []
    for n in range(1, largest + 1):
        board = Board(2, n)
        solver = MatchingSolver(board)
        values.append((solver.value(board.full, True), solver.value(board.full, False)))
    return values


@dataclass(frozen=True)
class Board2:
    """One board's values for both starters (``low``/``high``: bounds when unsolved)."""

    rows: int
    cols: int
    max_first: tuple[int, int]
    min_first: tuple[int, int]
    mu: int
    nu: int

    @property
    def solved(self) -> bool:
        """Whether both values are exact."""
        return self.max_first[0] == self.max_first[1] and self.min_first[0] == self.min_first[1]

    @property
    def name(self) -> str:
        """``m×n``."""
        return f"{self.rows}×{self.cols}"


def boards_from_json(data: Mapping[str, Any], managed: Sequence[ManagerProof] = ()) -> list[Board2]:
    """The solved boards and the bounded ones of ``docs/tiling_results.json``, one each;
    the bounds proven by the search ladder are narrowed by the C kernel's proofs
    (``kernel_proofs``) and by the proof manager's stores (``managed``, see
    :func:`~evalgame.analysis.tiling_results.manager_proofs`). A board with an exact value
    is that value, whatever bounds the file also holds of it."""
    managed_proofs = [
        (p.rows, p.cols, p.first, f"value {relation} {bound}")
        for p in managed
        for relation, bound in (("≥", p.lower), ("≤", p.upper))
        if bound is not None
    ]
    boards = []
    exact = [*data.get("values", {}).values(), *data.get("kernel_values", {}).values()]
    for row in exact:
        top, bottom = row["max_first"]["value"], row["min_first"]["value"]
        boards.append(Board2(row["rows"], row["cols"], (top, top), (bottom, bottom), row["mu"],
                             row["nu"]))  # fmt: skip
    bounded: dict[tuple[int, int], dict[str, Any]] = {}
    for entry in data.get("bounds", {}).values():
        bounded.setdefault((entry["rows"], entry["cols"]), {})[entry["first"]] = entry
    exact_boards = {(board.rows, board.cols) for board in boards}
    for (rows, cols), first in sorted(bounded.items()):
        if {"max", "min"} <= first.keys() and (rows, cols) not in exact_boards:
            low_high = {
                name: _tightened(
                    (max(e["report"]["lower"], e["mu"]), e["report"]["upper"]),
                    [
                        p["proof"]
                        for p in data.get("kernel_proofs", [])
                        if (p["rows"], p["cols"], p["first"]) == (rows, cols, name)
                    ]
                    + [
                        proof
                        for r, c, first_name, proof in managed_proofs
                        if (r, c, first_name) == (rows, cols, name)
                    ],
                )
                for name, e in first.items()
            }
            mu, nu = first["max"]["mu"], first["max"]["report"]["static_upper"]  # ν: static
            boards.append(Board2(rows, cols, low_high["max"], low_high["min"], mu, nu))
    return sorted(boards, key=lambda b: (b.rows, b.cols))


def _tightened(bounds: tuple[int, int], proofs: Sequence[str]) -> tuple[int, int]:
    """``bounds`` narrowed by proofs written "value ≥ N" or "value ≤ N".

    >>> _tightened((19, 22), ["value ≥ 20", "value ≤ 21", "value ≥ 19"])
    (20, 21)
    """
    low, high = bounds
    for proof in proofs:
        bound = int(proof.split()[-1])
        if "≥" in proof:
            low = max(low, bound)
        elif "≤" in proof:
            high = min(high, bound)
    return low, high


def starters_differ_by_one(board: Board2) -> bool | None:
    """Whether |MAX first − MIN first| ≤ 1 holds: True/False when solved; for bounds,
    False if the intervals already contradict it, None if they allow both."""
    (a_low, a_high), (b_low, b_high) = board.max_first, board.min_first
    if board.solved:
        return abs(a_low - b_low) <= 1
    if a_low - b_high > 1 or b_low - a_high > 1:
        return False
    return None


def _span(low: int, high: int) -> str:
    """A value, or the bounds ``low…high`` on it.

    >>> _span(29, 29), _span(28, 30)
    ('29', '28…30')
    """
    return str(low) if low == high else f"{low}…{high}"


def _ratio(value: int, nu: int) -> str:
    if nu == 0:
        return "—"
    ratio = Fraction(value, nu)
    return f"{ratio.numerator}/{ratio.denominator}" if ratio.denominator > 1 else str(ratio)


def markdown(
    boards: Sequence[Board2],
    paths: Sequence[tuple[int, int]],
    strips: Sequence[tuple[int, int]],
    guess_upto: int,
    figure: str,
    seconds: float,
) -> str:
    """The section "The tiling game: what the values say" of ``docs/results.md``."""
    solved = [b for b in boards if b.solved]
    lines = [
        "## The tiling game: what the values say (§7)",
        "",
        "Generated by `scripts/tiling_patterns.py` from the values and bounds of the tiling",
        "section above and the C kernel's proofs (`docs/tiling_results.json`; later bounds",
        "flow in when `scripts/tiling_patterns.py --markdown-only` is re-run), with",
        f"1×n boards for n ≤ {len(paths) - 1} (a dynamic programme over the multiset of empty",
        f"segments) and 2×n boards for n ≤ {len(strips)} (the specialised solver). The run took",
        f"{seconds:.0f} s of CPU time.",
        "",
        "### Value / ν, MAX first against MIN first, and μ",
        "",
        "Cranston, Kinnersley, O and West proved that the two starters' values differ by at",
        "most 1; the last column checks it on every board.",
        "",
        "| board | MAX first | MIN first | μ | ν | value/ν (MAX, MIN first) | value − μ "
        "| ≤ 1 apart |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for b in boards:
        if b.solved:
            top, bottom = b.max_first[0], b.min_first[0]
            cells = [str(top), str(bottom), "", f"{_ratio(top, b.nu)}, {_ratio(bottom, b.nu)}",
                     f"{top - b.mu}, {bottom - b.mu}"]  # fmt: skip
        else:  # a starter's value may be known while the other's is bounded
            starters = (b.max_first, b.min_first)
            cells = [*(_span(*bounds) for bounds in starters), "",
                     ", ".join(_ratio(low, b.nu) if low == high else "bounds only"
                               for low, high in starters),
                     ", ".join(str(low - b.mu) if low == high else "bounds only"
                               for low, high in starters)]  # fmt: skip
        check = {True: "yes", False: "**no**", None: "open"}[starters_differ_by_one(b)]
        lines.append(
            f"| {b.name} | {cells[0]} | {cells[1]} | {b.mu} | {b.nu} | {cells[3]} | {cells[4]} "
            f"| {check} |"
        )
    all_paths = [(1, n, top, bottom) for n, (top, bottom) in enumerate(paths) if n >= 1]
    all_strips = [(2, n, top, bottom) for n, (top, bottom) in enumerate(strips, 1)]
    families = all_paths + all_strips
    broken = [f"{r}×{n}" for r, n, top, bottom in families if abs(top - bottom) > 1]
    broken += [b.name for b in boards if starters_differ_by_one(b) is False]
    lower = sum(1 for b in solved if b.min_first[0] > b.max_first[0])
    lines += [
        "",
        f"The difference of at most 1 holds on all {len(solved) + len(families)} solved boards "
        f"(the {len(solved)} above, 1×1..1×{len(paths) - 1} and 2×1..2×{len(strips)})"
        + (f" except {', '.join(broken)}." if broken else ".")
        + " On the bounded boards it cannot fail yet: the intervals overlap.",
        (
            "MIN first never gives more dominoes than MAX first on a solved board."
            if lower == 0
            else f"MIN first gives more dominoes than MAX first on {lower} solved boards."
        ),
        "",
    ]
    lines += _family_lines(paths, strips, guess_upto)
    lines += _summary(boards, paths, strips)
    lines += [f"![value over ν]({figure})", ""]
    return "\n".join(lines) + "\n"


def _family_lines(
    paths: Sequence[tuple[int, int]], strips: Sequence[tuple[int, int]], guess_upto: int
) -> list[str]:
    lines = [
        "### 1×n and 2×n: closed forms",
        "",
        f"Each form below was fitted on n ≤ {guess_upto} only (the simplest ⌊(a·n + b)/c⌋ with",
        "c ≤ 12) and then checked on every n computed.",
        "",
        "| family | starter | form (fitted on small n) | checked for | mismatches |",
        "|---|---|---|---|---|",
    ]
    families = [
        ("1×n", "MAX", {n: v for n, (v, _) in enumerate(paths) if n >= 1}),
        ("1×n", "MIN", {n: v for n, (_, v) in enumerate(paths) if n >= 1}),
        ("2×n", "MAX", {n: v for n, (v, _) in enumerate(strips, 1)}),
        ("2×n", "MIN", {n: v for n, (_, v) in enumerate(strips, 1)}),
    ]
    for family, starter, values in families:
        form = fit_floor(values, guess_upto)
        sizes = f"n = {min(values)}..{max(values)}"
        if form is None:
            lines.append(f"| {family} | {starter} | none fits | {sizes} | — |")
            continue
        wrong = [n for n, v in values.items() if form(n) != v]
        shown = ", ".join(f"n={n}" for n in wrong[:8]) or "none"
        lines.append(f"| {family} | {starter} | {form} | {sizes} | {shown} |")
    lines += [
        "",
        "1×n values, n = 1, 2, … (MAX first / MIN first): "
        + ", ".join(f"{top}/{bottom}" for top, bottom in paths[1:]),
        "",
    ]
    return lines


def _summary(
    boards: Sequence[Board2],
    paths: Sequence[tuple[int, int]],
    strips: Sequence[tuple[int, int]],
) -> list[str]:
    """Plain-language findings, each computed from the values (nothing is assumed)."""
    solved = [b for b in boards if b.solved and b.nu > 0]
    tight = [b.name for b in solved if b.max_first[0] == b.nu]
    loose = [b.name for b in solved if b.max_first[0] < b.nu]
    odd = [b for b in solved if b.rows * b.cols % 2]
    squares = [b for b in solved if b.rows == b.cols and b.rows >= 2]
    ratios = [Fraction(b.max_first[0], b.nu) for b in squares]
    falling = all(x >= y for x, y in itertools.pairwise(ratios))
    lines = [
        "### In plain words",
        "",
        "- Optimal play (MAX first) fills the board as far as a maximum matching allows,",
        f"  value = ν, on {len(tight)} of the {len(solved)} solved boards ({', '.join(tight)});",
        f"  it falls short on {', '.join(loose)}.",
        "- On the square boards value/ν (MAX first) is "
        + ", ".join(f"{b.rows}×{b.cols}: {_ratio(b.max_first[0], b.nu)}" for b in squares)
        + ("; it never rises with the size." if falling else "; it does not fall steadily."),
    ]
    if odd and all(b.max_first[0] == b.nu for b in odd):
        lines.append(
            f"- Every solved board with an odd number of cells ({', '.join(b.name for b in odd)})"
            " has value ν with MAX first: an observation on these boards, not a proven rule."
        )
    elif odd:  # say what broke the pattern the smaller boards suggested
        full = ", ".join(b.name for b in odd if b.max_first[0] == b.nu)
        short = ", ".join(
            f"{b.name} ({b.max_first[0]} < ν = {b.nu})" for b in odd if b.max_first[0] < b.nu
        )
        lines.append(
            f"- Of the solved boards with an odd number of cells, {full} have value ν with MAX"
            f" first, but not {short}: a pattern the smaller boards suggested did not hold."
        )
    for b in boards:
        if not b.solved:
            low, high = min(b.max_first[0], b.min_first[0]), max(b.max_first[1], b.min_first[1])
            lines.append(
                f"- {b.name}: the bounds leave value/ν between {_ratio(low, b.nu)} "
                f"({low / b.nu:.2f}) and {_ratio(high, b.nu)} ({high / b.nu:.2f}); μ/ν = "
                f"{_ratio(b.mu, b.nu)}."
            )
    form = fit_floor({n: v for n, (v, _) in enumerate(paths) if n >= 1}, len(paths))
    if form is not None:
        lines.append(
            f"- 1×n (MAX first) is {form} for every n computed, so its value/ν tends to "
            f"{_ratio(2 * form.a, form.c)} and the uncovered cells tend to "
            f"{_ratio(form.c - 2 * form.a, form.c)} of the board."
        )
    if strips and all(top == bottom == n for n, (top, bottom) in enumerate(strips, 1)):
        lines.append(
            f"- Conjecture: the 2×n value is n = ν for both starters (every n ≤ {len(strips)}"
            " here): on two rows MIN can never force an uncovered cell."
        )
    return [*lines, ""]


#: the markers around this generated section of ``docs/results.md``
START = "<!-- tiling-patterns:start — generated by scripts/tiling_patterns.py, do not edit -->"
END = "<!-- tiling-patterns:end -->"


def replace_section(text: str, section: str) -> str:
    """``text`` with ``section`` between this section's markers (appended if absent)."""
    return replace_marked(text, section, START, END)


def draw_ratios(boards: Sequence[Board2], paths: Sequence[tuple[int, int]], path: Path) -> None:
    """value/ν against the number of cells: solved boards, bounded ones, 1×n, and μ/ν."""
    from matplotlib import rc_context
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.5, 4.5))
    axes = figure.subplots()
    line = [(n, Fraction(top, n // 2)) for n, (top, _) in enumerate(paths) if n >= 2]
    axes.plot([n for n, _ in line], [float(r) for _, r in line], color="#999999", lw=1,
              label="1×n, MAX first")  # fmt: skip
    for first, colour, marker in ((0, "#3b6fb6", "o"), (1, "#c8443c", "x")):
        solved = [b for b in boards if b.solved and b.nu > 0 and b.rows > 1]
        cells = [b.rows * b.cols for b in solved]
        ratio = [(b.max_first if first == 0 else b.min_first)[0] / b.nu for b in solved]
        label = "MAX first" if first == 0 else "MIN first"
        axes.scatter(cells, ratio, color=colour, marker=marker, s=36, label=label, zorder=3,
                     facecolors="none" if marker == "o" else colour)  # fmt: skip
    squares = [b for b in boards if b.solved and b.rows == b.cols and b.nu > 0]
    axes.plot([b.rows * b.cols for b in squares], [b.mu / b.nu for b in squares], "k--", lw=1,
              label="μ/ν, square boards")  # fmt: skip
    for b in boards:
        if not b.solved:
            low = min(b.max_first[0], b.min_first[0]) / b.nu
            high = max(b.max_first[1], b.min_first[1]) / b.nu
            axes.vlines(b.rows * b.cols, low, high, color="#6b8e23", lw=3)
            axes.annotate(b.name, (b.rows * b.cols, high), textcoords="offset points",
                          xytext=(4, 0), fontsize=8)  # fmt: skip
    axes.set_xlabel("cells m·n")
    axes.set_ylabel("value / ν")
    axes.set_title("The tiling game: value over the maximum matching (green: proven bounds)")
    axes.legend(fontsize=8, loc="lower left")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    with rc_context({"svg.hashsalt": "evalgame"}):  # the same file for the same values
        figure.savefig(path, metadata={"Date": None})
