"""The same data gives the same bytes wherever dinokit runs and however the data is named."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from dinokit.source import DEFAULT_DATA_DIR


def _pad(cwd: Path, data: str, out: Path) -> bytes:
    subprocess.run(
        [sys.executable, "-m", "dinokit", "pads", "--count", "2", "--data", data,
         "--out", str(out), "--jobs", "1"],
        cwd=cwd, check=True, capture_output=True,
        env={"PYTHONPATH": str(DEFAULT_DATA_DIR.parent), "PATH": "/usr/bin:/bin",
             "HOME": str(Path.home()), "TZ": "Pacific/Kiritimati", "PYTHONHASHSEED": "7"},
    )  # fmt: skip
    return next(out.rglob("*.pdf")).read_bytes()


def test_pads_are_the_same_from_any_folder_and_data_path(tmp_path: Path) -> None:
    data = tmp_path / "here" / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    site = data / "paleontologists" / "dig_site.yaml"
    site.write_text("# a comment moves every line down\n" + site.read_text(encoding="utf-8"))
    first = _pad(tmp_path / "here", "data", tmp_path / "a")
    second = _pad(Path("/"), str(data), tmp_path / "b")
    third = _pad(data / "lang", "../../data/", tmp_path / "c")
    assert first == second == third
