"""dinokit as a process: a closed pipe, a full disk behind stdout, Ctrl-C, exit codes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from conftest import sigint_as_in_a_terminal

DINOKIT = [sys.executable, "-m", "dinokit"]


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
    # tiles, tokens, aid, a pad, 2 x 2 booklets, the guide and the calibration sheet
    assert len(manifest["files"]) == 10


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


def test_ctrl_c_stops_a_long_pad_at_once_and_leaves_nothing(tmp_path: Path) -> None:
    import signal
    import time

    out = tmp_path / "pads"
    pads = subprocess.Popen(
        [*DINOKIT, "pads", "--count", "100000", "--jobs", "2", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=sigint_as_in_a_terminal,
    )
    time.sleep(4)  # well into generating
    start = time.monotonic()
    pads.send_signal(signal.SIGINT)
    code = pads.wait(timeout=30)
    assert time.monotonic() - start < 5  # within a second or two when idle; slack for a busy CI
    assert code == 130, pads.stderr.read() if pads.stderr else ""
    assert not [p for p in out.rglob("*") if not p.is_dir()]  # no file, whole or partial


def test_a_pad_larger_than_the_data_allows_is_refused(data_copy: Path) -> None:
    site = data_copy / "paleontologists" / "dig_site.yaml"
    text = site.read_text(encoding="utf-8")
    text = text.replace("grid: {rows: 11, cols: 11}", "grid: {rows: 5, cols: 5}")
    text = text.replace("stars_per_sheet: 8", "stars_per_sheet: 0")
    for band in (
        "easy: {min: 30, max: 38}",
        "medium: {min: 26.5, max: 30}",
        "hard: {min: 20, max: 26.5}",
    ):
        text = text.replace(band, band.split(":")[0] + ": {min: 0, max: 99}")
    text = text.replace(
        "fossils_per_sheet: {min: 6, max: 8}", "fossils_per_sheet: {min: 1, max: 1}"
    )
    site.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [*DINOKIT, "pads", "--count", "100", "--format", "json", "--data", str(data_copy),
         "--difficulty", "easy", "--jobs", "1", "--out", str(data_copy.parent / "out")],
        capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "different easy sheets exist for this data" in done.stderr, done.stderr


def test_a_pad_of_more_printed_sheets_than_allowed_is_refused_before_any_work() -> None:
    done = subprocess.run(
        [*DINOKIT, "pads", "--count", "100000", "--players", "200"],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    assert done.returncode == 2
    assert "20000000 printed sheets, expected at most 100000" in done.stderr


def test_a_symbolic_link_inside_out_is_not_written_through(tmp_path: Path) -> None:
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "paleontologists").symlink_to(elsewhere)
    done = subprocess.run(
        [*DINOKIT, "pads", "--count", "1", "--format", "json", "--out", str(out)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1 and "refusing to write through the symbolic link" in done.stderr
    assert not any(elsewhere.iterdir())


def test_not_a_number_is_not_a_bleed() -> None:
    for bad in ("nan", "inf", "-inf"):
        done = subprocess.run([*DINOKIT, "tiles", "--bleed", bad], capture_output=True, text=True)
        assert done.returncode == 2 and "Invalid value for '--bleed'" in done.stderr
