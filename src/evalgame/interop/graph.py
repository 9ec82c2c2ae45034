"""The graph games of the paper's §5 for the adapters: colours and elements as actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from evalgame.games.graph.graphs import load_graph
from evalgame.games.graph.incidence import incidence
from evalgame.games.graph.share import GraphShare, SharePosition
from evalgame.interop.translation import (
    Observation,
    Parameter,
    Translation,
    plain_word,
    whole_number,
    with_defaults,
)
from evalgame.numbers import format_number


class GraphTranslation(Translation[SharePosition, int]):
    """game(G, A, B, [k]) of the paper's §5: actions 0…k−1 propose the colours 1…k, k… put
    the proposal on the elements of A. The observation has a row per element of A and a
    last row for the proposal: a one in the column of its colour, or in column 0 while it
    is uncoloured (no proposal waiting).

    :attr:`max_length` is exact: 2·|A| actions, or none when nothing is open at the start.
    The game ends when no element of B is open, and an open x closes early only when S(x)
    holds two colours (``mono``) — so in the line where MAX always proposes one colour and
    MIN colours the elements in no open set first, every set closes only with its last
    element, and all of A gets coloured.
    """

    family = "graph"
    title = "graph game"
    defaults: ClassVar[Mapping[str, Parameter]] = {
        "graph": "friendship:3",
        "colour": "V",
        "share": "E",
        "colours": 2,
        "rule": "mono",
        "weights": "unit",
    }

    def __init__(self, game: GraphShare, settings: Mapping[str, Parameter]) -> None:
        self.share_game = game
        self.settings = dict(settings)
        elements = len(game.share.a_names)
        super().__init__(
            game,
            [*game.palette, *range(elements)],
            max_length=0 if game.is_terminal(game.initial()) else 2 * elements,
            shape=(elements + 1, game.k + 1),
            value_range=(0, game.share.total),
            always_valid=True,
        )
        # a colour and an element can be the same integer: number them apart
        self._number = {
            **{("colour", c): i for i, c in enumerate(game.palette)},
            **{("element", a): len(game.palette) + a for a in range(elements)},
        }

    @classmethod
    def from_parameters(cls, parameters: Mapping[str, Any]) -> GraphTranslation:
        settings: dict[str, Parameter] = with_defaults(cls, parameters)
        for name in ("graph", "colour", "share", "rule", "weights"):
            settings[name] = plain_word(settings, name)
        settings["colours"] = whole_number(settings, "colours")
        share = incidence(
            load_graph(str(settings["graph"])),
            str(settings["colour"]),
            str(settings["share"]),
            str(settings["weights"]),
        )
        return cls(GraphShare(share, int(settings["colours"]), str(settings["rule"])), settings)

    def parameters(self) -> dict[str, Parameter]:
        return dict(self.settings)

    def legal(self, position: SharePosition) -> list[int]:
        if self.game.is_terminal(position):
            return []
        kind = "colour" if position.proposal == 0 else "element"
        return sorted(self._number[kind, move] for move in self.game.moves(position))

    def observe(self, position: SharePosition) -> Observation:
        array = np.zeros(self.shape, np.int8)
        for row, colour in enumerate((*position.colours, position.proposal)):
            array[row, colour] = 1
        return array

    def picture(self, position: SharePosition) -> str:
        names = self.share_game.share.a_names
        coloured = " ".join(
            f"{name}={colour or '·'}" for name, colour in zip(names, position.colours, strict=True)
        )
        share = f"MAX's share so far: {format_number(position.won)}"
        waiting = f"\nproposed: colour {position.proposal}" if position.proposal else ""
        return f"{coloured}\n{share}{waiting}"
