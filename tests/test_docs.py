"""The pages in docs/ run as written: their Python examples, and the example files they use."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("page", ["dag.md"])
def test_doc_page_examples(page: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the pages name files from the repository's root
    result = doctest.testfile(str(ROOT / "docs" / page), module_relative=False)
    assert result.attempted >= 1
    assert result.failed == 0


def test_every_example_file_the_readme_names_exists() -> None:
    readme = (ROOT / "README.md").read_text()
    named = {word.strip("`()[],") for word in readme.split() if word.startswith("examples/")}
    assert named, "the README names no example file"
    for name in named:
        assert (ROOT / name).is_file(), name
