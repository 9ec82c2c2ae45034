"""docs/protocol.md teaches the game protocol; its example must run and print what it says."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

from tests.games.naive import naive_value

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_the_example_runs_and_prints_the_documented_output() -> None:
    (code,) = blocks("python")
    (expected,) = blocks("text")
    namespace: dict[str, Any] = {"__name__": "protocol_example"}
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, str(DOC), "exec"), namespace)  # our own documentation, not user input
    assert output.getvalue() == expected
    game = namespace["game"]
    assert namespace["result"].value == naive_value(game, game.initial())
