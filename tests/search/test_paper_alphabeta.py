"""The paper's Algorithm 1: hand-checked prune counts, the (10−X)·Y example, tables."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.numbers import Number
from evalgame.search.paper_alphabeta import paper_alphabeta
from evalgame.search.protocol import Game, Player
from tests.samples import sample
from tests.strategies import TreeGame, leaf, node, replay, tree_size, trees, value_of


def test_hand_checked_tree() -> None:
    # root MAX [A = MIN[3, E = MAX[7, 1, 2]], B = MIN[C = MAX[2, 1], 9, D = MAX[4, 4]]]
    # A: 3, then E gets A's minval 3 and cuts after 7 (beta cut-off, leaves 1, 2 pruned);
    # B gets the root's maxval 3; C = 2 ≤ 3 is an alpha cut-off pruning 9 and D (1 + 3)
    e = node("max", leaf(7), leaf(1), leaf(2))
    c = node("max", leaf(2), leaf(1))
    d = node("max", leaf(4), leaf(4))
    tree = node("max", node("min", leaf(3), e), node("min", c, leaf(9), d))
    result = paper_alphabeta(TreeGame(tree))
    assert (result.value, result.pv) == (3, (0, 0))
    stats = result.stats
    assert (stats.beta_cutoffs, stats.beta_pruned) == (1, 2)
    assert (stats.alpha_cutoffs, stats.alpha_pruned) == (1, 4)
    assert stats.nodes == 9
    assert stats.nodes + stats.pruned == tree_size(tree) == 15


Assignment = tuple[tuple[str, int], ...]


class Expression(Game[tuple[Assignment, int | None], int | str]):
    """e-Valuate with digits 0–9: MAX proposes a digit, MIN puts it on a free variable."""

    def __init__(self, variables: str, formula: Callable[..., Number]) -> None:
        self.variables, self.formula = variables, formula
        self.name = f"e-Valuate on {variables}"

    def initial(self) -> tuple[Assignment, int | None]:
        return (), None

    def to_move(self, position: tuple[Assignment, int | None]) -> Player:
        return Player.MAX if position[1] is None else Player.MIN

    def moves(self, position: tuple[Assignment, int | None]) -> Sequence[int | str]:
        assigned, digit = position
        free = [v for v in self.variables if v not in dict(assigned)]
        if digit is None:
            return list(range(10)) if free else []
        return free

    def play(
        self, position: tuple[Assignment, int | None], move: int | str
    ) -> tuple[Assignment, int | None]:
        assigned, digit = position
        if digit is None:
            assert isinstance(move, int)
            return assigned, move
        assert isinstance(move, str)
        return tuple(sorted((*assigned, (move, digit)))), None

    def payoff(self, position: tuple[Assignment, int | None]) -> Number:
        values = dict(position[0])
        return self.formula(*(values[v] for v in self.variables))

    def key(self, position: tuple[Assignment, int | None]) -> Hashable:
        return position

    def subtree_size(self, position: tuple[Assignment, int | None]) -> int:
        free = len(self.variables) - len(position[0])
        sizes = [1, 21, 431, 12941]  # T(n) = 11 + 10·n·T(n−1)
        return sizes[free] if position[1] is None else 1 + free * sizes[free - 1]


def two_variables() -> Expression:
    return Expression("XY", lambda x, y: (10 - x) * y)


def test_the_papers_example() -> None:
    # §3: {0}..{5} are worth 0, 10, ..., 45; {6}..{9} are alpha cut-offs after X, each
    # pruning a MAX node with one free variable, T(1) = 21 nodes; inside {5}, the MAX node
    # 5→Y gets β = 45 and cuts after X = 0 (50 ≥ 45), pruning 9 MIN nodes of 2 nodes each
    result = paper_alphabeta(two_variables())
    assert (result.value, result.pv) == (45, (5, "X", 9, "Y"))
    stats = result.stats
    assert (stats.alpha_cutoffs, stats.alpha_pruned) == (4, 4 * 21)
    assert (stats.beta_cutoffs, stats.beta_pruned) == (1, 9 * 2)
    assert stats.nodes + stats.pruned == 431


def test_the_papers_table() -> None:
    game = Expression("XYZ", lambda x, y, z: x * (y - z))
    plain = paper_alphabeta(game)
    result = paper_alphabeta(game, table=True)
    assert plain.value == result.value == 18  # the paper's X*(Y-Z)
    assert result.stats.table_hits > 0
    assert plain.stats.nodes + plain.stats.pruned == 12941
    assert result.stats.nodes + result.stats.pruned == 12941
    assert result.stats.nodes < plain.stats.nodes
    assert game.payoff(replay(game, result.pv)) == 18


def test_a_bound_from_a_same_player_child_is_not_stored() -> None:
    # X = MAX[Y], Y = MAX[1, 5] is met first below MIN[0, X]: Y inherits the bound 0, cuts
    # after 1, and X, which cut nothing itself, must not store 1 as its value: the root
    # meets X again, worth 5 (this table once answered 1)
    y = node("max", leaf(1), leaf(5))
    x = node("max", y)
    game = TreeGame(node("max", node("min", leaf(0), x), x), keyed=True)
    result = paper_alphabeta(game, table=True)
    assert (result.value, result.pv) == (5, (1, 0, 1))
    assert result.stats.table_hits == 0


@settings(max_examples=sample(150))
@given(trees(affine=True), st.booleans(), st.booleans())
def test_random_trees(tree: tuple[Any, ...], table: bool, dominance: bool) -> None:
    game = TreeGame(tree, keyed=True, dominance=dominance)
    result = paper_alphabeta(game, table=table)
    assert result.value == value_of(game)
    if result.value is not None:
        assert game.payoff(replay(game, result.pv)) == result.value
    # a PV walk (after a stale table line) adds nodes but no pruned ones
    assert result.stats.nodes + result.stats.pruned >= tree_size(tree)
    if not table:
        assert result.stats.nodes + result.stats.pruned == tree_size(tree)


@settings(max_examples=sample(100))
@given(trees(alternating=True, invalid=False, fractions=False, max_depth=5))
def test_alternating_trees_without_table_count_every_node(tree: tuple[Any, ...]) -> None:
    result = paper_alphabeta(TreeGame(tree))
    assert result.value == value_of(TreeGame(tree))
    assert result.stats.nodes + result.stats.pruned == tree_size(tree)


class Relabelled(Game[str, str]):
    """MIN chooses between A (worth 5) and B; B has A's key but other move names and is 4."""

    name = "relabelled"
    TREE: ClassVar[dict[str, Any]] = {
        "root": ("min", ["A", "B"]),
        "A": ("max", ["a0", "a1"]),
        "B": ("max", ["b0", "b1"]),
        "a0": 5,
        "a1": 3,
        "b0": 4,
        "b1": 2,
    }

    def initial(self) -> str:
        return "root"

    def to_move(self, position: str) -> Player:
        return Player.MAX if self.TREE[position][0] == "max" else Player.MIN

    def moves(self, position: str) -> list[str]:
        entry = self.TREE[position]
        return entry[1] if isinstance(entry, tuple) else []

    def play(self, position: str, move: str) -> str:
        return move

    def payoff(self, position: str) -> Number:
        value: Number = self.TREE[position]
        return value

    def key(self, position: str) -> Hashable:
        return "AB" if position in "AB" else position

    def affine(self, position: str) -> tuple[Number, Number]:
        return (1, -1) if position == "B" else (1, 0)


def test_table_line_from_another_position_is_replaced() -> None:
    result = paper_alphabeta(Relabelled(), table=True)
    assert result.stats.table_hits == 1
    assert (result.value, result.pv) == (4, ("B", "b0"))


def test_invalid_and_fraction_leaves() -> None:
    tree = node("max", node("min", leaf(None), leaf(Fraction(1, 3))), node("min", leaf(None)))
    result = paper_alphabeta(TreeGame(tree))
    assert (result.value, result.pv) == (Fraction(1, 3), (0, 1))
    assert paper_alphabeta(TreeGame(node("min", leaf(None)))).value is None
