"""Fixtures of the web tests (imported by each module: a conftest.py here would shadow
tests/conftest.py for the modules that import it by name): one app on the shipped data."""

from __future__ import annotations

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
