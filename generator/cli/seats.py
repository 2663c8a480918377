"""The seat options of ``dinokit simulate digging-for-dinos`` and ``dinokit tune``.

``--variant ID`` (repeatable, or a comma-separated list): the same games under the seed
rules and under each setup variant of rules.yaml, side by side, and the variant that
evens the seats. ``--seat-curve BUDGETS``: mcts self-play at each budget, the seat win
rates at each (where do they stop changing?). The numbers: :mod:`..games.dinos.seats`.
"""

from __future__ import annotations

from pathlib import Path

import click

from .common import load_or_exit, progress

COMMANDS: tuple[click.Command, ...] = ()  # options of other commands only


def _variant_ids(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]):
    ids: list[str] = []
    for value in values:
        for item in (v.strip() for v in value.split(",")):
            if not item:
                raise click.BadParameter(f"{value!r}: an empty variant id", ctx, param)
            if item not in ids:
                ids.append(item)
    return tuple(ids)


VARIANT_OPTION = click.option(
    "--variant",
    "variant_ids",
    multiple=True,
    default=(),  # none: Click 8.3 would otherwise take an unset default for one to show
    callback=_variant_ids,
    metavar="ID",
    help="A setup variant of rules.yaml (repeat, or ID,ID): the same games also under each, "
    "side by side with the seed rules, and the variant that evens the seats.",
)


def _budgets(ctx: click.Context, param: click.Parameter, value: str | None) -> list[int] | None:
    from ..games.skill import parse_levels

    if value is None:
        return None
    try:
        return parse_levels(value, 1, 100_000)
    except ValueError as exc:
        raise click.BadParameter(str(exc), ctx, param) from None


SEAT_CURVE_OPTION = click.option(
    "--seat-curve",
    "seat_curve",
    default=None,
    callback=_budgets,
    metavar="BUDGETS",
    help="Instead of the bots: mcts self-play at each of these rising budgets (e.g. "
    "25,50,100,200,400), --games games each, and the seat win rates at each.",
)


OPTION_NAMES = {"compare_dir": "--compare", "variant_ids": "--variant", "targets": "--target"}


def refuse(ctx: click.Context, names: tuple[str, ...], given: str, why: str) -> None:
    """Options that do not go with ``given``, refused when given with it."""
    from click.core import ParameterSource

    for name in names:
        if ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None):
            option = OPTION_NAMES.get(name, "--" + name.replace("_", "-"))
            raise click.UsageError(f"{option} does not go with {given} ({why})", ctx)


def check_variants(dinos, ids: tuple[str, ...]) -> None:
    """Every id names a variant of the data, else a usage error listing them."""
    known = [v.id for v in dinos.rules.variants] if dinos.rules else []
    for vid in ids:
        if vid not in known:
            raise click.BadParameter(
                f"{vid!r} is not a variant of digging-for-dinos/rules.yaml (variants: "
                f"{', '.join(known) or 'none'})",
                param_hint="--variant",
            )


def echo_verdict(seats: dict, players: int) -> None:
    """Whether the seat effect is real and whether every seat is fair, in words; the
    verdict goes into the numbers (``seats.verdict``) too."""
    from ..games.dinos.seats import sentence, verdict

    seats["verdict"] = verdict(seats, players)
    click.echo(f"   verdict: {sentence(seats['verdict'])}")


def variants(dinos, numbers: dict, played: dict, report) -> dict:
    """The variants beside the seed rules: on the terminal and in the report."""
    from ..games.dinos import seats
    from ..products.reports.seats import variants as section

    table = seats.variants(dinos, numbers, played)
    echo_variants(table)
    section(report, table)
    return table


def play_variants(dinos, ids, games, players, names, seed, workers, bar, budget, scheduler):
    """The variants' games (the same seeds as the seed rules' games)."""
    from ..games.dinos.seats import play_variants as play
    from .curves import run_sims

    return run_sims(play, dinos, ids, games, players, names, seed, workers, bar, budget,
                    scheduler)  # fmt: skip


def echo_variants(table: dict) -> None:
    """Each variant's seat win rates beside the seed rules', and the verdict."""
    from ..games.dinos.seats import variants_sentence
    from .curves import est

    click.echo("  variants: the same games, seat win rates (95% intervals):")
    for row in table["rows"]:
        name = row["variant"] or "seed rules"
        rates = ", ".join(est(r, "{:.1f}", 100, "%") for r in row["win_rate"])
        fair = "all seats fair" if row["verdict"]["fair"] else "not shown fair"
        click.echo(f"{name:>28}: {rates}; p {row['test']['p_value']:.3g}; {fair}")
    click.echo(f"   verdict: {variants_sentence(table)}")


def seat_curve_command(ctx: click.Context) -> None:
    """``--seat-curve`` given: refuse the options it does not use, then play it."""
    refuse(
        ctx,
        ("bots", "budget", "compare_dir", "variant_ids"),
        "--seat-curve",
        "the curve plays mcts in every seat at each of its budgets, on the seed rules",
    )
    p = ctx.params
    seat_curve(p["seat_curve"], p["games"], p["players"], p["seed"], p["out_dir"], p["jobs"],
               p["scheduler"], p["data_dir"])  # fmt: skip


def seat_curve(budgets: list[int], games: int, players: int, seed: int, out_dir: Path,
               jobs: int | None, scheduler: str | None, data_dir: Path) -> None:  # fmt: skip
    """``simulate digging-for-dinos --seat-curve``: the seat win rates by mcts budget."""
    import os

    from ..games.dinos import seats
    from ..products.reports.seats import curve_report
    from .curves import est, run_sims, write_skill

    dinos = load_or_exit(data_dir).game("digging-for-dinos")
    workers = jobs or os.cpu_count() or 1
    with progress(games * len(budgets), "playing") as bar:
        played = run_sims(
            seats.play_curve, dinos, budgets, games, players, seed, workers, bar.update, scheduler
        )
    numbers = seats.curve(dinos, played)
    for step in numbers["steps"]:
        rates = ", ".join(est(r, "{:.1f}", 100, "%") for r in step["win_rate"])
        moved = {True: "; moved from the budget below", False: "; no seat moved from the "
                 "budget below", None: ""}[step.get("changed")]  # fmt: skip
        click.echo(f"budget {step['budget']:>5}: {rates}; p {step['test']['p_value']:.3g}{moved}")
    last = numbers["steps"][-1]
    click.echo(f"at budget {last['budget']}: " + seats.sentence(last["verdict"]))
    args = (f"seat curve, mcts self-play at budgets {','.join(map(str, budgets))}, {games} "
            f"games each, {players} players, seed {seed}")  # fmt: skip
    write_skill(curve_report(numbers, args), numbers, out_dir, "digging-for-dinos-seats")


SEATS_OPTION = click.option(
    "--seats",
    is_flag=True,
    help="Instead of --target: the points per seat at the end (a compensation variant) "
    "that even the seats' win rates, searched on the games of the seed rules (and of each "
    "--variant).",
)

MOST_POINTS = 6  # the search's largest compensation of one seat


def tune_seats(ctx: click.Context) -> None:
    """``tune digging-for-dinos --seats``: the compensation that evens the seats."""
    import os

    from ..games.dinos import seats
    from ..games.dinos.model import COMPENSATION, with_variant
    from ..games.dinos.simulate import simulate
    from ..products.reports.balance import write_report
    from ..products.reports.seats import tuning_report
    from ..source.diagnostics import display_path
    from .common import build_errors
    from .curves import est, run_sims

    p = ctx.params
    refuse(
        ctx,
        ("targets", "trials", "complete_bounds", "left", "left_bounds"),
        "--seats",
        "the seat search changes no species values",
    )
    dinos = load_or_exit(p["data_dir"]).game("digging-for-dinos")
    check_variants(dinos, p["variant_ids"])
    for vid in p["variant_ids"]:
        if dinos.rules.variant(vid).kind == COMPENSATION:
            raise click.BadParameter(
                f"{vid!r} is a compensation variant: the search finds the points itself "
                "(give placement-order variants, or none)",
                param_hint="--variant",
            )
    workers = p["jobs"] or os.cpu_count() or 1
    games, players = p["games"], p["players"]
    found = []
    with progress(games * (1 + len(p["variant_ids"])), "playing") as bar:
        for vid in (None, *p["variant_ids"]):
            data = with_variant(dinos, vid)
            results = run_sims(simulate, data, games, players, [p["bot"]], p["seed"], workers,
                               bar.update, p["budget"], p["scheduler"])  # fmt: skip
            found.append({"variant": vid, **seats.compensation(data, results, MOST_POINTS)})
    for f in found:
        name = f["variant"] or "seed rules"
        before = ", ".join(est(r, "{:.1f}", 100, "%") for r in f["before"])
        after = ", ".join(est(r, "{:.1f}", 100, "%") for r in f["win_rate"])
        click.echo(f"{name}: seats as played {before}")
        click.echo(f"{'':>{len(name)}}  with +{', +'.join(map(str, f['points']))}: {after}")
        click.echo(f"{'':>{len(name)}}  rules.yaml, points of a compensation variant: "
                   f"{players}: [{', '.join(map(str, f['points']))}]")  # fmt: skip
    click.echo(
        "the points rescore the games as played (the bots did not know of them): check them "
        "with dinokit simulate digging-for-dinos --variant ID once they are in rules.yaml"
    )
    args = (f"{games} games, {players} players, bot {p['bot']}"
            + (f" (budget {p['budget']})" if p["bot"] == "mcts" else "")
            + f", seed {p['seed']}; seat compensation 0 to {MOST_POINTS} points")  # fmt: skip
    numbers = {"players": players, "games": games, "found": found}
    try:
        paths = write_report(tuning_report(numbers, args), numbers, p["out_dir"],
                             "digging-for-dinos-seat-tuning")  # fmt: skip
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")
