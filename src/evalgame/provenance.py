"""Which code proved an answer: the version recorded with every saved answer and certificate.

A proof is only as good as the program that found it, so each stored answer names the
package version, the git commit of the source it ran from and whether that source had
uncommitted changes (``dirty``). Outside a git checkout (an installed wheel) the commit
is unknown and says so.

>>> version = code_version()
>>> version.startswith("evalgame ")
True
>>> sorted(provenance({"tame_cells": 20}))
['code', 'options']

What was saved before provenance was recorded says so: :data:`UNKNOWN`.
"""

from __future__ import annotations

import json
import subprocess
from functools import cache
from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as package_version
from pathlib import Path
from typing import Any

_SOURCE = Path(__file__).resolve().parent

#: the code version of an answer saved before provenance was recorded
UNKNOWN = "unknown (before provenance was recorded)"


def _git(*args: str) -> str | None:
    """The output of a git command run in the source directory, or None without git."""
    try:
        done = subprocess.run(
            ["git", *args], cwd=_SOURCE, capture_output=True, text=True, timeout=10, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


@cache
def code_version() -> str:
    """``evalgame 0.1.0 (commit 072fcdc)``, ``… (commit 072fcdc, dirty)``, or ``… (no git)``.

    Dirty means the tracked sources differ from the commit: what ran is not exactly what
    the commit holds. Computed once a process.
    """
    try:
        release = package_version("evalgame")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree not installed
        release = "unknown"
    commit = _git("rev-parse", "--short=12", "HEAD")
    if commit is None:
        return f"evalgame {release} (no git)"
    dirty = _git("status", "--porcelain", "--untracked-files=no", "--", str(_SOURCE))
    return f"evalgame {release} (commit {commit}{', dirty' if dirty else ''})"


def provenance(options: dict[str, Any]) -> dict[str, Any]:
    """What a saved answer records of its origin: the code version and the options used."""
    return {"code": code_version(), "options": dict(sorted(options.items()))}


def options_text(options: dict[str, Any]) -> str:
    """The options as one line of JSON, keys sorted: the same options give the same text
    (a store keeps each distinct provenance once).

    >>> options_text({"weak": False, "dfpn_mb": 1024})
    '{"dfpn_mb": 1024, "weak": false}'
    """
    return json.dumps(options, sort_keys=True, ensure_ascii=False, default=str)


def describe(record: dict[str, Any] | None) -> str:
    """A provenance as text: its code version, and its options if any.

    >>> describe({"code": "evalgame 0.1.0 (commit 072fcdc496d3)", "options": {"keep": 5}})
    'evalgame 0.1.0 (commit 072fcdc496d3), options {"keep": 5}'
    >>> describe(None)
    'unknown (before provenance was recorded)'
    """
    if record is None:
        return UNKNOWN
    options = record.get("options")
    return str(record.get("code", UNKNOWN)) + (
        f", options {options_text(options)}" if options else ""
    )
