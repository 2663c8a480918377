"""--data and --templates: the two folders a command reads, checked when given.

A folder given that is missing, a file, or lacks what such a folder holds is a usage
error (exit 2) naming the option, the folder and what was expected, before anything
is read or written; ``validate`` instead reports it as one of its findings.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from ..source import DEFAULT_DATA_DIR
from ..source.diagnostics import display_path

#: What a templates folder holds (a copy of the shipped templates/).
TEMPLATE_ENTRIES = ("sheets.yaml", "fonts.yaml", "booklets/")
_TEMPLATES_EXPECTED = (
    "expected a templates folder: a copy of dinokit's templates/ (sheets.yaml, fonts.yaml, "
    "booklets/), as 'dinokit init DIR' makes"
)
_DATA_EXPECTED = (
    "expected a folder of YAML component data: a copy of dinokit's data/ ({entries}), "
    "as 'dinokit init DIR' makes"
)


def _given_here(ctx: click.Context, param: click.Parameter) -> bool:
    """True when the user gave this option (not its default), and it is to be checked
    now: never while completing a command line, nor for ``validate``, which reports a
    missing folder as one of its diagnostics (in its --format)."""
    if ctx.resilient_parsing or getattr(ctx.command.callback, _REPORTS_FOLDERS, False):
        return False
    assert param.name is not None
    return ctx.get_parameter_source(param.name) not in (ParameterSource.DEFAULT, None)


def folder_problem(value: Path, entries: tuple[str, ...], expected: str) -> str | None:
    """What is wrong with ``value`` as a folder that holds ``entries`` (folders written
    with a trailing ``/``); None: nothing at first sight (what is inside the files is
    checked where they are read)."""
    shown = display_path(value)
    if not value.exists():
        return f"{shown}: no such folder; {expected}"
    if not value.is_dir():
        return f"{shown} is a file; {expected}"
    try:
        present = set(os.listdir(value))
    except OSError as exc:
        return f"{shown}: cannot read the folder ({exc.strerror or exc}); {expected}"
    missing = [entry for entry in entries if entry.rstrip("/") not in present]
    if missing:
        listed = ", ".join(missing[:-1]) + " or " * (len(missing) > 1) + missing[-1]
        return f"{shown} has no {listed}; {expected}"
    return None


def templates_problem(value: Path) -> str | None:
    """What is wrong with ``value`` as a --templates folder (None: nothing at first sight)."""
    return folder_problem(value, TEMPLATE_ENTRIES, _TEMPLATES_EXPECTED)


def data_problem(value: Path) -> str | None:
    """What is wrong with ``value`` as a --data folder (None: nothing at first sight)."""
    from ..games import GAMES

    entries = ("lang/", *(f"{game.id}/" for game in GAMES))
    return folder_problem(value, entries, _DATA_EXPECTED.format(entries=", ".join(entries)))


def _data_folder(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    if _given_here(ctx, param):
        problem = data_problem(value)
        if problem is not None:
            raise click.BadParameter(problem, ctx, param)
    return value


#: Set on a command's function whose command reports a missing --data or --templates
#: folder itself (``validate``).
_REPORTS_FOLDERS = "_dinokit_reports_folders"


def _data_option(func: Callable[..., Any], reports: bool) -> Callable[..., Any]:
    setattr(func, _REPORTS_FOLDERS, reports)
    func = click.option(
        "--data",
        "data_dir",
        type=click.Path(path_type=Path, file_okay=True, dir_okay=True),
        default=DEFAULT_DATA_DIR,
        show_default="the data shipped with dinokit",
        callback=_data_folder,
        help="Folder of YAML component data.",
    )(func)
    return templates_option(func)


def data_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--data DIR, and beside it --templates DIR (every command that reads data takes
    both); a folder given that is missing, a file, or (--templates) not a templates
    folder is a usage error naming the option and the folder."""
    return _data_option(func, reports=False)


def reported_data_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--data and --templates for ``validate``: a missing folder is one of its findings."""
    return _data_option(func, reports=True)


def _use_templates(ctx: click.Context, param: click.Parameter, value: Path | None) -> None:
    from ..source import templates_dir, use_templates

    if value is not None and _given_here(ctx, param):
        problem = templates_problem(value)
        if problem is not None:
            raise click.BadParameter(problem, ctx, param)
    if value is not None:  # the folder in use before, again once the command is done
        before = templates_dir()
        ctx.call_on_close(lambda: use_templates(before))
    use_templates(value)  # before any other option or the command reads a template


def templates_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """--templates DIR: sheet layouts, booklet texts and the font catalogue (a copy of
    templates/ for a translator); set for the whole command, its workers included."""
    return click.option(
        "--templates",
        type=click.Path(path_type=Path, file_okay=True, dir_okay=True),
        default=None,
        show_default="the templates shipped with dinokit",
        is_eager=True,
        expose_value=False,
        callback=_use_templates,
        help="Folder of templates: sheets.yaml, fonts.yaml, booklets/.",
    )(func)


def templates_error(exc: Exception) -> click.BadParameter:
    """A broken --templates file (a DataError) read while parsing options or before the
    data: a usage error naming --templates and the file."""
    return click.BadParameter(str(exc), param_hint="'--templates'")


def checked_folders(data_dir: Path) -> str:
    """The data folder, and the templates folder when --templates gave one:
    ``data`` or ``data and my/templates``."""
    from ..source import TEMPLATES_DIR, templates_dir

    checked = display_path(data_dir)
    if templates_dir() != TEMPLATES_DIR:
        checked += f" and {display_path(templates_dir())}"
    return checked
