"""Safe writes: whole files, the user's umask, nothing left behind by a killed run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dinokit.source.files import OutputError, atomic_write


def test_a_write_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "a" / "tiles.pdf"
    atomic_write(target, b"one")
    atomic_write(target, b"two")
    assert target.read_bytes() == b"two"
    assert [p.name for p in target.parent.iterdir()] == ["tiles.pdf"]


def test_files_respect_the_umask(tmp_path: Path) -> None:
    script = (
        "import os, sys; os.umask(0o077); from dinokit.source.files import atomic_write; "
        "atomic_write(sys.argv[1], b'x')"
    )
    target = tmp_path / "private.pdf"
    subprocess.run([sys.executable, "-c", script, str(target)], check=True)
    assert target.stat().st_mode & 0o777 == 0o600


def test_temporary_files_of_a_killed_run_are_cleaned_up(tmp_path: Path) -> None:
    target = tmp_path / "tiles.pdf"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    stale = tmp_path / f".tiles.pdf.{dead.stdout.strip()}.abc123.tmp"
    stale.write_bytes(b"half a PDF")
    running = tmp_path / f".tiles.pdf.{os.getpid()}.xyz789.tmp"  # a build under way
    running.write_bytes(b"being written")
    other = tmp_path / ".notes.txt.1.tmp"  # not the file we write
    other.write_bytes(b"")
    atomic_write(target, b"whole")
    assert not stale.exists() and running.exists() and other.exists()


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "tiles.pdf"
    atomic_write(target, b"old")

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["tiles.pdf"]


def test_an_unwritable_folder_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(OutputError, match="cannot write"):
        atomic_write(blocker / "tiles.pdf", b"x")
