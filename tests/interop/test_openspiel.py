"""The OpenSpiel games: OpenSpiel's own conformance test, and OpenSpiel's own solvers
agreeing with evalgame's (an independent ground truth: they share only the rules)."""

from __future__ import annotations

import fnmatch
import json
import pickle
import re
import tomllib
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms.minimax import (  # noqa: E402
    alpha_beta_search,
    expectiminimax,
)
from open_spiel.python.algorithms.minimax_solver import MinimaxSolver  # noqa: E402

import evalgame  # noqa: E402
from evalgame.errors import BoardError  # noqa: E402
from evalgame.games.classic.dag_file import DagGame  # noqa: E402
from evalgame.games.classic.impartial import GrundysGame, HeapGame, Kayles, Nim  # noqa: E402
from evalgame.games.graph.graphs import load_graph  # noqa: E402
from evalgame.games.graph.incidence import incidence  # noqa: E402
from evalgame.games.graph.share import GraphShare  # noqa: E402
from evalgame.games.tiling.board import parse_board  # noqa: E402
from evalgame.games.tiling.game import solve_tiling  # noqa: E402
from evalgame.interop.openspiel import (  # noqa: E402
    evaluate_game,
    graph_game,
    impartial_game,
    load,
    tiling_game,
)
from evalgame.search import (  # noqa: E402
    alphabeta,
    backward_induction,
    misere_winner,
    normal_play_winner,
)

EXAMPLE = str(Path(__file__).resolve().parents[2] / "examples" / "game.json")

GAMES = {
    "evaluate": lambda: evaluate_game("x*(y-z)", domain="0..3"),
    "evaluate-division": lambda: evaluate_game("x/y + 2*y/z - z/x", domain=[0, 1, 2]),
    "evaluate-min-first": lambda: evaluate_game("(10-X)*Y", domain="0..4", first="min"),
    "tiling": lambda: tiling_game(2, 3),
    "tiling-min-first": lambda: tiling_game(3, 3, first="min"),
    "tiling-holed": lambda: tiling_game(board=".#./#../...", first="min"),
    "graph": lambda: graph_game("friendship:3", "V", "E", 2),
    "graph-parity": lambda: graph_game("cycle:4", "E", "V", 2, rule="parity"),
    "nim": lambda: impartial_game("nim", [1, 2, 3]),
    "kayles-misere": lambda: impartial_game("kayles", [5], convention="misere"),
    "subtraction": lambda: impartial_game("subtraction", [7], subtract=[2, 3]),
    "dag-with-chance": lambda: load("dag", file=EXAMPLE),
}


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulation_with_serialisation(name: str) -> None:
    pyspiel.random_sim_test(GAMES[name](), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_survives_its_game_string_and_pickling(name: str) -> None:
    game = GAMES[name]()
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    assert str(pyspiel.load_game(game.get_type().short_name, game.get_parameters())) == str(game)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[-1])
    copy = pickle.loads(pickle.dumps(state))
    assert (str(copy), copy.history()) == (str(state), state.history())
    again = pickle.loads(pickle.dumps(game))
    assert str(again) == str(game)
    assert str(again.new_initial_state()) == str(game.new_initial_state())  # it plays


def test_states_show_the_side_to_move_and_keep_exact_returns() -> None:
    game = evaluate_game("x/y", domain="1..3")
    state = game.new_initial_state()
    assert str(state).endswith("MAX to move")
    state.apply_action(0)  # MAX proposes 1 ...
    assert str(state).endswith("MIN to move")
    for action in (4, 1, 3):  # ... MIN puts it on y, MAX proposes 2, MIN puts it on x
        state.apply_action(action)
    assert state.is_terminal()
    assert (state.exact_returns(), state.returns()) == ([2, -2], [2.0, -2.0])
    third = evaluate_game("x/y", domain="1..3").new_initial_state()
    for action in (0, 3, 2, 4):  # 1 on x, 3 on y
        third.apply_action(action)
    assert third.exact_returns() == [Fraction(1, 3), Fraction(-1, 3)]
    assert third.returns() == pytest.approx([1 / 3, -1 / 3])


def test_the_observation_tensor_has_the_declared_shape() -> None:
    game = tiling_game(board="..#/...")
    state = game.new_initial_state()
    assert game.observation_tensor_shape() == [2, 3, 3]
    state.apply_action(0)
    tensor = state.observation_tensor(0)
    assert tensor[:3] == [0.0, 1.0, 0.0]  # cell (0,0): covered
    assert tensor[6:9] == [0.0, 0.0, 1.0]  # cell (0,2): blocked
    assert tensor[9:12] == [1.0, 0.0, 0.0]  # cell (1,0): free


@pytest.mark.parametrize("name", GAMES)
def test_action_strings_are_ascii_and_read_back(name: str) -> None:
    state = GAMES[name]().new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for action in state.legal_actions():
        text = state.action_to_string(state.current_player(), action)
        assert text.isascii()
        assert state.string_to_action(text) == action
        assert state.string_to_action(state.current_player(), f" {text} ") == action


def test_a_domino_is_read_with_an_en_dash_or_spaces_too() -> None:
    state = tiling_game(2, 3).new_initial_state()
    assert state.action_to_string(0, 6) == "(0,2)-(1,2)"
    assert state.string_to_action("(0,2)–(1,2)") == 6
    assert state.string_to_action("(0, 2) - (1, 2)") == 6
    state.apply_action(6)
    with pytest.raises(evalgame.IllegalMoveError, match=r"\(0,0\)-\(0,1\), "):
        state.string_to_action("(0,2)-(1,2)")  # taken: the message lists the legal moves


def longest(state: Any) -> int:
    if state.is_terminal():
        return 0
    return 1 + max(longest(state.child(action)) for action in state.legal_actions())


@pytest.mark.parametrize(("rows", "cols"), [(1, 4), (2, 3), (3, 3)])
def test_max_game_length_is_the_longest_game(rows: int, cols: int) -> None:
    game = tiling_game(rows, cols)
    assert longest(game.new_initial_state()) == game.max_game_length()
    ev = evaluate_game("a - b*c", domain="0..2")
    assert longest(ev.new_initial_state()) == ev.max_game_length() == 6


@pytest.mark.parametrize(
    ("board", "length"),
    [("..#/...", 2), (".#./#../...", 2), ("#.../..../...#", 5), ("..#..", 2)],
)
def test_max_game_length_of_a_holed_board_is_its_longest(board: str, length: int) -> None:
    """ ".#./#../..." has seven free cells but room for two dominoes only: five of its cells
    have one colour of the chessboard, and a domino covers one cell of each colour."""
    game = tiling_game(board=board)
    assert longest(game.new_initial_state()) == game.max_game_length() == length


@pytest.mark.parametrize(
    ("graph", "colour", "share", "colours", "rule"),
    [
        ("path:3", "V", "E", 2, "mono"),
        ("cycle:4", "V", "E", 2, "mono"),
        ("star:3", "E", "V", 2, "mono"),  # the leaves' sets have one element
        ("path:2", "V", "R", 2, "mono"),  # one face only: over before it starts
        ("path:3", "V", "E", 2, "parity"),
        ("cycle:3", "V", "E", 1, "mono"),
    ],
)
def test_max_game_length_of_a_graph_game_is_its_longest(
    graph: str, colour: str, share: str, colours: int, rule: str
) -> None:
    game = graph_game(graph, colour, share, colours, rule)
    assert longest(game.new_initial_state()) == game.max_game_length()


@pytest.mark.parametrize(
    ("rule", "heaps"),
    [
        ("nim", [2, 3]),
        ("kayles", [4, 1]),
        ("grundy", [7]),
        ("grundy", [3, 6]),
        ("subtraction", [7]),
    ],
)
@pytest.mark.parametrize("convention", ["normal", "misere"])
def test_max_game_length_of_an_impartial_game_is_its_longest(
    rule: str, heaps: list[int], convention: str
) -> None:
    game = impartial_game(rule, heaps, subtract=[2, 3], convention=convention)
    assert longest(game.new_initial_state()) == game.max_game_length()


EXPRESSIONS = [
    ("X*(Y-Z)", "0..3", "max"),
    ("(10-X)*Y", "0..9", "max"),
    ("x/y + 2*y/z - z/x", "1..3", "max"),
    ("1/(x-y) + z", "0..2", "max"),
    ("x - y*z", "-1,0,1/2", "min"),
]


@pytest.mark.parametrize(("expression", "domain", "first"), EXPRESSIONS)
def test_openspiel_alpha_beta_agrees_with_evalgame(
    expression: str, domain: str, first: str
) -> None:
    game = evaluate_game(expression, domain=domain, first=first)
    value, _ = alpha_beta_search(game, maximum_depth=game.max_game_length(), maximizing_player_id=0)
    exact = evalgame.solve(expression, domain=domain, first=first).value
    assert exact is not None
    assert value == pytest.approx(float(exact))


@pytest.mark.parametrize(("expression", "domain", "first"), EXPRESSIONS[:3])
def test_openspiel_minimax_solver_agrees_with_evalgame(
    expression: str, domain: str, first: str
) -> None:
    game = evaluate_game(expression, domain=domain, first=first)
    solver = MinimaxSolver(str(game))  # it reloads the game from its string
    solver.solve()
    root = game.new_initial_state()
    best = solver.action_values_from_state(root)[root.legal_actions()].max()
    exact = evalgame.solve(expression, domain=domain, first=first).value
    assert exact is not None
    assert best == pytest.approx(float(exact))


@pytest.mark.parametrize(("rows", "cols", "first"), [(2, 3, "max"), (3, 3, "min"), (2, 4, "max")])
def test_openspiel_solvers_agree_with_evalgame_on_tiling_boards(
    rows: int, cols: int, first: str
) -> None:
    game = tiling_game(rows, cols, first=first)
    exact = solve_tiling(rows, cols, evalgame.Player(first)).value
    value, _ = alpha_beta_search(game, maximum_depth=game.max_game_length(), maximizing_player_id=0)
    assert value == exact
    solver = MinimaxSolver(str(game))
    solver.solve()
    root = game.new_initial_state()
    values = solver.action_values_from_state(root)[root.legal_actions()]
    assert (values.max() if first == "max" else -values.max()) == exact


@pytest.mark.parametrize(
    ("board", "first"), [("..#/...", "min"), (".#./#../...", "max"), ("#.../..../...#", "max")]
)
def test_openspiel_alpha_beta_agrees_with_evalgame_on_holed_boards(board: str, first: str) -> None:
    game = tiling_game(board=board, first=first)
    drawn = parse_board(board)
    exact = solve_tiling(
        drawn.rows, drawn.cols, evalgame.Player(first), blocked=drawn.blocked_cells
    ).value
    value, _ = alpha_beta_search(game, maximum_depth=game.max_game_length(), maximizing_player_id=0)
    assert value == exact


def test_a_board_takes_the_place_of_rows_and_cols() -> None:
    plain = tiling_game(board="..../....")  # no blocked cell: written as rows and cols
    assert str(plain) == str(tiling_game(2, 4)) == "evalgame_tiling(cols=4,first=max,rows=2)"
    holed = pyspiel.load_game("evalgame_tiling", {"board": "#../..."})
    assert holed.get_parameters() == {"board": "#../...", "cols": 3, "first": "max", "rows": 2}
    assert holed.num_distinct_actions() == 5  # the dominoes off (0,0)
    with pytest.raises(
        evalgame.GameError, match=re.escape("rows is 4 but the board #../... has 2")
    ):
        tiling_game(4, 3, board="#../...")
    with pytest.raises(BoardError, match="'o' is not a cell"):
        tiling_game(board="..o/...")


@pytest.mark.parametrize(
    ("graph", "colour", "share", "colours"),
    [("cycle:4", "V", "E", 2), ("path:4", "E", "V", 2), ("star:3", "V", "E", 3)],
)
def test_openspiel_alpha_beta_agrees_with_evalgame_on_graph_games(
    graph: str, colour: str, share: str, colours: int
) -> None:
    game = graph_game(graph, colour, share, colours)
    value, _ = alpha_beta_search(game, maximum_depth=game.max_game_length(), maximizing_player_id=0)
    structure = incidence(load_graph(graph), colour, share)
    assert value == alphabeta(GraphShare(structure, colours)).value


@pytest.mark.parametrize(
    ("rule", "heaps"),
    [("nim", [1, 2, 3]), ("nim", [2, 4, 5]), ("grundy", [7]), ("grundy", [9]), ("kayles", [2, 4])],
)
@pytest.mark.parametrize("convention", ["normal", "misere"])
def test_openspiel_alpha_beta_agrees_with_sprague_grundy(
    rule: str, heaps: list[int], convention: str
) -> None:
    """OpenSpiel searches the game tree; evalgame's normal-play winner comes from nimbers
    (the mex rule and XOR of heaps), its misère winner from its own search."""
    game = impartial_game(rule, heaps, convention=convention)
    value, _ = alpha_beta_search(game, maximum_depth=game.max_game_length())
    rules: dict[str, type[HeapGame]] = {"nim": Nim, "grundy": GrundysGame, "kayles": Kayles}
    heap_game = rules[rule](heaps)
    winner = (normal_play_winner if convention == "normal" else misere_winner)(heap_game)
    assert value == (1 if winner == "first" else -1)


def test_openspiel_expectiminimax_agrees_with_evalgame_on_a_dag_file() -> None:
    game = load("dag", file=EXAMPLE)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[1])  # to the dice
    assert state.is_chance_node()
    assert state.exact_chance_outcomes() == [(5, Fraction(1, 3)), (6, Fraction(2, 3))]
    value, _ = expectiminimax(game.new_initial_state(), game.max_game_length(), None, 0)
    exact = backward_induction(DagGame.from_file(EXAMPLE)).value
    assert exact is not None
    assert value == pytest.approx(float(exact))


def test_openspiel_expectiminimax_agrees_with_evalgame_on_a_dag_without_chance(
    tmp_path: Path,
) -> None:
    """Without chance positions a DAG file is still an explicitly stochastic OpenSpiel
    game (the game type is one for all files), which OpenSpiel's alpha-beta refuses."""
    positions = {
        "s": {"player": "max", "moves": ["a", "b"]},
        "a": {"player": "min", "moves": ["c", "d"]},
        "b": {"player": "min", "moves": ["d", "e"]},
        "c": {"value": 5},
        "d": {"value": "1/2"},
        "e": {"value": 7},
    }
    path = tmp_path / "plain.json"
    path.write_text(json.dumps({"start": "s", "positions": positions}))
    game = load("dag", file=str(path))
    value, _ = expectiminimax(game.new_initial_state(), game.max_game_length(), None, 0)
    assert value == backward_induction(DagGame.from_file(path)).value == Fraction(1, 2)


def test_load_takes_ordinary_notation() -> None:
    game = load("evaluate", expression="x*(y-z)", domain=[0, 1])
    assert game.get_parameters()["expression"] == "x y z - *"
    with pytest.raises(evalgame.GameError):
        load("evaluate", expression="x*(y-z)", colours=3)


def test_the_default_dag_file_loads_outside_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # no examples/game.json here: the one evalgame ships
    game = pyspiel.load_game("evalgame_dag")
    value, _ = expectiminimax(game.new_initial_state(), game.max_game_length(), None, 0)
    exact = backward_induction(DagGame.from_file(EXAMPLE)).value
    assert exact is not None
    assert value == pytest.approx(float(exact))
    (tmp_path / "examples").mkdir()  # a file on disk comes first
    positions = {"s": {"player": "max", "moves": ["a"]}, "a": {"value": 7}}
    (tmp_path / "examples" / "game.json").write_text(
        json.dumps({"start": "s", "positions": positions})
    )
    assert str(pyspiel.load_game("evalgame_dag").new_initial_state()) == "at s\nMAX to move"


def test_the_example_files_are_package_data() -> None:
    """A wheel holds the example files: pyproject's package data names them."""
    root = Path(__file__).resolve().parents[2]
    settings = tomllib.loads((root / "pyproject.toml").read_text())
    patterns = settings["tool"]["setuptools"]["package-data"]["evalgame"]
    package = root / "src" / "evalgame"
    shipped = {str(path.relative_to(package)) for path in (package / "examples").iterdir()}
    assert shipped
    for name in shipped:
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), name
    assert (root / "examples" / "game.json").read_bytes() == (
        package / "examples" / "game.json"
    ).read_bytes()
