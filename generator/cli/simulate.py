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
    need_extra,
    number_option,
    progress,
)
from .curves import (
    dinos_skill,
    echo_metrics,
    est,
    paleo_skill,
    refuse_with_curve,
    run_sims,
    skill_option,
)
from .curves import write_skill as write_skill  # (kept importable from here)
from .folders import data_problem
from .seats import SEAT_CURVE_OPTION, VARIANT_OPTION


@click.group()
def simulate() -> None:
    """Play many games with bots and write a balance report (PDF, SVG, JSON).

    Example: dinokit simulate digging-for-dinos --games 10000 --players 3
    """


def _scheduler(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None:
        from ..games.cluster import address_problem

        problem = address_problem(value)
        if problem is not None:
            raise click.BadParameter(f"{problem} (or leave $DINOKIT_SCHEDULER unset)", ctx, param)
        need_extra("dask", "--scheduler")
    return value


SCHEDULER_OPTION = click.option(
    "--scheduler",
    envvar="DINOKIT_SCHEDULER",
    default=None,
    callback=_scheduler,
    help="Run on this Dask cluster (tcp://HOST:PORT; or $DINOKIT_SCHEDULER) instead of "
    "local processes; the results are the same.",
)


def _compare_folder(ctx: click.Context, param: click.Parameter, value: Path | None) -> Path | None:
    problem = None if value is None else data_problem(value)
    if problem is not None:
        raise click.BadParameter(problem, ctx, param)
    return value


BUDGET_OPTION = number_option(
    "--budget", 1, 100_000, 100, "Iterations per decision of the mcts bot."
)


def echo_dinos(numbers: dict) -> None:
    """The summary on the terminal, every figure with its 95% interval."""
    for bot, b in numbers["bots"].items():
        click.echo(
            f"{bot:>10}: mean {est(b['mean_score'])}, wins {est(b['win_rate'], '{:.1f}', 100, '%')}"
            f" of its seats, completions {est(b['completion_share'], '{:.1f}', 100, '%')} of its "
            "points"
        )
    for d in numbers["differences"]:
        shown = "clearly" if d["win_rate"]["ci95"][0] > 0 else "not clearly"
        wins = est(d["win_rate"], "{:+.1f}", 100, " %-points")
        click.echo(
            f"{d['better']:>10} beats {d['worse']} {shown}: wins {wins}, "
            f"score {est(d['mean_score'], '{:+.2f}')}"
        )
    seats, test = numbers["seats"], numbers["seats"]["test"]
    click.echo(
        "     seats: "
        + ", ".join(est(r, "{:.1f}", 100, "%") for r in seats["win_rate"])
        + f"; chi2 {test['chi2']:.2f}, p {test['p_value']:.3g}, w {test['cohens_w']:.3f} "
        f"({test['effect']}); {seats['games_to_detect']:,} games detect a seat "
        f"{100 * seats['advantage_tested']:.0f} points above its share"
    )
    click.echo(
        f"    rounds: {est(numbers['rounds'])}; lead changes {est(numbers['lead_changes'])}; "
        f"completions {est(numbers['completion_share'], '{:.1f}', 100, '%')} of all points; end: "
        + ", ".join(f"{t} {100 * r['value']:.0f}%" for t, r in numbers["end_trigger"].items())
    )


@simulate.command("digging-for-dinos")
@number_option("--games", 1, 1_000_000, 1000, "Games to play.")
@number_option("--players", 2, 4, 3, "Players in each game: seats at the table.")
@click.option(
    "--bots",
    default="greedy,lookahead",
    show_default=True,
    help="Comma-separated bots (random, greedy, lookahead, mcts); they rotate through seats.",
)
@BUDGET_OPTION
@SEED_OPTION
@SIM_OUT_OPTION
@click.option("--lang", default="en", show_default=True, help="Language of species names.")
@click.option(
    "--compare",
    "compare_dir",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    default=None,
    callback=_compare_folder,
    help="A second data folder: the same games on it, side by side, with the differences.",
)
@skill_option(
    1,
    100_000,
    "Instead of the bots: the skill curve, mcts at each of these rising budgets (e.g. "
    "25,50,100,200,400,800,1600) against the one below, --games games a step.",
)
@VARIANT_OPTION
@SEAT_CURVE_OPTION
@JOBS_OPTION
@SCHEDULER_OPTION
@data_option
@click.pass_context
def simulate_dinos(
    ctx: click.Context,
    skill_curve: list[int] | None,
    variant_ids: tuple[str, ...],
    seat_curve: list[int] | None,
    games: int,
    players: int,
    bots: str,
    budget: int,
    seed: int,
    out_dir: Path,
    lang: str,
    compare_dir: Path | None,
    jobs: int | None,
    scheduler: str | None,
    data_dir: Path,
) -> None:
    """Bots play Digging for Dinos; win rates, scores, species, length, with 95% intervals.

    Example: dinokit simulate digging-for-dinos --games 300 --bots random,greedy,mcts
    """
    import os

    if skill_curve is not None:
        refuse_with_curve(ctx, ("bots", "budget", "compare_dir", "variant_ids", "seat_curve"))
        dinos_skill(skill_curve, games, players, seed, out_dir, jobs, scheduler, data_dir)
        return
    if seat_curve is not None:
        from .seats import seat_curve_command

        seat_curve_command(ctx)
        return

    from ..games.dinos.compare import compare
    from ..games.dinos.simulate import BOT_TYPES, simulate
    from ..games.dinos.summary import summary
    from ..products.reports.balance import dinos_report, write_report
    from ..products.reports.dinos import comparison
    from . import seats as seat_options

    names = [b.strip() for b in bots.split(",") if b.strip()]
    check_bots(names, bots, BOT_TYPES)
    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    dinos = data.game("digging-for-dinos")
    other = load_or_exit(compare_dir).game("digging-for-dinos") if compare_dir else None
    seat_options.check_variants(dinos, variant_ids)
    workers = jobs or os.cpu_count() or 1
    with progress(games * (1 + len(variant_ids) + bool(other)), "playing") as bar:
        results = run_sims(
            simulate, dinos, games, players, names, seed, workers, bar.update, budget, scheduler
        )
        if other is not None:
            results_b = run_sims(
                simulate, other, games, players, names, seed, workers, bar.update, budget,
                scheduler,
            )  # fmt: skip
        played = seat_options.play_variants(
            dinos, variant_ids, games, players, names, seed, workers, bar.update, budget,
            scheduler,
        )  # fmt: skip
    numbers = summary(dinos, results)
    echo_dinos(numbers)
    echo_metrics(numbers["metrics"])
    seat_options.echo_verdict(numbers["seats"], players)
    args = f"{games} games, {players} players, bots {','.join(names)}, seed {seed}" + (
        f", mcts budget {budget}" if "mcts" in names else ""
    )
    report = dinos_report(numbers, results, language, args)
    if variant_ids:
        numbers["variants"] = seat_options.variants(dinos, numbers, played, report)
    if other is not None:
        assert compare_dir is not None
        numbers["compare"] = cmp = compare(dinos, results, other, results_b)
        comparison(report, cmp, language, display_path(data_dir), display_path(compare_dir))
        click.echo(f"compared with {display_path(compare_dir)} (B - A):")
        for bot, b in cmp["bots"].items():
            share = est(b["completion_share"]["difference"], "{:+.1f}", 100, " %-points")
            click.echo(
                f"{bot:>10}: score {est(b['mean_score']['difference'], '{:+.2f}')}, "
                f"completions {share}"
            )
    try:
        paths = write_report(report, numbers, out_dir, "digging-for-dinos-balance")
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


@simulate.command("paleontologists")
@number_option("--games", 1, 1_000_000, 1000, "Games to play in all.")
@click.option("--code", default=None, help="Play this one sheet (e.g. PAL-5RW9-Z1W7).")
@choice_option(
    "--difficulty", DIFFICULTIES, None, "Play sheets of this difficulty.", shown="all three"
)
@number_option("--sheets", 1, 1000, 10, "Sheets per difficulty (without --code).")
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    help="Comma-separated players: greedy, random, strong, spender (spends its bonuses), "
    "spend-switch-shape, spend-one-square-anywhere, spend-switch-dig-type (that bonus "
    "only); each plays the same sheets and dice.",
)
@SEED_OPTION
@SIM_OUT_OPTION
@skill_option(
    0,
    999,
    "Instead of the players: the skill curve, the strong player at each of these rising "
    "numbers of sampled futures (0: greedy; e.g. 0,1,2,4,8,16,32) against the one below, "
    "on --games deals.",
)
@JOBS_OPTION
@SCHEDULER_OPTION
@data_option
@click.pass_context
def simulate_paleo(
    ctx: click.Context,
    skill_curve: list[int] | None,
    games: int,
    code: str | None,
    difficulty: str | None,
    sheets: int,
    bots: str,
    seed: int,
    out_dir: Path,
    jobs: int | None,
    scheduler: str | None,
    data_dir: Path,
) -> None:
    """Players on generated dig sites; scores, bands, templates, with 95% intervals.

    Example: dinokit simulate paleontologists --games 600 --bots greedy,strong --seed 3
    """
    import os

    from ..games.paleo.pads import CodeError
    from ..games.paleo.simulate import BOTS, choose_sheets, simulate, summary
    from ..products.reports.balance import paleo_report, write_report

    if skill_curve is not None:
        refuse_with_curve(ctx, ("bots",))
    players = [b.strip() for b in bots.split(",") if b.strip()]
    check_bots(players, bots, BOTS)
    data = load_or_exit(data_dir)
    paleo = data.game("paleontologists")
    workers = jobs or os.cpu_count() or 1
    try:
        sites = choose_sheets(paleo, code, difficulty, seed, sheets, workers)
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    if skill_curve is not None:
        where = f"sheet {code}" if code else f"{len(sites)} sheets ({difficulty or 'all'})"
        paleo_skill(skill_curve, games, sites, seed, out_dir, jobs, scheduler, paleo, where)
        return
    with progress(games, "playing") as bar:
        results = run_sims(
            simulate, paleo, sites, games, players, seed, workers, bar.update, scheduler
        )
    numbers = summary(sites, results, paleo)
    scores: dict[str, list[int]] = {}
    for g in results:
        scores.setdefault(g.bot, []).append(g.score)
    args = f"{games} games, players {','.join(players)}, seed {seed}, " + (
        f"sheet {code}" if code else f"{len(sites)} sheets ({difficulty or 'all'})"
    )
    for bot, s in numbers["by_bot"].items():
        click.echo(
            f"{bot:>8}: mean {est(s['mean'])}, sd {s['sd']:.2f}, min {s['min']}, "
            f"max {s['max']} over {s['games']} games"
        )
    for d in numbers["differences"]:
        shown = "clearly" if d["mean_score"]["ci95"][0] > 0 else "not clearly"
        diff = est(d["mean_score"], "{:+.2f}")
        click.echo(f"{d['better']:>8} beats {d['worse']} {shown}: {diff}")
    for d, entry in numbers["by_difficulty"].items():
        if "greedy" in entry:
            band = entry.get("band")
            click.echo(
                f"{d:>8}: greedy mean {est(entry['greedy']['mean'])}"
                + (f", band {band[0]:g} to {band[1]:g}" if band else "")
            )
    if "metrics" in numbers:
        echo_metrics(numbers["metrics"], "deals")
    try:
        paths = write_report(
            paleo_report(numbers, scores, args), numbers, out_dir, "paleontologists-balance"
        )
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


COMMANDS = (simulate,)
