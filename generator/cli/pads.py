"""dinokit pads: Paleontologists dig-site pads, generated, checked and printed."""

from __future__ import annotations

from collections.abc import Iterable
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
    printer_option,
    progress,
)
from .printing import apply_printer

#: Pages of one pad at the most: 100,000 sheets are about 300 MB of PDF.
MAX_PRINTED_SHEETS = 100_000
#: Solo sheets of one pad at the most: each one's par is a beam search (0.13 s a sheet
#: measured on 2026-12-02), so 1,000 take about 2 minutes; 100,000 would take hours.
MAX_SOLO_SHEETS = 1_000


@click.command()
@number_option("--count", 1, 100_000, 10, "Number of different sheets.")
@number_option("--seed", 0, None, 1, "Seed of the pad: the same seed gives the same sheets.")
@choice_option(
    "--difficulty", DIFFICULTIES, "medium", "Band of the greedy player's expected score."
)
@number_option(
    "--players",
    1,
    200,
    1,
    "Players sharing the pad: copies of each sheet, one per player (everyone digs the "
    "same layout); not seats in a game.",
)
@click.option(
    "--code",
    default=None,
    help="Rebuild the one sheet printed with this code (e.g. PAL-5RW9-Z1W7).",
)
@choice_option(
    "--per-page", ("1", "2"), "1", "Sheets per page (2: side by side on landscape paper)."
)
@choice_option(
    "--rolls",
    ("none", "printed"),
    "none",
    "printed: the 20 rolls, derived from the sheet code, are printed in the round track.",
)
@click.option(
    "--solo", is_flag=True, help="Printed rolls and a par to beat (upside down by the total)."
)
@click.option(
    "--daily",
    default=None,
    is_flag=False,
    flag_value="today",
    metavar="YYYY-MM-DD",
    help="The day's dig: sheet, rolls and par from the date alone; --daily without a date "
    "is today's (UTC).",
)
@number_option(
    "--tournament",
    1,
    100,
    None,
    "N different sheets measured equally hard: on common rolls, or with --rolls printed on "
    "the printed rolls (30 such sheets: about 45 s of CPU, spread over --jobs); use --seed.",
)
@OUT_OPTION
@PAPER_OPTION
@format_option(("pdf", "svg", "json"), "pdf, svg (one file per page) or json (the layouts).")
@LANG_OPTION
@number_option("--jobs", 1, 64, help="Processes generating sheets.", shown="every core")
@click.option("--ink-saver", is_flag=True, help="White grounds and outlined panels.")
@printer_option("its paper (pads have no backs: no offset); --paper given here wins.")
@data_option
def pads(
    count: int,
    seed: int,
    difficulty: str,
    players: int,
    code: str | None,
    per_page: str,
    rolls: str,
    solo: bool,
    daily: str | None,
    tournament: int | None,
    out_dir: Path,
    paper: str,
    fmt: str,
    lang: str,
    jobs: int | None,
    ink_saver: bool,
    printer: str | None,
    data_dir: Path,
) -> None:
    """Paleontologists dig-site pads: every sheet different, fair, and regenerable.

    Each sheet is checked before it is accepted: fossils apart, every fossil
    diggable, every star reachable, no two sheets alike (even turned or mirrored),
    and its difficulty measured by a greedy player over fixed dice sequences.

    Example: dinokit pads --count 50 --seed 7 --difficulty hard --players 4

    Shared play: --rolls printed, --solo (with a par), --daily [YYYY-MM-DD],
    --tournament N --seed S (sheets measured equally hard; with --rolls printed, shared
    rolls and sheets chosen on them).
    """
    import contextlib
    import datetime
    import os

    from ..games.paleo import shared
    from ..games.paleo.model import DigSite
    from ..games.paleo.pads import CodeError, GenerationError, PadGenerator, iter_pad
    from ..games.paleo.tournament import tournament as tournament_sheets

    modes = [name for name, on in (("--code", code), ("--daily", daily),
                                   ("--tournament", tournament)) if on is not None]  # fmt: skip
    if len(modes) > 1:
        raise click.UsageError(f"{modes[0]} and {modes[1]} cannot be used together")
    if daily is not None and (solo or rolls == "printed"):
        raise click.UsageError("--daily already prints its rolls and par: leave out --solo/--rolls")
    if tournament is not None and solo:
        raise click.UsageError("--tournament and --solo cannot be used together")
    if tournament is not None:
        count = tournament
    if solo and code is None and count > MAX_SOLO_SHEETS:
        raise click.BadParameter(
            f"--solo --count {count}: each solo sheet's par is searched (about 0.15 s a "
            f"sheet), expected at most {MAX_SOLO_SHEETS:,} sheets in one solo pad (about "
            "2 minutes; print several pads with other --seed values)",
            param_hint="--count",
        )
    if daily is not None:
        today = datetime.datetime.now(datetime.UTC).date().isoformat()
        try:
            day = shared.parse_day(today if daily == "today" else daily)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--daily") from None
    sheets = (1 if code is not None or daily is not None else count) * players
    if sheets > MAX_PRINTED_SHEETS:
        raise click.BadParameter(
            f"--count {count} x --players {players} is {sheets} printed sheets, expected at "
            f"most {MAX_PRINTED_SHEETS} in one pad (print several pads)",
            param_hint="--players",
        )
    paper, _ = apply_printer(printer, paper, (0.0, 0.0), backs=False)  # pads have no backs
    data = load_or_exit(data_dir, ("paleontologists",), (lang,))  # once per change
    language = language_of(data, lang)
    paleo = data.game("paleontologists")
    sites: list[DigSite]
    json_extra = None
    workers = jobs or os.cpu_count() or 1
    streaming = contextlib.ExitStack()
    try:
        if daily is not None:
            sites = [shared.daily_sheet(PadGenerator(paleo), day, difficulty)]
            stem = f"pad-daily-{day.isoformat()}-{difficulty}"
        elif tournament is not None:
            with progress(count, "choosing sheets") as bar:
                chosen = tournament_sheets(
                    PadGenerator(paleo), count, seed, difficulty, rolls == "printed",
                    bar.update, workers,
                )  # fmt: skip
            sites = chosen.sheets
            json_extra = chosen.pad_extra()
            stem = f"pad-tournament-{difficulty}-seed{seed}-x{count}"
        elif code is not None:
            sites = [shared.sheet_from_code(PadGenerator(paleo), code)]
            if isinstance(sites[0], shared.SharedSheet) and (solo or rolls == "printed"):
                raise click.UsageError(
                    "this code already carries its rolls: leave out --solo/--rolls"
                )
            sites = list(_with_rolls(paleo, sites, solo, rolls))
            stem = f"pad-{sites[0].code}"
        else:
            bar = streaming.enter_context(progress(count, "generating sheets"))
            # a stream: sheets are printed while the next are made, in flat memory
            sites = iter_pad(paleo, count, seed, difficulty, workers, bar.update)  # type: ignore[assignment]
            sites = _with_rolls(paleo, sites, solo, rolls)  # type: ignore[assignment]
            kind = "solo-" if solo else ""
            stem = f"pad-{kind}{difficulty}-seed{seed}-x{count}"
        if rolls == "printed" and not solo:
            stem += "-rolls"
        # imported once the sheets are under way: the PDF writer's imports (fontTools,
        # reportlab) then overlap with the generation in the worker processes
        from ..products.paleo.pad import build_pad

        written = build_pad(
            data,
            language,
            sites,
            players,
            paper,
            int(per_page),
            fmt,
            out_dir,
            stem,
            ink_saver=ink_saver,
            json_extra=json_extra,
        )
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    except (GenerationError, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        streaming.close()
    for item in written[:3]:
        click.echo(f"wrote {display_path(item.path)}")
    if len(written) > 3:
        click.echo(f"... and {len(written) - 3} more files")


def _with_rolls(paleo, sites: Iterable, solo: bool, rolls: str) -> Iterable:
    """The sheets with their own printed rolls (and par, for --solo), if asked for;
    one at a time, as they come (a stream stays a stream)."""
    if not solo and rolls != "printed":
        return sites
    from ..games.paleo.pads import PadGenerator
    from ..games.paleo.rolls import RollSpec
    from ..games.paleo.shared import with_rolls

    generator = PadGenerator(paleo)
    spec = RollSpec("own", 0, par=solo)
    return (with_rolls(generator, site, spec) for site in sites)


COMMANDS = (pads,)
