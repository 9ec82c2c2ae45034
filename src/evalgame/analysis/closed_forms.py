"""Closed forms ⌊(a·n + b)/c⌋ guessed from a few values, to be checked on many more.

>>> fit_floor({n: 2 * n // 3 + 1 for n in range(3, 10)}, 9)
FloorForm(a=2, b=3, c=3)
>>> str(_)
'⌊(2n + 3)/3⌋'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class FloorForm:
    """The closed form ⌊(a·n + b)/c⌋."""

    a: int
    b: int
    c: int

    def __call__(self, n: int) -> int:
        return (self.a * n + self.b) // self.c

    def __str__(self) -> str:
        if self.a == 0:
            return str(self.b // self.c)
        linear = "n" if self.a == 1 else f"{self.a}n"
        if self.b:
            linear += f" {'+' if self.b > 0 else '−'} {abs(self.b)}"
        if self.c == 1:
            return linear
        return f"⌊({linear})/{self.c}⌋" if self.b else f"⌊{linear}/{self.c}⌋"


def fit_floor(values: Mapping[int, int], guess_upto: int, largest_c: int = 12) -> FloorForm | None:
    """The simplest ⌊(a·n + b)/c⌋ (least c, then least |b|) equal to ``values`` for
    n ≤ ``guess_upto``, 0 ≤ a ≤ c, −2c ≤ b < 3c; None if there is none.

    >>> fit_floor({2: 2, 3: 3, 4: 4, 5: 5}, 5)
    FloorForm(a=1, b=0, c=1)
    """
    known = {n: v for n, v in values.items() if n <= guess_upto}
    for c in range(1, largest_c + 1):
        for b in sorted(range(-2 * c, 3 * c), key=lambda b: (abs(b), b < 0)):
            for a in range(c + 1):
                form = FloorForm(a, b, c)
                if all(form(n) == v for n, v in known.items()):
                    return form
    return None
