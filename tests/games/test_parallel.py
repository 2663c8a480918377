"""Worker processes: results in job order, and no worker outlives or outruns its parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from conftest import sigint_as_in_a_terminal

from dinokit.games.parallel import WorkerError, run_jobs


def _square(context: int, job: int) -> int:
    return context + job * job


def test_results_come_in_job_order_whatever_the_workers() -> None:
    jobs = list(range(40))
    expected = [100 + j * j for j in jobs]
    assert run_jobs(lambda: 100, _square, jobs, 1) == expected
    assert run_jobs(lambda: 100, _square, jobs, 2) == expected


def _die(context: None, job: int) -> int:
    if job == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return job


def test_a_killed_worker_is_reported_not_a_broken_pool_traceback() -> None:
    with pytest.raises(WorkerError, match="worker process died"):
        run_jobs(lambda: None, _die, list(range(8)), 2)


SLOW_PARENT = textwrap.dedent(
    r"""
    import os, sys, time
    from dinokit.games.parallel import run_jobs

    def work(context, job):
        sys.stdout.write(f"{os.getpid()}\n")  # one write: lines of two workers never mix
        sys.stdout.flush()
        time.sleep(60)

    run_jobs(lambda: None, work, list(range(4)), 2)
    """
)


def _start_parent() -> tuple[subprocess.Popen[str], set[int]]:
    parent = subprocess.Popen(
        [sys.executable, "-c", SLOW_PARENT], stdout=subprocess.PIPE, text=True,
        preexec_fn=sigint_as_in_a_terminal,
    )  # fmt: skip
    assert parent.stdout is not None
    workers = {int(parent.stdout.readline()), int(parent.stdout.readline())}
    return parent, workers


def _gone(pids: set[int], within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        alive = set()
        for pid in pids:
            try:
                os.kill(pid, 0)
                with open(f"/proc/{pid}/stat") as stat:  # a zombie counts as gone
                    if stat.read().split()[2] != "Z":
                        alive.add(pid)
            except (ProcessLookupError, FileNotFoundError):
                pass
        if not alive:
            return True
        time.sleep(0.1)
    return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_workers_die_with_a_killed_parent() -> None:
    parent, workers = _start_parent()
    parent.kill()  # kill -9: the parent cannot clean up
    parent.wait()
    assert _gone(workers, within=5), f"workers {workers} outlived their parent"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_ctrl_c_stops_every_worker_at_once() -> None:
    parent, workers = _start_parent()
    start = time.monotonic()
    parent.send_signal(signal.SIGINT)
    parent.wait(timeout=10)
    assert time.monotonic() - start < 3
    assert _gone(workers, within=3)
