"""The checker stays independent: its modules import only the core of evalgame (errors,
numbers), the standard library and a few general libraries — never the games, the search,
the proofs, the C kernel, the tables or the tame database whose results it checks; its C
core (``_core.c``) includes only system headers and Python's, and is built from its own
source alone."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CERTIFY = ROOT / "src" / "evalgame" / "certify"
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


#: the headers the C core may include: the C library's and Python's
SYSTEM_HEADERS = {
    "Python.h",
    "stdint.h",
    "stdlib.h",
    "string.h",
    "stddef.h",
    "limits.h",
    "sys/mman.h",  # madvise, for huge pages
}


def includes(text: str) -> list[str]:
    """Every header a C source includes, as written (with its <> or "")."""
    return re.findall(r"^[ \t]*#[ \t]*include[ \t]*([<\"][^>\"]*[>\"])", text, re.MULTILINE)


def foreign_headers(headers: list[str]) -> list[str]:
    """The headers the C core may not include: anything in quotes (a project header, the
    kernel's among them) or not a system header it needs."""
    return [h for h in headers if h[0] != "<" or h[1:-1] not in SYSTEM_HEADERS]


C_SOURCES = sorted([*CERTIFY.glob("*.c"), *CERTIFY.glob("*.h")])


def test_the_checker_has_its_c_core() -> None:
    assert [path.name for path in C_SOURCES] == ["_core.c"]


@pytest.mark.parametrize("path", C_SOURCES, ids=lambda path: path.name)
def test_the_c_core_includes_no_kernel_header(path: Path) -> None:
    found = includes(path.read_text())
    assert "<Python.h>" in found
    assert not foreign_headers(found)


def test_the_check_sees_a_kernel_header() -> None:
    text = (
        '#include <Python.h>\n  #  include "../games/matching/kernel/tame.h"\n#include <math.h>\n'
    )
    assert foreign_headers(includes(text)) == ['"../games/matching/kernel/tame.h"', "<math.h>"]


def test_the_c_core_is_built_from_its_own_source_alone() -> None:
    """setup.py builds evalgame.certify._core and _core128 (the same source, 128-bit sets
    of cells) from files of the checker only."""
    sources = {}
    for node in ast.walk(ast.parse((ROOT / "setup.py").read_text())):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "Extension"
            and node.args
            and ast.literal_eval(node.args[0]).startswith("evalgame.certify.")
        ):
            sources[ast.literal_eval(node.args[0])] = ast.literal_eval(node.args[1])
            assert all(kw.arg != "depends" for kw in node.keywords)
    assert sources == {
        "evalgame.certify._core": ["src/evalgame/certify/_core.c"],
        "evalgame.certify._core128": ["src/evalgame/certify/_core.c"],
    }
