"""The examples in the README run as written, and its Layout names what is there."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_examples() -> None:
    readme = ROOT / "README.md"
    result = doctest.testfile(str(readme), module_relative=False)
    assert result.attempted >= 4
    assert result.failed == 0


def layout() -> list[list[str]]:
    """The rows of the README's Layout table: the names in backquotes in each row."""
    text = (ROOT / "README.md").read_text().split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    return [re.findall(r"`([^`]+)`", row) for row in rows]


def test_the_layout_names_every_part_of_the_package() -> None:
    named = {Path(name).name for row in layout() for name in row[:3]}
    package = ROOT / "src" / "evalgame"
    parts = {path.name for path in package.iterdir() if path.suffix == ".py" or path.is_dir()}
    parts -= {"__pycache__"}
    assert parts <= {name.rstrip("/") for name in named}, parts - named


def test_every_path_the_layout_names_exists() -> None:
    """A path is named from the top, from the package, or from the row's own folder."""
    for row in layout():
        folder = ROOT / row[0] if row[0].endswith("/") else (ROOT / row[0]).parent
        bases = (ROOT, ROOT / "src" / "evalgame", folder)
        for name in row:
            if name.endswith(("/", ".py", ".md")) and " " not in name:
                assert any((base / name).exists() for base in bases), (row[0], name)
