"""dinokit tiles, tokens, aid and build: the sheet products, and the whole kit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from .. import __version__
from ..source.diagnostics import display_path
from .common import (
    JOBS_OPTION,
    LAYOUT_OPTION,
    build_errors,
    data_option,
    language_of,
    load_or_exit,
    out_option,
    print_options,
    printer_option,
)
from .printing import apply_printer


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
    layout: str,
    duplex_offset: tuple[float, float],
    printer: str | None,
) -> None:
    from ..layout.sheets import PrintOptions
    from ..products.build import build_product, sheet_products

    paper, duplex_offset = apply_printer(printer, paper, duplex_offset, layout == "duplex")
    data = load_or_exit(data_dir, ("digging-for-dinos",), (lang,))  # its layouts alone
    language = language_of(data, lang)
    options = PrintOptions(paper, bleed, not no_crop_marks, ink_saver, duplex_offset, layout)
    try:
        written = build_product(
            data, sheet_products()[product_name], language, options, fmt, out_dir
        )
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    for item in written:
        click.echo(f"wrote {display_path(item.path)} ({item.pages} page{'s' * (item.pages != 1)})")


@click.command()
@print_options
def tiles(**kwargs: Any) -> None:
    """Fossil tiles of Digging for Dinos, all eras, with duplex era backs.

    Example: dinokit tiles --lang it --paper a4 --out output/
    """
    _build_one("tiles", **kwargs)


@click.command()
@print_options
def tokens(**kwargs: Any) -> None:
    """Paleontologist tokens (two per player and spares), face A backed by face B.

    Example: dinokit tokens --paper letter --duplex-offset 0.5,-1
    """
    _build_one("tokens", **kwargs)


@click.command()
@print_options
def aid(**kwargs: Any) -> None:
    """Player aid cards of Digging for Dinos: the turn and scoring in brief.

    Example: dinokit aid --lang ko --format svg
    """
    _build_one("aid", **kwargs)


@click.command()
@data_option
@out_option(help="Folder to write the kit into.")
@click.option(
    "--lang",
    "languages",
    multiple=True,
    show_default="every language",
    help="Only this language (repeat for several).",
)
@click.option(
    "--paper",
    "papers",
    multiple=True,
    type=click.Choice(["a4", "letter"]),
    show_default="a4 and letter",
    help="Only this paper (repeat for several).",
)
@LAYOUT_OPTION
@click.option(
    "--ink-saver", is_flag=True, help="Light grounds and outlines in every file of the kit."
)
@printer_option(
    "its duplex offset for every backs page, the calibration sheet's too (with --layout "
    "duplex), and its paper; --paper given here wins."
)
@JOBS_OPTION
def build(
    data_dir: Path,
    out_dir: Path,
    languages: tuple[str, ...],
    papers: tuple[str, ...],
    layout: str,
    ink_saver: bool,
    printer: str | None,
    jobs: int | None,
) -> None:
    """Validate the data and build the whole kit into --out, with a manifest.

    --layout gutter-fold lays the tiles, tokens and aid out to fold instead of
    printing double-sided (files named <product>-gutter-<paper>.pdf); --ink-saver
    makes every file light (files named ...-inksaver.pdf).

    Example: dinokit build --out output/ --layout gutter-fold --paper letter
    """
    import os

    from ..layout.sheets import PrintOptions
    from ..products.build import build_kit, manifest
    from ..products.files import atomic_write, sha256

    offset: tuple[float, float] = (0.0, 0.0)
    if printer is not None:
        saved, offset = apply_printer(printer, "", offset, layout == "duplex")
        papers = papers or ((saved,) if saved else ())
    template = PrintOptions(ink_saver=ink_saver, duplex_offset=offset, layout=layout)
    data = load_or_exit(data_dir)
    unknown = sorted(set(languages) - {lang.code for lang in data.languages})
    if unknown:
        known = ", ".join(sorted(lang.code for lang in data.languages))
        raise click.BadParameter(
            f"no language {unknown[0]!r} (languages: {known})", param_hint="--lang"
        )
    try:
        # The old manifest would describe files this build is about to replace: remove
        # it first, so a build stopped half-way leaves no manifest rather than a wrong one.
        (out_dir / "manifest.json").unlink(missing_ok=True)
        written = build_kit(
            data,
            out_dir,
            lambda w: click.echo(f"wrote {display_path(w.path)}"),
            languages,
            papers or ("a4", "letter"),
            jobs or os.cpu_count() or 1,
            template,
        )
        content = manifest(data, written, out_dir, __version__)
        path = atomic_write(out_dir / "manifest.json", content)
    except OSError as exc:  # the old manifest could not be removed
        raise click.ClickException(f"{display_path(out_dir)}: {exc.strerror or exc}") from None
    except build_errors() as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(path)} ({len(written)} files, sha256 {sha256(content)[:12]})")


COMMANDS = (build, tiles, tokens, aid)
