"""dinokit as a process: a closed pipe, a full disk behind stdout, Ctrl-C, exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

DINOKIT = [sys.executable, "-m", "generator"]


def test_a_reader_that_stops_early_does_not_stop_the_build(tmp_path: Path) -> None:
    out = tmp_path / "kit"
    build = subprocess.Popen(
        [*DINOKIT, "build", "--out", str(out), "--lang", "ko", "--paper", "a4", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert build.stdout is not None
    build.stdout.readline()
    build.stdout.close()  # as `| head -1` does
    assert build.wait(timeout=300) == 0, build.stderr.read() if build.stderr else ""
    manifest = json.loads((out / "manifest.json").read_text())
    assert len(manifest["files"]) >= 10


def test_a_full_stdout_is_one_clear_message_and_exit_1() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*DINOKIT, "i18n", "status"], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 1
    assert done.stderr.strip() == (
        "dinokit: cannot write to standard output: No space left on device"
    )


def test_a_closed_pipe_on_a_short_command_exits_quietly() -> None:
    shell = shutil.which("sh")
    assert shell
    command = " ".join(DINOKIT) + " i18n status | head -c 10 >/dev/null; exit ${PIPESTATUS:-0}"
    done = subprocess.run([shell, "-c", command], capture_output=True, text=True)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr
