"""The fairness atlas: its shapes against a naive enumeration, its odds against a walk
over every random game, and the committed CSV against a recomputation of its first rows."""

from __future__ import annotations

import csv
import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from evalgame.analysis.fairness_atlas import atlas_row, monotonicity, shape_of, shapes
from evalgame.analysis.fairness_page import atlas_csv, domain_name, markdown
from evalgame.expr.expression import parse
from evalgame.search.protocol import Player
from tests.analysis.test_fairness import brute_force

DOCS = Path(__file__).resolve().parents[2] / "docs"
NaiveTree = str | tuple[str, "NaiveTree", "NaiveTree"]


def naive_trees(labels: tuple[str, ...]) -> list[NaiveTree]:
    if len(labels) == 1:
        return [labels[0]]
    found: list[NaiveTree] = []
    for split in range(1, len(labels)):
        for left in naive_trees(labels[:split]):
            for right in naive_trees(labels[split:]):
                found += [(op, left, right) for op in "+-*/"]
    return found


def variants(tree: NaiveTree) -> set[NaiveTree]:
    """Every tree equal to ``tree`` by swapping the operands of + and * anywhere."""
    if isinstance(tree, str):
        return {tree}
    op, left, right = tree
    result: set[NaiveTree] = set()
    for a in variants(left):
        for b in variants(right):
            result.add((op, a, b))
            if op in "+*":
                result.add((op, b, a))
    return result


def rename(tree: NaiveTree, mapping: dict[str, str]) -> NaiveTree:
    if isinstance(tree, str):
        return mapping[tree]
    return (tree[0], rename(tree[1], mapping), rename(tree[2], mapping))


@pytest.mark.parametrize("leaves", [2, 3])
def test_shapes_are_the_classes_of_a_naive_enumeration(leaves: int) -> None:
    """Every labelling with every letter, classes by explicit renaming and swapping."""
    classes: set[frozenset[NaiveTree]] = set()
    letters = "abc"[:leaves]
    for labels in itertools.product(letters, repeat=leaves):
        for tree in naive_trees(labels):
            orbit = {
                variant
                for perm in itertools.permutations(letters)
                for variant in variants(rename(tree, dict(zip(letters, perm, strict=True))))
            }
            classes.add(frozenset(orbit))
    found = [s for s in shapes(leaves, constants=()) if s.leaves == leaves]
    assert len(found) == len(classes)
    assert len({s.text for s in found}) == len(found)


def test_shape_kinds_and_constants() -> None:
    every = shapes(3, constants=(1,))
    assert {s.kind for s in every} == {"distinct", "repeated", "constant"}
    assert all(s.constants <= 1 and s.variables >= 1 for s in every)
    assert shape_of("(10 - a) * b").kind == "constant"


@pytest.mark.parametrize(
    ("text", "domain"),
    [("a - b", tuple(range(10))), ("10 / (a - b)", tuple(range(10))),
     ("a * (b - c)", (0, 1, 2, 3)), ("a - a * b", (0, 1, 2)), ("a / b - c", (-1, 0, 2))],
)  # fmt: skip
def test_atlas_odds_against_every_random_game(text: str, domain: tuple[int, ...]) -> None:
    row = atlas_row(shape_of(text), domain)
    for odds, optimal in [
        (row.random, None),
        (row.optimal_max, Player.MAX),
        (row.optimal_min, Player.MIN),
    ]:
        assert (odds.max_wins, odds.min_wins, odds.draw, odds.undefined) == brute_force(
            text, domain, optimal
        )


def test_random_play_counts_assignments() -> None:
    """Random play ends in a uniform assignment: P(MAX) = share of values above minimax."""
    row = atlas_row(shape_of("a * (b - c)"), (0, 1, 2, 3))
    expression = parse("a * (b - c)")
    values = [expression.evaluate(dict(zip("abc", v, strict=True)))
              for v in itertools.product(range(4), repeat=3)]  # fmt: skip
    assert row.minimax is not None
    assert row.random.max_wins == Fraction(sum(v > row.minimax for v in values), 64)  # type: ignore[operator]
    assert row.random.min_wins == Fraction(sum(v < row.minimax for v in values), 64)  # type: ignore[operator]


@pytest.mark.parametrize("text", ["a - b * c", "a * (b - c)", "(1 - a) / b", "a / a"])
def test_monotonicity_against_pairs(text: str) -> None:
    domain = (-1, 0, 2, 3)
    expression = parse(text)
    names = expression.variables
    expected = ""
    for name in names:
        up = down = False
        for values in itertools.product(domain, repeat=len(names)):
            here = dict(zip(names, values, strict=True))
            if here[name] == domain[-1]:
                continue
            there = {**here, name: domain[domain.index(here[name]) + 1]}
            low, high = expression.evaluate(here), expression.evaluate(there)
            if low is not None and high is not None:
                up, down = up or high > low, down or high < low
        expected += "~" if up and down else "+" if up else "−" if down else "0"
    assert monotonicity(text, domain) == expected


def test_committed_atlas_matches_a_recomputation_of_its_first_rows() -> None:
    with (DOCS / "fairness_atlas.csv").open() as handle:
        committed = list(csv.reader(handle))
    header, first = committed[0], committed[1:25]
    rows = [atlas_row(shape_of(line[0])) for line in first]
    fresh = list(csv.reader(atlas_csv(rows).splitlines()))
    assert fresh[0] == header
    assert [line[4:] for line in fresh[1:]] == [line[4:] for line in first]
    digits = sum(line[3] == "0..9" for line in committed[1:])
    assert f"{digits:,} shapes (" in (DOCS / "results.md").read_text()


def test_markdown_of_a_small_atlas() -> None:
    every = shapes(2, constants=())
    atlas = [atlas_row(s) for s in every]
    small = [atlas_row(s, (0, 1)) for s in every]
    standard = [shape_of("a - b")]
    domains = [atlas_row(s, d) for s in standard for d in [(0, 1), tuple(range(10))]]
    searched = [atlas_row(s, (k, k + 1)) for s in standard for k in range(3)]
    text = markdown(atlas, small, domains, searched, "figure.svg", 1.0)
    assert "No non-trivial shape is exactly fair over 0..9." in text
    assert "| `a - b` | **1/4 / 1/4** | 3/20 / 79/100 |" in text
    assert "- `a - b`: every pair of consecutive integers" in text
    assert domain_name((Fraction(1, 2), 1, 2)) == "{1/2, 1, 2}"
