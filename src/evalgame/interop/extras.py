"""Import an optional library, or say which extra of evalgame installs it.

>>> require("json", "example").__name__
'json'
>>> require("nolib", "x", "it")
Traceback (most recent call last):
...
evalgame.errors.MissingExtraError: it needs nolib, which is not installed: pip install 'evalgame[x]'
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from evalgame.errors import MissingExtraError


def require(module: str, extra: str, what: str = "this adapter") -> ModuleType:
    """The module ``module``, imported; if it is missing, a :class:`MissingExtraError`
    naming ``evalgame[extra]``."""
    try:
        return import_module(module)
    except ImportError as error:  # the library, or one it needs, is missing
        raise MissingExtraError(what, module.partition(".")[0], extra) from error
