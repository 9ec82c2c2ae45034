"""Where the heavy requests run: a bounded pool, so no client can starve the others.

Solving, playing and drawing game trees run in :class:`Workers`: at most ``size`` at once
(about one per core — in worker processes, since the GIL would serialise threads) and at
most ``queue`` more waiting. A request beyond that is answered at once with 503 and a
``Retry-After`` header instead of piling up. The time a request waits counts against its
own budget (its :class:`~evalgame.search.budget.Budget` starts when it arrives), so no
answer takes much longer than the ``seconds`` asked for. The event loop itself only
parses requests and answers cheap ones (``/api/health``, ``/check``), so they stay fast
while every worker is busy.

A client that goes away (the page's Cancel aborts its request) stops its search: the
request's budget carries a :class:`Ticket`, a flag in memory the worker processes share,
which :func:`run` raises when the connection closes and the budget reads at every check.

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
import secrets
from collections.abc import Callable, MutableSequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar

from starlette.requests import Request

from evalgame.errors import EvalgameError
from evalgame.search.budget import Budget

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


#: each pool's cancel flags, one per request running or waiting, by pool (in every process)
_FLAGS: dict[str, MutableSequence[int]] = {}


def _attach(pool: str, flags: MutableSequence[int]) -> None:
    """Give a worker process its pool's flags (they reach it when it starts)."""
    _FLAGS[pool] = flags


@dataclass(frozen=True)
class Ticket:
    """Whether the request holding ``slot`` of ``pool`` was cancelled: a budget's
    ``cancelled`` check, read in whichever process runs the search."""

    pool: str
    slot: int

    def __call__(self) -> bool:
        return bool(_FLAGS[self.pool][self.slot])

    def cancel(self) -> None:
        """Stop the search holding this ticket (at its next look at its budget)."""
        _FLAGS[self.pool][self.slot] = 1


class Workers:
    """A bounded pool of ``size`` workers (processes, or threads when ``processes`` is
    false — the tests' choice) with a queue of at most ``queue`` waiting requests."""

    def __init__(self, size: int, queue: int, *, processes: bool = True) -> None:
        self.size = size
        self.queue = queue
        self.processes = processes
        self._executor: Executor | None = None
        self._pending = 0
        self._pool = secrets.token_hex(8)
        _FLAGS[self._pool] = multiprocessing.get_context("spawn").RawArray("b", size + queue)
        self._free = list(range(size + queue))

    @property
    def pending(self) -> int:
        """Requests running or waiting."""
        return self._pending

    def _started(self) -> Executor:
        if self._executor is None:
            if self.processes:
                # spawn: the server runs threads, and forking a process with threads is unsafe
                context = multiprocessing.get_context("spawn")
                self._executor = ProcessPoolExecutor(
                    self.size,
                    mp_context=context,
                    initializer=_attach,
                    initargs=(self._pool, _FLAGS[self._pool]),
                )
            else:
                self._executor = ThreadPoolExecutor(self.size, thread_name_prefix="worker")
        return self._executor

    async def run(self, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``function(*args, **kwargs)`` in a worker; :class:`Busy` when the pool is full.
        A :class:`Budget` among the arguments gets a :class:`Ticket` that can stop it."""
        if self._pending >= self.size + self.queue:
            raise Busy(
                f"the server is busy: {self.size} requests are being solved and {self.queue} "
                f"more wait; try again in {RETRY_AFTER} s"
            )
        self._pending += 1
        slot = self._free.pop()
        _FLAGS[self._pool][slot] = 0
        for budget in _budgets(args, kwargs):
            budget.cancelled = Ticket(self._pool, slot)
        try:
            call = functools.partial(function, *args, **kwargs)
            return await asyncio.get_running_loop().run_in_executor(self._started(), call)
        except BrokenProcessPool:
            self.close()  # a worker died (killed, out of memory): the next request starts anew
            raise Busy(f"a worker stopped; try again in {RETRY_AFTER} s") from None
        finally:
            self._free.append(slot)
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
            # raise every cancel flag: a search still running stops at its next budget check,
            # so its worker process can exit instead of outliving the server
            flags = _FLAGS[self._pool]
            flags[:] = b"\x01" * len(flags)
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


async def run(request: Request, function: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
    """Run ``function(*args, **kwargs)`` in the workers of the app serving ``request``; if
    the client goes away first, the :class:`Budget` among the arguments is cancelled."""
    workers: Workers = request.app.state.workers
    job = asyncio.ensure_future(workers.run(function, *args, **kwargs))
    gone = asyncio.ensure_future(_disconnected(request))
    try:
        await asyncio.wait((job, gone), return_when=asyncio.FIRST_COMPLETED)
        if gone.done() and gone.exception() is None and not job.done():
            for budget in _budgets(args, kwargs):
                if isinstance(budget.cancelled, Ticket):
                    budget.cancelled.cancel()
        return await job  # a cancelled search ends at its next check; its answer goes nowhere
    finally:
        gone.cancel()


async def _disconnected(request: Request) -> None:
    """Return when the client closes the connection (the request's body is read by now)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def _budgets(args: tuple[Any, ...], kwargs: dict[str, Any]) -> list[Budget]:
    """The budgets among a call's arguments."""
    return [value for value in (*args, *kwargs.values()) if isinstance(value, Budget)]


def _load() -> None:
    """Import what the heavy requests run (in a worker process, ahead of them)."""
    for module in (
        "evalgame.play.evaluate",
        "evalgame.play.tiling",
        "evalgame.play.graph",
        "evalgame.lab.impartial",
        "evalgame.lab.classic",
        "evalgame.lab.cutoff",
    ):
        importlib.import_module(module)
