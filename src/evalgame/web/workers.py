"""Where the heavy requests run: a bounded pool, so no client can starve the others.

Solving, playing and drawing game trees run in :class:`Workers`: at most ``size`` at once
(about one per core — in worker processes, since the GIL would serialise threads) and at
most ``queue`` more waiting. A request beyond that is answered at once with 503 and a
``Retry-After`` header instead of piling up. The time a request waits counts against its
own budget (its :class:`~evalgame.search.budget.Budget` starts when it arrives), so no
answer takes much longer than the ``seconds`` asked for. The event loop itself only
parses requests and answers cheap ones (``/api/health``, ``/check``), so they stay fast
while every worker is busy.

>>> import asyncio
>>> workers = Workers(size=1, queue=0, processes=False)
>>> asyncio.run(workers.run(sum, [1, 2, 3]))
6
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import multiprocessing
import os
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

from starlette.requests import Request

from evalgame.errors import EvalgameError

P = ParamSpec("P")
T = TypeVar("T")

#: seconds a client refused for lack of workers is told to wait
RETRY_AFTER = 2
#: requests that may wait per worker: enough for 50 clients of quick games on 2 cores; a
#: request that waits past its own budget is answered "stopped" as soon as it starts
QUEUE_PER_WORKER = 32


class Busy(EvalgameError):
    """No worker can take the request now (all busy and the queue full, or one stopped):
    answered with 503 and ``Retry-After``."""


def default_size() -> int:
    """One worker per core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1)


class Workers:
    """A bounded pool of ``size`` workers (processes, or threads when ``processes`` is
    false — the tests' choice) with a queue of at most ``queue`` waiting requests."""

    def __init__(self, size: int, queue: int, *, processes: bool = True) -> None:
        self.size = size
        self.queue = queue
        self.processes = processes
        self._executor: Executor | None = None
        self._pending = 0

    @property
    def pending(self) -> int:
        """Requests running or waiting."""
        return self._pending

    def _started(self) -> Executor:
        if self._executor is None:
            if self.processes:
                # spawn: the server runs threads, and forking a process with threads is unsafe
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(self.size, mp_context=context)
            else:
                self._executor = ThreadPoolExecutor(self.size, thread_name_prefix="worker")
        return self._executor

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``function(*args, **kwargs)`` in a worker; :class:`Busy` when the pool is full."""
        if self._pending >= self.size + self.queue:
            raise Busy(
                f"the server is busy: {self.size} requests are being solved and {self.queue} "
                f"more wait; try again in {RETRY_AFTER} s"
            )
        self._pending += 1
        try:
            call = functools.partial(function, *args, **kwargs)
            return await asyncio.get_running_loop().run_in_executor(self._started(), call)
        except BrokenProcessPool:
            self.close()  # a worker died (killed, out of memory): the next request starts anew
            raise Busy(f"a worker stopped; try again in {RETRY_AFTER} s") from None
        finally:
            self._pending -= 1

    async def start(self) -> None:
        """Start the worker processes and load the game engines in each now, so that the
        first requests do not spend their budgets waiting for them."""
        if self.processes and self.size:
            loop = asyncio.get_running_loop()
            executor = self._started()
            await asyncio.gather(*(loop.run_in_executor(executor, _load) for _ in range(self.size)))

    def close(self) -> None:
        """Stop the workers (running requests are cancelled)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


def run(
    request: Request, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> Awaitable[T]:
    """Run ``function(*args, **kwargs)`` in the workers of the app serving ``request``."""
    workers: Workers = request.app.state.workers
    return workers.run(function, *args, **kwargs)


def _load() -> None:
    """Import what the heavy requests run (in a worker process, ahead of them)."""
    for module in ("evalgame.play.evaluate", "evalgame.play.tiling", "evalgame.play.graph"):
        importlib.import_module(module)
