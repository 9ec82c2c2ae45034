r"""MkDocs hooks of the documentation site (``mkdocs.yml``; ``make docs`` serves it).

The site is made of the files the repository already has, nothing copied by hand:

* the home page is ``README.md`` (its links into ``docs/`` made relative to the site);
* ``BENCHMARKS.md`` and the example DAG file are pages and files of the site too, so that
  the pages in ``docs/`` can keep linking to them as ``../BENCHMARKS.md``;
* a page added to ``docs/`` joins the guides of the navigation by itself, under its
  first heading (``mkdocs.yml`` lists the others in their order);
* the API reference has one page per module found under ``src/evalgame`` (a new module
  appears without editing anything), rendered from its docstrings and type annotations by
  mkdocstrings, and an index of them grouped by the package's layers, which the
  navigation follows too; :class:`Docstrings` shows the docstrings' examples as code and
  their Sphinx roles (``:func:`solve```) as the names they are.

>>> relink("see [docs/dag.md](docs/dag.md) and [the results](docs/results.md#tiling)")
'see [docs/dag.md](dag.md) and [the results](results.md#tiling)'
>>> relink("[BENCHMARKS.md](../BENCHMARKS.md)", parent="../")
'[BENCHMARKS.md](BENCHMARKS.md)'
>>> modules("errors"), modules("__init__")
(['evalgame.errors'], ['evalgame'])
>>> api_page("evalgame.search.alphabeta")
'::: evalgame.search.alphabeta\n'
>>> summary("evalgame.numbers")
'The one exact number type, at the bottom of every layer: what it is, how it is made, printed.'
>>> as_markdown("Solve it:\n\n>>> solve(1)\n[1, 2]\n\nSee :class:`~a.B`.").splitlines()
['Solve it:', '', '```pycon', '>>> solve(1)', '[1, 2]', '```', '', 'See `B`.']
"""

from __future__ import annotations

import ast
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

#: the layers of the API reference: title → the parts of ``evalgame`` in it, lowest layer
#: first (``tests/test_layers.py`` keeps the order of the code); every part is in one
#: (``tests/test_docs_site.py``)
LAYERS: dict[str, tuple[str, ...]] = {
    "Core": ("numbers", "vocabulary", "provenance", "errors", "expr"),
    "Search engine": ("search",),
    "Certificate checker": ("certify",),
    "Proof manager": ("proofs",),
    "Games": ("games",),
    "Play": ("play",),
    "Teaching lab": ("lab",),
    "Analysis": ("analysis",),
    "Interfaces": ("__init__", "interactive", "cli", "web", "interop"),
}
#: the navigation's entry that the hooks fill with the API reference's pages
API = "API reference"


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


def api_page(module: str) -> str:
    """The markdown of the API reference's page of ``module``: mkdocstrings renders it,
    the module's name its title."""
    return f"::: {module}\n"


def api_path(module: str) -> str:
    """The site path of the API reference's page of ``module``."""
    return f"api/{module}.md"


def summary(module: str) -> str:
    """The first sentence of ``module``'s docstring, on one line."""
    parts = module.split(".")[1:]
    source = PACKAGE.joinpath(*parts)
    source = source / "__init__.py" if source.is_dir() else source.with_suffix(".py")
    docstring = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    paragraph = " ".join(docstring.split("\n\n", 1)[0].split())
    first = re.split(r"(?<=\.)\s(?=[A-Z`*])", paragraph, maxsplit=1)[0]
    return ROLE.sub(lambda role: f"`{_shown(role.group(0), role.group(1))}`", first)


def api_index() -> str:
    """The markdown of the API reference's index: each layer's modules, with the first
    sentence of each one's docstring."""
    lines = [
        "# API reference",
        "",
        "A page per module of `evalgame`, grouped by layer, lowest first: no module imports",
        "from a layer below its own in this list. Most readers start with the package",
        "itself, [`evalgame`](evalgame.md): `solve`, `fairness`, the search algorithms and",
        "the notebook's entry points.",
    ]
    for layer, parts in LAYERS.items():
        lines += ["", f"## {layer}", ""]
        for part in parts:
            lines += [f"- [`{name}`]({name}.md): {summary(name)}" for name in modules(part)]
    return "\n".join(lines) + "\n"


def api_nav() -> list[Any]:
    """The navigation of the API reference: its index, then a section per layer."""
    nav: list[Any] = [{"Index": "api/index.md"}]
    for layer, parts in LAYERS.items():
        pages = [{name: api_path(name)} for part in parts for name in modules(part)]
        nav.append({layer: pages})
    return nav


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
    """Add the pages of ``docs/`` that the navigation does not list to its guides, and
    the API reference's pages to its entry."""
    nav = config.nav or []
    for section in nav:
        if isinstance(section, dict) and "Guides" in section:
            section["Guides"].extend(guides_left_out(Path(config.docs_dir), nav))
        if isinstance(section, dict) and API in section:
            section[API] = api_nav()
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
    files.append(File.generated(config, "api/index.md", content=api_index()))
    for parts in LAYERS.values():
        for part in parts:
            for name in modules(part):
                files.append(File.generated(config, api_path(name), content=api_page(name)))
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


class Reexports(griffe.Extension):
    """The griffe extension that documents a name a package imports from its submodule of
    the same name as what it is when Python runs it: ``evalgame.solve`` is the function
    ``evalgame.games.evaluate.solve.solve``, not the module ``evalgame.games.evaluate.solve``
    that griffe takes it for (its known limitation: https://github.com/mkdocstrings/griffe/issues/124).
    The submodules themselves keep their names and pages."""

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **_: Any) -> None:
        """Point every such alias under ``pkg`` at the object inside the module."""
        modules = [pkg]
        while modules:
            module = modules.pop()
            members = list(module.members.items())
            modules += [member for _, member in members if isinstance(member, griffe.Module)]
            for name, member in members:
                if isinstance(member, griffe.Alias) and (
                    inner := _shadowed(loader, member.target_path, name)
                ):
                    alias = griffe.Alias(name, inner, lineno=member.lineno, parent=module)
                    module.set_member(name, alias)


def _shadowed(loader: griffe.GriffeLoader, target: str, name: str) -> str | None:
    """The path of the object ``name`` of the module at ``target``, if it has one."""
    try:
        module = loader.modules_collection[target]
    except (KeyError, ValueError):  # outside the package, or not loaded
        return None
    if module.is_alias or not module.is_module:
        return None
    inner = module.members.get(name)
    if inner is None or inner.is_alias or inner.is_module:
        return None
    return f"{module.path}.{name}"
