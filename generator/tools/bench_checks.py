"""Benchmark of the data checks as a designer meets them (issue 28): edit, then build.

``measure()`` copies the shipped data into a temporary folder with an empty data cache
and times, each as a separate ``dinokit`` process (wall seconds, best of three):

- ``validate`` on unchanged data (after one run that checks and remembers it);
- ``tiles --lang en`` after a one-value edit of ``species.yaml`` (a species'
  ``complete`` value: every run edits it to a value not seen before, so every run
  checks again), and ``tiles --lang en`` again unchanged.

``goals()``: validate on unchanged data within 1 s; the tiles after a one-value edit
within 3 s. Run it alone: ``python -m dinokit.tools.bench --only bench_checks``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VALIDATE_GOAL = 1.0  # s, validate on unchanged data
EDIT_GOAL = 3.0  # s, tiles --lang en after a one-value edit
RUNS = 3


def _timed(args: list[str], env: dict[str, str], cwd: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "dinokit", *args],
        check=True,
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def measure() -> dict[str, float]:
    """The three times, best of RUNS each."""
    from ..source import DEFAULT_DATA_DIR

    with tempfile.TemporaryDirectory(prefix="dinokit-bench-checks-") as tmp:
        root = Path(tmp)
        shutil.copytree(DEFAULT_DATA_DIR, root / "data")
        env = dict(os.environ, DINOKIT_DATA_CACHE=str(root / "cache"))
        data = ["--data", "data"]
        tiles = ["tiles", "--lang", "en", *data, "--out", "out"]
        first = _timed(["validate", *data], env, root)
        again = min(_timed(["validate", *data], env, root) for _ in range(RUNS))
        species = root / "data" / "digging-for-dinos" / "species.yaml"
        text = species.read_text(encoding="utf-8")
        assert "    complete: 16\n" in text, "the edited value moved: update bench_checks"
        edited = []
        for value in range(17, 17 + RUNS):
            species.write_text(text.replace("    complete: 16\n", f"    complete: {value}\n", 1))
            edited.append(_timed(tiles, env, root))
        unchanged = min(_timed(tiles, env, root) for _ in range(RUNS))
    return {
        "validate first s": round(first, 2),
        "validate unchanged s": round(again, 2),
        "tiles after an edit s": round(min(edited), 2),
        "tiles unchanged s": round(unchanged, 2),
    }


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    """Validate on unchanged data within 1 s; the tiles after an edit within 3 s."""
    return [
        (
            f"validate on unchanged data within {VALIDATE_GOAL:g} s "
            f"({results['validate unchanged s']} s; the first check "
            f"{results['validate first s']} s)",
            results["validate unchanged s"] <= VALIDATE_GOAL,
        ),
        (
            f"tiles --lang en after a one-value edit within {EDIT_GOAL:g} s "
            f"({results['tiles after an edit s']} s; unchanged {results['tiles unchanged s']} s)",
            results["tiles after an edit s"] <= EDIT_GOAL,
        ),
    ]
