"""The documentation site builds with ``mkdocs build --strict`` (a broken link, a page
missing from the navigation's files or a docstring mkdocstrings cannot read fails it), and
the hooks that make it from the repository's files do what they say."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[1]


def docs_site() -> Any:
    """The hooks module of ``mkdocs.yml`` (a script, not a package module)."""
    return load_script("docs_site")


def test_the_hooks_examples() -> None:
    result = doctest.testmod(docs_site())
    assert result.attempted >= 4
    assert result.failed == 0


def test_a_new_page_joins_the_guides(tmp_path: Path) -> None:
    (tmp_path / "listed.md").write_text("# Listed\n")
    (tmp_path / "new.md").write_text("Some words.\n\n# A new page\n")
    nav = [{"Home": "index.md"}, {"Guides": [{"Listed": "listed.md"}]}]
    assert docs_site().guides_left_out(tmp_path, nav) == [{"A new page": "new.md"}]


@pytest.mark.slow
def test_the_site_builds_strictly(tmp_path: Path) -> None:
    site = tmp_path / "site"
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},  # no advertisement on stderr
    )
    assert built.returncode == 0, built.stderr
    home = (site / "index.html").read_text()
    assert "A tour of the command line" in home  # the README
    assert 'href="results/"' in home  # its links into docs/, made relative to the site
    core = (site / "api" / "core" / "index.html").read_text()
    assert "evalgame.vocabulary.exact_json" in core  # the API reference, from docstrings
    for page in ("json", "proofs", "protocol", "dag", "results", "BENCHMARKS"):
        assert (site / page / "index.html").is_file(), page
