"""dinokit tune: search species values that meet balance targets; suggest the YAML."""

from __future__ import annotations

from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import (
    JOBS_OPTION,
    SEED_OPTION,
    build_errors,
    data_option,
    language_of,
    load_or_exit,
    need_extra,
    number_option,
    out_option,
    progress,
)
from .seats import SEATS_OPTION, VARIANT_OPTION, tune_seats
from .simulate import BUDGET_OPTION, SCHEDULER_OPTION, est, run_sims


def _targets(ctx, param, values: tuple[str, ...]) -> dict[str, float]:
    from ..games.dinos.tune import TARGETS

    out: dict[str, float] = {}
    for text in values:
        name, _, number = text.partition("=")
        try:
            value = float(number)
        except ValueError:
            value = float("nan")
        if name not in TARGETS or not 0 < value < 1:
            raise click.BadParameter(
                f"{text!r}: expected NAME=VALUE with NAME one of {', '.join(TARGETS)} and "
                "VALUE between 0 and 1 (e.g. completion-share=0.45)",
                param_hint="--target",
            )
        out[name] = value
    return out


def _bounds(ctx, param, text: str) -> tuple[int, int]:
    low, _, high = text.partition(":")
    try:
        lo, hi = int(low), int(high)
    except ValueError:
        lo = hi = -1
    if not 1 <= lo <= hi <= 99:
        raise click.BadParameter(
            f"{text!r}: expected LOW:HIGH, whole numbers with 1 <= LOW <= HIGH <= 99",
            param_hint=f"--{param.name.replace('_', '-')}",
        )
    return lo, hi


@click.group()
def tune() -> None:
    """Search game values that meet balance targets, by simulation.

    Example: dinokit tune digging-for-dinos --target completion-share=0.45
    """


@tune.command("digging-for-dinos")
@click.option("--target", "targets", multiple=True, default=(), callback=_targets,
              help="NAME=VALUE: completion-share=0.45 (share of points from completed "
              "dinosaurs), min-completion-share=0.4 (at least that), per-tile-spread=0.25 "
              "(every species' points per tile within 25% of the median species). Repeat "
              "for several.")  # fmt: skip
@click.option("--bot", default="greedy", show_default=True,
              type=click.Choice(["random", "greedy", "lookahead", "mcts"]),
              help="The bot in every seat.")  # fmt: skip
@BUDGET_OPTION
@number_option("--games", 10, 1_000_000, 200, "Games per trial (the same games every trial).")
@number_option("--trials", 1, 10_000, 40, "Value sets to try.")
@number_option("--players", 2, 4, 3, "Players in each game: seats at the table.")
@click.option("--complete-bounds", default="4:30", show_default=True, callback=_bounds,
              help="LOW:HIGH for every complete (right-hand) value.")  # fmt: skip
@click.option("--left", is_flag=True, help="Tune the left-hand values too.")
@click.option("--left-bounds", default="1:3", show_default=True, callback=_bounds,
              help="LOW:HIGH for left-hand values (with --left).")  # fmt: skip
@SEED_OPTION
@out_option("output/tuning", "Folder for the before/after report.")
@click.option("--lang", default="en", show_default=True, help="Language of species names.")
@SEATS_OPTION
@VARIANT_OPTION
@JOBS_OPTION
@SCHEDULER_OPTION
@data_option
@click.pass_context
def tune_dinos(
    ctx: click.Context, seats: bool, variant_ids: tuple[str, ...],
    targets: dict[str, float], bot: str, budget: int, games: int, trials: int, players: int,
    complete_bounds: tuple[int, int], left: bool, left_bounds: tuple[int, int], seed: int,
    out_dir: Path, lang: str, jobs: int | None, scheduler: str | None, data_dir: Path,
) -> None:  # fmt: skip
    """Tune the species' values of Digging for Dinos towards the targets.

    Example: dinokit tune digging-for-dinos --target completion-share=0.45
    --target per-tile-spread=0.25 --bot mcts --budget 30 --games 300 --trials 60
    """
    import os

    if seats:
        tune_seats(ctx)
        return
    if variant_ids:
        raise click.UsageError("--variant goes with --seats (the seat search)", ctx)
    if not targets:
        raise click.BadParameter("give at least one target (or --seats)", param_hint="--target")
    need_extra("tune", "dinokit tune")
    from ..games.dinos.simulate import simulate
    from ..games.dinos.tune import Bounds, spread_of
    from ..games.dinos.tune import tune as search
    from ..products.reports.balance import write_report
    from ..products.reports.tuning import tuning_report, yaml_change

    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    dinos = data.game("digging-for-dinos")
    workers = jobs or os.cpu_count() or 1

    def play(trial_data):
        return run_sims(simulate, trial_data, games, players, [bot], seed, workers, None,
                        budget, scheduler)  # fmt: skip

    with progress(trials, "tuning") as bar:
        before, after = search(
            dinos, targets, play, trials, seed, Bounds(complete_bounds, left_bounds), left,
            lambda n, miss: bar.update(1),
        )  # fmt: skip
    for label, o in (("before", before), ("after", after)):
        click.echo(
            f"{label:>7}: completions {est(o.numbers['completion_share'], '{:.1f}', 100, '%')} "
            f"of the points; points per tile within {100 * spread_of(o.numbers):.0f}% of the "
            f"median species; miss {o.miss:.4f}"
        )
    change = yaml_change(dinos, after)
    species_file = display_path(data_dir / "digging-for-dinos" / "species.yaml")
    click.echo(f"suggested change to {species_file}:" if change else "no change suggested")
    for line in change:
        click.echo(line)
    args = (
        f"{trials} trials of {games} games, {players} players, bot {bot}"
        + (f" (budget {budget})" if bot == "mcts" else "")
        + f", seed {seed}; targets "
        + ", ".join(f"{k}={v:g}" for k, v in targets.items())
    )
    numbers = {
        "targets": targets,
        "before": {"values": before.values, "lefts": before.lefts, "miss": before.miss,
                   "numbers": before.numbers},
        "after": {"values": after.values, "lefts": after.lefts, "miss": after.miss,
                  "numbers": after.numbers},
        "trials": [round(m, 6) for m in after.trials],
        "yaml_change": change,
    }  # fmt: skip
    try:
        paths = write_report(
            tuning_report(before, after, targets, change, language, args),
            numbers, out_dir, "digging-for-dinos-tuning",
        )  # fmt: skip
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


COMMANDS = (tune,)
