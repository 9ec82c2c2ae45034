"""A tiling problem whose leaf tasks kill the worker process running them (SIGKILL): the
fault lands in the middle of a run, whatever the machine's speed."""

from __future__ import annotations

import dataclasses
import os
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evalgame.games.tiling.proof import TilingProblem
from evalgame.search.registry import Solver


@dataclass(frozen=True)
class FatalTask(TilingProblem):
    """:class:`TilingProblem` whose leaf solver kills its process on the first question it
    is asked anywhere (``marker``: a file the first one creates) and then solves as usual —
    or, without a marker, on every question."""

    marker: str = ""

    def solver(self) -> Solver:
        """The matching solver, behind questions that kill the process."""
        real = super().solver()
        marker = Path(self.marker) if self.marker else None

        def probe(game: Any, position: Any, *question: Any) -> Any:
            if marker is not None:
                try:
                    marker.touch(exist_ok=False)  # only the first task anywhere gets here
                except FileExistsError:
                    assert real.probe is not None
                    return real.probe(game, position, *question)
            os.kill(os.getpid(), signal.SIGKILL)
            raise AssertionError("unreachable: the process was killed")

        return dataclasses.replace(real, probe=probe)
