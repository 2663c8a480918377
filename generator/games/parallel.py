"""Running many independent jobs on every core, with results in job order.

Each job carries everything that decides its result (its own seed), so the result
is the same whatever the number of processes. Worker processes never outlive the
command that started them: they die with their parent (even after ``kill -9``), a
worker that dies is reported as :class:`WorkerError`, and Ctrl-C stops every worker
at once instead of waiting for the jobs under way.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from typing import Any

_STATE: dict[str, Any] = {}
_PR_SET_PDEATHSIG = 1  # linux/prctl.h


class WorkerError(Exception):
    """A worker process died (killed, or out of memory) before its jobs were done."""


def _die_with_parent(parent: int) -> None:
    """Make this worker exit when ``parent`` is gone: the kernel's parent-death signal
    where there is one (Linux), and a watchdog thread everywhere."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):  # not Linux: the watchdog alone
        pass
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)

    def watch() -> None:
        while True:
            threading.Event().wait(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def worker_setup(parent: int, setup: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """A worker process's initializer: die with ``parent``, leave Ctrl-C to it, then
    ``setup(*args)`` (for pools made elsewhere, e.g. the web app's heavy workers)."""
    _die_with_parent(parent)
    # forked (or spawned) with SIGINT blocked (see start_workers): it stays blocked, and
    # is ignored from here on; Ctrl-C is the parent's to handle
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    setup(*args)


def start_workers(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Fork every worker of ``pool`` now, with SIGINT blocked while they are forked.

    A Ctrl-C at the terminal goes to every process of the group: a worker forked
    without this could get it before its initializer ignores it, and print
    ``Exception in initializer ... KeyboardInterrupt`` and break the pool. Forked with
    SIGINT blocked, a worker never receives it (and ignores it once set up); the parent
    gets it as soon as its mask is restored, as a KeyboardInterrupt here. (With the fork start
    method the pool forks all its workers at its first submit, in the calling thread;
    the pool's own thread, started then too, keeps SIGINT blocked: Python handles
    signals in the main thread only.)"""
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        pool.submit(int)  # any first job: the workers and the manager thread start
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


@contextmanager
def process_pool(
    workers: int, initializer: Callable[..., Any], initargs: tuple[Any, ...] = ()
) -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A pool of ``workers`` forked processes, each set up by ``initializer(*initargs)``.

    On any exception in the body (Ctrl-C included) the workers are killed at once;
    a worker's death is raised as :class:`WorkerError`.
    """
    pool = concurrent.futures.ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=worker_setup,
        initargs=(os.getpid(), initializer, initargs),
    )
    try:
        start_workers(pool)
        yield pool
    except BrokenProcessPool:
        kill_pool(pool)
        raise WorkerError(
            "a worker process died before its work was done (killed, or out of memory); "
            "nothing more was written"
        ) from None
    except BaseException:
        kill_pool(pool)
        raise
    pool.shutdown(wait=True)


def kill_pool(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Stop a pool at once: nothing queued runs, every worker still alive is killed."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown forgets it
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
    for process in processes:
        process.join(timeout=5)
    # let the pool's manager thread see its workers gone and close its wake-up pipe now:
    # left running, it could close the pipe while the interpreter's exit hook writes to
    # it (OSError: [Errno 9] Bad file descriptor, printed after the command's message)
    if manager is not None:
        manager.join(timeout=5)


def _set_context(setup: Callable[[], Any]) -> None:
    _STATE["context"] = setup()


def _run(args: tuple[Callable[[Any, Any], Any], Any]) -> Any:
    work, job = args
    return work(_STATE["context"], job)


def run_jobs(
    setup: Callable[[], Any],
    work: Callable[[Any, Any], Any],
    jobs: Sequence[Any],
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    scheduler: str | None = None,
) -> list[Any]:
    """``[work(context, job) for job in jobs]`` where ``context = setup()`` once per process.

    With ``scheduler`` (``tcp://HOST:PORT``) the jobs run on that Dask distributed
    cluster instead (:mod:`.cluster`); the results are the same, in job order."""
    if scheduler:
        from .cluster import run_on_cluster

        return run_on_cluster(scheduler, setup, work, jobs, progress)
    results: list[Any] = []
    if workers <= 1 or len(jobs) < 2:
        context = setup()
        for job in jobs:
            results.append(work(context, job))
            if progress:
                progress(1)
        return results
    chunk = max(1, len(jobs) // (workers * 16))
    with process_pool(workers, _set_context, (setup,)) as pool:
        for result in pool.map(_run, ((work, job) for job in jobs), chunksize=chunk):
            results.append(result)
            if progress:
                progress(1)
    return results


def chunks(items: Iterable[Any], size: int) -> list[list[Any]]:
    out: list[list[Any]] = []
    for item in items:
        if not out or len(out[-1]) == size:
            out.append([])
        out[-1].append(item)
    return out
