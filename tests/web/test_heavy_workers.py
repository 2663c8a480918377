"""Heavy work in worker processes (web/heavy.py): the same answers as in-process, a
worker that dies is a 503 and is replaced, and no worker outlives its app."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import BASE, CODE

from dinokit.source import DEFAULT_DATA_DIR
from dinokit.web import heavy
from dinokit.web.app import create_app

JSON = {"content-type": "application/json"}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_pars_and_previews_run_in_other_processes_with_the_same_answers(app, client) -> None:
    state = app.state.dinokit
    played = state.sheets.played(CODE)
    expected = state.sheets.par(CODE, list(played.rolls))  # in this process
    state.pars.clear()
    assert client.post(f"/api/par/{CODE}", json={}).json() == expected
    pool = state.workers.pool
    assert pool is not None
    pids = {pid for pid in pool._processes}  # noqa: SLF001 (the executor's own record)
    assert pids and os.getpid() not in pids
    preview = client.post("/api/kit/preview", json={"game": "paleontologists", "product": "pad"})
    assert preview.status_code == 200 and preview.content.startswith(b"<svg")


def test_a_worker_that_dies_is_a_503_and_is_replaced() -> None:
    app = create_app(DEFAULT_DATA_DIR)
    with TestClient(app, base_url=BASE, headers=JSON, raise_server_exceptions=False) as client:
        workers = app.state.dinokit.workers
        workers.start()
        first = workers.pool
        for pid in list(first._processes):  # noqa: SLF001
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        gone = client.post(f"/api/par/{CODE}", json={})
        assert gone.status_code == 503 and "worker process" in gone.json()["error"]
        again = client.post(f"/api/par/{CODE}", json={})
        assert again.status_code == 200 and "par" in again.json()
        assert workers.pool is not first


def test_no_worker_outlives_its_app() -> None:
    app = create_app(DEFAULT_DATA_DIR, warm=True)
    with TestClient(app, base_url=BASE, headers=JSON) as client:
        assert client.post(f"/api/par/{CODE}", json={}).status_code == 200
        pids = list(app.state.dinokit.workers.pool._processes)  # noqa: SLF001
        assert len(pids) == heavy.HEAVY_WORKERS
    for _ in range(50):
        if not any(_alive(pid) for pid in pids):
            break
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in pids)


def test_a_worker_starts_with_ctrl_c_held_back() -> None:
    """So a Ctrl-C while it imports is no traceback (it ignores Ctrl-C once set up)."""
    if not Path("/proc/self/status").is_file():
        pytest.skip("no /proc: the signal masks cannot be read here")
    app = create_app(DEFAULT_DATA_DIR, warm=True)
    with TestClient(app, base_url=BASE, headers=JSON):
        workers = app.state.dinokit.workers
        workers.pool.submit(heavy.ready).result(timeout=60)
        sigint = 1 << (signal.SIGINT - 1)

        def status(pid: int) -> dict[str, str]:
            text = Path(f"/proc/{pid}/status").read_text(encoding="ascii")
            return dict(line.split(":\t", 1) for line in text.splitlines())

        for pid in list(workers.pool._processes):  # noqa: SLF001
            assert int(status(pid)["SigBlk"], 16) & sigint, "Ctrl-C not held back as it started"
            deadline = time.monotonic() + 60  # the other worker may still be importing
            while not int(status(pid)["SigIgn"], 16) & sigint and time.monotonic() < deadline:
                time.sleep(0.1)
            assert int(status(pid)["SigIgn"], 16) & sigint, "Ctrl-C not ignored once set up"
