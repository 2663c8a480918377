"""dinokit rules: the rules booklet of a game in a language."""

from __future__ import annotations

from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import (
    LANG_OPTION,
    OUT_OPTION,
    PAPERS,
    GameChoice,
    build_errors,
    choice_option,
    data_option,
    format_option,
    language_of,
    load_or_exit,
    printer_option,
)
from .printing import apply_printer


@click.command()
@click.option(
    "--game",
    type=GameChoice(),
    required=True,
    help="Which game's rules.",
)
@LANG_OPTION
@OUT_OPTION
@choice_option(
    "--paper", PAPERS, "a4", "Paper of the imposed booklet (single pages are always A5)."
)
@format_option(("pdf", "svg"), "pdf, or svg (one file per page).")
@click.option(
    "--imposed",
    is_flag=True,
    help="Saddle-stitch booklet: two A5 pages per landscape side, duplex.",
)
@click.option("--ink-saver", is_flag=True, help="Light grounds and outlined panels.")
@printer_option("its paper (a booklet is not cut: no offset); --paper given here wins.")
@data_option
def rules(
    game: str,
    lang: str,
    out_dir: Path,
    paper: str,
    fmt: str,
    imposed: bool,
    ink_saver: bool,
    printer: str | None,
    data_dir: Path,
) -> None:
    """The rules booklet of a game, in a language, on A5 pages (or imposed to fold).

    Example: dinokit rules --game paleontologists --lang fr --imposed --paper a4
    """
    from ..products.booklet.output import build_booklet

    # The pages are not cut: a duplex offset would change nothing, only the paper applies.
    paper, _ = apply_printer(printer, paper, (0.0, 0.0), backs=False)
    data = load_or_exit(data_dir, (game,), (lang,))  # that booklet's layouts alone
    language = language_of(data, lang)
    try:
        written = build_booklet(data, game, language, paper, fmt, imposed, out_dir, ink_saver)
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    for item in written[:3]:
        click.echo(f"wrote {display_path(item.path)} ({item.pages} pages)")
    if len(written) > 3:
        click.echo(f"... and {len(written) - 3} more files")


COMMANDS = (rules,)
