"""What every command shares: options, loading the data, messages, progress."""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..source.diagnostics import Diagnostics, Severity, clipped, display_path
from .folders import data_option, templates_error

if TYPE_CHECKING:
    from ..games.data import ComponentData

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
PAPERS = ("a4", "letter")
#: dinokit's optional extras (pyproject.toml): the module each brings, by extra.
EXTRAS = {"tune": "optuna", "dask": "distributed"}


def need_extra(extra: str, what: str) -> None:
    """Exit 2, with the exact line to install it, when ``extra`` is not installed."""
    import importlib.util

    if importlib.util.find_spec(EXTRAS[extra]) is None:
        click.echo(
            f"Error: {what} needs {EXTRAS[extra]}, an optional dependency of dinokit that is "
            f"not installed; install it with:\n  {sys.executable} -m pip install "
            f"'dinokit[{extra}]'",
            err=True,
        )
        raise SystemExit(2)


def number_option(
    name: str,
    low: int,
    high: int | None = None,
    default: int | None = None,
    help: str = "",
    shown: str | None = None,
) -> Decorator:
    """``name``: a whole number from ``low`` to ``high`` (no upper bound when None);
    ``shown``: the default in words, where it is not a number (``default`` None)."""
    return click.option(
        name,
        type=click.IntRange(min=low, max=high),
        default=default,
        show_default=True if shown is None else shown,
        help=help,
    )


def choice_option(
    name: str,
    choices: tuple[str, ...],
    default: str | None,
    help: str,
    dest: str | None = None,
    shown: str | None = None,
) -> Decorator:
    """``name``: one of ``choices``; ``dest`` names the parameter when not the option's
    name; ``shown``: the default in words, where it is none of the choices."""
    names = (name, dest) if dest else (name,)
    return click.option(
        *names,
        type=click.Choice(choices),
        default=default,
        show_default=True if shown is None else shown,
        help=help,
    )


def format_option(formats: tuple[str, ...], help: str) -> Decorator:
    """--format, the first of ``formats`` by default."""
    return choice_option("--format", formats, formats[0], help, dest="fmt")


#: Bytes of one name in a path (Linux, macOS and Windows file systems allow 255), and of
#: the --out folder's whole path: the kit adds about 60 to it, and 4096 is Linux's limit.
NAME_BYTES, OUT_PATH_BYTES = 255, 3900


def _guarded(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    from ..source.files import guard_root

    whole = os.fsencode(value.absolute())
    long_name = next((part for part in value.parts if len(os.fsencode(part)) > NAME_BYTES), None)
    if long_name is not None or len(whole) > OUT_PATH_BYTES:
        what = (
            f"a folder name of {len(os.fsencode(long_name)):,} bytes, expected at most {NAME_BYTES}"
            if long_name is not None
            else f"a path of {len(whole):,} bytes, expected at most {OUT_PATH_BYTES:,}"
        )
        raise click.BadParameter(f"{clipped(str(value), 60)}: {what}", ctx, param)
    guard_root(value)  # no file is written through a symbolic link inside --out
    return value


def out_option(default: str = "output", help: str = "Folder to write into.") -> Decorator:
    return click.option(
        "--out",
        "out_dir",
        type=click.Path(path_type=Path, file_okay=False),
        default=Path(default),
        show_default=True,
        callback=_guarded,
        help=help,
    )


class FiniteRange(click.FloatRange):
    """A number in a closed range; never nan or inf (which a FloatRange lets through)."""

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a number from {self.min:g} to {self.max:g}", param, ctx)
        return number


OUT_OPTION = out_option()
PAPER_OPTION = choice_option("--paper", PAPERS, "a4", "Paper size.")
LANG_OPTION = click.option(
    "--lang", default="en", show_default=True, help="Language code (a file in data/lang/)."
)
JOBS_OPTION = number_option(
    "--jobs", 1, 64, help="Processes to use; the results do not depend on it.", shown="every core"
)
SEED_OPTION = number_option(
    "--seed", 0, default=1, help="Seed of the random choices: the same seed, the same games."
)
SIM_OUT_OPTION = out_option("output/simulations", "Folder for the report.")
DIFFICULTIES = ("easy", "medium", "hard")


#: Names in one --bots list at the most (each bot once, or a few twice); checked before
#: any game is played, so a long list never plays every game and then fails.
MAX_BOTS = 8


def check_bots(names: list[str], text: str, known) -> None:
    if len(names) > MAX_BOTS:
        raise click.BadParameter(
            f"{len(names)} bots, expected at most {MAX_BOTS} (a bot may be named twice to "
            "give it more seats)",
            param_hint="--bots",
        )
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


def summary(diags: Diagnostics, strict: bool) -> str:
    errors, warnings = len(diags.errors), len(diags.warnings)
    text = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return text + (" (--strict: warnings count as errors)" if strict and warnings else "")


def failed(diags: Diagnostics, strict: bool) -> bool:
    return bool(diags.errors) or (strict and bool(diags.warnings))


def print_diagnostics(diags: Diagnostics, limit: int | None = None) -> None:
    shown = diags.sorted()
    for diagnostic in shown[:limit]:
        colour = "red" if diagnostic.severity is Severity.ERROR else "yellow"
        click.echo(click.style(diagnostic.format(), fg=colour))
    if limit is not None and len(shown) > limit:
        click.echo(f"... and {len(shown) - limit} more")


def load_or_exit(
    data_dir: Path, games: Iterable[str] = (), languages: Iterable[str] = ()
) -> ComponentData:
    """Load the data for a build; on any error print the problems and exit 1.

    Data that passed is remembered (:mod:`generator.products.datacache`): unchanged
    data, templates and code are not checked again by the next command.

    ``games`` and ``languages``: what the command makes; glyphs and layouts are then
    checked for those alone (``validate`` and ``build`` check the whole kit). Both
    empty: everything."""
    from ..products.datacache import remembered

    made = frozenset(games), frozenset(languages)
    scoped = bool(made[0] or made[1])

    def checked() -> ComponentData:
        from ..products.validate import Scope, load_data  # only when not remembered

        data, diags = load_data(data_dir, scope=Scope(*made) if scoped else None)
        if diags.errors:
            print_diagnostics(diags, limit=10)
            from ..source import TEMPLATES_DIR, templates_dir

            what = f"the data in {display_path(data_dir)}"
            if templates_dir() != TEMPLATES_DIR:
                what += f" with the templates in {display_path(templates_dir())}"
            raise click.ClickException(
                f"{what} has {summary(diags, False)}; nothing was built (run 'dinokit "
                "validate' for details)"
            )
        return data

    tag = ",".join(sorted(made[0])) + "|" + ",".join(sorted(made[1])) if scoped else ""
    return remembered(data_dir, checked, tag)


def parse_offset(ctx: click.Context, param: click.Parameter, value: str) -> tuple[float, float]:
    """X,Y in mm, each within the sheets' duplex limit (templates/sheets.yaml). The
    numbers may be written as the calibration sheet writes them in the user's language:
    "+4,5,-0,5" (decimal commas, both numbers with a fraction) or with U+2212 minus."""
    from ..layout.sheets import LayoutError, check_duplex_offset, load_sheet_spec
    from ..source.diagnostics import DataError

    parts = value.replace("\u2212", "-").split(",")
    if len(parts) == 4:  # "+4,5,-0,5": each number with its decimal comma
        parts = [f"{parts[0]}.{parts[1]}", f"{parts[2]}.{parts[3]}"]
    try:
        x_text, y_text = parts
        offset = float(x_text), float(y_text)
    except ValueError:
        raise click.BadParameter(
            f"{value!r} is not an offset, expected two numbers in mm as X,Y (e.g. 0.5,-1 "
            "or, with decimal commas, 4,5,-0,5)"
        ) from None
    try:
        check_duplex_offset(load_sheet_spec(), offset)
    except DataError as exc:  # a broken --templates sheets.yaml: not the offset's fault
        raise templates_error(exc) from None
    except LayoutError as exc:
        raise click.BadParameter(str(exc)) from None
    return offset


LAYOUT_OPTION = choice_option(
    "--layout",
    ("duplex", "gutter-fold"),
    "duplex",
    "duplex: fronts pages and mirrored backs pages, printed double-sided; gutter-fold: "
    "fronts and backs side by side on one landscape side, to fold along the middle.",
)


def printer_option(uses: str) -> Decorator:
    """--printer NAME; ``uses``: what of the saved printer this command uses, and which
    of its own options win over it (only options the command has)."""
    return click.option(
        "--printer",
        default=None,
        metavar="NAME",
        help=f"A saved printer (see 'dinokit printer list'): {uses}",
    )


def print_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options every printable product takes."""
    options: list[Callable[[Any], Any]] = [
        OUT_OPTION,
        PAPER_OPTION,
        format_option(("pdf", "svg"), "pdf: one file; svg: one file per page."),
        LANG_OPTION,
        click.option(
            "--bleed",
            type=FiniteRange(0, 6),
            default=None,
            show_default="the component's, 3 in sheets.yaml",
            help="Bleed in mm around each component.",
        ),
        click.option("--no-crop-marks", is_flag=True, help="Leave out the crop marks."),
        click.option("--ink-saver", is_flag=True, help="Light fills and outlines."),
        LAYOUT_OPTION,
        click.option(
            "--duplex-offset",
            default="0,0",
            show_default=True,
            callback=parse_offset,
            help="Shift every backs page by X,Y mm (each -5 to 5) to correct a duplex "
            "printer's drift: +X moves the backs right as seen on the backs page, +Y down.",
        ),
        printer_option(
            "its duplex offset (with --layout duplex) and its paper; --duplex-offset and "
            "--paper given here win."
        ),
        data_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        pass


class GameChoice(click.Choice):
    """The ids of the games there are, found when first asked for (not at start-up)."""

    def __init__(self) -> None:
        super().__init__([])

    @property
    def choices(self) -> tuple[str, ...]:
        from ..games import GAMES

        return tuple(game.id for game in GAMES)

    @choices.setter
    def choices(self, value: object) -> None:
        pass  # always the games found


def build_errors() -> tuple[type[Exception], ...]:
    """Errors a command reports as a plain message: a layout that cannot be made, a
    text that cannot fit, a file that cannot be written. (Imported only when one is
    raised, so that a command's module stays light.)"""
    from ..games.parallel import WorkerError
    from ..layout.sheets import LayoutError
    from ..layout.text import TextOverflow
    from ..products.files import OutputError

    return (OutputError, LayoutError, TextOverflow, WorkerError)


def progress(total: int, label: str):
    """A progress bar on a terminal; silent when output goes elsewhere."""
    if sys.stderr.isatty() and total > 1:
        return click.progressbar(length=total, label=label, file=sys.stderr)
    return _NoBar()
