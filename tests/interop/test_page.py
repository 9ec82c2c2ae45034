"""docs/interop.md runs as written."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


def test_the_interop_page_runs_as_written() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False)
    assert result.attempted >= 10
    assert result.failed == 0
