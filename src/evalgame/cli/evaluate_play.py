"""``evalgame play EXPRESSION``: e-Valuate played by people and engines (provided by the lead).

:func:`play_expression` receives the expression and the options the ``play`` command parsed.
"""

from __future__ import annotations

from evalgame.errors import GameError


def play_expression(
    expression: str,
    *,
    max_agent: str,
    min_agent: str,
    seed: int | None,
    seconds: float,
    json_output: bool,
) -> None:
    """Play e-Valuate on ``expression`` with the given agents (human/optimal/random/depth)."""
    raise GameError("e-Valuate play is not available yet")
