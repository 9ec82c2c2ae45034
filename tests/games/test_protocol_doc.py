"""docs/protocol.md teaches the game protocol: its example (run as a script with every block of
docs/ by tests/test_docs.py) prints what the page says, and the value it finds is right."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

from tests.games.naive import naive_value
from tests.test_docs import page_blocks

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"


def test_the_example_runs_and_prints_the_documented_output() -> None:
    (code,) = [block.code for block in page_blocks(DOC) if block.runner == "script"]
    (expected,) = [block.code for block in page_blocks(DOC) if block.runner is None]
    namespace: dict[str, Any] = {"__name__": "protocol_example"}
    output = io.StringIO()
    with contextlib.redirect_stdout(output):
        exec(compile(code, str(DOC), "exec"), namespace)  # our own documentation, not user input
    assert output.getvalue() == expected
    game = namespace["game"]
    assert namespace["result"].value == naive_value(game, game.initial())
