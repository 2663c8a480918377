"""dinokit export: the kit for print shops (PNG per face, print-ready PDFs) and for
Tabletop Simulator."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..source.diagnostics import clipped, display_path
from .common import (
    LANG_OPTION,
    FiniteRange,
    data_option,
    language_of,
    load_or_exit,
    out_option,
)

PRODUCTS = ("tiles", "tokens", "aid", "pads", "all")
PRODUCT_OPTION = click.option(
    "--product",
    type=click.Choice(PRODUCTS),
    default="all",
    show_default=True,
    help="Which product (pads: the sample pad's dig-site sheets).",
)


def _run(work: Callable[[Any, Any], list[Any]], data_dir: Path, lang: str) -> list[Any]:
    """Load the data, then run ``work(data, language)``; errors as plain messages."""
    from .common import build_errors

    data = load_or_exit(data_dir)
    language = language_of(data, lang)
    errors: tuple[type[Exception], ...] = (*build_errors(), ValueError)
    try:
        written = work(data, language)
    except errors as exc:
        raise click.ClickException(str(exc)) from None
    for item in written:
        click.echo(f"wrote {display_path(item.path)}")
    return written


@click.group()
def export() -> None:
    """Export the kit for a print shop or a virtual tabletop.

    Example: dinokit export png --dpi 300 --product tiles --out output/export/png
    """


@export.command()
@click.option(
    "--dpi",
    type=click.IntRange(36, 1200),
    default=300,
    show_default=True,
    help="Resolution of the images.",
)
@PRODUCT_OPTION
@click.option(
    "--bleed",
    type=FiniteRange(0, 6),
    default=25.4 / 8,
    show_default="1/8 inch = 3.175",
    help="Artwork beyond the cut line, in mm.",
)
@click.option("--ink-saver", is_flag=True, help="Light fills and outlines.")
@LANG_OPTION
@out_option("output/export/png", "Folder to write into (DIR/<lang>/...).")
@data_option
def png(
    dpi: int, product: str, bleed: float, ink_saver: bool, lang: str, out_dir: Path, data_dir: Path
) -> None:
    """One PNG per component face at the kit's own sizes, full bleed, and components.csv
    (file, component, face, quantity). Print-on-demand services sell other sizes: see
    dinokit export print-shop --help.

    Example: dinokit export png --dpi 300 --product all --lang en --out shop/
    """
    from ..products.export.kinds import product_names
    from ..products.export.png import export_png

    _run(
        lambda data, language: export_png(
            data, language, product_names(product), dpi, bleed, out_dir, ink_saver
        ),
        data_dir,
        lang,
    )


@export.command("print-shop")
@PRODUCT_OPTION
@click.option("--cmyk", is_flag=True, help="CMYK colours, total ink at most 240%.")
@click.option(
    "--service",
    metavar="NAME",
    default=None,
    help="A print-on-demand service's stock products and files (templates/"
    "print-services.yaml): thegamecrafter or drivethrucards; 'list' shows them.",
)
@LANG_OPTION
@out_option("output/export/print-shop", "Folder to write into (DIR/<lang>/...).")
@data_option
def print_shop(
    product: str, cmyk: bool, service: str | None, lang: str, out_dir: Path, data_dir: Path
) -> None:
    """One PDF per product, one component per page, fronts and backs alternating, 1/8
    inch bleed with TrimBox and BleedBox; then a preflight of what was written.

    With --service NAME: each component on the nearest stock product of that service,
    written as it uploads them (The Game Crafter: a PNG per face; DriveThruCards: a
    PDF per deck), with manifest.csv; each file is then checked against the template.

    Example: dinokit export print-shop --product tiles --cmyk
    """
    if service is not None:
        if cmyk:
            raise click.UsageError(
                "--cmyk does not go with --service: the service's template sets the colours "
                "(see --service list)"
            )
        _print_service(service, product, lang, out_dir, data_dir)
        return
    from ..products.export.kinds import product_names
    from ..products.export.pieces import SHOP_BLEED
    from ..products.export.preflight import preflight
    from ..products.export.shop import export_print_shop

    written = _run(
        lambda data, language: export_print_shop(
            data, language, product_names(product), cmyk, out_dir
        ),
        data_dir,
        lang,
    )
    reports = [preflight(item.path, SHOP_BLEED, cmyk) for item in written]
    for report in reports:
        for line in report.lines():
            click.echo(line)
    if not all(report.ok for report in reports):
        raise click.ClickException("preflight failed (see above)")


def _print_service(name: str, product: str, lang: str, out_dir: Path, data_dir: Path) -> None:
    """``print-shop --service NAME``: export, then check every file against the template."""
    from ..products.export.kinds import product_names
    from ..products.export.service_check import check_written
    from ..products.export.service_export import export_service
    from ..products.export.services import load_services
    from ..source.diagnostics import DataError

    try:
        services = load_services()
    except DataError as exc:
        raise click.ClickException(str(exc)) from None
    if name == "list":
        for key, service in services.items():
            click.echo(f"{key}: {service.title} ({service.files.upper()}, {service.colour})")
            for component, keys in service.candidates.items():
                titles = ", ".join(service.products[k].title for k in keys)
                click.echo(f"  {component}: {titles}")
            for component, reason in service.no_fit.items():
                click.echo(f"  {component}: no stock product ({reason})")
        return
    if name not in services:
        raise click.ClickException(
            f"unknown service {name!r}, expected one of: {', '.join(services)} (or 'list')"
        )
    chosen = services[name]
    results = []

    def work(data: Any, language: Any) -> list[Any]:
        result = export_service(data, language, chosen, product_names(product), out_dir)
        results.append(result)
        return result.written

    _run(work, data_dir, lang)
    result = results[0]
    for line in result.lines:
        click.echo(line)
    reports = check_written(chosen, result.products, result.pages)
    failed = [report for report in reports if not report.ok]
    for report in failed or reports[:1]:
        for line in report.lines():
            click.echo(line)
    if failed:
        raise click.ClickException(
            f"{len(failed)} of {len(reports)} files do not match the templates of "
            f"{chosen.title} (see above)"
        )
    click.echo(f"files checked against the templates of {chosen.title}: {len(reports)}, all match")


def _base_url(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """An http(s) URL of a folder, checked before it is written into the saved objects:
    no spaces, quotes or control characters, a host, nothing after the path."""
    import re
    from urllib.parse import urlsplit

    if value is None:
        return None
    problem = None
    if len(value) > 2000:
        problem = f"{len(value):,} characters, expected at most 2,000"
    elif not re.fullmatch(r"[A-Za-z0-9\-._~:/?#\[\]@!$&()*+,;=%]+", value):
        problem = "it holds a space, a quote or another character a URL cannot hold"
    else:
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            problem = "expected an http:// or https:// URL with a host"
        elif parts.query or parts.fragment:
            problem = "expected the folder's URL, with no ?query or #fragment"
    if problem:
        raise click.BadParameter(
            f"{clipped(value, 60)}: {problem} (e.g. https://example.org/dinokit/tts)", ctx, param
        )
    return value


@export.command()
@click.option(
    "--dpi",
    type=click.IntRange(36, 600),
    default=254,
    show_default=True,
    help="Resolution of the images (a 40 mm tile is 400 px square at 254, one image "
    "a face); dig-site boards at most 150 dpi.",
)
@click.option(
    "--base-url",
    default=None,
    callback=_base_url,
    help="Name the images by this URL (where you put the folder online) instead of "
    "local file:/// URLs, so everyone at the table sees them.",
)
@LANG_OPTION
@out_option("output/export/tts", "Folder to write into (DIR/<lang>/...).")
@data_option
def tts(dpi: int, base_url: str | None, lang: str, out_dir: Path, data_dir: Path) -> None:
    """Tabletop Simulator: square tiles in one bag per era, round tokens, player aids,
    dig-site boards and a saved object per game; copy the .json and .png into TTS's
    Saved Objects folder.

    Example: dinokit export tts --lang en --out output/export/tts
    """
    from ..products.export.tts import export_tts

    _run(
        lambda data, language: export_tts(data, language, out_dir, dpi, base_url),
        data_dir,
        lang,
    )


COMMANDS = (export,)
