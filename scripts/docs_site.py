r"""MkDocs hooks of the documentation site (``mkdocs.yml``; ``make docs`` serves it).

The site is made of the files the repository already has, nothing copied by hand:

* the home page is ``README.md`` (its links into ``docs/`` made relative to the site);
* ``BENCHMARKS.md`` and the example DAG file are pages and files of the site too, so that
  the pages in ``docs/`` can keep linking to them as ``../BENCHMARKS.md``;
* a page added to ``docs/`` joins the guides of the navigation by itself, under its
  first heading (``mkdocs.yml`` lists the others in their order);
* the API reference has one page per layer of the package, listing every module found
  under ``src/evalgame`` (a new module appears without editing anything), rendered from
  the docstrings by mkdocstrings; :class:`Docstrings` shows their examples as code and
  their Sphinx roles (``:func:`solve```) as the names they are.

>>> relink("see [docs/dag.md](docs/dag.md) and [the results](docs/results.md#tiling)")
'see [docs/dag.md](dag.md) and [the results](results.md#tiling)'
>>> relink("[BENCHMARKS.md](../BENCHMARKS.md)", parent="../")
'[BENCHMARKS.md](BENCHMARKS.md)'
>>> API["core"][:2]
('numbers', 'vocabulary')
>>> as_markdown("Solve it:\n\n>>> solve(1)\n[1, 2]\n\nSee :class:`~a.B`.").splitlines()
['Solve it:', '', '```pycon', '>>> solve(1)', '[1, 2]', '```', '', 'See `B`.']
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import griffe
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "evalgame"

#: repository files outside ``docs/`` that the site carries: site path → source
CARRIED = {
    "index.md": ROOT / "README.md",
    "BENCHMARKS.md": ROOT / "BENCHMARKS.md",
    "examples/game.json": ROOT / "examples" / "game.json",
}

#: the API reference: page → the parts of ``evalgame`` on it, in the layers' order (lowest
#: first; ``tests/test_layers.py`` keeps the order of the code)
API: dict[str, tuple[str, ...]] = {
    "core": ("numbers", "vocabulary", "errors", "expr"),
    "search": ("search",),
    "certify": ("certify",),
    "proofs": ("proofs",),
    "games": ("games",),
    "play": ("play",),
    "lab": ("lab",),
    "analysis": ("analysis",),
    "interfaces": ("__init__", "interactive", "cli", "web"),
}


def relink(markdown: str, parent: str = "docs/") -> str:
    """``markdown`` with its relative links that start with ``parent`` (``docs/`` in the
    README, ``../`` in a page of ``docs/``) made relative to the site's root."""
    return re.sub(rf"\]\({re.escape(parent)}(?!\.\./)", "](", markdown)


def modules(part: str) -> list[str]:
    """The dotted names of the modules of ``evalgame``'s top-level part ``part``, sorted
    (a package's own ``__init__`` first)."""
    if part == "__init__":
        return ["evalgame"]
    path = PACKAGE / part
    if path.suffix == "" and not path.is_dir():
        path = path.with_suffix(".py")
    if path.is_file():
        return [f"evalgame.{part}"]
    names = []
    for source in sorted(path.rglob("*.py")):
        parts = source.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(names, key=lambda name: name.split("."))


def api_page(title: str, parts: tuple[str, ...]) -> str:
    """The markdown of one page of the API reference."""
    lines = [f"# {title.capitalize()}", ""]
    for part in parts:
        for name in modules(part):
            lines += [f"::: {name}", ""]
    return "\n".join(lines)


def guides_left_out(docs: Path, nav: list[Any]) -> list[dict[str, str]]:
    """The pages of ``docs`` that ``nav`` does not list, each as ``{first heading: file}``."""
    listed = set(re.findall(r"[\w./-]+\.md", str(nav)))
    return [
        {_heading(page): page.name} for page in sorted(docs.glob("*.md")) if page.name not in listed
    ]


def _heading(page: Path) -> str:
    first = re.search(r"^# (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return first.group(1).strip() if first else page.stem


def on_config(config: MkDocsConfig, **_: Any) -> MkDocsConfig:
    """Add the pages of ``docs/`` that the navigation does not list to its guides."""
    nav = config.nav or []
    for section in nav:
        if isinstance(section, dict) and "Guides" in section:
            section["Guides"].extend(guides_left_out(Path(config.docs_dir), nav))
    return config


def on_files(files: Files, config: MkDocsConfig, **_: Any) -> Files:
    """Add the carried files and the API reference to the site's files."""
    for site_path, source in CARRIED.items():
        if source.suffix == ".md":
            text = source.read_text(encoding="utf-8")
            content: str | bytes = relink(text)
        else:
            content = source.read_bytes()
        files.append(File.generated(config, site_path, content=content))
    for page, parts in API.items():
        files.append(File.generated(config, f"api/{page}.md", content=api_page(page, parts)))
    return files


def on_page_markdown(markdown: str, page: Page, **_: Any) -> str:
    """A page of ``docs/`` links to the carried files as ``../BENCHMARKS.md``: the site
    has them at its root."""
    if page.file.src_uri.count("/") == 0 and page.file.src_uri != "index.md":
        return relink(markdown, parent="../")
    return markdown


#: a Sphinx role: ``:func:`name```, ``:class:`~module.Name```
ROLE = re.compile(r":[a-z]+:`~?([\w.]+)`")


def as_markdown(docstring: str) -> str:
    """A docstring as Markdown: its doctest examples fenced as Python sessions (else their
    ``[…]`` outputs read as links), and outside them each Sphinx role as the name it names
    (the last part after ``~``)."""
    lines, session = [], False
    for line in docstring.splitlines():
        example = line.lstrip().startswith(">>>")
        if example and not session:
            indent = line[: len(line) - len(line.lstrip())]
            lines.append(f"{indent}```pycon")
            session = True
        elif session and not line.strip():
            lines.append(f"{indent}```")
            session = False
        if session:
            lines.append(line)
        else:
            lines.append(ROLE.sub(lambda role: f"`{_shown(role.group(0), role.group(1))}`", line))
    if session:
        lines.append(f"{indent}```")
    return "\n".join(lines)


def _shown(role: str, target: str) -> str:
    return target.rsplit(".", 1)[-1] if "`~" in role else target


class Docstrings(griffe.Extension):
    """The griffe extension that hands mkdocstrings every docstring :func:`as_markdown`."""

    def on_instance(self, *, obj: griffe.Object, **_: Any) -> None:
        """Rewrite ``obj``'s docstring once it is loaded."""
        if obj.docstring is not None:
            obj.docstring.value = as_markdown(obj.docstring.value)
