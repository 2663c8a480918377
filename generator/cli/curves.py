"""The skill curves of ``dinokit simulate`` (``--skill-curve``), and the helpers every
simulate command shares: an estimate as text (:func:`est`), simulations run with a
cluster failure as a clean message (:func:`run_sims`), the game metrics' line."""

from __future__ import annotations

from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import build_errors, load_or_exit, progress


def skill_option(low: int, high: int, help: str):
    """``--skill-curve A,B,C``: rising levels from ``low`` to ``high``, parsed."""

    def parse(ctx: click.Context, param: click.Parameter, value: str | None) -> list[int] | None:
        from ..games.skill import parse_levels

        if value is None:
            return None
        try:
            return parse_levels(value, low, high)
        except ValueError as exc:
            raise click.BadParameter(str(exc), ctx, param) from None

    return click.option("--skill-curve", "skill_curve", default=None, callback=parse,
                        metavar="LEVELS", help=help)  # fmt: skip


def refuse_with_curve(ctx: click.Context, names: tuple[str, ...]) -> None:
    """Options the skill curve does not use, refused when given with it."""
    from click.core import ParameterSource

    options = {p.name: p.opts[0] for p in ctx.command.params}
    for name in names:
        if ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None):
            raise click.UsageError(
                f"{options[name]} does not go with --skill-curve (the curve plays its own "
                "bots level against level)",
                ctx,
            )


def echo_metrics(m: dict, label: str = "games") -> None:
    """How the games went, one line: lead changes, decided, winner behind, comeback."""
    click.echo(
        f"{label:>10}: lead changes {est(m['lead_changes'])}, decided after "
        f"{est(m['decided'])} of the rounds, winner behind at worst "
        f"{est(m['winner_behind_points'])} points, comeback "
        f"{est(m['comeback'], '{:.0f}', 100, '%')}"
    )


def echo_skill(numbers: dict) -> None:
    """The skill curve on the terminal: each step's win rate with its interval."""
    from ..games.skill import verdict

    for s in numbers["steps"]:
        m = s["metrics"]
        click.echo(
            f"{s['high']:>6} vs {s['low']:<6}: wins {est(s['win_rate'], '{:.1f}', 100, '%')} "
            f"of {s['games']} games (fair {100 * s['fair_share']:.0f}%): {s['verdict']}; lead "
            f"changes {est(m['lead_changes'])}, decided after {est(m['decided'])}"
        )
    click.echo(verdict(numbers))


def curve_games(total: int, jobs: int | None, scheduler: str | None, play, *args) -> list:
    """``play(*args, workers, progress, scheduler)``: a curve's games, on every core."""
    import os

    workers = jobs or os.cpu_count() or 1
    with progress(total, "playing") as bar:
        return run_sims(play, *args, workers, bar.update, scheduler)


def write_skill(report, numbers: dict, out_dir: Path, stem: str) -> None:
    """A curve's report (PDF, SVG pages) and its JSON (``--skill-curve``, ``--seat-curve``)."""
    from ..products.reports.balance import write_report

    try:
        paths = write_report(report, numbers, out_dir, stem)
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


def finish_skill(title: str, numbers: dict, args: str, what: str, out_dir: Path, stem: str) -> None:
    """A skill curve on the terminal, and its report and JSON."""
    from ..products.reports.skill import skill_report

    echo_skill(numbers)
    write_skill(skill_report(title, numbers, args, what), numbers, out_dir, stem)


def dinos_skill(budgets: list[int], games: int, players: int, seed: int, out_dir: Path,
                jobs: int | None, scheduler: str | None, data_dir: Path) -> None:  # fmt: skip
    """``simulate digging-for-dinos --skill-curve``: mcts budget against budget."""
    from ..games.dinos import skill

    dinos = load_or_exit(data_dir).game("digging-for-dinos")
    total = games * (len(budgets) - 1)
    results = curve_games(total, jobs, scheduler, skill.play, dinos, budgets, games, players, seed)
    args = (f"skill curve, mcts budgets {','.join(map(str, budgets))}, {games} games a step, "
            f"{players} players, seed {seed}")  # fmt: skip
    what = (
        f"mcts at each budget in one seat (rotating), the budget below in the other "
        f"{players - 1}; {games} games a step."
    )
    numbers = skill.curve(results, players)
    finish_skill("Digging for Dinos: skill curve", numbers, args, what, out_dir,
                "digging-for-dinos-skill")  # fmt: skip


def paleo_skill(levels: list[int], games: int, sites, seed: int, out_dir: Path,
                jobs: int | None, scheduler: str | None, paleo, where: str) -> None:  # fmt: skip
    """``simulate paleontologists --skill-curve``: the strong player's samples, level
    against level on the same deals."""
    from ..games.paleo import skill

    total = games * len(levels)
    results = curve_games(total, jobs, scheduler, skill.play, paleo, sites, levels, games, seed)
    args = (f"skill curve, samples {','.join(map(str, levels))}, {games} deals, seed {seed}, "
            f"{where}")  # fmt: skip
    what = (
        f"The strong player at each number of sampled future roll sequences (its "
        f"{skill.CANDIDATES} best greedy placements each played out on that many; 0: the "
        f"greedy player) against the level below, on the same {games} deals (sheet and "
        "rolls): the higher score wins the deal."
    )
    finish_skill("Paleontologists: skill curve", skill.curve(results, levels), args, what,
                out_dir, "paleontologists-skill")  # fmt: skip


def est(e: dict, fmt: str = "{:.2f}", scale: float = 1.0, unit: str = "") -> str:
    """``12.30 (11.90 to 12.70)`` from a ``{"value", "ci95"}`` estimate."""
    v, lo, hi = (fmt.format(x * scale) for x in (e["value"], *e["ci95"]))
    return f"{v}{unit} ({lo} to {hi})"


def run_sims(function, *args, **kwargs):
    """``function(*args, **kwargs)``, a cluster failure as a clean message."""
    from ..games.cluster import ClusterError

    try:
        return function(*args, **kwargs)
    except ClusterError as exc:
        raise click.ClickException(str(exc)) from None


COMMANDS: tuple[click.Command, ...] = ()  # helpers of the simulate commands only
