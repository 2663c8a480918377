"""Benchmarks (`make bench`): speed and size goals, measured, not unit-tested.

Pads (issue 16), each against the floor (``../shared/bench/floor_pads.py``: bare
reportlab drawing the same number of pad-like pages, run in the same bench):

- P1: ``dinokit pads --count 1000`` (generate, check fairness and distinctness,
  measure difficulty, write one PDF) within 2x the floor's wall time; generation and
  rendering are also timed on their own, each against the floor;
- P2: under 4 KB per additional sheet;
- P3: the peak memory (RSS) of a 10,000-sheet pad within 1.2x a 100-sheet pad's.

Every command is a separate process, timed and measured from outside. Also the
start-up and the games per second, and every ``generator/tools/bench_<topic>.py``
that defines ``measure() -> dict[str, float]`` and ``goals(results) ->
list[tuple[str, bool]]``. Exits non-zero when any goal is not met.
Usage: python -m dinokit.tools.bench [--count N] [--big N] [--data DIR]
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ..games.data import DEFAULT_DATA_DIR

ROOT = Path(__file__).resolve().parents[2]
#: The floor script; in CI and fresh clones shared/ sits beside the repository.
FLOOR = ROOT.parent / "shared" / "bench" / "floor_pads.py"

Goal = tuple[str, bool]

#: Measures a child process: its wall time in seconds and peak RSS in MB (the largest
#: of the process and the workers it started).
_RUNNER = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=sys.stderr).returncode
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, code)
"""


def run_measured(command: list[str]) -> tuple[float, float, float]:
    """(wall seconds, peak RSS MB, CPU seconds) of ``command`` run in a fresh process."""
    done = subprocess.run(
        [sys.executable, "-c", _RUNNER, *command], capture_output=True, text=True, check=True
    )
    wall, rss, cpu, code = (float(v) for v in done.stdout.split())
    if code != 0:
        raise SystemExit(
            f"bench: {' '.join(command)} failed with exit code {code:.0f}:\n{done.stderr[-2000:]}"
        )
    return wall, rss, cpu


def _best(command: list[str], runs: int) -> tuple[float, float, float]:
    """The fastest of ``runs`` runs (the least disturbed by other work on the machine)."""
    return min(run_measured(command) for _ in range(runs))


def _pads_command(count: int, out: Path, data: Path, jobs: int) -> list[str]:
    return [sys.executable, "-m", "dinokit", "pads", "--count", str(count), "--seed", "1",
            "--out", str(out), "--data", str(data), "--jobs", str(jobs)]  # fmt: skip


def _pad_file(out: Path) -> Path:
    return next(out.rglob("*.pdf"))


# ------------------------------------------------------------------------ pads


def bench_pads(count: int, big: int, data: Path, runs: int) -> dict[str, float]:
    """P1, P2 and P3: the pads command as a user runs it, beside the floor."""
    jobs = os.cpu_count() or 1
    results: dict[str, float] = {"sheets": count, "workers": jobs}
    with tempfile.TemporaryDirectory(prefix="dinokit-bench-") as tmp:
        work = Path(tmp)
        if FLOOR.is_file():
            floor, _, cpu = _best(
                [sys.executable, str(FLOOR), str(count), str(work / "f.pdf")], runs
            )
            results["floor s"] = floor
            results["floor CPU s"] = cpu
        # warm the caches a first run fills (fonts, compiled modules) before timing
        run_measured(_pads_command(10, work / "warm", data, jobs))
        wall, _, cpu = _best(_pads_command(count, work / "p1", data, jobs), runs)
        results["pads total s"] = wall
        results["pads total CPU s"] = cpu
        generate, render = _stages(count, data, jobs)
        results["pads generate s"] = generate
        results["pads render s"] = render
        results["pads sheets/s"] = count / wall
        small = _pad_file(_small_pad(work, data, jobs)).stat().st_size
        large = _pad_file(work / "p1").stat().st_size
        results["pdf MB"] = large / 1e6
        results["bytes per additional sheet"] = (large - small) / (count - 10)
        for n in (100, big):
            _, rss, _ = run_measured(_pads_command(n, work / f"m{n}", data, jobs))
            results[f"peak RSS MB, {n} sheets"] = rss
    if "floor s" in results:
        for key in ("pads total s", "pads generate s", "pads render s"):
            results[key.replace(" s", " / floor")] = results[key] / results["floor s"]
    results["P3 ratio"] = results[f"peak RSS MB, {big} sheets"] / results["peak RSS MB, 100 sheets"]
    return results


def _small_pad(work: Path, data: Path, jobs: int) -> Path:
    out = work / "p10"
    subprocess.run(_pads_command(10, out, data, jobs), check=True, stdout=subprocess.DEVNULL)
    return out


_STAGES = """
import sys, time
from pathlib import Path
from dinokit.cli.common import load_or_exit
from dinokit.products.datacache import remembered
from dinokit.games.paleo.pads import generate_pad
from dinokit.products.paleo.pad import build_pad
count, jobs = int(sys.argv[1]), int(sys.argv[3])
data_dir, out = Path(sys.argv[2]), Path(sys.argv[4])
data = remembered(data_dir, lambda: load_or_exit(data_dir))
paleo = data.game("paleontologists")
start = time.perf_counter()
sites = generate_pad(paleo, count, 1, "medium", jobs)
made = time.perf_counter()
build_pad(data, data.language("en"), sites, 1, "a4", 1, "pdf", out, "stages")
print(made - start, time.perf_counter() - made)
"""


def _stages(count: int, data: Path, jobs: int) -> tuple[float, float]:
    """Generation (every core) and rendering (one PDF) timed on their own."""
    with tempfile.TemporaryDirectory(prefix="dinokit-bench-") as out:
        text = subprocess.run(
            [sys.executable, "-c", _STAGES, str(count), str(data), str(jobs), out],
            capture_output=True, text=True, check=True, cwd=ROOT,
        ).stdout.split()  # fmt: skip
    return float(text[0]), float(text[1])


def pad_goals(r: dict[str, float], big: int) -> list[Goal]:
    goals: list[Goal] = []
    if "floor s" in r:
        goals.append(
            (
                f"P1: {r['sheets']:.0f} medium sheets within 2x the floor's wall time "
                f"({r['pads total s']:.2f} s vs {r['floor s']:.2f} s: "
                f"{r['pads total / floor']:.2f}x; generation {r['pads generate / floor']:.2f}x, "
                f"rendering {r['pads render / floor']:.2f}x the floor)",
                r["pads total / floor"] <= 2.0,
            )
        )
    else:
        print(f"  P1 skipped: the floor script {FLOOR} is not there (shared/ beside the repo)")
    goals.append(
        (
            f"P2: under 4 KB per additional sheet ({r['bytes per additional sheet']:.0f} B)",
            r["bytes per additional sheet"] < 4096,
        )
    )
    goals.append(
        (
            f"P3: peak RSS of {big} sheets within 1.2x that of 100 "
            f"({r[f'peak RSS MB, {big} sheets']:.0f} MB vs "
            f"{r['peak RSS MB, 100 sheets']:.0f} MB: {r['P3 ratio']:.2f}x)",
            r["P3 ratio"] <= 1.2,
        )
    )
    return goals


# ------------------------------------------------------------------------ the rest


def bench_games() -> dict[str, float]:
    """Games per second on one core: each game with its bots, a fixed seed."""
    import random

    from ..games.dinos.bots import GreedyBot, RandomBot, play_game
    from ..games.paleo.pads import PadGenerator
    from ..games.paleo.player import play
    from ..products.validate import load_data

    data, _ = load_data()
    dinos, paleo = data.game("digging-for-dinos"), data.game("paleontologists")
    results = {}
    for name, bot, games in (("random", RandomBot, 2000), ("greedy", GreedyBot, 200)):
        rng = random.Random(1)
        start = time.perf_counter()
        for _ in range(games):
            play_game(dinos, 3, [bot(), bot(), bot()], rng)
        results[f"digging-for-dinos {name} games/s/core"] = games / (time.perf_counter() - start)
    generator = PadGenerator(paleo)
    site = generator.sheet("medium", 1)
    rng = random.Random(1)
    rolls = [[(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(20)] for _ in range(500)]
    start = time.perf_counter()
    for sequence in rolls:
        play(generator.fast, site, sequence)
    results["paleontologists greedy games/s/core"] = len(rolls) / (time.perf_counter() - start)
    return results


def bench_startup() -> dict[str, float]:
    """How long ``dinokit --version`` and ``--help`` take against a bare import of
    click and yaml (the floor any Click + YAML program pays)."""
    python = sys.executable
    floor = _best([python, "-c", "import click, yaml"], 7)[0]
    cli = [python, "-m", "dinokit"]
    version = _best([*cli, "--version"], 7)[0]
    help_ = _best([*cli, "--help"], 7)[0]
    return {
        "startup floor s": floor,
        "dinokit --version s": version,
        "dinokit --help s": help_,
        "startup ratio": max(version, help_) / floor,
    }


def topic_modules() -> list[str]:
    """Every ``generator.tools.bench_<topic>`` module (other benchmarks plug in here)."""
    folder = Path(__file__).parent
    return sorted(
        f"{__package__}.{m.name}"
        for m in pkgutil.iter_modules([str(folder)])
        if m.name.startswith("bench_")
    )


def _print(results: dict[str, float]) -> None:
    for key, value in results.items():
        shown = f"{value:12.2f}" if isinstance(value, float) else f"{value:12}"
        print(f"  {key:36} {shown}")


def _section(title: str, measure: Callable[[], dict[str, float]], goals) -> list[Goal]:
    print(title)
    results = measure()
    _print(results)
    found = list(goals(results))
    for text, met in found:
        print(f"  {'met    ' if met else 'NOT MET'}  {text}")
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m dinokit.tools.bench")
    parser.add_argument("--count", type=int, default=1000, help="sheets for P1 and P2")
    parser.add_argument("--big", type=int, default=10_000, help="sheets for P3 (vs 100)")
    parser.add_argument("--runs", type=int, default=2, help="timed runs (the best counts)")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA_DIR)
    parser.add_argument(
        "--only", action="append", metavar="SECTION",
        help="run only this section (start-up, pads, games, or a bench_<topic>); repeatable",
    )  # fmt: skip
    args = parser.parse_args(argv)
    wanted = set(args.only or ())
    sections = {"start-up", "pads", "games", *(n.rsplit(".", 1)[1] for n in topic_modules())}
    if wanted - sections:
        unknown, known = sorted(wanted - sections)[0], ", ".join(sorted(sections))
        parser.error(f"--only {unknown!r}: expected one of {known}")

    def run(title: str, measure: Callable[[], dict[str, float]], goals) -> list[Goal]:
        if wanted and title not in wanted:
            return []
        return _section(title, measure, goals)

    print(f"dinokit bench: {args.count} pad sheets on {os.cpu_count()} cores")
    goals: list[Goal] = []
    goals += run(
        "start-up",
        bench_startup,
        lambda r: [
            (
                f"start-up within 1.5x of importing click and yaml ({r['startup ratio']:.2f}x)",
                r["startup ratio"] <= 1.5,
            )
        ],  # fmt: skip
    )
    goals += run(
        "pads",
        lambda: bench_pads(args.count, args.big, args.data, args.runs),
        lambda r: pad_goals(r, args.big),
    )
    goals += run(
        "games",
        bench_games,
        lambda r: [
            (
                ">= 1000 random Digging for Dinos games/s/core",
                r["digging-for-dinos random games/s/core"] >= 1000,
            )
        ],  # fmt: skip
    )
    for name in topic_modules():
        if wanted and name.rsplit(".", 1)[1] not in wanted:
            continue
        module = importlib.import_module(name)
        measure, judge = getattr(module, "measure", None), getattr(module, "goals", None)
        if measure is None or judge is None:
            print(f"{name}: skipped (needs measure() and goals(results))")
            continue
        goals += run(name.rsplit(".", 1)[1], measure, judge)
    missed = [text for text, met in goals if not met]
    print(f"goals: {len(goals) - len(missed)} of {len(goals)} met")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
