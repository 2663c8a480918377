"""dinokit pads: Paleontologists dig-site pads, generated, checked and printed."""

from __future__ import annotations

from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import (
    DIFFICULTIES,
    LANG_OPTION,
    OUT_OPTION,
    PAPER_OPTION,
    build_errors,
    choice_option,
    data_option,
    format_option,
    language_of,
    load_or_exit,
    number_option,
    progress,
)

#: Pages of one pad at the most: 100,000 sheets are about 300 MB of PDF.
MAX_PRINTED_SHEETS = 100_000


@click.command()
@number_option("--count", 1, 100_000, 10, "Number of different sheets.")
@number_option("--seed", 0, None, 1, "Seed of the pad: the same seed gives the same sheets.")
@choice_option(
    "--difficulty", DIFFICULTIES, "medium", "Band of the greedy player's expected score."
)
@number_option("--players", 1, 200, 1, "Copies of each sheet (a group shares one layout).")
@click.option(
    "--code",
    default=None,
    help="Rebuild the one sheet printed with this code (e.g. PAL-7K3F-92QD).",
)
@choice_option(
    "--per-page", ("1", "2"), "1", "Sheets per page (2: side by side on landscape paper)."
)
@OUT_OPTION
@PAPER_OPTION
@format_option(("pdf", "svg", "json"), "pdf, svg (one file per page) or json (the layouts).")
@LANG_OPTION
@number_option("--jobs", 1, 64, help="Processes generating sheets [default: every core].")
@data_option
def pads(
    count: int,
    seed: int,
    difficulty: str,
    players: int,
    code: str | None,
    per_page: str,
    out_dir: Path,
    paper: str,
    fmt: str,
    lang: str,
    jobs: int | None,
    data_dir: Path,
) -> None:
    """Paleontologists dig-site pads: every sheet different, fair, and regenerable.

    Each sheet is checked before it is accepted: fossils apart, every fossil
    diggable, every star reachable, no two sheets alike (even turned or mirrored),
    and its difficulty measured by a greedy player over fixed dice sequences.

    Example: dinokit pads --count 50 --seed 7 --difficulty hard --players 4
    """
    import os

    from ..games.paleo.pads import CodeError, GenerationError, generate_pad, site_from_code
    from ..products.paleo.pad import build_pad

    sheets = (1 if code is not None else count) * players
    if sheets > MAX_PRINTED_SHEETS:
        raise click.BadParameter(
            f"--count {count} x --players {players} is {sheets} printed sheets, expected at "
            f"most {MAX_PRINTED_SHEETS} in one pad (print several pads)",
            param_hint="--players",
        )
    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    paleo = data.game("paleontologists")
    try:
        if code is not None:
            sites = [site_from_code(paleo, code)]
            stem = f"pad-{sites[0].code}"
        else:
            workers = jobs or os.cpu_count() or 1
            with progress(count, "generating sheets") as bar:
                sites = generate_pad(paleo, count, seed, difficulty, workers, bar.update)
            stem = f"pad-{difficulty}-seed{seed}-x{count}"
        written = build_pad(
            data, language, sites, players, paper, int(per_page), fmt, out_dir, stem
        )
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    except (GenerationError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    for item in written[:3]:
        click.echo(f"wrote {display_path(item.path)}")
    if len(written) > 3:
        click.echo(f"... and {len(written) - 3} more files")

COMMANDS = (pads,)
