"""The options of ``evalgame tiling --dfpn-mb M`` (df-pn in sittings, :mod:`.sittings`):
declared once for the command, read into :class:`SittingOptions`, and refused together
before any work when they cannot go together.

>>> SittingOptions(dfpn_mb=64, until="2h", lines=20).named
['--until', '--lines']
>>> check_options(SittingOptions(dfpn_mb=64, moves=True), None, None)
Traceback (most recent call last):
...
evalgame.errors.InputError: --moves go with a question: give --ask G
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from evalgame.cli.progress import UNTIL_HELP, deadline
from evalgame.errors import InputError
from evalgame.games.matching.native import ALL_OPTIONS, OPTIONS, default_options
from evalgame.games.matching.sittings import DEFAULT_EVERY

PANEL = "df-pn in sittings (--dfpn-mb)"

DfpnMb = Annotated[
    int | None,
    typer.Option(
        "--dfpn-mb",
        metavar="M",
        min=1,
        help="Answer by the C kernel's df-pn in this process with a table of numbers of M MB, "
        "in sittings: its numbers are saved in the proof store (--store) as it goes, and a "
        "rerun goes on from them.",
        rich_help_panel=PANEL,
    ),
]
Until = Annotated[
    str | None,
    typer.Option(
        "--until", metavar="WHEN", help=f"Stop then: {UNTIL_HELP}.", rich_help_panel=PANEL
    ),
]
Every = Annotated[
    int,
    typer.Option(
        "--every",
        metavar="N",
        min=1,
        help="Nodes between two saves of the numbers (about 6 CPU minutes on 8×8).",
        rich_help_panel=PANEL,
    ),
]
Saves = Annotated[
    int | None,
    typer.Option(
        "--saves",
        metavar="N",
        min=1,
        help="Stop after N saves of the numbers (a question's sittings count its saves).",
        rich_help_panel=PANEL,
    ),
]
After = Annotated[
    str,
    typer.Option(
        "--after",
        metavar="MOVES",
        help='Ask about the position after these moves, e.g. "(0,1)-(0,2) (3,3)-(3,4)" '
        "(--ask G then counts the dominoes still to come).",
        rich_help_panel=PANEL,
    ),
]
Moves = Annotated[
    bool,
    typer.Option(
        "--moves",
        help="Show where each first move of --ask's question stands in the store (holds, "
        "fails or open, with its numbers) and stop, searching nothing.",
        rich_help_panel=PANEL,
    ),
]
Trim = Annotated[
    int | None,
    typer.Option(
        "--trim",
        metavar="N",
        min=0,
        help="Rewrite --ask's numbers in the store with at most N entries, its parts folded "
        "in (a store to commit), and stop, searching nothing.",
        rich_help_panel=PANEL,
    ),
]
PartOption = Annotated[
    str | None,
    typer.Option(
        "--part",
        metavar="K/N",
        help="Ask part K of N of --ask's first moves (one process a part, one store); the "
        "question asked whole afterwards concludes from them.",
        rich_help_panel=PANEL,
    ),
]
Lines = Annotated[
    int,
    typer.Option(
        "--lines",
        metavar="N",
        min=0,
        help="Confirm each answer on N sampled lines of play checked by the Python solver.",
        rich_help_panel=PANEL,
    ),
]
Cells = Annotated[
    int,
    typer.Option(
        "--cells",
        metavar="C",
        min=2,
        help="With --lines: the cells left when a line is checked.",
        rich_help_panel=PANEL,
    ),
]
Seeds = Annotated[
    int,
    typer.Option(
        "--seeds",
        metavar="S",
        min=1,
        help="With --lines: the random seeds the lines are spread over.",
        rich_help_panel=PANEL,
    ),
]
Record = Annotated[
    Path | None,
    typer.Option(
        "--record",
        metavar="FILE",
        help="Add each answer confirmed by --lines to the kernel_proofs of this JSON file "
        "(docs/tiling_results.json).",
        rich_help_panel=PANEL,
    ),
]
Weak = Annotated[
    bool,
    typer.Option("--weak", help="Weak proof numbers (they only guide).", rich_help_panel=PANEL),
]
KernelOptions = Annotated[
    str,
    typer.Option(
        "--kernel-options",
        metavar="NAMES",
        help="The kernel's options: default, all, none (symmetric keys only) or names joined "
        f"by commas ({', '.join(OPTIONS)}); fewer bounds confirm a result a second way. "
        "A store's numbers are read by a kernel of the same options only.",
        rich_help_panel=PANEL,
    ),
]
Import = Annotated[
    Path | None,
    typer.Option(
        "--import",
        metavar="FILE",
        help="Copy a numbers file of older versions (scripts/tiling_proofs.py --numbers) into "
        "the proof store of this board, and stop.",
        rich_help_panel=PANEL,
    ),
]


@dataclass(frozen=True)
class SittingOptions:
    """The options of df-pn in sittings, as given (``dfpn_mb``: ``None`` when not asked)."""

    dfpn_mb: int | None = None
    until: str | None = None
    every: int = DEFAULT_EVERY
    saves: int | None = None
    after: str = ""
    moves: bool = False
    trim: int | None = None
    part: str | None = None
    lines: int = 0
    cells: int = 32
    seeds: int = 4
    record: Path | None = None
    weak: bool = False
    imported: Path | None = None
    kernel_options: str = "default"

    @property
    def named(self) -> list[str]:
        """The options of sittings given beside ``--dfpn-mb``, by name."""
        given = [
            ("--until", self.until is not None),
            ("--saves", self.saves is not None),
            ("--after", bool(self.after)),
            ("--moves", self.moves),
            ("--trim", self.trim is not None),
            ("--part", self.part is not None),
            ("--lines", self.lines > 0),
            ("--record", self.record is not None),
            ("--weak", self.weak),
            ("--every", self.every != DEFAULT_EVERY),
            ("--kernel-options", self.kernel_options != "default"),
        ]
        return [name for name, on in given if on]


def kernel_options(text: str, vertices: int) -> int:
    """``--kernel-options``: ``default`` (the kernel's for ``vertices`` cells), ``all``,
    ``none`` (symmetric keys only) or option names joined by commas.

    >>> kernel_options("none", 16) == OPTIONS["symmetry"], kernel_options("all", 9) == ALL_OPTIONS
    (True, True)
    """
    named = {"default": default_options(vertices), "all": ALL_OPTIONS, "none": OPTIONS["symmetry"]}
    if text in named:
        return named[text]
    unknown = [name for name in text.split(",") if name not in OPTIONS]
    if unknown:
        raise InputError(
            f"--kernel-options: no option {unknown[0]!r}; take default, all, none or names of "
            + ", ".join(OPTIONS)
        )
    return sum(OPTIONS[name] for name in set(text.split(",")))


def check_options(options: SittingOptions, gamma: int | None, keep: int | None) -> None:
    """Refuse what the options of sittings cannot do together, before any work."""
    if options.imported is not None:
        if options.dfpn_mb is not None or options.named or gamma is not None:
            raise InputError(
                "--import FILE copies a numbers file into the store and stops: "
                "nothing else but the board, --first, --store and --json"
            )
        return
    if keep is not None and keep < 0:
        raise InputError(f"--keep counts entries of df-pn's numbers: ≥ 0, not {keep}")
    wanted = [
        name
        for name, given in (
            ("--after", bool(options.after)),
            ("--moves", options.moves),
            ("--trim", options.trim is not None),
            ("--part", options.part is not None),
        )
        if given
    ]
    if gamma is None and wanted:
        raise InputError(f"{', '.join(wanted)} go with a question: give --ask G")
    if options.moves and options.trim is not None:
        raise InputError("--moves or --trim: one at a time")
    if options.part is not None:
        part_of(options.part)
        if options.lines or options.record is not None:
            raise InputError(
                "--lines and --record go with a question asked whole: a part proves no bound"
            )
    if options.after and (options.lines or options.record is not None):
        raise InputError("--lines and --record go with the board's own questions, not --after")
    if options.record is not None:
        if not options.lines:
            raise InputError("--record adds answers confirmed by sampled lines: give --lines N")
        try:
            if not isinstance(json.loads(options.record.read_text()), dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError) as problem:
            raise InputError(
                f"--record needs a JSON file of results to add to: {problem}"
            ) from None
    if options.until is not None:
        deadline(options.until)  # refused now if malformed


def ask_gamma(ask: str | None) -> int | None:
    if ask is None:
        return None
    try:
        return int(ask.strip())
    except ValueError:
        raise InputError(
            f"--ask G needs a whole number of dominoes with --dfpn-mb, not {ask!r}"
        ) from None


def part_of(text: str) -> tuple[int, int]:
    """``K/N`` as (K, N), 1 ≤ K ≤ N; else an :class:`InputError` that says so.

    >>> part_of("2/3")
    (2, 3)
    """
    try:
        part, parts = map(int, text.split("/"))
    except ValueError:
        raise InputError(f"--part takes K/N, e.g. 1/2, not {text!r}") from None
    if not 1 <= part <= parts:
        raise InputError(f"--part {text}: K is a part from 1 to N")
    return part, parts
