"""dinokit validate and dinokit i18n: what is wrong with the data, how complete each language is."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ..source.diagnostics import to_json
from .common import (
    GameChoice,
    data_option,
    failed,
    format_option,
    print_diagnostics,
    summary,
)
from .folders import checked_folders, reported_data_option


@click.command()
@reported_data_option
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@format_option(("text", "json"), "text: one line per problem; json: a list of objects.")
def validate(data_dir: Path, strict: bool, fmt: str) -> None:
    """Check the component data and templates; report every problem with its file and line.

    Exits 1 when there is any error (or any warning with --strict), else 0.

    Example: dinokit validate --data data/ --format json
    """
    from ..products.datacache import remembered_report

    def check():
        from ..products.validate import load_data  # every check: only when not remembered

        return load_data(data_dir)

    diags = remembered_report(data_dir, check)
    if fmt == "json":
        click.echo(to_json(diags.sorted()))
    else:
        print_diagnostics(diags)
        click.echo(f"{checked_folders(data_dir)}: {summary(diags, strict)}", err=True)
    sys.exit(1 if failed(diags, strict) else 0)


@click.group()
def i18n() -> None:
    """Translations: how complete each language is.

    Example: dinokit i18n status
    """


@i18n.command("status")
@format_option(("text", "json"), "text: a table; json: the same as data.")
@data_option
def i18n_status(fmt: str, data_dir: Path) -> None:
    """A table per language: booklet texts translated, missing, mismatched placeholders.

    Example: dinokit i18n status --format json
    """
    from ..products.validate import load_data

    data, diags = load_data(data_dir)
    rows = [s.as_json() for s in data.booklet_status]
    if not rows and diags.errors:  # the data or the templates could not be read at all
        print_diagnostics(diags, limit=10)
        raise click.ClickException(
            f"{checked_folders(data_dir)}: {summary(diags, False)}; no translation status "
            "to show (run 'dinokit validate' for details)"
        )
    names = {lang.code: len(lang.names) + len(lang.labels) for lang in data.languages}
    if fmt == "json":
        click.echo(
            json.dumps({"names_and_labels": names, "booklets": rows}, indent=2, ensure_ascii=False)
        )
    else:
        w = max([len(r["lang"]) + 2 for r in rows] + [6])  # zh-Hans, pt-BR ...
        click.echo(
            f"{'lang':{w}}{'game':20}{'translated':>12}{'missing':>9}{'placeholders':>14}"
            f"{'same as en':>12}"
        )
        for r in rows:
            click.echo(
                f"{r['lang']:{w}}{r['game']:20}{r['translated_percent']:>11.1f}%"
                f"{len(r['missing']):>9}{len(r['placeholder_mismatch']):>14}"
                f"{len(r['same_as_reference']):>12}"
            )
        problems = [d for d in diags if d.code.startswith(("E-BOOK", "W-BOOK", "E-LANG"))]
        if problems:
            click.echo(f"{len(problems)} translation problems; run 'dinokit validate' for details")
    others = [d for d in diags.errors if not d.code.startswith(("E-BOOK", "E-LANG"))]
    if others:  # why the exit status is 1, in either format
        click.echo(
            f"{checked_folders(data_dir)}: {len(others)} other error{'s' * (len(others) != 1)}; "
            "run 'dinokit validate' for details",
            err=True,
        )
    sys.exit(1 if diags.errors else 0)


@i18n.command("sign")
@click.option("--game", type=GameChoice(), required=True, help="Which game's statements.")
@click.option("--lang", "lang_code", required=True, help="Language code, e.g. ja.")
@click.option(
    "--by", "signed_by", required=True, help="Who signed, e.g. 'native review, 2026-12-02'."
)
@click.argument("statements", nargs=-1)
@data_option
def i18n_sign(
    game: str, lang_code: str, signed_by: str, statements: tuple[str, ...], data_dir: Path
) -> None:
    """Record a native reader's sign-off of rule statements as the language words them now.

    STATEMENTS are ids of templates/booklets/GAME-rules.yaml (none: every statement).
    Run it only after a native reader has confirmed the text (docs/rules.md).

    Example: dinokit i18n sign --game paleontologists --lang ja --by "K. Sato, 12-03" pass
    """
    from ..products.booklet.statements import sign
    from ..products.validate import load_data
    from ..source import TEMPLATES_DIR, package_folder, templates_dir

    if templates_dir() == TEMPLATES_DIR == package_folder("templates"):
        raise click.ClickException(
            "the templates installed with dinokit are not to be edited: make a copy with "
            "'dinokit init FOLDER' and sign there with --templates FOLDER/templates"
        )
    data, _ = load_data(data_dir)
    lang = data.language(lang_code)
    if lang is None:
        raise click.ClickException(f"no language {lang_code!r} in {checked_folders(data_dir)}")
    try:
        signed = sign(game, lang, list(statements), signed_by)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from exc
    click.echo(f"{game} {lang_code}: signed {len(signed)}: {', '.join(signed)}")


COMMANDS = (validate, i18n)
