"""The PettingZoo environments: PettingZoo's own API and seed tests, and the classic
conventions (agents, observations, rewards, the exact value, illegal moves)."""

from __future__ import annotations

import functools
import pickle
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

from evalgame.interop.pettingzoo import env
from evalgame.interop.render import CELL, COLOURS

ROOT = Path(__file__).resolve().parents[2]

SETTINGS: dict[str, dict[str, Any]] = {
    "evaluate": {"game": "evaluate", "expression": "x*(y-z)", "domain": "0..3"},
    "evaluate-division": {"game": "evaluate", "expression": "1/(x-y) + z", "domain": [0, 1]},
    "evaluate-min-first": {"game": "evaluate", "expression": "x-y", "first": "min"},
    "tiling": {"game": "tiling", "rows": 2, "cols": 3},
    "tiling-holed": {"game": "tiling", "board": ".#./#../...", "first": "min"},
    "graph": {"game": "graph", "graph": "cycle:4", "colours": 2},
    "impartial": {"game": "impartial", "rule": "kayles", "heaps": [3, 4]},
    "dag-with-chance": {"game": "dag", "file": str(ROOT / "examples" / "game.json")},
}


@pytest.mark.parametrize("name", SETTINGS)
@pytest.mark.filterwarnings("ignore:Observation")  # Dict observations, as in classic games
def test_pettingzoo_api_and_seed_tests(name: str) -> None:
    api_test(env(**SETTINGS[name]), num_cycles=20)
    seed_test(functools.partial(env, **SETTINGS[name]), num_cycles=10)


def test_the_classic_conventions() -> None:
    game = env(game="tiling", rows=2, cols=2, render_mode="ansi")
    game.reset(seed=1)
    assert game.possible_agents == ["player_0", "player_1"]
    assert game.metadata["name"] == "evalgame_tiling_v0"
    assert game.agent_selection == "player_0"  # MAX moves first
    seen = game.observe("player_0")
    assert seen["observation"].dtype == seen["action_mask"].dtype == "int8"
    assert list(seen["action_mask"]) == [1, 1, 1, 1]
    assert not game.observe("player_1")["action_mask"].any()
    game.step(0)
    assert game.agent_selection == "player_1"
    assert "MIN to move" in game.render()


def test_a_finished_game_rewards_the_value_and_keeps_it_exact() -> None:
    game = env(game="evaluate", expression="x/y", domain="1..3")
    game.reset()
    for action in (0, 3, 2, 4):  # 1 on x, 3 on y
        game.step(action)
    assert all(game.terminations.values())
    assert game.rewards == {"player_0": pytest.approx(1 / 3), "player_1": pytest.approx(-1 / 3)}
    assert game.infos["player_0"]["value"] == Fraction(1, 3)


def test_min_first_gives_player_1_the_first_move() -> None:
    game = env(game="evaluate", expression="x-y", domain="0..2", first="min")
    game.reset()
    assert game.agent_selection == "player_1"


def test_an_illegal_move_ends_the_game_against_the_mover() -> None:
    game = env(game="evaluate", expression="x-y", domain="0..2")
    game.reset()
    game.step(0)  # MAX proposes 0
    game.step(1)  # a value where MIN must name a variable
    assert all(game.terminations.values())
    assert game.rewards["player_1"] == -2.0  # the lowest return: x − y ranges over −2..2


@pytest.mark.filterwarnings("ignore")  # shimmy's own warnings about its observation spaces
def test_shimmy_turns_our_openspiel_games_into_environments_that_pass_the_api_test() -> None:
    pytest.importorskip("pyspiel")
    shimmy = pytest.importorskip("shimmy")
    from evalgame.interop.openspiel import evaluate_game, tiling_game

    for game in (evaluate_game("x*(y-z)", domain="0..3"), tiling_game(2, 3)):
        wrapped = shimmy.OpenSpielCompatibilityV0(env=game, config=game.get_parameters())
        api_test(wrapped, num_cycles=20)


def play_out(environment: Any, seed: int) -> tuple[int, Any]:
    """Random legal moves to the end: the moves played and the last position."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves = 0
    for _ in environment.agent_iter():
        _, _, termination, truncation, info = environment.last()
        if termination or truncation:
            environment.step(None)
            continue
        environment.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        moves += 1
    return moves, environment.game_state


@pytest.mark.filterwarnings("ignore")  # shimmy's own warnings about its observation spaces
def test_shimmy_keeps_the_parameters_given_as_its_config() -> None:
    """Shimmy reloads the game by name at every reset: given ``env=`` alone it plays the
    default 3×3 board, given ``config=`` too (or ``game_name=`` and ``config=``) the
    game's own."""
    pytest.importorskip("pyspiel")
    shimmy = pytest.importorskip("shimmy")
    from evalgame.interop.openspiel import tiling_game

    game = tiling_game(board="#.../..../....")  # 3×4 with a corner blocked
    ways = [
        shimmy.OpenSpielCompatibilityV0(env=game, config=game.get_parameters()),
        shimmy.OpenSpielCompatibilityV0(
            game_name="evalgame_tiling", config={"board": "#.../..../...."}
        ),
    ]
    for environment in ways:
        for seed in range(3):
            moves, final = play_out(environment, seed)
            assert str(final.get_game()) == str(game)
            assert str(final).startswith("# ")  # the blocked corner
            assert len(str(final).splitlines()) == 3 + 1  # three rows and the verdict
            assert environment.observation_space("player_0").shape == (3, 4, 3)
            assert environment.action_space("player_0").n == 15  # 17 dominoes, 2 off (0,0)
            assert 3 <= moves <= 5  # a maximal tiling of 11 free cells: 3 to 5 dominoes
            assert final.returns()[0] == moves
    default = "evalgame_tiling(cols=3,first=max,rows=3)"
    naive = shimmy.OpenSpielCompatibilityV0(env=game)
    assert str(play_out(naive, 0)[1].get_game()) == default
    copied = pickle.loads(pickle.dumps(ways[0]))  # Shimmy pickles env and game_name only
    assert str(play_out(copied, 0)[1].get_game()) == default


def test_an_environment_pickles_with_its_parameters() -> None:
    copied = pickle.loads(pickle.dumps(env(game="tiling", board="#.../..../....")))
    copied.reset()
    assert copied.observation_space("player_0")["observation"].shape == (3, 4, 3)
    assert copied.action_space("player_0").n == 15


@pytest.mark.parametrize("name", ["evaluate", "tiling", "dag-with-chance"])
@pytest.mark.filterwarnings("ignore:FigureCanvasAgg is non-interactive")  # no display here
def test_pettingzoo_render_test_passes_in_every_mode(name: str) -> None:
    render_test(functools.partial(env, **SETTINGS[name]))


def test_a_covered_cell_is_drawn_apart_from_a_blocked_one() -> None:
    """After (0,0)-(0,1) on ..#/...: two covered cells, one blocked, three free."""
    text = env(game="tiling", board="..#/...", render_mode="ansi")
    text.reset()
    text.step(0)  # the first domino: (0,0)-(0,1)
    assert text.render() == "x x #\n. . .\nMIN to move"
    image = env(game="tiling", board="..#/...", render_mode="rgb_array")
    image.reset()
    image.step(0)
    picture = image.render()
    assert picture.shape == (2 * CELL, 3 * CELL, 3)
    centres = {
        (r, c): tuple(picture[r * CELL + CELL // 2, c * CELL + CELL // 2])
        for r in (0, 1)
        for c in (0, 1, 2)
    }
    assert centres[0, 0] == centres[0, 1] == COLOURS["x"]
    assert centres[0, 2] == COLOURS["#"]
    assert centres[1, 0] == centres[1, 1] == centres[1, 2] == COLOURS["."]
    assert len({COLOURS["x"], COLOURS["#"], COLOURS["."]}) == 3


def test_a_game_without_a_board_is_drawn_as_its_text() -> None:
    game = env(game="evaluate", expression="x-y", domain="0..3", render_mode="rgb_array")
    game.reset()
    before = game.render()
    game.step(3)  # MAX proposes 3: the picture says so
    after = game.render()
    assert before.dtype == after.dtype == np.uint8
    assert (before < 128).any()  # dark text on white
    assert before.shape == after.shape  # one size for every frame, as videos need
    assert (before != after).any()


@pytest.mark.filterwarnings("ignore:FigureCanvasAgg is non-interactive")
def test_human_shows_each_position_in_a_window_and_close_closes_it() -> None:
    import matplotlib.pyplot as plt

    human = env(game="tiling", board="..#/...", render_mode="human")
    images = env(game="tiling", board="..#/...", render_mode="rgb_array")
    for game in (human, images):
        game.reset()
        game.step(0)
    window = plt.figure("evalgame_tiling_v0")  # the window human opened, by its title
    shown = window.axes[0].images[0].get_array()
    assert shown is not None
    assert np.array_equal(shown, images.render())  # drawn at the step, without render()
    assert human.render() is None
    human.close()
    assert not plt.fignum_exists("evalgame_tiling_v0")


def test_a_render_mode_not_offered_is_refused() -> None:
    with pytest.raises(ValueError, match="'rgb'"):
        env(game="tiling", render_mode="rgb")
