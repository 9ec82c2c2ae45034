"""Without their libraries the adapters say which extra to install."""

from __future__ import annotations

import importlib
import sys

import pytest

from evalgame.errors import EvalgameError, MissingExtraError


@pytest.mark.parametrize(
    ("adapter", "library", "extra"),
    [
        ("evalgame.interop.openspiel", "pyspiel", "openspiel"),
        ("evalgame.interop.pettingzoo", "pettingzoo", "pettingzoo"),
        ("evalgame.interop.pettingzoo", "gymnasium", "pettingzoo"),
    ],
)
def test_a_missing_library_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, adapter: str, library: str, extra: str
) -> None:
    monkeypatch.setitem(sys.modules, library, None)  # `import library` now fails
    monkeypatch.delitem(sys.modules, adapter, raising=False)
    with pytest.raises(MissingExtraError) as caught:
        importlib.import_module(adapter)
    error = caught.value
    assert isinstance(error, EvalgameError)
    assert isinstance(error, ImportError)
    assert f"pip install 'evalgame[{extra}]'" in str(error)
    assert (error.library, error.extra) == (library, extra)
