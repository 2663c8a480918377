"""dinokit guide: the kit's "read me first" guide, on its own."""

from __future__ import annotations

from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import PAPERS, data_option, language_of, load_or_exit, out_option


@click.command()
@data_option
@out_option(help="The kit's folder (as built by dinokit build); the guide goes into it.")
@click.option(
    "--lang",
    "languages",
    multiple=True,
    show_default="every language of the kit",
    help="Only this language (repeat for several).",
)
@click.option(
    "--paper",
    "papers",
    multiple=True,
    type=click.Choice(PAPERS),
    show_default="every paper of the kit",
    help="Only this paper (repeat for several).",
)
def guide(
    data_dir: Path, out_dir: Path, languages: tuple[str, ...], papers: tuple[str, ...]
) -> None:
    """Write <out>/<lang>/guide-<paper>.pdf: what the kit holds and how to print it.

    The files and their page counts come from <out>/manifest.json (run dinokit build
    first); the thumbnails are drawn again from the data.

    Example: dinokit guide --out output/ --lang de --paper a4
    """
    from ..products.files import OutputError
    from ..products.guide import build_guide
    from ..products.guide.manifest import read_manifest
    from .common import build_errors

    try:
        written = read_manifest(out_dir)
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    data = load_or_exit(data_dir)
    codes = languages or tuple(sorted({w.language for w in written} - {""}))
    chosen = [language_of(data, code) for code in codes]
    for lang in chosen:
        for paper in papers or PAPERS:
            try:
                for item in build_guide(data, lang, paper, written, out_dir):
                    click.echo(f"wrote {display_path(item.path)} ({item.pages} pages)")
            except build_errors() as exc:
                raise click.ClickException(str(exc)) from None


COMMANDS = (guide,)
