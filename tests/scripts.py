"""The project's scripts (``scripts/*.py``: programs, not modules of the package) loaded
for their tests by path, as no import path reaches them.

>>> load_script("tiling_results").kernel_boards.__name__
'kernel_boards'
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

SCRIPTS = Path(__file__).resolve().parents[1] / "scripts"


def load_script(name: str) -> Any:
    """The module of ``scripts/<name>.py``, run afresh."""
    spec = importlib.util.spec_from_file_location(name, SCRIPTS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
