"""dinokit calibrate and dinokit printer: measure a duplex printer once, save it, reuse it.

``--printer NAME`` on the printing commands goes through :func:`apply_printer`: the saved
paper (unless --paper is given) and, where pages have backs to align, the saved duplex
offset (unless --duplex-offset is given).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..source.diagnostics import display_path
from .common import (
    LANG_OPTION,
    PAPERS,
    build_errors,
    choice_option,
    data_option,
    format_option,
    language_of,
    load_or_exit,
    out_option,
    parse_offset,
    print_diagnostics,
    printer_option,
)
from .folders import templates_error


def _limit() -> float:
    """The duplex offset's limit, from --templates sheets.yaml (a usage error naming
    --templates and the file when it cannot be read)."""
    from ..layout.sheets import load_sheet_spec
    from ..source.diagnostics import DataError

    try:
        return load_sheet_spec().duplex_max
    except DataError as exc:
        raise templates_error(exc) from None


def saved_printers() -> tuple[Path, dict[str, Any], list[str]]:
    """The profile file, its printers and its warnings (an unknown key, each shown on
    stderr with its file, line and column); a broken file is one located message per
    problem and a usage error (exit 1), never a traceback."""
    from ..source.diagnostics import Diagnostics
    from ..source.printers import config_path, load_printers

    path = config_path()
    diags = Diagnostics()
    printers = load_printers(path, diags, _limit())
    if diags.errors:
        print_diagnostics(diags)
        raise click.ClickException(
            f"the printer profiles in {display_path(path)} cannot be read "
            f"({len(diags.errors)} error{'s' * (len(diags.errors) != 1)}); fix the file or "
            "remove it and save the printers again with 'dinokit printer set'"
        )
    warnings = [w.format() for w in diags.sorted()]
    for warning in warnings:
        click.echo(click.style(warning, fg="yellow"), err=True)
    return path, printers, warnings


def find_printer(name: str) -> Any:
    """The saved printer ``name``, or a usage error listing the printers there are."""
    path, printers, _ = saved_printers()
    if name not in printers:
        known = ", ".join(sorted(printers)) or "none yet; save one with 'dinokit printer set'"
        raise click.BadParameter(
            f"no saved printer {name!r} in {display_path(path)} (printers: {known})",
            param_hint="--printer",
        )
    return printers[name]


def _given(name: str) -> bool:
    ctx = click.get_current_context()
    return ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)


def apply_printer(
    name: str | None, paper: str, offset: tuple[float, float], backs: bool = True
) -> tuple[str, tuple[float, float]]:
    """``paper`` and ``offset`` after ``--printer name``: the saved paper where --paper
    was not given, and (when ``backs``: pages with backs printed double-sided) the saved
    duplex offset where --duplex-offset was not given."""
    if name is None:
        return paper, offset
    printer = find_printer(name)
    if printer.paper and not _given("paper"):
        paper = printer.paper
    if backs and not _given("duplex_offset"):
        offset = printer.duplex_offset
    return paper, offset


@click.command()
@choice_option("--paper", PAPERS, "a4", "Paper size.")
@out_option(help="Folder to write calibration-<paper>.pdf into.")
@format_option(("pdf", "svg"), "pdf: one file; svg: one file per page.")
@LANG_OPTION
@printer_option(
    "the back shifted by its saved offset (to check it), and its paper; --paper given here wins."
)
@data_option
def calibrate(
    paper: str, out_dir: Path, fmt: str, lang: str, printer: str | None, data_dir: Path
) -> None:
    """A two-page sheet to print double-sided once: it shows the printer's
    front-to-back offset (X and Y, to 0.25 mm) and checks that it prints at 100%.

    Its steps say how to read it: the thick lines give the offset to about 1 mm, the
    thin line that meets nearest that number gives it to 0.25 mm. Save the two numbers
    with 'dinokit printer set NAME --duplex-offset X,Y', then build the kit again with
    'dinokit build --printer NAME'.

    With --printer NAME the back is shifted by the saved offset: the scales then read
    what is left (0 when the profile is right; otherwise add the reading to the saved
    offset and save it again).

    Example: dinokit calibrate --paper letter --out output/
    """
    from ..products.calibrate import build_calibration

    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    paper, offset = apply_printer(printer, paper, (0.0, 0.0))
    try:
        written = build_calibration(language, paper, fmt, out_dir, offset)
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    for item in written:
        click.echo(f"wrote {display_path(item.path)} ({item.pages} page{'s' * (item.pages != 1)})")


@click.group()
def printer() -> None:
    """Saved printers: a duplex offset (and a paper) per printer, in
    $XDG_CONFIG_HOME/dinokit/printers.yaml (or ~/.config/dinokit/printers.yaml).

    Example: dinokit printer set office --duplex-offset 0.5,-1 --paper a4
    """


@printer.command("set")
@click.argument("name")
@click.option(
    "--duplex-offset",
    required=True,
    callback=parse_offset,
    help="X,Y in mm as read on the calibration sheet (dinokit calibrate), each -5 to 5.",
)
@click.option("--paper", type=click.Choice(PAPERS), default=None, help="The printer's paper.")
@data_option
def set_printer(
    name: str, duplex_offset: tuple[float, float], paper: str | None, data_dir: Path
) -> None:
    """Save (or replace) the printer NAME (lowercase letters, digits and '-', at most 40
    characters; --data is accepted like everywhere, unused). Then build the kit again
    with it, 'dinokit build --printer NAME': files built before do not change.

    Example: dinokit printer set office --duplex-offset 0.5,-1 --paper a4
    """
    from ..products.files import atomic_write
    from ..source.files import OutputError
    from ..source.printers import Printer, config_path, dump_printers, locked, name_problem

    problem = name_problem(name)
    if problem is not None:
        raise click.BadParameter(problem, param_hint="NAME")
    try:
        # read, change and write under the file's lock: concurrent 'printer set' runs
        # each keep their printer; the write is atomic (a reader never sees half a file)
        with locked(config_path()):
            path, printers, warnings = saved_printers()  # broken: reported, never overwritten
            printers[name] = Printer(name, duplex_offset, paper)
            atomic_write(path, dump_printers(printers))
    except (OSError, OutputError) as exc:
        raise click.ClickException(f"{display_path(config_path())}: {exc}") from None
    x, y = duplex_offset
    shown = f" on {paper.upper()}" if paper else ""
    click.echo(f"saved printer {name!r}: duplex offset {x:g},{y:g} mm{shown}")
    click.echo(f"in {display_path(path)}")
    if warnings:
        click.echo(
            click.style(
                f"warning: {display_path(path)} was written again without the unknown "
                f"key{'s' * (len(warnings) != 1)} above; give those values with 'dinokit "
                "printer set' (--duplex-offset, --paper)",
                fg="yellow",
            ),
            err=True,
        )
    click.echo(
        f"build the kit again with it: dinokit build --out output/ --printer {name} "
        f"(or dinokit tiles --printer {name}, ...)"
    )


@printer.command("list")
@data_option
def list_printers(data_dir: Path) -> None:
    """The saved printers, one a line: name, duplex offset, paper (--data is unused).

    Example: dinokit printer list
    """
    path, printers, _ = saved_printers()
    if not printers:
        click.echo(f"no saved printers ({display_path(path)}); save one with 'dinokit printer set'")
        return
    for name in sorted(printers):
        p = printers[name]
        x, y = p.duplex_offset
        click.echo(f"{name}\tduplex offset {x:g},{y:g} mm\tpaper {p.paper or '-'}")


COMMANDS = (calibrate, printer)
