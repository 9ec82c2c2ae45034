"""Games given as DAG files for the adapters: a position per action, chance included."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from evalgame.games.classic.dag_file import DagGame
from evalgame.interop.translation import (
    Observation,
    Parameter,
    Translation,
    plain_word,
    with_defaults,
)

#: the folder of the example files, in evalgame's repository and in the package
EXAMPLES = "examples/"


def read_dag(name: str) -> DagGame:
    """The DAG game in the file ``name``. A name under ``examples/`` that is no file on
    disk reads the example evalgame ships under that name, so that the default
    ``examples/game.json`` loads from any directory (a file on disk comes first).

    >>> len(read_dag("examples/game.json").nodes)
    8
    """
    if name.startswith(EXAMPLES) and not Path(name).is_file():
        shipped = resources.files("evalgame").joinpath(name)
        if shipped.is_file():
            return DagGame.from_json(shipped.read_text(encoding="utf-8"))
    return DagGame.from_file(name)


class DagTranslation(Translation[str, str]):
    """A game given as a DAG of named positions in a JSON file (``evalgame dag``'s
    format, chance positions included; :func:`read_dag` finds it): an action moves to a
    position, numbered as the file lists the positions; the observation is a one in the
    column of the position. :attr:`max_length` is the longest path from the start, chance
    moves included.
    """

    family = "dag"
    title = "DAG game"
    chance = True
    defaults: ClassVar[Mapping[str, Parameter]] = {"file": "examples/game.json"}

    def __init__(self, game: DagGame, path: str) -> None:
        self.dag = game
        self.path = path
        names = list(game.nodes)
        leaves = [node.value for node in game.nodes.values() if node.value is not None]
        super().__init__(
            game,
            names,
            max_length=self._longest(game.start, {}),
            shape=(len(names),),
            value_range=(min(leaves, default=0), max(leaves, default=0)),
            always_valid=True,  # every leaf of a DAG file has a value
        )
        self._column = {name: i for i, name in enumerate(names)}

    def _longest(self, position: str, known: dict[str, int]) -> int:
        if position not in known:
            moves = self.dag.moves(position)
            known[position] = 1 + max(self._longest(m, known) for m in moves) if moves else 0
        return known[position]

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> DagTranslation:
        path = plain_word(with_defaults(cls, parameters), "file")
        return cls(read_dag(path), path)

    def parameters(self) -> dict[str, Parameter]:
        return {"file": self.path}

    def observe(self, position: str) -> Observation:
        array = np.zeros(self.shape, np.int8)
        array[self._column[position]] = 1
        return array

    def picture(self, position: str) -> str:
        return f"at {position}"
