"""e-Valuate for the adapters: the proposer's and the placer's moves as numbered actions,
the expression in reverse Polish notation so that it survives a game string.

>>> t = EvaluateTranslation.from_parameters({"expression": "x*(y-z)", "domain": "0..2"})
>>> t.parameters()
{'expression': 'x y z - *', 'domain': '0 .. 2', 'first': 'max'}
>>> [t.action_text(t.initial(), a) for a in range(len(t.actions))]
['0', '1', '2', 'x', 'y', 'z']
>>> position = t.play(t.play(t.initial(), 2), 3)   # MAX proposes 2, MIN puts it on x
>>> print(t.text(position))
2 * (y - z)
MAX to move

The value of a finished game is val(E), the final value of the expression, which MAX
maximises and MIN minimises (its minimax value is what ``evalgame.solve`` reports).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import numpy as np

from evalgame.errors import ExpressionError
from evalgame.expr.domain import format_domain, make_domain
from evalgame.expr.expression import Expression, parse
from evalgame.expr.parser import NEGATE
from evalgame.expr.residual import Residuals
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.game import Position as EvaluatePosition
from evalgame.interop.translation import (
    SYNTAX,
    Observation,
    Parameter,
    Translation,
    first_player,
    with_defaults,
)
from evalgame.numbers import Number, format_number

#: the reverse Polish sign of negation (``neg`` could be a variable's name)
NEGATION = "~"
_OPERATORS = set("+-*/^")


def to_rpn(expression: Expression) -> str:
    """The expression in reverse Polish notation, tokens separated by spaces.

    >>> to_rpn(parse("-x*(y - 1/2)"))
    'x ~ y 1 2 / - *'
    """
    words = []
    for item in expression.rpn:
        words.append(NEGATION if item.text == NEGATE else item.text)
    return " ".join(words)


def from_rpn(text: str) -> Expression:
    """The expression written ``text`` in reverse Polish notation (see :func:`to_rpn`).

    >>> str(from_rpn("x ~ y 1 2 / - *"))
    '-x * (y - 1 / 2)'
    >>> from_rpn("x +")
    Traceback (most recent call last):
    ...
    evalgame.errors.ExpressionError: '+' needs two operands in reverse Polish notation at position 3
    """
    stack: list[str] = []
    for match in re.finditer(r"\S+", text):
        word, position = match[0], match.start()
        needed = 1 if word == NEGATION else 2 if word in _OPERATORS else 0
        if len(stack) < needed:
            message = f"{word!r} needs {('', 'an operand', 'two operands')[needed]}"
            raise ExpressionError(f"{message} in reverse Polish notation", text, position)
        if word == NEGATION:
            stack.append(f"(-{stack.pop()})")
        elif needed:
            right, left = stack.pop(), stack.pop()
            stack.append(f"({left}{word}{right})")
        elif SYNTAX.search(word):
            raise ExpressionError(f"unexpected {word!r}", text, position)
        else:
            stack.append(word)
    if len(stack) != 1:
        what = "nothing" if not stack else f"{len(stack)} expressions"
        raise ExpressionError(f"{what} left in reverse Polish notation", text, len(text))
    return parse(stack[0])


def read_expression(text: str) -> Expression:
    """An expression in ordinary notation or in reverse Polish notation: the two cannot be
    confused, since reverse Polish notation with two operands or more starts with two
    operands in a row, which ordinary notation never has.

    >>> str(read_expression("x*(y-z)")), str(read_expression("x y z - *"))
    ('x * (y - z)', 'x * (y - z)')
    """
    try:
        return parse(text)
    except ExpressionError as error:
        try:
            return from_rpn(text)
        except ExpressionError:
            raise error from None


def domain_word(domain: Sequence[Number]) -> str:
    """A domain as a word for a game string: a range ``0 .. 9`` or values separated by
    spaces. (A game string reads a word of digits, ``-`` and ``.`` as a number: ``0..9``
    would not come back, nor would a lone ``5``.)

    >>> domain_word((0, 1, 2)), domain_word((-1, 1)), domain_word((5,))
    ('0 .. 2', '-1 1', '5 .. 5')
    """
    if len(domain) == 1 and isinstance(domain[0], int):
        return f"{domain[0]} .. {domain[0]}"
    return format_domain(tuple(domain)).replace(",", " ").replace("..", " .. ")


class EvaluateTranslation(Translation[EvaluatePosition, Number | str]):
    """e-Valuate: actions 0…m−1 propose the domain's values, m… put the proposal on the
    variables (in order of first appearance). The proposer and the placer alternate, two
    actions a round; with ``first="min"`` MIN proposes and MAX places.

    The observation has a row per variable and a last row for the proposal: a one in the
    column of its value, or in the last column while it is free (no proposal waiting).
    """

    family = "evaluate"
    title = "e-Valuate"
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "expression": "x y z - *",
        "domain": "0 .. 9",
        "first": "max",
    }

    def __init__(self, game: EValuate) -> None:
        self.evaluate = game
        algebra = Residuals(game.domain)
        root = algebra.from_tree(game.expression.tree)
        variables = len(game.variables)
        super().__init__(
            game,
            [*game.domain, *game.variables],
            max_length=2 * variables,
            shape=(variables + 1, len(game.domain) + 1),
            value_range=algebra.interval(root),
            always_valid=algebra.total[root],
        )
        self._column = {value: i for i, value in enumerate(game.domain)}

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> EvaluateTranslation:
        settings = with_defaults(cls, parameters)
        expression = read_expression(str(settings["expression"]))
        text = str(settings["domain"])
        domain = make_domain(text if ".." in text else text.replace(",", " ").split())
        return cls(EValuate(expression, domain, first=first_player(settings)))

    def parameters(self) -> dict[str, Parameter]:
        return {
            "expression": to_rpn(self.evaluate.expression),
            "domain": domain_word(self.evaluate.domain),
            "first": self.evaluate.proposer.value,
        }

    def observe(self, position: EvaluatePosition) -> Observation:
        values, proposal = position
        array = np.zeros(self.shape, np.int8)
        free = self.shape[1] - 1
        for row, value in enumerate((*values, proposal)):
            array[row, free if value is None else self._column[value]] = 1
        return array

    def picture(self, position: EvaluatePosition) -> str:
        text = self.evaluate.text(position)
        proposal = position[1]
        return text if proposal is None else f"{text}\nproposed: {format_number(proposal)}"
