"""Residual normal forms: sound (equal ids mean equal functions), with sound bounds."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.expr.bounds import Interval
from evalgame.expr.expression import parse
from evalgame.expr.nodes import Bin, Neg, Node, Var, to_text
from evalgame.expr.residual import INVALID, Residuals
from tests.strategies import expression_trees

NAMES = ["a", "b", "c"]
small_trees = expression_trees(NAMES, (0, 1, 2, 3, Fraction(1, 2)), (-1, 0, 2, 3), 8)
domains = st.sampled_from([(0, 1, 2), (-1, 0, 1), (Fraction(-1, 2), 0, 1), (1, 2, 3)])


def table(
    tree: Node, domain: tuple[int | Fraction, ...]
) -> dict[tuple[int | Fraction, ...], object]:
    """The value (or None) of ``tree`` at every assignment of a, b, c."""
    expression = parse(to_text(tree))
    return {
        values: expression.evaluate(dict(zip(NAMES, values, strict=True)))
        for values in itertools.product(domain, repeat=3)
    }


def inside(value: object, interval: Interval) -> bool:
    low, high = interval
    assert isinstance(value, int | Fraction)
    return (low is None or low <= value) and (high is None or value <= high)


@settings(max_examples=300)
@given(small_trees, domains)
def test_normal_form_keeps_values_and_definedness(
    tree: Node, domain: tuple[int | Fraction, ...]
) -> None:
    algebra = Residuals(domain)
    node = algebra.from_tree(tree)
    for values, expected in table(tree, domain).items():
        assert algebra.evaluate(node, dict(zip(NAMES, values, strict=True))) == expected


@settings(max_examples=300)
@given(small_trees, domains, st.sampled_from(NAMES), st.integers(0, 2))
def test_bounds_granularity_and_totality_are_sound(
    tree: Node, domain: tuple[int | Fraction, ...], name: str, pick: int
) -> None:
    algebra = Residuals(domain)
    node = algebra.substitute(algebra.from_tree(tree), name, domain[pick])
    if node == INVALID:
        return
    results = [
        algebra.evaluate(node, dict(zip(NAMES, values, strict=True)))
        for values in itertools.product(domain, repeat=3)
    ]
    defined = [value for value in results if value is not None]
    assert all(inside(value, algebra.interval(node)) for value in defined)
    if algebra.total[node]:
        assert len(defined) == len(results)
    step = algebra.step(node)
    if step is not None and step != 0:
        assert all(Fraction(value) / step == int(Fraction(value) / step) for value in defined)
    elif step == 0:
        assert all(value == 0 for value in defined)


@settings(max_examples=300)
@given(small_trees, small_trees, domains)
def test_equal_ids_mean_equal_functions(
    first: Node, second: Node, domain: tuple[int | Fraction, ...]
) -> None:
    algebra = Residuals(domain)
    if algebra.from_tree(first) == algebra.from_tree(second):
        assert table(first, domain) == table(second, domain)


def test_rewrites_that_would_change_definedness_are_not_made() -> None:
    algebra = Residuals(range(3))
    x = algebra.from_text("x")
    assert algebra.from_text("x/x") != algebra.const(1)
    assert algebra.from_text("1/(1/x)") != x
    assert algebra.from_text("0*(1/x)") != algebra.const(0)
    assert algebra.from_text("x - x") == algebra.const(0)
    assert algebra.from_text("2*(a+b) - 2*b") == algebra.from_text("a*2")


def test_substitution_folds_and_detects_undefined() -> None:
    algebra = Residuals(range(10))
    e = algebra.from_text("(a+b)/c + (d+e)/f")
    assert algebra.substitute(e, "c", 0) == INVALID
    rest = algebra.substitute(algebra.substitute(e, "a", 3), "c", 3)
    assert rest == algebra.from_text("1 + b/3 + (d+e)/f")


def rename(tree: Node, mapping: dict[str, str]) -> Node:
    if isinstance(tree, Var):
        return Var(mapping[tree.name])
    if isinstance(tree, Neg):
        return Neg(rename(tree.operand, mapping))
    if isinstance(tree, Bin):
        return Bin(tree.op, rename(tree.left, mapping), rename(tree.right, mapping))
    return tree


@settings(max_examples=300)
@given(small_trees, small_trees, domains)
def test_equal_canonical_forms_mean_isomorphic_functions(
    first: Node, second: Node, domain: tuple[int | Fraction, ...]
) -> None:
    algebra = Residuals(domain)
    if algebra.canonical(algebra.from_tree(first)) != algebra.canonical(algebra.from_tree(second)):
        return
    expected = table(first, domain)
    renamings = [dict(zip(NAMES, p, strict=True)) for p in itertools.permutations(NAMES)]
    assert any(table(rename(second, mapping), domain) == expected for mapping in renamings)


@given(small_trees, st.permutations(NAMES))
def test_renamed_expressions_usually_share_a_canonical_form(
    tree: Node, permutation: list[str]
) -> None:
    algebra = Residuals(range(3))
    renamed = rename(tree, dict(zip(NAMES, permutation, strict=True)))
    one, two = algebra.from_tree(tree), algebra.from_tree(renamed)
    if algebra.shape(one) == algebra.shape(two) and len(algebra.names[one]) <= 1:
        assert algebra.canonical(one) == algebra.canonical(two)


@settings(max_examples=300)
@given(small_trees, small_trees, small_trees)
def test_portable_texts_are_the_same_in_every_process_and_name_one_node(
    first: Node, second: Node, other: Node
) -> None:
    """Two stores stand for two processes: they build nodes in different orders (so ids
    differ), yet give every residual one text, and different residuals different texts."""
    here, there = Residuals(range(3)), Residuals(range(3))
    there.from_tree(other)  # another process met something else first
    there.from_tree(second)
    nodes_here = [here.from_tree(first), here.from_tree(second)]
    nodes_there = [there.from_tree(first), there.from_tree(second)]
    assert [here.portable(node) for node in nodes_here] == [
        there.portable(node) for node in nodes_there
    ]
    for node in nodes_here:  # and what is left once a variable holds a value
        for name in sorted(here.names[node]):
            here.substitute(node, name, 2)
    texts = {here.portable(node) for node in range(len(here))}  # every node ever built
    assert len(texts) == len(here)


def test_portable_texts_tell_near_residuals_apart() -> None:
    texts = [
        "a + 1", "a - 1", "2*a", "a/2", "-a", "a^2", "a*b", "a/b", "b/a", "a - b", "b - a",
        "(a+1)*b", "(a-1)*b", "a*b + 1", "a*b - 1", "(a - b)^2", "(a + b)/(a - b)", "a^b",
        "b^a", "2*a + b", "a + 2*b", "a*b*c", "a*b/c", "(a+b)*c", "a + b*c", "1/(a+1)",
    ]  # fmt: skip
    algebra = Residuals(range(3))
    nodes = {algebra.from_text(text) for text in texts}
    assert len(nodes) == len(texts)
    assert len({algebra.portable(node) for node in nodes}) == len(texts)
