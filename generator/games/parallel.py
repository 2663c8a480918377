"""Running many independent jobs on every core, with results in job order.

Each job carries everything that decides its result (its own seed), so the result
is the same whatever the number of processes.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from typing import Any

_STATE: dict[str, Any] = {}


def _init(setup: Callable[[], Any]) -> None:
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
) -> list[Any]:
    """``[work(context, job) for job in jobs]`` where ``context = setup()`` once per process."""
    results: list[Any] = []
    if workers <= 1 or len(jobs) < 2:
        context = setup()
        for job in jobs:
            results.append(work(context, job))
            if progress:
                progress(1)
        return results
    chunk = max(1, len(jobs) // (workers * 16))
    with concurrent.futures.ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("fork"),
        initializer=_init,
        initargs=(setup,),
    ) as pool:
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
