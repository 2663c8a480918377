"""The kit page's choices, checked against the data, and the files they build.

:func:`kit_choices` lists what the page offers (games, their products, languages,
papers, layouts, pad options); :func:`read_options` checks a request against it and
the bounds below (``OptionError`` names the field, the value and what was expected);
:func:`steps` turns checked options into the builds to run, each a call of the same
product function a command uses (tiles/tokens/aid, ``pads``, ``rules``, the kit).
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..games import GAMES
from ..games.data import ComponentData
from ..layout.inksaver import lighten
from ..layout.sheets import PrintOptions
from ..products import products_of
from ..products.booklet import source as booklet_source
from ..products.booklet.build import booklet_pages
from ..products.booklet.output import build_booklet
from ..products.build import build_product, sheet_products
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


@dataclass(frozen=True)
class KitOptions:
    """One checked request of the kit page."""

    game: str
    product: str  # a sheet product, "pad", "rules", or "kit" (everything of the language)
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
    """Everything the kit page can ask for."""
    return {
        "games": [
            {"id": g.id, "name": _name(data, g.id), "products": products_by_game(data)[g.id]}
            for g in GAMES
        ],
        "languages": [{"code": x.code, "name": x.name} for x in data.languages],
        "papers": list(PAPERS), "layouts": list(LAYOUTS), "formats": list(FORMATS),
        "difficulties": list(DIFFICULTIES), "rolls": list(ROLLS),
        "limits": {"count": MAX_COUNT, "players": MAX_PLAYERS, "seed": MAX_SEED},
    }  # fmt: skip


def _name(data: ComponentData, game: str) -> str:
    """A game's name as the English data gives it (its id without one)."""
    lang = data.language("en")
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


def steps(data: ComponentData, o: KitOptions) -> list[tuple[str, Step]]:
    """The builds these options ask for, in order: (what it is, build into a folder)."""
    lang = data.language(o.lang)
    assert lang is not None
    fmt = "pdf" if o.fmt in ("png", "zip") else o.fmt

    def sheet(name: str) -> Step:
        """A sheet product's build step."""
        product = sheet_products()[name]
        return lambda out: [w.path for w in build_product(data, product, lang, _print_options(o),
                                                          fmt, out)]  # fmt: skip

    def pad(out: Path, count: int = o.count, game: str = o.game) -> list[Path]:
        """The pad's build step: its sheets made, then printed."""
        stem = f"pad-{o.difficulty}-seed{o.seed}-x{count}" + ("-" + o.rolls) * (o.rolls != "none")
        sites = _pad_sites(data, replace(o, game=game), count)
        return [w.path for w in build_pad(data, lang, sites, o.players, o.paper, o.per_page, fmt,
                                          out, stem, ink_saver=o.ink_saver)]  # fmt: skip

    def sample_pad(game: str) -> Step:
        """The kit's pad: four sheets, as every build's sample pad."""
        return lambda out: pad(out, 4, game)

    def rules(game: str, imposed: bool) -> Step:
        """A rules booklet's build step."""
        return lambda out: [w.path for w in build_booklet(data, game, lang, o.paper, fmt, imposed,
                                                          out, o.ink_saver)]  # fmt: skip

    if o.product == "kit":
        found: list[tuple[str, Step]] = []
        for game, names in products_by_game(data).items():
            for name in names:
                if name == "pad":
                    found.append((f"{game} pad", sample_pad(game)))
                elif name == "rules":
                    found.append((f"{game} rules (A5)", rules(game, False)))
                    found.append((f"{game} rules (imposed)", rules(game, True)))
                else:
                    found.append((f"{game} {name}", sheet(name)))
        return found
    if o.product == "pad":
        return [("pad", pad)]
    if o.product == "rules":
        return [("rules", rules(o.game, o.imposed))]
    return [(o.product, sheet(o.product))]


def pdf_to_png(pdf: Path, dpi: int = PNG_DPI) -> Iterator[tuple[str, bytes]]:
    """Every page of a PDF as PNG: (file name, bytes)."""
    import io

    import pypdfium2

    document = pypdfium2.PdfDocument(str(pdf))
    try:
        for number in range(len(document)):
            image = document[number].render(scale=dpi / 72).to_pil()
            buffer = io.BytesIO()
            image.save(buffer, format="PNG", optimize=True)
            yield f"{pdf.stem}-p{number + 1:02d}.png", buffer.getvalue()
    finally:
        document.close()


def zip_files(files: list[tuple[str, Path | bytes]], target: Path) -> Path:
    """A zip of (name in the archive, file or bytes), with fixed dates (same bytes)."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files:
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            body = content if isinstance(content, bytes) else content.read_bytes()
            archive.writestr(info, body)
    return target
