"""The checker stays independent: its modules import only the core of evalgame (errors,
numbers), the standard library and a few general libraries — never the games, the search,
the proofs, the C kernel, the tables or the tame database whose results it checks."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

CERTIFY = Path(__file__).resolve().parents[2] / "src" / "evalgame" / "certify"
#: what evalgame modules the checker may import, besides its own
CORE = {"evalgame.errors", "evalgame.numbers"}
#: libraries beside the standard library
LIBRARIES = {"networkx", "rich", "distributed", "dask"}


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, lazily or not."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def foreign(modules: set[str]) -> set[str]:
    """The modules the checker may not import."""
    bad = set()
    for module in modules:
        top = module.split(".")[0]
        if top == "evalgame":
            if module not in CORE and not module.startswith("evalgame.certify"):
                bad.add(module)
        elif top not in sys.stdlib_module_names and top not in LIBRARIES and top != "__future__":
            bad.add(module)
    return bad


@pytest.mark.parametrize("path", sorted(CERTIFY.glob("*.py")), ids=lambda path: path.name)
def test_the_checker_imports_only_core(path: Path) -> None:
    assert not foreign(imported(path))


def test_the_check_sees_a_foreign_import() -> None:
    assert foreign({"evalgame.games.tiling.board", "evalgame.search", "numpy"}) == {
        "evalgame.games.tiling.board",
        "evalgame.search",
        "numpy",
    }
    assert not foreign({"evalgame.errors", "evalgame.certify.board", "gzip", "distributed"})
