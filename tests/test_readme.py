"""The examples in the README run as written."""

from __future__ import annotations

import doctest
from pathlib import Path


def test_readme_examples() -> None:
    readme = Path(__file__).resolve().parents[1] / "README.md"
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.attempted >= 4
    assert result.failed == 0
