"""The layers of ARCHITECTURE (the README's Layout): no module imports a higher layer.

Every import of every module under ``src/evalgame`` is read, the ones inside functions
included (a lazy import is a dependency all the same). Imports under ``if TYPE_CHECKING:``
are left out: they name a type for the checker and load nothing at run time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "evalgame"

#: each top-level part of the package and its layer, lowest first; parts of one layer do
#: not import each other (the search engine knows nothing of expressions), except the
#: interfaces, which may use one another (``evalgame serve`` starts the web app)
RANKS = {
    "numbers": 0,
    "errors": 1,
    "expr": 2,
    "search": 2,
    "proofs": 3,
    "games": 4,
    "play": 5,
    "analysis": 6,
    "cli": 7,
    "web": 7,
    "interactive": 7,
    "interop": 7,
    "__init__": 7,
    "__main__": 7,
}
INTERFACES = 7


def part(module: str) -> str:
    """The top-level part of ``evalgame.…`` that ``module`` belongs to."""
    return module.split(".")[1] if "." in module else "__init__"


def imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, module) of every absolute import in ``tree`` outside ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            yield from (item for child in node.orelse for item in imports(child))
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        yield from imports(node)


def upward(source: str, text: str) -> list[str]:
    """The imports in ``text``, a module of the part ``source``, that reach a higher layer
    (or a sibling of its layer)."""
    found = []
    for line, module in imports(ast.parse(text)):
        if module != "evalgame" and not module.startswith("evalgame."):
            continue
        target = part(module)
        low, high = RANKS[target], RANKS[source]
        if target != source and not low < high and not low == high == INTERFACES:
            found.append(f"line {line} imports {module}")
    return found


MODULES = sorted(SOURCE.rglob("*.py"))


def source_part(path: Path) -> str:
    return path.relative_to(SOURCE).with_suffix("").parts[0]


def test_every_part_has_a_layer() -> None:
    assert {source_part(path) for path in MODULES} == set(RANKS)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SOURCE)))
def test_no_module_imports_a_higher_layer(path: Path) -> None:
    assert not upward(source_part(path), path.read_text())


def test_the_check_sees_an_upward_import() -> None:
    """A lazy import of a higher layer is found, a type-only one is not: the check can fail."""
    lazy = "def picture():\n    from evalgame.analysis.tree import game_tree\n"
    assert upward("games", lazy) == ["line 2 imports evalgame.analysis.tree"]
    assert upward("search", "import evalgame.expr.nodes\n")  # siblings: not each other
    assert not upward("cli", "from evalgame.web import app\n")  # interfaces: each other
    typing_only = "if TYPE_CHECKING:\n    from evalgame.cli import app\n"
    assert not upward("games", typing_only)
