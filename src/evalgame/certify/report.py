"""What the checker says of a certificate: valid or not, why, where, and how much it
verified.

>>> from evalgame.certify.format import Header
>>> header = Header("....", "max", "at_least", 2, True, 0, 0)
>>> report = Report(True, header, Counts(1, 1, 1, 0, 0, 0), 1, None, 0.0015)
>>> report.json()["counts"]
{'prover': 1, 'opponent': 1, 'settled': 1, 'small': 0, 'tame': 0, 'cut': 0, 'entries': 1}
>>> report.reason is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evalgame.certify.format import Header
from evalgame.certify.walk import Counts, Failure

#: decimal places of the seconds in :meth:`Report.json` (a microsecond)
SECONDS_PLACES = 6


@dataclass(frozen=True)
class Report:
    """The verdict on one certificate: ``valid`` when its root verifies; otherwise
    ``failure`` says where and why. ``counts`` are the positions verified, ``entries``
    the entries the file holds, ``seconds`` the wall-clock time of reading and checking."""

    valid: bool
    header: Header
    counts: Counts
    entries: int
    failure: Failure | None
    seconds: float

    @property
    def reason(self) -> str | None:
        """Why the certificate is invalid (``None`` when it is valid)."""
        return None if self.failure is None else self.failure.reason

    def json(self) -> dict[str, Any]:
        """The report as one JSON object (``evalgame verify --json``)."""
        failed = self.failure
        header = self.header
        return {
            "valid": self.valid,
            **header.json(),
            "bound": str(header.bound),  # an exact number, as every answer writes it
            "counts": {**self.counts.json(), "entries": self.entries},
            "failed": None
            if failed is None
            else {
                "reason": failed.reason,
                "claim": header.claim,
                "bound": str(failed.left),
                "to_move": failed.to_move,
                "free": format(failed.free, "x"),
                "moves": None if failed.moves is None else [list(move) for move in failed.moves],
                "drawing": failed.drawing.split("\n"),
            },
            "seconds": round(self.seconds, SECONDS_PLACES),
        }
