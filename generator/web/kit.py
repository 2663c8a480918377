"""The kit page's choices, checked against the data, and the files they build.

:func:`kit_choices` lists what the page offers (games, their products, languages,
papers, layouts, pad options); :func:`read_options` checks a request against it and
the bounds below (``OptionError`` names the field, the value and what was expected);
:func:`steps` turns checked options into the builds to run, each a call of the same
product function a command uses (tiles/tokens/aid, ``pads``, ``rules``, and for the
whole kit ``build``'s own :func:`~generator.products.build.build_kit` and manifest).
:func:`pdf_to_png` and :func:`zip_files` look at a job's cancel flag between pages
and files (:class:`Cancelled`).
"""

from __future__ import annotations

import threading
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..games import GAMES
from ..games.data import ComponentData
from ..layout.inksaver import lighten
from ..layout.sheets import PrintOptions
from ..products import products_of
from ..products.booklet import source as booklet_source
from ..products.booklet.build import booklet_pages
from ..products.booklet.output import build_booklet
from ..products.build import build_kit, build_product, manifest, sheet_products
from ..products.files import atomic_write
from ..products.paleo.pad import build_pad
from ..products.paleo.sheet import pad_pages
from ..render.svg import render_svg_page
from ..source.diagnostics import DataError, Diagnostics

PAPERS = ("a4", "letter")
LAYOUTS = ("duplex", "gutter-fold")
FORMATS = ("pdf", "svg", "png", "zip")
DIFFICULTIES = ("easy", "medium", "hard")
ROLLS = ("none", "printed", "solo")
MAX_COUNT = 50  # different sheets of a pad built on the page
MAX_PLAYERS = 10
MAX_SEED = 2**32 - 1
PNG_DPI = 100


class OptionError(ValueError):
    """A kit option the data or the bounds refuse."""


class Cancelled(Exception):
    """The job was cancelled (between two steps, or while packing)."""


def _check(stop: threading.Event | None) -> None:
    if stop is not None and stop.is_set():
        raise Cancelled


@dataclass(frozen=True)
class KitOptions:
    """One checked request of the kit page."""

    game: str
    product: str  # a sheet product, "pad", "rules", or "kit" (dinokit build's kit of the language)
    lang: str
    paper: str = "a4"
    layout: str = "duplex"
    ink_saver: bool = False
    crop_marks: bool = True
    fmt: str = "pdf"
    count: int = 1
    seed: int = 1
    difficulty: str = "medium"
    per_page: int = 1
    players: int = 1
    rolls: str = "none"
    imposed: bool = False


def products_by_game(data: ComponentData) -> dict[str, list[str]]:
    """The products the page offers for each game (sheet products, pad, rules)."""
    sheets = sheet_products()
    found: dict[str, list[str]] = {}
    for game in GAMES:
        names = [name for name, p in sheets.items() if p.game == game.id]
        if hasattr(products_of(game), "build_pad"):
            names.append("pad")
        if (booklet_source.TEMPLATES / f"{game.id}.yaml").is_file():
            names.append("rules")
        found[game.id] = names
    return found


def kit_choices(data: ComponentData) -> dict[str, object]:
    """Everything the kit page can ask for; the names of the games and products in
    every language (``names``: language code -> games and products by id), so the page
    shows them in its own language."""
    products = products_by_game(data)
    every = [name for game in GAMES for name in products[game.id]]
    return {
        "games": [
            {"id": g.id, "name": _name(data, g.id), "products": products[g.id]} for g in GAMES
        ],
        "names": {
            x.code: {
                "games": {g.id: _name(data, g.id, x.code) for g in GAMES},
                "products": {p: x.labels.get(f"{p}_title", p) for p in every},
            }
            for x in data.languages
        },
        "languages": [{"code": x.code, "name": x.name} for x in data.languages],
        "papers": list(PAPERS), "layouts": list(LAYOUTS), "formats": list(FORMATS),
        "difficulties": list(DIFFICULTIES), "rolls": list(ROLLS),
        "limits": {"count": MAX_COUNT, "players": MAX_PLAYERS, "seed": MAX_SEED},
    }  # fmt: skip


def _name(data: ComponentData, game: str, code: str = "en") -> str:
    """A game's name as the data of a language gives it (its id without one)."""
    lang = data.language(code)
    try:
        return lang.term("games", game) if lang else game
    except KeyError:
        return game


def _pick(body: dict, key: str, choices: list[str] | tuple[str, ...], default: str) -> str:
    value = body.get(key, default)
    if not isinstance(value, str) or value not in choices:
        raise OptionError(f"{key} is {value!r}, expected one of: {', '.join(choices)}")
    return value


def _number(body: dict, key: str, low: int, high: int, default: int) -> int:
    value = body.get(key, default)
    if isinstance(value, str) and value.strip().isdigit() and len(value) < 12:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionError(f"{key} is {value!r}, expected a whole number from {low} to {high}")
    return value


def _flag(body: dict, key: str, default: bool) -> bool:
    value = body.get(key, default)
    if not isinstance(value, bool):
        raise OptionError(f"{key} is {value!r}, expected true or false")
    return value


def read_options(data: ComponentData, body: object) -> KitOptions:
    """Checked options from a request's JSON object; OptionError saying what is wrong."""
    if not isinstance(body, dict):
        raise OptionError('the options are a JSON object, e.g. {"game": "paleontologists"}')
    known = set(KitOptions.__dataclass_fields__) | {"format"}
    unknown = sorted(set(body) - known)
    if unknown:
        raise OptionError(
            f"unknown option {unknown[0][:40]!r}, expected: {', '.join(sorted(known))}"
        )
    products = products_by_game(data)
    game = _pick(body, "game", list(products), next(iter(products)))
    product = _pick(body, "product", products[game] + ["kit"], products[game][0])
    if product == "kit" and body.get("format", "zip") not in ("zip", "pdf"):
        raise OptionError(
            f"format is {body['format']!r}: the whole kit is PDF files in a zip (format zip)"
        )
    languages = [x.code for x in data.languages]
    return KitOptions(
        game, product, _pick(body, "lang", languages, "en" if "en" in languages else languages[0]),
        _pick(body, "paper", PAPERS, "a4"), _pick(body, "layout", LAYOUTS, "duplex"),
        _flag(body, "ink_saver", False), _flag(body, "crop_marks", True),
        _pick(body, "format", FORMATS, "pdf"), _number(body, "count", 1, MAX_COUNT, 1),
        _number(body, "seed", 0, MAX_SEED, 1), _pick(body, "difficulty", DIFFICULTIES, "medium"),
        _number(body, "per_page", 1, 2, 1), _number(body, "players", 1, MAX_PLAYERS, 1),
        _pick(body, "rolls", ROLLS, "none"), _flag(body, "imposed", False),
    )  # fmt: skip


def _print_options(o: KitOptions) -> PrintOptions:
    return PrintOptions(o.paper, None, o.crop_marks, o.ink_saver, (0.0, 0.0), o.layout)


def _pad_sites(data: ComponentData, o: KitOptions, count: int) -> list:
    from ..games.paleo.pads import generate_pad
    from ..games.paleo.rolls import RollSpec
    from ..games.paleo.shared import with_rolls
    from .sheets import Sheets

    paleo = data.game(o.game)
    sites = generate_pad(paleo, count, o.seed, o.difficulty, 1)
    if o.rolls == "none":
        return sites
    generator = Sheets(data).generator
    return [with_rolls(generator, s, RollSpec("own", 0, par=o.rolls == "solo")) for s in sites]


def first_page_svg(data: ComponentData, o: KitOptions) -> bytes:
    """The first page of the chosen product, as SVG (the kit page's preview)."""
    lang = data.language(o.lang)
    assert lang is not None
    product = "tiles" if o.product == "kit" and o.game == "digging-for-dinos" else o.product
    if product == "kit":
        product = products_by_game(data)[o.game][0]
    if product == "pad":
        pages: Any = pad_pages(_pad_sites(data, o, 1), data.game(o.game), lang, o.paper, o.per_page)
    elif product == "rules":
        diags = Diagnostics()
        structure = booklet_source.load_structure(o.game, diags)
        texts = booklet_source.load_texts(o.game, lang.code, diags)
        if structure is None or texts is None:
            raise DataError(diags.errors)
        pages = booklet_pages(structure, texts, data, lang, bleed=0.0)
    else:
        pages = sheet_products()[product].make(data.game(o.game), lang, _print_options(o))
    if o.ink_saver:
        pages = lighten(pages)
    return render_svg_page(next(iter(pages)))


Step = Callable[[Path], list[Path]]


def steps(
    data: ComponentData, o: KitOptions, progress: Callable[[int, int], None] | None = None
) -> list[tuple[str, Step]]:
    """The builds these options ask for, in order: (what it is: the product's name or
    "kit", build into a folder); the whole kit tells ``progress(done, total)`` of its
    files as it goes (an exception it raises stops the build)."""
    lang = data.language(o.lang)
    assert lang is not None
    fmt = "pdf" if o.fmt in ("png", "zip") else o.fmt

    def sheet(name: str) -> Step:
        """A sheet product's build step."""
        product = sheet_products()[name]
        return lambda out: [w.path for w in build_product(data, product, lang, _print_options(o),
                                                          fmt, out)]  # fmt: skip

    def pad(out: Path) -> list[Path]:
        """The pad's build step: its sheets made, then printed."""
        stem = f"pad-{o.difficulty}-seed{o.seed}-x{o.count}" + ("-" + o.rolls) * (o.rolls != "none")
        sites = _pad_sites(data, o, o.count)
        return [w.path for w in build_pad(data, lang, sites, o.players, o.paper, o.per_page, fmt,
                                          out, stem, ink_saver=o.ink_saver)]  # fmt: skip

    def rules(out: Path) -> list[Path]:
        """The rules booklet's build step."""
        return [w.path for w in build_booklet(data, o.game, lang, o.paper, fmt, o.imposed, out,
                                              o.ink_saver)]  # fmt: skip

    if o.product == "kit":
        return [("kit", lambda out: whole_kit(data, o, out, progress))]
    if o.product == "pad":
        return [("pad", pad)]
    if o.product == "rules":
        return [("rules", rules)]
    return [(o.product, sheet(o.product))]


def whole_kit(
    data: ComponentData,
    o: KitOptions,
    out: Path,
    progress: Callable[[int, int], None] | None = None,
) -> list[Path]:
    """What ``dinokit build --out OUT --lang L --paper P`` writes (with the page's
    layout, ink saving and crop marks): the same function, the same names and folders,
    the read-me-first guide, the calibration sheet and manifest.json."""
    template = PrintOptions(crop_marks=o.crop_marks, ink_saver=o.ink_saver, layout=o.layout)
    written = build_kit(data, out, lambda _: None, (o.lang,), (o.paper,), 1, template, progress)
    path = atomic_write(out / "manifest.json", manifest(data, written, out, __version__))
    return [w.path for w in written] + [path]


def pdf_to_png(
    pdf: Path, dpi: int = PNG_DPI, stop: threading.Event | None = None
) -> Iterator[tuple[str, bytes]]:
    """Every page of a PDF as PNG: (file name, bytes); Cancelled before a page once
    ``stop`` is set."""
    import io

    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for number in range(len(document)):
            _check(stop)
            image = document[number].render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", optimize=True)
            yield f"{pdf.stem}-p{number + 1:02d}.png", buffer.getvalue()
    finally:
        document.close()


def zip_files(
    files: list[tuple[str, Path | bytes]], target: Path, stop: threading.Event | None = None
) -> Path:
    """A zip of (name in the archive, file or bytes), with fixed dates (same bytes);
    Cancelled before a file once ``stop`` is set (the part written removed)."""
    try:
        return _zip(files, target, stop)
    except Cancelled:
        target.unlink(missing_ok=True)
        raise


def _zip(files: list[tuple[str, Path | bytes]], target: Path, stop: threading.Event | None) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files:
            _check(stop)
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            body = content if isinstance(content, bytes) else content.read_bytes()
            archive.writestr(info, body)
    return target


def build_errors() -> tuple[type[Exception], ...]:
    """What a build or a preview may fail with that is the input's fault (a 4xx, or
    a failed job, with its message), as against a bug (a 500)."""
    from ..games.parallel import WorkerError
    from ..layout.sheets import LayoutError
    from ..layout.text import TextOverflow
    from ..products.files import OutputError
    from ..source.diagnostics import DataError

    return (OutputError, LayoutError, TextOverflow, WorkerError, DataError, ValueError)
