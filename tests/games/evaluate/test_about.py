"""info(): the tree's size by counting its nodes, the bounds against every completion."""

from __future__ import annotations

import itertools

import pytest

from evalgame.expr.expression import parse
from evalgame.games.evaluate.about import info
from evalgame.games.evaluate.game import EValuate, Position

DOMAIN = (-1, 0, 2)


def count_nodes(game: EValuate, position: Position) -> int:
    """Nodes of the game tree below ``position``, itself included (brute force)."""
    if game.is_terminal(position):
        return 1
    return 1 + sum(count_nodes(game, game.play(position, m)) for m in game.moves(position))


@pytest.mark.parametrize("text", ["X*(Y-Z)", "x/y + y/x", "1/(a-a)", "a^b - 1", "7"])
def test_info_against_brute_force(text: str) -> None:
    about = info(text, DOMAIN)
    names = parse(text).variables
    assert about.tree_size == count_nodes(EValuate(text, DOMAIN), EValuate(text, DOMAIN).initial())
    assert about.leaves == len(list(itertools.permutations(names))) * len(DOMAIN) ** len(names)
    low_size, high_size = about.size_bounds
    assert (low_size <= about.tree_size <= high_size) or not names
    values = [
        parse(text).evaluate(dict(zip(names, point, strict=True)))
        for point in itertools.product(DOMAIN, repeat=len(names))
    ]
    defined = [value for value in values if value is not None]
    assert about.always_defined == (len(defined) == len(values))
    if about.interval is None:
        assert not defined
        return
    low, high = about.interval
    assert all((low is None or low <= v) and (high is None or v <= high) for v in defined)
