"""dinokit simulate: bots play many games; a balance report per game."""

from __future__ import annotations

from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import (
    DIFFICULTIES,
    JOBS_OPTION,
    SEED_OPTION,
    SIM_OUT_OPTION,
    build_errors,
    check_bots,
    choice_option,
    data_option,
    language_of,
    load_or_exit,
    number_option,
    progress,
)


@click.group()
def simulate() -> None:
    """Play many games with bots and write a balance report (PDF, SVG, JSON).

    Example: dinokit simulate digging-for-dinos --games 10000 --players 3
    """


@simulate.command("digging-for-dinos")
@number_option("--games", 1, 1_000_000, 1000, "Games to play.")
@number_option("--players", 2, 4, 3)
@click.option(
    "--bots",
    default="greedy,lookahead",
    show_default=True,
    help="Comma-separated bots (random, greedy, lookahead); they rotate through seats.",
)
@SEED_OPTION
@SIM_OUT_OPTION
@click.option("--lang", default="en", show_default=True, help="Language of species names.")
@JOBS_OPTION
@data_option
def simulate_dinos(
    games: int,
    players: int,
    bots: str,
    seed: int,
    out_dir: Path,
    lang: str,
    jobs: int | None,
    data_dir: Path,
) -> None:
    """Bots play Digging for Dinos; win rates by seat and bot, species, length, end.

    Example: dinokit simulate digging-for-dinos --games 10000 --players 4 --bots greedy,random
    """
    import os

    from ..games.dinos.simulate import BOT_TYPES, simulate, summary
    from ..products.reports.balance import dinos_report, write_report

    names = [b.strip() for b in bots.split(",") if b.strip()]
    check_bots(names, bots, BOT_TYPES)
    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    dinos = data.game("digging-for-dinos")
    with progress(games, "playing") as bar:
        results = simulate(
            dinos, games, players, names, seed, jobs or os.cpu_count() or 1, bar.update
        )
    numbers = summary(dinos, results)
    for bot, s in numbers["score_by_bot"].items():
        click.echo(
            f"{bot:>10}: mean {s['mean']:.2f} (sd {s['sd']:.2f}), "
            f"wins {100 * numbers['win_rate_by_bot'][bot]:.1f}% of its seats"
        )
    click.echo("   seats: " + ", ".join(f"{100 * r:.1f}%" for r in numbers["win_rate_by_seat"]))
    click.echo(
        f"  rounds: mean {numbers['rounds']['mean']}; end: "
        + ", ".join(f"{t} {100 * r:.0f}%" for t, r in numbers["end_trigger"].items())
    )
    args = f"{games} games, {players} players, bots {','.join(names)}, seed {seed}"
    try:
        paths = write_report(
            dinos_report(numbers, results, dinos, language, args),
            numbers,
            out_dir,
            "digging-for-dinos-balance",
        )
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


@simulate.command("paleontologists")
@number_option("--games", 1, 1_000_000, 1000, "Games to play in all.")
@click.option("--code", default=None, help="Play this one sheet (e.g. PAL-7K3F-92QD).")
@choice_option(
    "--difficulty", DIFFICULTIES, None, "Play sheets of this difficulty [default: all three]."
)
@number_option("--sheets", 1, 1000, 10, "Sheets per difficulty (without --code).")
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    help="Comma-separated players: greedy, random.",
)
@SEED_OPTION
@SIM_OUT_OPTION
@JOBS_OPTION
@data_option
def simulate_paleo(
    games: int,
    code: str | None,
    difficulty: str | None,
    sheets: int,
    bots: str,
    seed: int,
    out_dir: Path,
    jobs: int | None,
    data_dir: Path,
) -> None:
    """Greedy and random players on generated dig sites; scores per sheet and difficulty.

    Example: dinokit simulate paleontologists --games 10000 --difficulty hard --seed 3
    """
    import os

    from ..games.paleo.pads import CodeError
    from ..games.paleo.simulate import BOTS, choose_sheets, simulate, summary
    from ..products.reports.balance import paleo_report, write_report

    players = [b.strip() for b in bots.split(",") if b.strip()]
    check_bots(players, bots, BOTS)
    data = load_or_exit(data_dir)
    paleo = data.game("paleontologists")
    workers = jobs or os.cpu_count() or 1
    try:
        sites = choose_sheets(paleo, code, difficulty, seed, sheets, workers)
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    with progress(games, "playing") as bar:
        results = simulate(paleo, sites, games, players, seed, workers, bar.update)
    numbers = summary(sites, results)
    scores: dict[str, list[int]] = {}
    for g in results:
        scores.setdefault(g.bot, []).append(g.score)
    args = f"{games} games, bots {','.join(players)}, seed {seed}, " + (
        f"sheet {code}" if code else f"{len(sites)} sheets ({difficulty or 'all'})"
    )
    for bot, s in numbers["by_bot"].items():
        click.echo(
            f"{bot:>8}: mean {s['mean']:.2f}, sd {s['sd']:.2f}, min {s['min']}, "
            f"max {s['max']} over {s['games']} games"
        )
    for d, s in numbers["by_difficulty"].items():
        click.echo(f"{d:>8}: greedy mean {s['mean']:.2f} (sd {s['sd']:.2f})")
    try:
        paths = write_report(
            paleo_report(numbers, scores, args), numbers, out_dir, "paleontologists-balance"
        )
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")

COMMANDS = (simulate,)
