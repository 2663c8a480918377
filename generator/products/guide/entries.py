"""The files a guide describes: what each is, how to print it, its sheets, its first page.

A kit file is known by its manifest entry (:class:`~generator.products.files.Written`):
its ``component`` says how to print it, its page count how many sheets it takes; the
first page is made again from the data (the same page description the file was drawn
from), so the thumbnail shows exactly what the file prints.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ...draw.shapes import Page
from ...games.data import ComponentData
from ...layout.sheets import PrintOptions
from ...source.lang import Language
from ..files import OutputError, Written

#: How each component prints: its order in the guide, and its kind.
ORDER = ("calibrate", "tiles", "tokens", "aid", "pad", "rules-imposed", "rules")
CARD = ("calibrate", "tiles", "tokens", "aid")  # calibrate on the card the kit uses
#: The calibration sheet that ``dinokit calibrate`` makes.
CALIBRATION_FILE = "calibration-{paper}.pdf"


@dataclass(frozen=True)
class Entry:
    """One file of the kit as the guide lists it."""

    file: str  # the path from the kit's folder, as the user sees it
    component: str
    game: str
    pages: int
    first_page: Page | None

    @property
    def gutter(self) -> bool:
        """Laid out to fold (``dinokit build --layout gutter-fold``), printed one-sided."""
        return "-gutter" in Path(self.file).name

    @property
    def card(self) -> bool:
        """Printed on card stock (tiles, tokens, aid), else on plain paper."""
        return self.component in CARD

    @property
    def sheets(self) -> int | None:
        """Sheets of paper it takes; None for the print shop's A5 pages."""
        if self.component == "rules":
            return None
        one_sided = self.component == "pad" or self.gutter
        return self.pages if one_sided else -(-self.pages // 2)

    def how(self, lang: Language, duplex: bool = True) -> list[str]:
        """How to print it, in ``lang``: sides, scale, paper; ``duplex``: in a kit for a
        duplex printer (else a booklet's two sides are printed by hand)."""
        if self.component == "rules":
            return [
                lang.label("guide_shop_file"),
                lang.label("guide_a5_pages", {"count": self.pages}),
            ]
        if self.component == "pad":
            sides = lang.label("guide_one_sided")
        elif self.gutter:
            sides = lang.label("guide_gutter")
        elif self.component == "rules-imposed" and not duplex:
            sides = lang.label(
                "guide_booklet_manual", {"section": lang.label("guide_booklet_title")}
            )
        elif self.component == "rules-imposed":
            sides = lang.label("guide_duplex_short")
        else:
            sides = lang.label("guide_duplex_long")
        stock = lang.label("guide_card" if self.card else "guide_plain")
        parts = [sides, lang.label("guide_scale"), stock]
        if self.component == "pad":
            parts.append(lang.label("guide_pad_note"))
        return parts


def _game_of(file: str) -> str:
    parts = Path(file).parts
    return parts[0] if len(parts) > 2 else ""


def first_page(
    data: ComponentData, lang: Language, entry_file: str, component: str, paper: str,
    template: PrintOptions, cache: dict[str, list[Page]],
) -> Page | None:  # fmt: skip
    """The first page of a kit file, made again from the data (None: not one we make)."""
    from ...games import GAMES
    from .. import products_of

    products = {p.name: p for game in GAMES for p in products_of(game).PRODUCTS}
    game = _game_of(entry_file)
    if component in products:
        options = replace(template, paper=paper, ink_saver="-inksaver" in entry_file)
        if "-gutter" in Path(entry_file).name:
            options = replace(options, layout="gutter-fold")
        product = products[component]
        return product.make(data.game(product.game), lang, options)[0]
    if component == "pad":
        from ..paleo import prepare_kit
        from ..paleo.sheet import pad_pages

        if "sites" not in cache:
            cache["sites"] = prepare_kit(data, 1)  # type: ignore[assignment]
        sites = cache["sites"][:1]
        return next(iter(pad_pages(sites, data.game(game), lang, paper, 1)))  # type: ignore[arg-type]
    if component == "calibrate":
        from ..calibrate import calibration_pages

        return calibration_pages(lang, paper)[0]
    if component in ("rules-imposed", "rules"):
        return _booklet_page(data, lang, game, paper, component == "rules-imposed", cache)
    return None


def _booklet_page(
    data: ComponentData, lang: Language, game: str, paper: str, imposed: bool,
    cache: dict[str, list[Page]],
) -> Page:  # fmt: skip
    """The imposed booklet's first sheet (how to print it), or the A5 cover."""
    from ...source.diagnostics import DataError, Diagnostics
    from ..booklet.build import booklet_pages
    from ..booklet.imposition import SHOP_BLEED, trimmed
    from ..booklet.output import impose_with_howto
    from ..booklet.source import load_structure, load_texts

    key = f"booklet/{game}"
    if key not in cache:
        diags = Diagnostics()
        structure, texts = load_structure(game, diags), load_texts(game, lang.code, diags)
        if structure is None or texts is None:
            raise DataError(diags.errors)
        cache[key] = booklet_pages(structure, texts, data, lang, bleed=SHOP_BLEED)
    pages = cache[key]
    if not imposed:
        return trimmed(pages[0])
    return impose_with_howto(pages[:1], lang, paper)[0]


def kit_entries(
    data: ComponentData,
    lang: Language,
    paper: str,
    written: list[Written],
    out_dir: Path,
    template: PrintOptions | None = None,
    cache: dict[str, list[Page]] | None = None,
) -> list[Entry]:
    """The files of ``written`` in ``lang`` for ``paper`` (and the A5 booklets, which
    serve every paper), in the order to print them, each with its first page and its
    pages counted in the file itself. ``cache`` keeps what the guides of one language
    share (its booklets' pages)."""
    template = template or PrintOptions()
    cache = {} if cache is None else cache
    chosen = [
        w for w in written
        if w.language == lang.code and w.paper in (paper, "a5") and w.component in ORDER
    ]  # fmt: skip
    chosen.sort(key=lambda w: (ORDER.index(w.component), str(w.path)))
    entries = []
    for item in chosen:
        file = item.path.relative_to(out_dir).as_posix()
        page = first_page(data, lang, file, item.component, paper, template, cache)
        pages = count_pages(item.path) if item.path.suffix == ".pdf" else item.pages
        entries.append(Entry(file, item.component, _game_of(file), pages, page))
    return entries


def count_pages(path: Path) -> int:
    """The pages of the PDF at ``path``, read from the file (an OutputError naming it
    when it is missing or not a PDF)."""
    import pypdfium2

    from .manifest import KIT_FILE_MAX, read_regular

    why = "build the kit again"
    content = read_regular(path, KIT_FILE_MAX, why)  # a regular file, never a pipe
    try:
        document = pypdfium2.PdfDocument(content)
    except (OSError, pypdfium2.PdfiumError) as exc:
        raise OutputError(
            f"{path}: listed in the kit's manifest.json, but not a PDF ({exc}); {why}"
        ) from None
    try:
        return len(document)
    finally:
        document.close()
