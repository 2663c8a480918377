"""Ctrl-C at any moment of a multi-process command: exit 130 at once, nothing left.

A terminal's Ctrl-C sends SIGINT to every process of the foreground group, the
workers included; each command here runs in its own process group and gets it so,
at several moments: while Python starts, while the workers start, while they work.
Before (issue 27): ``tune`` printed WorkerError tracebacks, swallowed the Ctrl-C and
finished with exit 0, or hung on a worker; ``simulate`` printed tracebacks; the
workers of ``build`` and ``pads`` printed ``Exception in initializer``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

COMMANDS = {
    "build": ["build", "--lang", "en", "--paper", "a4", "--jobs", "2"],
    "pads": ["pads", "--count", "20000", "--jobs", "2"],
    "simulate": ["simulate", "digging-for-dinos", "--games", "400", "--jobs", "2",
                 "--bots", "greedy,mcts"],
    "simulate-paleo": ["simulate", "paleontologists", "--games", "3000", "--jobs", "2",
                       "--bots", "greedy,strong"],
    "tune": ["tune", "digging-for-dinos", "--target", "completion-share=0.5", "--games", "40",
             "--trials", "30", "--jobs", "2"],
}  # fmt: skip


def _terminal() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as a shell with job control gives it


@pytest.mark.parametrize("delay", [0.7, 1.4, 3.0])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_ctrl_c_at_any_moment_exits_130_and_leaves_nothing(
    command: str, delay: float, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    child = subprocess.Popen(
        [sys.executable, "-m", "dinokit", *COMMANDS[command], "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own group: the signal goes to it and its workers
        preexec_fn=_terminal,
    )
    time.sleep(delay)
    sent = time.monotonic()
    os.killpg(child.pid, signal.SIGINT)
    try:
        code = child.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        pytest.fail(f"{command} still running 30 s after Ctrl-C")
    took = time.monotonic() - sent
    err = child.stderr.read() if child.stderr else ""
    assert code == 130, err
    assert took < 5, took  # within a second when idle; slack for a busy machine
    assert "Traceback" not in err and "Exception" not in err, err
    time.sleep(0.3)
    left = subprocess.run(["pgrep", "-s", str(child.pid)], capture_output=True, text=True)
    assert left.stdout.split() == [], f"processes left in the group: {left.stdout}"
    files = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    if command == "build":  # files finished before Ctrl-C stay, whole; no manifest, no part
        assert not (out / "manifest.json").exists()
        assert not [p for p in files if p.name.startswith(".") or p.suffix == ".tmp"], files
    else:  # no pad, no report written as if the command had finished
        assert files == [], files
