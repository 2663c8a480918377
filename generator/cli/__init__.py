"""The `dinokit` command line: thin commands that parse options and call one function."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .. import __version__
from ..games.data import DEFAULT_DATA_DIR, ComponentData, load_data
from ..layout.sheets import LayoutError, PrintOptions
from ..layout.text import TextOverflow
from ..products.files import OutputError, atomic_write, sha256
from ..source.diagnostics import Diagnostics, Severity, display_path, to_json

OUT_OPTION = click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("output"),
    show_default=True,
    help="Folder to write into.",
)
PAPER_OPTION = click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper size.",
)
LANG_OPTION = click.option(
    "--lang",
    default="en",
    show_default=True,
    help="Language code (a file in data/lang/).",
)


JOBS_OPTION = click.option(
    "--jobs",
    type=click.IntRange(min=1, max=64),
    default=None,
    help="Processes [default: every core]; results do not depend on it.",
)
SEED_OPTION = click.option("--seed", type=click.IntRange(min=0), default=1, show_default=True)
SIM_OUT_OPTION = click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("output/simulations"),
    show_default=True,
    help="Folder for the report.",
)


def _check_bots(names: list[str], text: str, known) -> None:
    unknown = [b for b in names if b not in known]
    if unknown or not names:
        raise click.BadParameter(
            f"unknown bot {unknown[0] if unknown else text!r}, expected a comma-separated "
            f"list of: {', '.join(known)}",
            param_hint="--bots",
        )


def language_of(data: ComponentData, code: str):
    """The language with this code, or a usage error listing the ones there are."""
    language = data.language(code)
    if language is None:
        known = ", ".join(sorted(x.code for x in data.languages))
        raise click.BadParameter(f"no language {code!r} (languages: {known})", param_hint="--lang")
    return language


def data_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--data",
        "data_dir",
        type=click.Path(path_type=Path, file_okay=True, dir_okay=True),
        default=DEFAULT_DATA_DIR,
        show_default="the project's data/",
        help="Folder of YAML component data.",
    )(func)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dinokit")
def main() -> None:
    """Print-and-play kits for Digging for Dinos and Paleontologists."""


def _summary(diags: Diagnostics, strict: bool) -> str:
    errors, warnings = len(diags.errors), len(diags.warnings)
    text = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return text + (" (--strict: warnings count as errors)" if strict and warnings else "")


def _failed(diags: Diagnostics, strict: bool) -> bool:
    return bool(diags.errors) or (strict and bool(diags.warnings))


def _print_diagnostics(diags: Diagnostics, limit: int | None = None) -> None:
    shown = diags.sorted()
    for diagnostic in shown[:limit]:
        colour = "red" if diagnostic.severity is Severity.ERROR else "yellow"
        click.echo(click.style(diagnostic.format(), fg=colour))
    if limit is not None and len(shown) > limit:
        click.echo(f"... and {len(shown) - limit} more")


@main.command()
@data_option
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one line per problem; json: a list of objects.",
)
def validate(data_dir: Path, strict: bool, fmt: str) -> None:
    """Check the component data and report every problem with its file and line.

    Exits 1 when there is any error (or any warning with --strict), else 0.

    Example: dinokit validate --data data/ --format json
    """
    _, diags = load_data(data_dir)
    if fmt == "json":
        click.echo(to_json(diags.sorted()))
    else:
        _print_diagnostics(diags)
        click.echo(f"{display_path(data_dir)}: {_summary(diags, strict)}", err=True)
    sys.exit(1 if _failed(diags, strict) else 0)


def load_or_exit(data_dir: Path) -> ComponentData:
    """Load the data for a build; on any error print the problems and exit 1."""
    data, diags = load_data(data_dir)
    if diags.errors:
        _print_diagnostics(diags, limit=10)
        raise click.ClickException(
            f"the data in {display_path(data_dir)} has {_summary(diags, False)}; "
            "nothing was built (run 'dinokit validate' for details)"
        )
    return data


def _parse_offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    try:
        x_text, y_text = value.split(",")
        return float(x_text), float(y_text)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not an offset, expected two numbers in mm as X,Y (e.g. 0.5,-1)"
        ) from None


def print_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options every printable product takes."""
    options = [
        OUT_OPTION,
        PAPER_OPTION,
        click.option(
            "--format",
            "fmt",
            type=click.Choice(["pdf", "svg"]),
            default="pdf",
            show_default=True,
            help="pdf: one file; svg: one file per page.",
        ),
        LANG_OPTION,
        click.option(
            "--bleed",
            type=click.FloatRange(0, 6),
            default=None,
            help="Bleed in mm around each component [default: 3].",
        ),
        click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks."),
        click.option("--ink-saver", is_flag=True, help="Light fills and outlines."),
        click.option(
            "--duplex-offset",
            default="0,0",
            show_default=True,
            callback=_parse_offset,
            help="Shift backs by X,Y mm to correct a duplex printer's drift.",
        ),
        data_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _build_one(
    product_name: str,
    data_dir: Path,
    out_dir: Path,
    paper: str,
    fmt: str,
    lang: str,
    bleed: float | None,
    no_crop_marks: bool,
    ink_saver: bool,
    duplex_offset: tuple[float, float],
) -> None:
    from ..products.build import PRODUCTS, build_product

    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    options = PrintOptions(paper, bleed, not no_crop_marks, ink_saver, duplex_offset)
    try:
        written = build_product(data, PRODUCTS[product_name], language, options, fmt, out_dir)
    except (OutputError, LayoutError, TextOverflow) as exc:
        raise click.ClickException(str(exc)) from None
    for item in written:
        click.echo(f"wrote {display_path(item.path)} ({item.pages} page{'s' * (item.pages != 1)})")


@main.command()
@print_options
def tiles(**kwargs: Any) -> None:
    """Fossil tiles of Digging for Dinos, all eras, with duplex era backs.

    Example: dinokit tiles --lang it --paper a4 --out output/
    """
    _build_one("tiles", **kwargs)


@main.command()
@print_options
def tokens(**kwargs: Any) -> None:
    """Paleontologist tokens (two per player colour), face A backed by face B.

    Example: dinokit tokens --paper letter --duplex-offset 0.5,-1
    """
    _build_one("tokens", **kwargs)


@main.command()
@print_options
def aid(**kwargs: Any) -> None:
    """Player aid cards of Digging for Dinos: the turn and scoring in brief.

    Example: dinokit aid --lang ko --format svg
    """
    _build_one("aid", **kwargs)


@main.command()
@click.option(
    "--count",
    type=click.IntRange(min=1, max=100_000),
    default=10,
    show_default=True,
    help="Number of different sheets.",
)
@click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Seed of the pad: the same seed gives the same sheets.",
)
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default="medium",
    show_default=True,
    help="Band of the greedy player's expected score.",
)
@click.option(
    "--players",
    type=click.IntRange(min=1, max=200),
    default=1,
    show_default=True,
    help="Copies of each sheet (a group shares one layout).",
)
@click.option(
    "--code",
    default=None,
    help="Rebuild the one sheet printed with this code (e.g. PAL-7K3F-92QD).",
)
@click.option(
    "--per-page",
    type=click.Choice(["1", "2"]),
    default="1",
    show_default=True,
    help="Sheets per page (2: side by side on landscape paper).",
)
@OUT_OPTION
@PAPER_OPTION
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["pdf", "svg", "json"]),
    default="pdf",
    show_default=True,
    help="pdf, svg (one file per page) or json (the layouts).",
)
@LANG_OPTION
@click.option(
    "--jobs",
    type=click.IntRange(min=1, max=64),
    default=None,
    help="Processes generating sheets [default: every core].",
)
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
    from ..products.build import build_pad

    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    paleo = data.game("paleontologists")
    try:
        if code is not None:
            sites = [site_from_code(paleo, code)]
            stem = f"pad-{sites[0].code}"
        else:
            workers = jobs or os.cpu_count() or 1
            with _progress(count, "generating sheets") as bar:
                sites = generate_pad(paleo, count, seed, difficulty, workers, bar.update)
            stem = f"pad-{difficulty}-seed{seed}-x{count}"
        written = build_pad(
            data, language, sites, players, paper, int(per_page), fmt, out_dir, stem
        )
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    except (GenerationError, OutputError, LayoutError, TextOverflow, ValueError) as exc:
        raise click.ClickException(str(exc)) from None
    for item in written[:3]:
        click.echo(f"wrote {display_path(item.path)}")
    if len(written) > 3:
        click.echo(f"... and {len(written) - 3} more files")


@main.group()
def simulate() -> None:
    """Play many games with bots and write a balance report (PDF, SVG, JSON).

    Example: dinokit simulate digging-for-dinos --games 10000 --players 3
    """


@simulate.command("digging-for-dinos")
@click.option(
    "--games",
    type=click.IntRange(min=1, max=1_000_000),
    default=1000,
    show_default=True,
    help="Games to play.",
)
@click.option("--players", type=click.IntRange(min=2, max=4), default=3, show_default=True)
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
    _check_bots(names, bots, BOT_TYPES)
    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    dinos = data.game("digging-for-dinos")
    with _progress(games, "playing") as bar:
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
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


@simulate.command("paleontologists")
@click.option(
    "--games",
    type=click.IntRange(min=1, max=1_000_000),
    default=1000,
    show_default=True,
    help="Games to play in all.",
)
@click.option("--code", default=None, help="Play this one sheet (e.g. PAL-7K3F-92QD).")
@click.option(
    "--difficulty",
    type=click.Choice(["easy", "medium", "hard"]),
    default=None,
    help="Play sheets of this difficulty [default: all three].",
)
@click.option(
    "--sheets",
    type=click.IntRange(min=1, max=1000),
    default=10,
    show_default=True,
    help="Sheets per difficulty (without --code).",
)
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
    _check_bots(players, bots, BOTS)
    data = load_or_exit(data_dir)
    paleo = data.game("paleontologists")
    workers = jobs or os.cpu_count() or 1
    try:
        sites = choose_sheets(paleo, code, difficulty, seed, sheets, workers)
    except CodeError as exc:
        raise click.BadParameter(str(exc), param_hint="--code") from None
    with _progress(games, "playing") as bar:
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
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(paths[0])} and {len(paths) - 1} more files")


@main.command()
@click.option(
    "--game",
    type=click.Choice(["digging-for-dinos", "paleontologists"]),
    required=True,
    help="Which game's rules.",
)
@LANG_OPTION
@OUT_OPTION
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter"]),
    default="a4",
    show_default=True,
    help="Paper of the imposed booklet (single pages are always A5).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["pdf", "svg"]),
    default="pdf",
    show_default=True,
    help="pdf, or svg (one file per page).",
)
@click.option(
    "--imposed",
    is_flag=True,
    help="Saddle-stitch booklet: two A5 pages per landscape side, duplex.",
)
@data_option
def rules(
    game: str, lang: str, out_dir: Path, paper: str, fmt: str, imposed: bool, data_dir: Path
) -> None:
    """The rules booklet of a game, in a language, on A5 pages (or imposed to fold).

    Example: dinokit rules --game paleontologists --lang fr --imposed --paper a4
    """
    from ..products.build import build_booklet

    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    try:
        written = build_booklet(data, game, language, paper, fmt, imposed, out_dir)
    except (OutputError, TextOverflow) as exc:
        raise click.ClickException(str(exc)) from None
    for item in written[:3]:
        click.echo(f"wrote {display_path(item.path)} ({item.pages} pages)")
    if len(written) > 3:
        click.echo(f"... and {len(written) - 3} more files")


@main.group()
def i18n() -> None:
    """Translations: how complete each language is.

    Example: dinokit i18n status
    """


@i18n.command("status")
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
@data_option
def i18n_status(fmt: str, data_dir: Path) -> None:
    """A table per language: booklet texts translated, missing, mismatched placeholders.

    Example: dinokit i18n status --format json
    """
    data, diags = load_data(data_dir)
    rows = [s.as_json() for s in data.booklet_status]
    names = {lang.code: len(lang.names) + len(lang.labels) for lang in data.languages}
    if fmt == "json":
        click.echo(
            json.dumps({"names_and_labels": names, "booklets": rows}, indent=2, ensure_ascii=False)
        )
    else:
        click.echo(
            f"{'lang':6}{'game':20}{'translated':>12}{'missing':>9}{'placeholders':>14}"
            f"{'same as en':>12}"
        )
        for r in rows:
            click.echo(
                f"{r['lang']:6}{r['game']:20}{r['translated_percent']:>11.1f}%"
                f"{len(r['missing']):>9}{len(r['placeholder_mismatch']):>14}"
                f"{len(r['same_as_reference']):>12}"
            )
        problems = [d for d in diags if d.code.startswith(("E-BOOK", "W-BOOK", "E-LANG"))]
        if problems:
            click.echo(f"{len(problems)} translation problems; run 'dinokit validate' for details")
    sys.exit(1 if diags.errors else 0)


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass


def _progress(total: int, label: str):
    """A progress bar on a terminal; silent when output goes elsewhere."""
    if sys.stderr.isatty() and total > 1:
        return click.progressbar(length=total, label=label, file=sys.stderr)
    return _NoBar()


@main.command()
@data_option
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("output"),
    show_default=True,
    help="Folder to write the kit into.",
)
@click.option(
    "--lang",
    "languages",
    multiple=True,
    help="Only this language (repeat for several) [default: all].",
)
@click.option(
    "--paper",
    "papers",
    multiple=True,
    type=click.Choice(["a4", "letter"]),
    help="Only this paper (repeat for several) [default: a4 and letter].",
)
@JOBS_OPTION
def build(
    data_dir: Path,
    out_dir: Path,
    languages: tuple[str, ...],
    papers: tuple[str, ...],
    jobs: int | None,
) -> None:
    """Validate the data and build the whole kit into --out, with a manifest.

    Example: dinokit build --out output/
    """
    import os

    from ..products.build import build_kit, manifest

    data = load_or_exit(data_dir)
    unknown = sorted(set(languages) - {lang.code for lang in data.languages})
    if unknown:
        known = ", ".join(sorted(lang.code for lang in data.languages))
        raise click.BadParameter(
            f"no language {unknown[0]!r} (languages: {known})", param_hint="--lang"
        )
    try:
        written = build_kit(
            data,
            out_dir,
            lambda w: click.echo(f"wrote {display_path(w.path)}"),
            languages,
            papers or ("a4", "letter"),
            jobs or os.cpu_count() or 1,
        )
        content = manifest(data, written, out_dir, __version__)
        path = atomic_write(out_dir / "manifest.json", content)
    except (OutputError, LayoutError, TextOverflow) as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(path)} ({len(written)} files, sha256 {sha256(content)[:12]})")


if __name__ == "__main__":  # pragma: no cover
    main()
