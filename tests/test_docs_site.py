"""The documentation site builds with ``mkdocs build --strict`` (a broken link, a page
missing from the navigation's files or a docstring mkdocstrings cannot read fails it), and
the hooks that make it from the repository's files do what they say."""

from __future__ import annotations

import doctest
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_hooks_examples() -> None:
    spec = importlib.util.spec_from_file_location("docs_site", ROOT / "scripts" / "docs_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    result = doctest.testmod(module)
    assert result.attempted >= 4
    assert result.failed == 0


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
