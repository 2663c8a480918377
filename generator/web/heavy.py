"""Heavy work of the web app in worker processes, so that it never slows a player down.

A par (a search over a whole game), a page preview (a page laid out and drawn) or the
data check takes a core for a while. On threads of the server's own process they
would also take its interpreter lock, and every move of every phone would wait for
it. :class:`HeavyPool` runs them in ``HEAVY_WORKERS`` processes of their own (started
fresh with ``spawn``, each given the served data once), so the server's process is
left to the moves and the network.

The workers die with the server (even after ``kill -9``: the kernel's parent-death
signal, and a watchdog), ignore Ctrl-C (the server's to handle), and a worker that
dies is replaced: its request is answered 503, the next one starts a new pool.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, TypeVar

from ..games.data import ComponentData
from ..games.parallel import kill_pool, worker_setup

T = TypeVar("T")
HEAVY_WORKERS = 2  # the machine's two cores: at most two heavy requests run at once

_WORKER: dict[str, Any] = {}


class WorkerGone(RuntimeError):
    """A heavy worker died (killed, or out of memory) before it answered."""


def _load(data: ComponentData | None) -> None:
    """In a worker: the data the server serves (sent by it, so both use the same even
    if the files change meanwhile) and its sheets, once."""
    from .sheets import Sheets

    _WORKER["data"] = data
    _WORKER["sheets"] = Sheets(data) if data is not None else None


def ready() -> int:
    """In a worker: its process id, once it has loaded the data (the warm-up job)."""
    return os.getpid()


def par(code: str, rolls: Sequence[tuple[int, int]]) -> dict[str, object]:
    """In a worker: the par of a sheet with these rolls (see :meth:`Sheets.par`)."""
    found: dict[str, object] = _WORKER["sheets"].par(code, list(rolls))
    return found


def preview(options: Any) -> tuple[bytes | None, str]:
    """In a worker: the first page as SVG, or (None, why it cannot be drawn)."""
    from .kit import build_errors, first_page_svg

    try:
        return first_page_svg(_WORKER["data"], options), ""
    except build_errors() as exc:
        return None, str(exc)


def check(data_dir: str, roots: list[tuple[str, str]]) -> dict[str, object]:
    """In a worker: the validator's findings, their paths shown relative to ``roots``."""
    import functools

    from .findings import check_data
    from .paths import show_paths

    return check_data(Path(data_dir), functools.partial(show_paths, roots))


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Ctrl-C held back from this thread while workers may start: a spawned worker
    inherits the signal mask, so a Ctrl-C while it imports does not interrupt it with
    a traceback (it ignores Ctrl-C once set up); the server gets the signal at once,
    on another thread, or as soon as the mask is lifted."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class HeavyPool:
    """The worker processes of one app, started at the first heavy request (or warmed
    up by :meth:`start`) and stopped with the app."""

    def __init__(self, data: ComponentData | None, workers: int = HEAVY_WORKERS) -> None:
        self.data, self.workers = data, workers
        self.lock = threading.Lock()
        self.pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        with self.lock:
            if self.pool is None:
                self.pool = concurrent.futures.ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=worker_setup,
                    initargs=(os.getpid(), _load, (self.data,)),
                )
            return self.pool

    def start(self) -> None:
        """Start every worker now (each loads the data), without waiting for them."""
        pool = self._pool()
        with _sigint_blocked():
            for _ in range(self.workers):
                pool.submit(ready)

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """``func(*args)`` in a worker; WorkerGone when the worker died on it."""
        pool = self._pool()
        try:
            with _sigint_blocked():  # a worker may start here
                future = pool.submit(func, *args)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            with self.lock:
                if self.pool is pool:
                    self.pool = None
            kill_pool(pool)
            raise WorkerGone("a worker process of the server died on this request "
                             "(killed, or out of memory): try again") from None  # fmt: skip

    def close(self) -> None:
        """Stop the workers (those under way are killed: nobody waits for them)."""
        with self.lock:
            pool, self.pool = self.pool, None
        if pool is not None:
            kill_pool(pool)
