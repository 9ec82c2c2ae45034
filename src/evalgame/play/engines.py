"""The engines a server keeps between requests, bounded in number and in size.

An engine's tables grow with every position it solves; kept without bound, one client
asking about a few large games can fill the memory. :class:`Engines` keeps the most
recently used engines while their total size (table entries, as ``size`` measures it)
stays within ``max_size`` and their number within ``max_engines``, and drops the least
recently used first — an engine larger than the whole budget is not kept at all.

>>> engines = Engines(lambda key: [key], size=len, max_engines=2, max_size=10)
>>> engines.get("a"), engines.get("b"), engines.get("c")
(['a'], ['b'], ['c'])
>>> list(engines.keys())
['b', 'c']
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Engines(Generic[K, V]):
    """An LRU cache of engines made by ``make(key)``, bounded by count and total ``size``."""

    def __init__(
        self, make: Callable[[K], V], *, size: Callable[[V], int], max_engines: int, max_size: int
    ) -> None:
        self.make = make
        self.size = size
        self.max_engines = max_engines
        self.max_size = max_size
        self._engines: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V:
        """The engine for ``key``, made if needed; evicts others to keep within bounds."""
        with self._lock:
            engine = self._engines.pop(key, None)
        if engine is None:
            engine = self.make(key)
        with self._lock:
            self._engines[key] = engine
            self._evict()
        return engine

    def _evict(self) -> None:
        """Drop the least recently used engines while over either bound (sizes are read
        now: engines grow while they are used)."""
        total = sum(self.size(engine) for engine in self._engines.values())
        while self._engines and (len(self._engines) > self.max_engines or total > self.max_size):
            _, dropped = self._engines.popitem(last=False)
            total -= self.size(dropped)

    def keys(self) -> Iterator[K]:
        """The keys kept, least recently used first."""
        return iter(list(self._engines))

    def clear(self) -> None:
        """Drop every engine."""
        with self._lock:
            self._engines.clear()
