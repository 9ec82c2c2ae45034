from __future__ import annotations

from evalgame.analysis.graph_results import (
    END,
    START,
    Entry,
    compute_entry,
    markdown,
    replace_section,
)


def test_entries_hold_k_star_and_the_chain() -> None:
    entry = compute_entry("friendship", 3, ("V", "E"), seconds=60, chain_seconds=60)
    assert (entry.status, entry.k_star, entry.colored, entry.shared) == ("ok", 7, 7, 9)
    assert entry.chain == ["0", "4", "5", "8", "8", "8", "9"]
    assert entry.tests[-1][0] in (6, 7)
    assert Entry(**entry.as_dict()) == entry


def test_missing_games_and_timeouts() -> None:
    faces = compute_entry("complete", 5, ("E", "R"), seconds=60, chain_seconds=None)
    assert faces.status == "n/a"
    assert "not planar" in faces.note
    slow = compute_entry("path", 40, ("V", "E"), seconds=0.0, chain_seconds=None)
    assert slow.status == "timeout"
    assert slow.k_star is None


def test_markdown_tables() -> None:
    entries = [
        compute_entry("cycle", n, ("V", "E"), seconds=60, chain_seconds=60) for n in (3, 4, 5)
    ]
    entries.append(compute_entry("path", 4, ("E", "V"), seconds=60, chain_seconds=None))
    entries.append(Entry("cycle", 6, "EV", "timeout", seconds=60.0, wall=180.0))
    text = markdown(entries, ["picture.png"])
    assert "### cycle:N" in text
    assert "| 5 | **4** (5; " in text
    assert "**3**†" in text  # path:4 (E,V): the leaves have |S(v)| = 1
    assert "> 180 s wall" in text
    assert "game(cycle:5, V, E) | 5 / 5 | 0, 2, 4, 5, … |" in text  # … the ceiling again
    assert "![picture.png](figures/picture.png)" in text


def test_only_the_graph_section_is_replaced() -> None:
    page = "# Results\n\n<!-- tiling:start -->\ntiling\n<!-- tiling:end -->\n"
    once = replace_section(page, "first\n")
    twice = replace_section(once + "\nlater text\n", "second\n")
    assert twice.count(START) == twice.count(END) == 1
    assert "first" not in twice
    assert "second" in twice
    assert "tiling\n" in twice
    assert twice.endswith("later text\n")
