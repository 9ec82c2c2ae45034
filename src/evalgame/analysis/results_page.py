"""Generated sections of ``docs/results.md``: each lives between its own pair of markers."""

from __future__ import annotations


def replace_marked(text: str, section: str, start: str, end: str) -> str:
    """``text`` with ``section`` between the markers ``start`` and ``end`` (appended if absent).

    Whatever lies outside the markers (other generated sections, prose) is kept.

    >>> page = replace_marked("# Results\\n", "old\\n", "<!--a-->", "<!--/a-->")
    >>> page
    '# Results\\n\\n<!--a-->\\nold\\n<!--/a-->\\n'
    >>> replace_marked(page + "tail\\n", "new\\n", "<!--a-->", "<!--/a-->").count("old")
    0
    """
    block = f"{start}\n{section}{end}\n"
    if start in text and end in text:
        before, rest = text.split(start, 1)
        after = rest.split(end, 1)[1].lstrip("\n")
        return before + block + ("\n" + after if after else "")
    return text.rstrip("\n") + "\n\n" + block
