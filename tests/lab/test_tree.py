"""The recorded game tree against the paper's walk-through, a naive solver and the solvers."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalgame.errors import GameError, LimitError
from evalgame.expr.nodes import Node as ExpressionNode
from evalgame.expr.nodes import to_text
from evalgame.games.evaluate.game import EValuate
from evalgame.games.evaluate.solve import solve
from evalgame.games.evaluate.solvers import TREE
from evalgame.games.evaluate.treesize import tree_size
from evalgame.lab.tree import GameTree, Status, game_tree
from evalgame.numbers import format_number
from evalgame.search.protocol import Player
from tests.games.naive import naive_value
from tests.strategies import domains, expression_trees


def test_figure_one_walk_matches_the_paper() -> None:
    """§3: MIN nodes {0}…{5} return 0, 10, …, 45; at {6}…{9} the Y child is cut (4 α)."""
    tree = game_tree("(10-X)*Y", algorithm="alphabeta")
    assert tree.value == 45
    minimum = [tree.nodes[child] for child in tree.root.children]
    assert [node.result for node in minimum[:6]] == [0, 10, 20, 30, 40, 45]
    assert minimum[6].result == 36
    for digit in range(6, 10):
        x, y = (tree.nodes[c] for c in minimum[digit].children)
        assert (x.move, x.status, y.move, y.status) == ("X", Status.VISITED, "Y", Status.ALPHA)
    alpha = [tree.describe(node.id) for node in tree.nodes if node.status is Status.ALPHA]
    assert alpha == ["{6→Y}", "{7→Y}", "{8→Y}", "{9→Y}"]
    assert tree.stats.alpha_cutoffs == 4
    assert [tree.label(move) for move in tree.result.pv] == ["5", "X", "9", "Y"]


def test_the_paper_count_for_three_variables() -> None:
    """Table 1: Algorithm 1 prunes 4515 nodes of tree(x/y + 2*y/z - z/x)."""
    tree = game_tree("x/y + 2*y/z - z/x", algorithm="alphabeta")
    assert tree.pruned(Status.ALPHA) + tree.pruned(Status.BETA) == 4515
    assert tree.value == Fraction(16, 3)


def test_minimax_visits_every_node_once() -> None:
    tree = game_tree("X*(Y-Z)", algorithm="minimax")
    assert len(tree.nodes) == tree_size(3) == 12941
    assert all(node.status is Status.VISITED for node in tree.nodes)
    assert tree.steps == 2 * len(tree.nodes)


def test_the_paper_method_answers_transpositions_from_its_table() -> None:
    tree = game_tree("X*(Y-Z)", algorithm="paper")
    answered = [node for node in tree.nodes if node.status is Status.TABLE]
    assert answered
    assert len(answered) == tree.stats.table_hits
    assert tree.game.value_order == solve("X*(Y-Z)", algorithm="paper").value_order
    # every node below a table answer was skipped, and each answer names a position
    # the search had already evaluated along another path
    first_visit: dict[object, int] = {}
    for node in tree.nodes:
        if node.status is Status.VISITED and node.visit is not None:
            first_visit[node.position] = min(node.visit, first_visit.get(node.position, node.visit))
    for node in answered:
        assert all(tree.nodes[c].status is Status.SKIPPED for c in node.children)
        assert first_visit[node.position] < (node.visit or 0)


def check_tree(tree: GameTree) -> None:
    """Every invariant of a recorded walk, against independent references."""
    game = tree.game
    # true values: a naive solver on a fresh game, node by node at the top levels
    reference = EValuate(game.expression, game.domain)
    for node in tree.nodes[:50]:
        assert node.value == naive_value(reference, node.position)
    # the search's value and statistics, run independently of the recording
    solution = solve(game.expression, game.domain, algorithm=tree.algorithm)
    assert tree.value == solution.value == tree.root.result
    assert sum(node.status.entered for node in tree.nodes) == solution.stats.nodes
    assert tree.pruned(Status.ALPHA) == solution.stats.alpha_pruned
    assert tree.pruned(Status.BETA) == solution.stats.beta_pruned
    for node in tree.nodes:
        children = [tree.nodes[c] for c in node.children]
        entered = [child.status.entered for child in children]
        if node.status is Status.VISITED and children:
            # Algorithm 1 searches a prefix of the children and cuts the rest off
            assert entered[0]
            assert entered == sorted(entered, reverse=True)
            cut = Status.BETA if node.player is Player.MAX else Status.ALPHA
            assert all(c.status is cut for c in children if not c.status.entered)
        elif not node.status.entered:
            assert not any(entered)
            assert all(c.status is Status.SKIPPED for c in children)
        if node.status.entered:
            assert node.enter is not None
            assert node.leave is not None
            assert node.enter < node.leave
            for child in children:
                if child.status.entered:
                    assert node.enter < (child.enter or 0) < (child.leave or 0) < node.leave
            # a cut node returns a bound on its value: MAX from below, MIN from above
            if node.result is not None and node.value is not None:
                if node.player is Player.MAX:
                    assert node.result <= node.value
                elif node.player is Player.MIN:
                    assert node.result >= node.value
            # what the page and the terminal show: a bound at a cut node, else the value
            known = tree.known(node.id)
            assert known is not None
            if tree.cut_at(node.id):
                assert known.startswith("≥ " if node.player is Player.MAX else "≤ ")
            else:
                assert node.result == node.value
                assert known == ("—" if node.value is None else format_number(node.value))
        else:
            assert node.enter is None
            assert node.result is None
            assert tree.known(node.id) is None  # never computed, never shown
    line = [tree.root]
    for move in tree.result.pv:
        line.append(next(tree.nodes[c] for c in line[-1].children if tree.nodes[c].move == move))
    assert all(node.principal for node in line)
    assert sum(node.principal for node in tree.nodes) == len(line)


@settings(max_examples=25)
@given(
    expression=expression_trees(names=("a", "b"), max_leaves=5),
    domain=domains(max_size=3),
    algorithm=st.sampled_from(list(TREE)),
)
def test_random_small_trees(
    expression: ExpressionNode, domain: tuple[object, ...], algorithm: str
) -> None:
    tree = game_tree(to_text(expression), domain, algorithm=algorithm)  # type: ignore[arg-type]
    check_tree(tree)


@pytest.mark.parametrize(
    ("expression", "algorithm"),
    [
        *(("(10-X)*Y", algorithm) for algorithm in TREE),
        ("a/b", "paper"),
        ("X*(Y-Z)", "paper"),
        ("x/y + 2*y/z - z/x", "alphabeta"),
        ("x/y + 2*y/z - z/x", "paper"),
    ],
)
def test_paper_expressions(expression: str, algorithm: str) -> None:
    check_tree(game_tree(expression, algorithm=algorithm))


def test_a_constant_expression_is_a_single_leaf() -> None:
    tree = game_tree("2+3")
    assert len(tree.nodes) == 1
    assert tree.value == 5
    assert tree.root.status is Status.VISITED


def test_an_expression_without_valid_completion() -> None:
    tree = game_tree("1/(a-a)", [0, 1])
    assert tree.value is None
    assert tree.root.result is None


def test_json_columns_describe_every_node() -> None:
    tree = game_tree("(10-X)*Y")
    data = tree.as_json()
    columns = data["nodes"]
    assert {len(column) for column in columns.values()} == {len(tree.nodes)}
    assert data["value"] == "45"
    assert data["pv"] == ["5", "X", "9", "Y"]
    node = tree.nodes[tree.find(6, "Y")]
    assert data["labels"][columns["move"][node.id]] == "Y"
    assert data["statuses"][columns["status"][node.id]] == "alpha"
    assert data["texts"][columns["text"][node.id]] == "(10 - X) * 6"
    assert data["numbers"][columns["value"][node.id]] == "60"
    assert columns["result"][node.id] == -1
    assert data["players"][columns["player"][node.id]] == "max"


def test_find_and_describe() -> None:
    tree = game_tree("(10-X)*Y")
    assert tree.describe(tree.find(1, "Y", 3)) == "{1→Y, 3}"
    with pytest.raises(GameError, match="no move 'Z'"):
        tree.find(1, "Z")


@pytest.mark.parametrize(
    ("expression", "domain", "error"),
    [
        ("a+b+c+d", range(10), LimitError),
        ("a+b+c", range(30), LimitError),
    ],
)
def test_limits(expression: str, domain: range, error: type[Exception]) -> None:
    with pytest.raises(error):
        game_tree(expression, tuple(domain))


def test_unknown_algorithm() -> None:
    with pytest.raises(GameError, match="unknown algorithm"):
        game_tree("a", algorithm="negascout")


def test_nodes_are_numbered_in_preorder() -> None:
    """The page relies on it: children follow their parent, siblings in move order, and
    every subtree is a run of consecutive ids."""
    tree = game_tree("(10-X)*Y", [0, 1, 2])
    for node in tree.nodes:
        size = tree.subtree_size(node.id)
        below = [n.id for n in tree.nodes[node.id + 1 : node.id + size]]
        assert all(
            tree.path(other)[: len(tree.path(node.id))] == tree.path(node.id) for other in below
        )
        assert node.children == sorted(node.children)
        moves = [tree.nodes[child].move for child in node.children]
        assert moves == list(tree.game.moves(node.position))
