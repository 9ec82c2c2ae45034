"""The layers of ARCHITECTURE (the README's Layout): no module imports a higher layer, and
no two modules import each other, however far round: every data path runs downward once.

Every import of every module under ``src/evalgame`` is read, the ones inside functions
included (a lazy import is a dependency all the same) and the ones under
``if TYPE_CHECKING:`` too (a type named from above is knowledge of the layer above).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

import networkx as nx
import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "evalgame"

#: each top-level part of the package and its layer, lowest first; parts of one layer do
#: not import each other (the search engine knows nothing of expressions), except the
#: interfaces, which may use one another (``evalgame serve`` starts the web app)
RANKS = {
    "numbers": 0,
    "vocabulary": 1,
    "provenance": 1,
    "errors": 2,
    "expr": 3,
    "search": 3,
    # beside the stack: the certificate checker imports only core (tests/certify checks
    # which core modules and libraries)
    "certify": 3,
    "proofs": 4,
    "games": 5,
    "play": 6,
    "lab": 7,
    "analysis": 7,
    "cli": 8,
    "web": 8,
    "interactive": 8,
    "interop": 8,
    "__init__": 8,
    "__main__": 8,
}
INTERFACES = 8


def part(module: str) -> str:
    """The top-level part of ``evalgame.…`` that ``module`` belongs to."""
    return module.split(".")[1] if "." in module else "__init__"


def imports(tree: ast.AST, modules: Collection[str] = ()) -> Iterator[tuple[int, str]]:
    """(line, module) of every absolute import in ``tree``; ``from a.b import c`` imports
    ``a.b.c`` if that is one of ``modules``, else ``a.b``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                yield node.lineno, inner if inner in modules else node.module
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)


def test_no_relative_imports() -> None:
    """Every import is absolute, so that :func:`imports` sees them all."""
    relative = [
        str(path.relative_to(SOURCE))
        for path in MODULES
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ImportFrom) and node.level
    ]
    assert not relative


def upward(source: str, text: str) -> list[str]:
    """The imports in ``text``, a module of the part ``source``, that reach a higher layer
    (or a sibling of its layer)."""
    found: dict[int, str] = {}
    for line, module in imports(ast.parse(text)):
        if module != "evalgame" and not module.startswith("evalgame."):
            continue
        target = part(module)
        low, high = RANKS.get(target, RANKS[source]), RANKS[source]
        if target != source and not low < high and not low == high == INTERFACES:
            found.setdefault(line, f"line {line} imports {module}")
    return list(found.values())


MODULES = sorted(SOURCE.rglob("*.py"))


def module_name(path: Path) -> str:
    """``evalgame.games.graph.solve`` for ``…/games/graph/solve.py`` (a package: its
    ``__init__``'s name)."""
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def circles(texts: dict[str, str]) -> list[list[str]]:
    """The import circles among the modules ``texts`` (name → source): each a list of
    modules that import one another, however far round, sorted."""
    graph = nx.DiGraph()
    graph.add_nodes_from(texts)
    for name, text in texts.items():
        graph.add_edges_from(
            (name, target)
            for _, target in imports(ast.parse(text), texts)
            if target in texts and target != name
        )
    return circles_of(graph)


def circles_of(graph: nx.DiGraph[str]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node, sorted."""
    found: Iterable[set[str]] = nx.strongly_connected_components(graph)
    return sorted(sorted(circle) for circle in found if len(circle) > 1)


#: ``#include "name.h"``: a C source's use of another unit (``name.c`` with its header)
C_INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)\.h"', re.MULTILINE)


def c_circles(texts: dict[Path, str]) -> list[list[str]]:
    """The include circles among C units: ``x.c`` and ``x.h`` are one unit ``dir/x``,
    which uses every unit whose header it includes (found beside it)."""
    graph: nx.DiGraph[str] = nx.DiGraph()
    for path, text in texts.items():
        unit = str(path.with_suffix(""))
        graph.add_node(unit)
        for name in C_INCLUDE.findall(text):
            target = str(path.parent / name)
            if target != unit:
                graph.add_edge(unit, target)
    return circles_of(graph)


def source_part(path: Path) -> str:
    return path.relative_to(SOURCE).with_suffix("").parts[0]


def test_every_part_has_a_layer() -> None:
    assert {source_part(path) for path in MODULES} == set(RANKS)


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SOURCE)))
def test_no_module_imports_a_higher_layer(path: Path) -> None:
    assert not upward(source_part(path), path.read_text())


def test_no_module_imports_itself_in_a_circle() -> None:
    """Within a layer too, one module uses the other and not the other way round."""
    assert not circles({module_name(path): path.read_text() for path in MODULES})


def test_no_c_unit_includes_itself_in_a_circle() -> None:
    """The C kernel and the checker's core too: one unit uses the other, not both ways."""
    sources = sorted(SOURCE.rglob("*.[ch]"))
    assert sources
    texts = {path.relative_to(SOURCE): path.read_text() for path in sources}
    assert not c_circles(texts)


def test_the_c_check_sees_a_circle() -> None:
    """``share.c`` includes ``table.h`` and ``table.c`` includes ``share.h``: a circle."""
    texts = {
        Path("k/share.c"): '#include "share.h"\n#include "table.h"\n',
        Path("k/table.c"): '#include "table.h"\n# include "share.h"\n',
        Path("k/search.c"): '#include "table.h"\n#include <stdlib.h>\n',
    }
    assert c_circles(texts) == [["k/share", "k/table"]]


def test_the_check_sees_an_upward_import() -> None:
    """A lazy import of a higher layer is found, and a type-only one: the check can fail."""
    lazy = "def picture():\n    from evalgame.lab.tree import game_tree\n"
    assert upward("games", lazy) == ["line 2 imports evalgame.lab.tree"]
    assert upward("search", "import evalgame.expr.nodes\n")  # siblings: not each other
    assert not upward("cli", "from evalgame.web import app\n")  # interfaces: each other
    typing_only = "if TYPE_CHECKING:\n    from evalgame.cli import app\n"
    assert upward("games", typing_only) == ["line 2 imports evalgame.cli"]


def test_the_check_sees_a_circle() -> None:
    """Two modules that import each other (one only for a type, one lazily) are a circle;
    a third that imports one of them is not in it."""
    texts = {
        "evalgame.a": "if TYPE_CHECKING:\n    from evalgame.b import B\n",
        "evalgame.b": "def draw():\n    import evalgame.a\n",
        "evalgame.c": "from evalgame.a import A\n",
    }
    assert circles(texts) == [["evalgame.a", "evalgame.b"]]
