"""Fixtures of the web tests (imported by each module: a conftest.py here would shadow
tests/conftest.py for the modules that import it by name): one app on the shipped data."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from dinokit.source import DEFAULT_DATA_DIR
from dinokit.web.app import create_app

#: A solo sheet with its own rolls; its par moves draw squares, pass and circle stars.
__all__ = ["app", "cli", "client", "code"]

CODE = "PAL-5J93-Q1MY-400002"
#: The address the test client asks for: a loopback Host, which the server answers.
BASE = "http://127.0.0.1:8000"


@pytest.fixture(scope="session")
def code() -> str:
    return CODE


def run_cli(*args: str):
    """Run the CLI in-process (exceptions propagate: a traceback fails the test)."""
    from click.testing import CliRunner

    from dinokit.cli import main

    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="session")
def cli():
    return run_cli


@pytest.fixture(scope="session")
def app():
    return create_app(DEFAULT_DATA_DIR)


@pytest.fixture(scope="session")
def client(app):
    # a page of the server's own: JSON bodies say so (the server refuses others, 415)
    headers = {"content-type": "application/json"}
    with TestClient(app, base_url=BASE, headers=headers, raise_server_exceptions=False) as tc:
        yield tc


# ------------------------------------------------------- a real server and browser

#: Debian's chromium, and how the browser tests start it (headless, as root, offline).
CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def free_port() -> int:
    """A loopback port nobody listens on (now)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """uvicorn on a thread, serving ``app`` on a free loopback port (``log_config``
    None: no logging set up of its own, so a test's caplog sees the records)."""

    def __init__(self, app, log_config: object = "default") -> None:
        import uvicorn

        self.port = free_port()
        options = {} if log_config == "default" else {"log_config": log_config}
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning",
                                **options)  # fmt: skip
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                break
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@contextlib.contextmanager
def chromium(launch: Callable[[Any], Any] | None = None) -> Iterator[Any]:
    """A running chromium (``launch(playwright.chromium)``; by default a plain browser
    with ARGS), closed afterwards; the test is skipped, saying why, when it cannot run."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if not CHROMIUM.is_file():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)")
    manager = sync_api.sync_playwright().start()
    start = launch or (lambda c: c.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS))
    try:
        engine = start(manager.chromium)
    except Exception as exc:  # no display libraries, a sandbox refused...
        manager.stop()
        pytest.skip(f"chromium cannot run here: {exc}")
    try:
        yield engine
    finally:
        engine.close()
        manager.stop()
