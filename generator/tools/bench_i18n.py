"""Benchmark of the eleven-language kit (issue 17): the whole build, and line breaking.

``measure()`` runs ``dinokit build`` of every language and paper on 2 processes into
a temporary folder, twice: with an empty font cache (a fresh machine: every font
converted) and again with that cache (every later build); each as a separate
process, timed from outside (wall seconds) and by its CPU time (its own and its
workers': what the build costs whatever else the machine runs). It also breaks a
Japanese booklet's worth of text (6,000 characters) into lines on one core.
``goals()``: the kit builds in under 60 s on 2 cores with the cache; lines break at
5,000 characters per CPU second or more. Run it alone:
``python -m dinokit.tools.bench_i18n``.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KIT_GOAL = 60.0  # s, the whole kit on 2 cores
BREAK_GOAL = 5_000.0  # characters per CPU second (a CJK booklet: about a second)
SAMPLE = (
    "各プレイヤーは「化石タイル」を3枚ずつ引きます。ヴェロキラプトル（Velociraptor）は"
    "2点、ティラノサウルスは10,000点！？いいえ、そんなことはありません。"
)


def _build(out: Path, cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of one ``dinokit build`` (its workers included)."""
    env = dict(os.environ, DINOKIT_FONT_CACHE=str(cache))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "dinokit", "build", "--out", str(out), "--jobs", "2"],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _break_rate() -> float:
    from ..layout.text import break_units, wrap

    text = SAMPLE * 60  # ~6,000 characters, as one booklet of Japanese
    paragraphs = [f"{i}{text[i * 100 : (i + 1) * 100]}" for i in range(60)]
    start = time.process_time()
    for paragraph in paragraphs:
        wrap(paragraph, "ja", 9.3, 120.0)
    spent = time.process_time() - start
    break_units.cache_clear()
    return sum(len(p) for p in paragraphs) / max(spent, 1e-9)


def measure() -> dict[str, float]:
    """Kit build times (cold and warm font cache) and the line-breaking rate."""
    results: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="dinokit-bench-i18n-") as tmp:
        cache = Path(tmp) / "fonts"
        for name in ("cold", "warm"):
            wall, cpu = _build(Path(tmp) / name, cache)
            results[f"kit_{name}_wall_s"] = round(wall, 1)
            results[f"kit_{name}_cpu_s"] = round(cpu, 1)
    results["linebreak_chars_per_cpu_s"] = round(_break_rate())
    return results


def goals(results: dict[str, float]) -> list[tuple[str, bool]]:
    """The kit within 60 s on 2 cores (font cache filled); line breaking fast enough."""
    return [
        (
            f"the kit, eleven languages, builds in under {KIT_GOAL:g} s on 2 cores "
            f"(font cache filled): {results['kit_warm_wall_s']} s",
            results["kit_warm_wall_s"] < KIT_GOAL,
        ),
        (
            f"CJK line breaking at {BREAK_GOAL:,.0f}+ characters per CPU second: "
            f"{results['linebreak_chars_per_cpu_s']:,.0f}",
            results["linebreak_chars_per_cpu_s"] >= BREAK_GOAL,
        ),
    ]


if __name__ == "__main__":
    measured = measure()
    for key, value in measured.items():
        print(f"{key}: {value}")
    met = goals(measured)
    for text, ok in met:
        print(("ok   " if ok else "FAIL ") + text)
    sys.exit(0 if all(ok for _, ok in met) else 1)
