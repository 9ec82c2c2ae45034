"""Every code block of the pages in docs/ and its folders runs as written, as a reader would:

* a block of ``>>>`` examples (```pycon) by doctest, the page's blocks in one namespace;
* a ```python block as a script in a fresh interpreter, ``python block.py`` (so a script
  that starts Dask workers needs its ``if __name__ == "__main__":`` guard, as a reader's
  would);
* a ```sh block by bash, the installed ``evalgame`` and ``python`` first on the PATH;

each page's blocks in their order in one temporary folder, where ``examples/`` and
``docs/`` are the repository's (a block reads the repository's files; what it writes goes
to the temporary folder). Other blocks (```text, ```json, a bare ```) are shown, not run.

A block that cannot run here (it needs a cluster, or a second machine) is preceded by the
comment ``<!-- not run: the reason -->``, which the site does not show; there are at most
:data:`NOT_RUN_AT_MOST` of them in all the pages.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))

#: the languages of the blocks that run, each as what it is run by
RUNNERS = {"pycon": "doctest", "python": "script", "sh": "shell", "bash": "shell"}
#: the comment that keeps the next block from running, and why
NOT_RUN = re.compile(r"^<!--\s*not run:\s*(.*?)\s*-->\s*$")
#: the most blocks of all the pages that may be kept from running
NOT_RUN_AT_MOST = 5


@dataclass(frozen=True)
class Block:
    """A fenced code block of a page: where it starts, how it runs (``None``: shown, not
    run) and its code; ``not_run`` is the reason it is kept from running."""

    line: int
    runner: str | None
    code: str
    not_run: str | None = None


def blocks(markdown: str) -> list[Block]:
    """The fenced code blocks of ``markdown``, in order.

    >>> page = "<!-- not run: a cluster -->\\n```sh\\ndask scheduler\\n```\\n\\n```text\\nhi\\n```"
    >>> [(block.line, block.runner, block.not_run) for block in blocks(page)]
    [(2, 'shell', 'a cluster'), (6, None, None)]
    >>> blocks("```python\\n>>> 1 + 1\\n2\\n```")[0].runner  # examples, whatever the tag says
    'doctest'
    """
    found, reason = [], None
    for token in MarkdownIt("commonmark").parse(markdown):
        if token.type == "html_block" and (comment := NOT_RUN.match(token.content.strip())):
            reason = comment.group(1)
            continue
        if token.type == "fence":
            language = token.info.split()[0] if token.info.strip() else ""
            runner = RUNNERS.get(language)
            if runner == "script" and token.content.lstrip().startswith(">>>"):
                runner = "doctest"
            line = token.map[0] + 1 if token.map else 0
            found.append(Block(line, runner, token.content, reason))
        reason = None
    return found


def run(page: Path, block: Block, folder: Path, namespace: dict[str, Any]) -> None:
    """Run ``block`` of ``page`` in ``folder`` (the doctests share ``namespace``)."""
    where = f"{page.relative_to(DOCS)}:{block.line}"
    if block.runner == "doctest":
        parser = doctest.DocTestParser()
        test = parser.get_doctest(block.code, namespace, where, str(page), block.line)
        runner = doctest.DocTestRunner()
        runner.run(test, clear_globs=False)
        namespace.update(test.globs)  # the test ran in a copy
        assert runner.summarize(verbose=False).failed == 0, f"{where}: an example failed"
        return
    if block.runner == "script":
        script = folder.parent / f"{page.stem}-{block.line}.py"  # the page's blocks only
        script.write_text(block.code, encoding="utf-8")
        command = [sys.executable, str(script)]
    else:
        command = ["bash", "-e", "-o", "pipefail", "-c", block.code]
    path = os.pathsep.join((str(Path(sys.executable).parent), os.environ.get("PATH", "")))
    done = subprocess.run(
        command,
        cwd=folder,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        timeout=600,  # a hung block fails instead of hanging the suite
    )
    assert done.returncode == 0, f"{where} exited with {done.returncode}:\n{done.stderr}"


@cache
def page_blocks(page: Path) -> list[Block]:
    return blocks(page.read_text(encoding="utf-8"))


def runnable(page: Path) -> list[Block]:
    return [block for block in page_blocks(page) if block.runner and block.not_run is None]


@pytest.mark.parametrize(
    "page", [page for page in PAGES if runnable(page)], ids=lambda page: str(page.relative_to(DOCS))
)
def test_the_page_runs_as_written(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "reader"
    folder.mkdir()
    for name in ("examples", "docs"):
        (folder / name).symlink_to(ROOT / name, target_is_directory=True)
    monkeypatch.chdir(folder)  # the doctests' files are named from there too
    namespace: dict[str, Any] = {"__name__": page.stem}
    for block in runnable(page):
        run(page, block, folder, namespace)


def test_few_blocks_are_kept_from_running() -> None:
    kept = [
        (str(page.relative_to(DOCS)), block.line, block.not_run)
        for page in PAGES
        for block in page_blocks(page)
        if block.not_run is not None
    ]
    assert len(kept) <= NOT_RUN_AT_MOST, kept
    assert all(reason for _, _, reason in kept), kept


def test_a_kept_block_would_run() -> None:
    """The comment is for blocks that run: before a ```text block it would hide nothing."""
    for page in PAGES:
        for block in page_blocks(page):
            assert block.not_run is None or block.runner, (page, block.line)


def test_every_example_file_the_readme_names_exists() -> None:
    readme = (ROOT / "README.md").read_text()
    named = {word.strip("`()[],") for word in readme.split() if word.startswith("examples/")}
    assert named, "the README names no example file"
    for name in named:
        assert (ROOT / name).is_file(), name
