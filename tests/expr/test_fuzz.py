"""Fuzzing the text a user types: expressions and domains.

Whatever the text, parsing either succeeds or raises an :class:`EvalgameError` — never a
foreign exception, never a hang — and an accepted expression prints as text that parses
back to the same game (``parse(str(parse(s)))``). Evaluating it at a point either gives
a number, ``None`` (undefined), or a :class:`LimitError` from the number-size check.

The suite runs a few hundred inputs per test; ``make fuzz`` runs the same tests with
``EVALGAME_FUZZ_EXAMPLES=100000`` (or any count).
"""

from __future__ import annotations

import os
from fractions import Fraction

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from evalgame.errors import EvalgameError, LimitError
from evalgame.expr import parse
from evalgame.expr.domain import parse_domain
from evalgame.expr.evaluate import check_number_size

#: inputs per test: a short run in the suite, a long one in ``make fuzz``
EXAMPLES = int(os.environ.get("EVALGAME_FUZZ_EXAMPLES", "300"))

FUZZ = settings(
    max_examples=EXAMPLES,
    database=None,
    suppress_health_check=list(HealthCheck),
)

#: pieces of expressions, nasty ones included: long literals, huge exponents, synonyms
TOKENS = [
    *"0123456789", "x", "y", "Z", "_a1", "é", "+", "-", "*", "/", "^", "**", "(", ")",
    "[", "]", "{", "}", ".", " ", "\t", "−", "×", "·", "÷", "–", "∙", "0.5", ".25", "1e5",
    "4096", "4097", "65536", "(1/3)^4096", "9^4096", "2^-4096", "0^-1", "1/0", "9" * 1000,
    "0." + "1" * 999, "\x00", "\u200b", "𝑥", "١", "½", "!", "=", ",",
]  # fmt: skip

expression_texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(TOKENS), max_size=40).map("".join),
    # long sums of products of one nasty piece (near the length and depth limits at times)
    st.tuples(
        st.sampled_from(TOKENS),
        st.sampled_from("+-*/^"),
        st.integers(1, 450),
        st.sampled_from("+-*/^"),
        st.integers(1, 40),
    ).map(lambda t: t[3].join(["(" + t[1].join([t[0]] * t[2]) + ")"] * t[4])),
)


@FUZZ
@given(expression_texts, st.integers(0, 9))
@example("(0)^100000^4000", 0)  # found by `make fuzz`: the exponent's own size was not bounded
def test_parsing_any_text_fails_only_cleanly(text: str, value: int) -> None:
    try:
        expression = parse(text)
    except EvalgameError:
        return
    again = parse(str(expression))  # printing and parsing agree: no error here
    assert again.variables == expression.variables
    assignment = dict.fromkeys(expression.variables, Fraction(value, 7))
    try:
        check_number_size(expression.tree, [Fraction(value, 7)])
    except LimitError:
        return
    assert again.evaluate(assignment) == expression.evaluate(assignment)


DOMAIN_TOKENS = [*"0123456789", "..", ",", "-", "/", ".", " ", "1000", "9" * 1001, "x", "½"]


@FUZZ
@given(st.one_of(st.text(max_size=30), st.lists(st.sampled_from(DOMAIN_TOKENS)).map("".join)))
def test_parsing_any_domain_fails_only_cleanly(text: str) -> None:
    try:
        domain = parse_domain(text)
    except EvalgameError:
        return
    assert list(domain) == sorted(set(domain))
