"""Our games as PettingZoo AEC environments (extra ``evalgame[pettingzoo]``).

The conventions of PettingZoo's classic environments: agents ``player_0`` (MAX) and
``player_1`` (MIN), a Dict observation with an int8 ``observation`` array and an int8
``action_mask`` (all zeros for the agent not to move), the classic wrapper stack
(illegal moves end the game, out-of-range actions are refused, the order of calls is
enforced), ``metadata["name"] == "evalgame_<game>_v0"``, and the render modes ``ansi``
(the position as text), ``rgb_array`` (an image, a numpy array: a board drawn cell by cell,
other games as their text) and ``human`` (that image in a matplotlib window, after every
reset and step). A DAG file's chance positions are played out at random by the
environment, with the generator ``reset(seed=...)`` seeds.

    >>> from evalgame.interop.pettingzoo import env
    >>> game = env(game="evaluate", expression="x-y", domain="0..3", render_mode="ansi")
    >>> game.reset(seed=0)
    >>> for action in (3, 5, 0, 4):   # MAX proposes 3, MIN puts it on y, 0 goes on x
    ...     game.step(action)
    >>> print(game.render())
    0 - 3
    over, value -3
    >>> game.rewards, game.infos["player_0"]["value"]
    ({'player_0': -3.0, 'player_1': 3.0}, -3)

A finished game rewards MAX with its value v and MIN with −v (the value as in
:mod:`evalgame.interop.families`: for e-Valuate the final value of the expression); the
exact value (``int`` or ``Fraction``) is ``infos[agent]["value"]`` for both agents. An
illegal move ends the game with the lowest return either player can get as its reward
(−1 when returns are unbounded).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from evalgame.errors import GameError
from evalgame.interop.extras import require
from evalgame.interop.families import translation
from evalgame.interop.render import Image, Window
from evalgame.interop.translation import CHANCE, Translation

_gymnasium: Any = require("gymnasium", "pettingzoo", "evalgame.interop.pettingzoo")
_pettingzoo: Any = require("pettingzoo", "pettingzoo", "evalgame.interop.pettingzoo")
_wrappers: Any = require("pettingzoo.utils.wrappers", "pettingzoo")
_spaces: Any = _gymnasium.spaces

#: the agents: MAX, then MIN
AGENTS = ("player_0", "player_1")
#: the render modes: a window, text, an image (numpy array)
RENDER_MODES = ("human", "ansi", "rgb_array")


def env(game: str = "evaluate", render_mode: str | None = None, **parameters: Any) -> Any:
    """The game ``game`` (``evaluate``, ``tiling``, ``graph``, ``impartial``, ``dag``) with
    its ``parameters``, wrapped as PettingZoo wraps its classic environments."""
    raw = raw_env(game, render_mode=render_mode, **parameters)
    low = raw.translation.utility_range()[0]
    wrapped = _wrappers.TerminateIllegalWrapper(raw, illegal_reward=low if low > -np.inf else -1)
    wrapped = _wrappers.AssertOutOfBoundsWrapper(wrapped)
    return _wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(_pettingzoo.AECEnv, _gymnasium.utils.EzPickle):  # type: ignore[misc]
    """The unwrapped environment (PettingZoo's name for it)."""

    def __init__(
        self, game: str = "evaluate", render_mode: str | None = None, **parameters: Any
    ) -> None:
        _gymnasium.utils.EzPickle.__init__(self, game, render_mode, **parameters)
        super().__init__()
        self.translation: Translation[Any, Any] = translation(game, **parameters)
        if render_mode not in (None, *RENDER_MODES):
            modes = ", ".join(map(repr, RENDER_MODES))
            raise GameError(f"render_mode is None, {modes}, not {render_mode!r}")
        self.render_mode = render_mode
        name = f"evalgame_{self.translation.family}_v0"
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "render_fps": 2,
            "name": name,
            "is_parallelizable": False,
        }
        self._window = Window(name)
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        actions = len(self.translation.actions)
        space = _spaces.Dict(
            {
                "observation": _spaces.Box(0, 1, self.translation.shape, np.int8),
                "action_mask": _spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = {agent: _spaces.Discrete(actions) for agent in AGENTS}
        self.position: Any = self.translation.initial()

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, Any]:
        mask = np.zeros(len(self.translation.actions), np.int8)
        if agent == self.agent_selection:
            mask[self.translation.legal(self.position)] = 1
        return {"observation": self.translation.observe(self.position), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.position = self.translation.initial()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        if seed is not None or not hasattr(self, "_chance"):
            self._chance = np.random.default_rng(seed)
        self._draw_chance()
        player = self.translation.player(self.position)
        self.agent_selection = AGENTS[player or 0]
        if player is None:  # a game over before it starts (a board too small for a domino)
            self._finish()
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def step(self, action: int) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.position = self.translation.play(self.position, int(action))
        self._draw_chance()
        self._cumulative_rewards[agent] = 0.0
        player = self.translation.player(self.position)
        if player is None:
            self._finish()
            self.agent_selection = AGENTS[1 - AGENTS.index(agent)]
        else:
            self.agent_selection = AGENTS[player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _draw_chance(self) -> None:
        """Play chance positions out at random (the generator is seeded by ``reset``)."""
        while self.translation.player(self.position) == CHANCE:
            outcomes = self.translation.chances(self.position)
            weights = np.array([float(p) for _, p in outcomes])
            pick = self._chance.choice(len(outcomes), p=weights / weights.sum())
            self.position = self.translation.play(self.position, outcomes[pick][0])

    def _finish(self) -> None:
        value = self.translation.value(self.position)
        self.rewards = {AGENTS[0]: float(value), AGENTS[1]: -float(value)}
        self.terminations = dict.fromkeys(self.agents, True)
        for agent in self.agents:
            self.infos[agent]["value"] = value

    def render(self) -> str | Image | None:
        """The position as text (``ansi``), as an image (``rgb_array``), or shown in a
        window (``human``, which also renders after every reset and step)."""
        if self.render_mode is None:
            _gymnasium.logger.warn("render() was called without a render_mode (try 'ansi')")
            return None
        if self.render_mode == "ansi":
            text: str = self.translation.text(self.position)
            return text
        picture = self.translation.image(self.position)
        if self.render_mode == "rgb_array":
            return picture
        self._window.show(picture)
        return None

    def close(self) -> None:
        """Close the ``human`` window, if one is open."""
        self._window.close()
