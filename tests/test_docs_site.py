"""The documentation site builds with ``mkdocs build --strict`` (a broken link, a page
missing from the navigation's files or a docstring mkdocstrings cannot read fails it), and
the hooks that make it from the repository's files do what they say."""

from __future__ import annotations

import doctest
import html
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.samples import thorough_only
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


def test_every_part_of_the_package_is_in_one_layer_of_the_reference() -> None:
    package = ROOT / "src" / "evalgame"
    parts = {path.stem for path in package.glob("*.py")} | {
        path.parent.name for path in package.glob("*/__init__.py")
    }
    parts -= {"__main__"}  # ``python -m evalgame``: the command line again
    layered = [part for layer in docs_site().LAYERS.values() for part in layer]
    assert sorted(layered) == sorted(parts)


def test_the_reference_has_a_page_per_module_and_the_index_links_each() -> None:
    site = docs_site()
    names = [
        name for layer in site.LAYERS.values() for part in layer for name in site.modules(part)
    ]
    assert len(names) == len(set(names))
    assert {"evalgame", "evalgame.interop.openspiel", "evalgame.search.alphabeta"} <= set(names)
    index = site.api_index()
    assert all(f"[`{name}`]({name}.md)" in index for name in names)
    nav = site.api_nav()
    assert [page for layer in nav[1:] for section in layer.values() for page in section] == [
        {name: f"api/{name}.md"} for name in names
    ]


@pytest.mark.slow
@thorough_only  # and `make docs-build`: half a minute of CPU that took make test past 10 min
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
    api = site / "api"
    assert "evalgame.interop.openspiel" in (api / "index.html").read_text()
    vocabulary = (api / "evalgame.vocabulary" / "index.html").read_text()
    assert "evalgame.vocabulary.exact_json" in vocabulary  # the API reference, from docstrings
    top = (api / "evalgame" / "index.html").read_text()
    assert 'id="evalgame.solve"' in top  # the top-level API
    search = (api / "evalgame.search.alphabeta" / "index.html").read_text()
    signature = re.sub(r"<[^>]+>", "", search.split('id="evalgame.search.alphabeta.alphabeta"')[1])
    assert "table: TranspositionTable | None = None" in html.unescape(signature)  # typed
    for page in ("json", "proofs", "protocol", "dag", "results", "BENCHMARKS"):
        assert (site / page / "index.html").is_file(), page
