"""Benchmarks (`make bench`): speed and size goals, measured, not unit-tested.

Pads: 1000 sheets generated and verified (every core), then rendered to one PDF;
sheets per second for each stage, bytes per additional sheet, peak memory.
"""

from __future__ import annotations

import os
import resource
import sys
import time

from ..games.paleo.pads import generate_pad
from ..layout.sheets import PrintOptions  # noqa: F401  (keeps the import graph as in a build)
from ..products.paleo.pad import pad_texts
from ..products.validate import load_data
from ..render.pdf import render_pdf


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def bench_pads(count: int, workers: int) -> dict[str, float]:
    from ..products.paleo.sheet import pad_pages

    data, diags = load_data()
    if diags.errors:
        raise SystemExit("the data has errors; run dinokit validate")
    paleo, lang = data.game("paleontologists"), data.language("en")
    assert lang is not None
    start = time.perf_counter()
    sites = generate_pad(paleo, count, 1, "medium", workers)
    generated = time.perf_counter()
    first = next(iter(pad_pages(sites[:1], paleo, lang, "a4", 1)))
    texts = pad_texts(first)
    pdf = render_pdf(pad_pages(sites, paleo, lang, "a4", 1), texts=texts)
    rendered = time.perf_counter()
    small = render_pdf(pad_pages(sites[:10], paleo, lang, "a4", 1), texts=texts)
    return {
        "sheets": count,
        "workers": workers,
        "generate+verify s": generated - start,
        "generate+verify sheets/s": count / (generated - start),
        "render s": rendered - generated,
        "render sheets/s": count / (rendered - generated),
        "total s": rendered - start,
        "pdf MB": len(pdf) / 1e6,
        "bytes per additional sheet": (len(pdf) - len(small)) / (count - 10),
        "peak memory MB": _peak_mb(),
    }


def bench_games() -> dict[str, float]:
    """Games per second on one core: each game with its bots, a fixed seed."""
    import random

    from ..games.dinos.bots import GreedyBot, RandomBot, play_game
    from ..games.paleo.pads import PadGenerator
    from ..games.paleo.player import play

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


def _best_of(command: list[str], runs: int = 7) -> float:
    """The fastest of ``runs`` wall times of a command, in seconds (the least noisy)."""
    import subprocess

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return min(times)


def bench_startup() -> dict[str, float]:
    """How long ``dinokit --version`` and ``--help`` take against a bare import of
    click and yaml (the floor any Click + YAML program pays)."""
    python = sys.executable
    floor = _best_of([python, "-c", "import click, yaml"])
    cli = [python, "-m", "generator"]
    version = _best_of([*cli, "--version"])
    help_ = _best_of([*cli, "--help"])
    return {
        "startup floor s": floor,
        "dinokit --version s": version,
        "dinokit --help s": help_,
        "startup ratio": max(version, help_) / floor,
    }


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 1000
    workers = os.cpu_count() or 1
    print(f"dinokit bench: {count} pad sheets on {workers} cores")
    startup = bench_startup()
    results = bench_pads(count, workers)
    games = bench_games()
    for key, value in {**startup, **results, **games}.items():
        print(f"  {key:28} {value:12.2f}" if isinstance(value, float) else f"  {key:28} {value:12}")
    ok = (
        startup["startup ratio"] <= 1.5
        and results["total s"] < 60
        and results["bytes per additional sheet"] < 4096
        and games["digging-for-dinos random games/s/core"] >= 1000
    )
    print(
        "goals (start-up within 1.5x of importing click and yaml; "
        "pads: total < 60 s, < 4 KB per additional sheet; "
        ">= 1000 random Digging for Dinos games/s/core):",
        "met" if ok else "NOT MET",
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
