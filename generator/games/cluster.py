"""Running independent jobs on a Dask distributed cluster, with results in job order.

The same contract as :func:`.parallel.run_jobs`: every job carries what decides its
result (its own seed), so a cluster of any size gives the same results as one
process. Jobs are sent in chunks (a few per worker thread); each worker process
runs ``setup()`` once per run and keeps its result, and the chunks' results are
gathered in the order the jobs were given. Dask is imported only here, only when a
scheduler is asked for.
"""

from __future__ import annotations

import itertools
import os
import re
import socket
from collections.abc import Callable, Sequence
from typing import Any

from ..source.diagnostics import clipped

_CONTEXT: dict[str, Any] = {}
_RUNS = itertools.count()  # names each run, so that workers know when to set up again
CONNECT_TIMEOUT = "5s"  # a scheduler that does not answer: one message within seconds


class ClusterError(Exception):
    """The scheduler cannot be reached, or Dask is not installed."""


_ADDRESS = re.compile(
    r"\A(?:tcp://)?(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])"
    r":(?P<port>[0-9]{1,5})\Z"
)


def address_problem(address: str) -> str | None:
    """What is wrong with a scheduler address (None when it has the form dinokit can
    use: ``tcp://HOST:PORT``, HOST a name, an IPv4 address or an [IPv6] address, PORT 1
    to 65535); checked before Dask is started, so a typo is one message at once."""
    match = _ADDRESS.match(address)
    if match is None or not 1 <= int(match.group("port")) <= 65535:
        return (
            f"{clipped(address, 60)} is not a scheduler address, expected tcp://HOST:PORT "
            "with a port from 1 to 65535 (e.g. tcp://192.168.1.20:8786)"
        )
    return None


def _run_chunk(
    token: str, setup: Callable[[], Any], work: Callable[[Any, Any], Any], chunk: list[Any]
) -> list[Any]:
    """On a worker: the context of this run (made once per process), then the chunk."""
    if _CONTEXT.get("token") != token:
        _CONTEXT["context"] = setup()
        _CONTEXT["token"] = token
    context = _CONTEXT["context"]
    return [work(context, job) for job in chunk]


def run_on_cluster(
    address: str,
    setup: Callable[[], Any],
    work: Callable[[Any, Any], Any],
    jobs: Sequence[Any],
    progress: Callable[[int], None] | None = None,
) -> list[Any]:
    """``[work(setup(), job) for job in jobs]`` on the Dask scheduler at ``address``."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ClusterError("--scheduler needs Dask: pip install 'dinokit[dask]'") from None
    try:
        client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    try:
        threads = max(1, sum(client.nthreads().values()))
        size = max(1, min(256, len(jobs) // (threads * 4) or 1))
        chunks = [list(jobs[i : i + size]) for i in range(0, len(jobs), size)]
        token = f"{socket.gethostname()}/{os.getpid()}/{next(_RUNS)}/{id(setup)}"
        futures = [
            client.submit(_run_chunk, token, setup, work, chunk, pure=False) for chunk in chunks
        ]
        if progress:
            sizes = {f.key: len(c) for f, c in zip(futures, chunks, strict=True)}
            for future in as_completed(futures, loop=client.loop):
                progress(sizes[future.key])
        results: list[Any] = []
        for part in client.gather(futures):
            results.extend(part)
        return results
    finally:
        client.close()
