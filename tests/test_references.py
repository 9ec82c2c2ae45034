"""BENCHMARKS.md and docs/results.md are references of today's figures; their history is
the journal in docs/journal/. These tests keep the split honest: every benchmark says when,
where and how it was measured, every citation of a section still finds it, and the
journal's files are all indexed and linked from both pages."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCHMARKS = ROOT / "BENCHMARKS.md"
RESULTS = ROOT / "docs" / "results.md"
JOURNAL = ROOT / "docs" / "journal"

#: a citation of a section by its heading: BENCHMARKS.md, "Heading" or BENCHMARKS.md ("Heading"
CITATION = re.compile(r'BENCHMARKS\.md(?:,\s*|\s*\(\s*)"([^"\n]+)')
#: a command a reader can run: make, the project's interpreter or scripts, hyperfine, time
COMMAND = re.compile(r"`(make [a-z-]+|\.venv/bin/\S+|time \S+|hyperfine |python )[^`]*`")


def _sections(path: Path, level: str = "## ") -> dict[str, str]:
    """The sections of a page at ``level``: heading → its text up to the next one."""
    parts = re.split(rf"^{re.escape(level)}(.+)$", path.read_text(encoding="utf-8"), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _headings(path: Path) -> list[str]:
    return re.findall(r"^#{2,4} (.+)$", path.read_text(encoding="utf-8"), flags=re.M)


def _plain(text: str) -> str:
    return text.replace("`", "").casefold()


def test_every_benchmark_has_its_date_and_a_command_to_reproduce_it() -> None:
    sections = _sections(BENCHMARKS)
    assert len(sections) >= 8
    for heading, text in sections.items():
        assert re.search(r"20\d\d-\d\d-\d\d", text), f"{heading}: no date"
        if heading != "Sanitizers":  # a build recipe, described in words
            assert COMMAND.search(text), f"{heading}: no command to reproduce it"


def test_the_reference_pages_are_references() -> None:
    """Today's figures only: the long diaries are in the journal."""
    assert len(BENCHMARKS.read_text(encoding="utf-8").splitlines()) < 600
    tiling_prose = RESULTS.read_text(encoding="utf-8").split("<!-- tiling:end -->")[1]
    tiling_prose = tiling_prose.split("<!-- graph-results:start")[0]
    assert len(tiling_prose.splitlines()) < 150
    assert "cluster run to the exact value would need" not in RESULTS.read_text(encoding="utf-8")


def test_both_pages_link_the_journal_and_the_journal_indexes_every_file() -> None:
    assert "docs/journal/" in BENCHMARKS.read_text(encoding="utf-8")
    assert "](journal/" in RESULTS.read_text(encoding="utf-8")
    index = (JOURNAL / "README.md").read_text(encoding="utf-8")
    files = sorted(path.name for path in JOURNAL.glob("*.md") if path.name != "README.md")
    assert files
    for name in files:
        assert f"]({name})" in index, name


def test_advice_measurement_overtook_is_marked_superseded() -> None:
    journal = _sections(JOURNAL / "results-2026-11.md")
    estimate = next(text for heading, text in journal.items() if "cluster run" in heading)
    assert "**Superseded" in estimate
    assert "Advice that measurement has overtaken" in (JOURNAL / "README.md").read_text()


def test_every_section_cited_by_name_is_in_the_reference_or_the_journal() -> None:
    """Code comments and pages cite BENCHMARKS.md, "Heading": the heading is on the page,
    or in the journal under the same words."""
    headings = [_plain(h) for h in _headings(BENCHMARKS)]
    for page in JOURNAL.glob("*.md"):
        headings += [_plain(h) for h in _headings(page)]
    sources = [ROOT / "README.md", *ROOT.glob("docs/*.md"), *ROOT.glob("scripts/*.py")]
    sources += [*ROOT.glob("src/evalgame/**/*.py"), *ROOT.glob("src/evalgame/**/*.[ch]")]
    cited = 0
    for source in sources:
        for words in CITATION.findall(source.read_text(encoding="utf-8")):
            cited += 1
            wanted = _plain(words.strip())
            assert any(wanted in heading for heading in headings), (source.name, words)
    assert cited >= 10
