"""Shared helpers: a private copy of the shipped data that a test may break."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dinokit.cli import main
from dinokit.source import DEFAULT_DATA_DIR

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    """A copy of the shipped data folder, safe to edit."""
    target = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, target)
    return target


def edit(path: Path, old: str, new: str, first: bool = False) -> None:
    """Replace ``old`` by ``new`` in a data file; ``old`` must occur once (or use first)."""
    text = path.read_text(encoding="utf-8")
    count = text.count(old)
    assert count == 1 or (first and count >= 1), f"{old!r} occurs {count} times in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def run(*args: str):
    """Run the CLI in-process; exceptions propagate so a traceback fails the test."""
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def sigint_as_in_a_terminal() -> None:
    """``preexec_fn`` for a child that a test stops with Ctrl-C: SIGINT handled as a
    terminal's program gets it. (A test run started in the background of a shell without
    job control inherits SIGINT ignored, and so would the child: Ctrl-C would do nothing.)"""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
