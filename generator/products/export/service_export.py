"""``dinokit export print-shop --service NAME``: the kit on a service's stock products.

Each component goes onto the nearest of the products the service's template lists for
it on which its text stays readable (:mod:`.fitting`), scaled uniformly about its
centre so that its content sits inside the product's safe area; the art is drawn with
as much bleed as the product's page needs. The files are written as the service takes
them: ``png`` (The Game Crafter) one image per face at the service's dpi, of exactly
the template's pixel size, a face shared by several pieces once; ``pdf``
(DriveThruCards) one document per deck, a page per card face, each card's back then
its front, every card as many times as a game needs, CMYK. ``manifest.csv`` lists per
face the product, the count and the file, and a row per component that no stock
product fits, saying why. Folders: ``out/<lang>/<service>/``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...draw.shapes import Box, Page, Rect, Style
from ...games.data import ComponentData
from ...layout.text import TextOverflow
from ...render.pdf import render_pdf
from ...source.lang import Language
from ..files import Written, atomic_write, sha256, write_csv
from ..writer import document_title
from .fitting import (
    MIN_TEXT_PT,
    Fit,
    bleed_needed,
    choose,
    component_extent,
    fit,
    product_page,
    safe_violations,
)
from .kinds import GAME_OF, TITLE_KEY, pieces_of
from .pieces import SHOP_BLEED, Art, Piece
from .raster import png_bytes, render_images
from .relayout import RELAYOUTS
from .services import Product, Service

MANIFEST_COLUMNS = (
    "component",
    "product",
    "piece",
    "face",
    "quantity",
    "file",
    "width_px",
    "height_px",
    "note",
)


@dataclass
class ServiceExport:
    """What an export wrote, what went where (``lines``), and each file's product."""

    service: Service
    written: list[Written] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    products: dict[Path, Product] = field(default_factory=dict)
    pages: dict[Path, int] = field(default_factory=dict)  # PDF: how many pages
    manifest: Path | None = None


def export_service(
    data: ComponentData,
    lang: Language,
    service: Service,
    components: tuple[str, ...],
    out_dir: Path,
) -> ServiceExport:
    """Write ``components`` for ``service`` into ``out_dir/<lang>/<service>/``."""
    folder = out_dir / lang.code / service.key
    result = ServiceExport(service)
    rows: list[tuple[str, ...]] = []
    for component in components:
        if component in service.no_fit:
            reason = f"no stock product fits: {service.no_fit[component]}"
            result.lines.append(f"{component}: {reason}")
            rows.append((component, "", "", "", "", "", "", "", reason))
            continue
        placed = place(data, lang, service, component)
        if isinstance(placed, str):
            reason = f"no stock product fits: {placed}"
            result.lines.append(f"{component}: {reason}")
            rows.append((component, "", "", "", "", "", "", "", reason))
            continue
        chosen, pieces, how = placed
        result.lines.append(f"{component}: {_described(chosen, how)}")
        if service.files == "png":
            rows += _write_pngs(pieces, chosen, service, folder / component, folder, lang, result)
        else:
            rows += _write_deck(pieces, chosen, folder, component, lang, result)
    manifest = write_csv(
        folder / "manifest.csv", MANIFEST_COLUMNS, rows, "manifest", lang.code, service.key
    )
    result.written.append(manifest)
    result.manifest = manifest.path
    return result


def place(
    data: ComponentData, lang: Language, service: Service, component: str
) -> tuple[Fit, list[Piece], str] | str:
    """Where ``component`` goes at ``service``: the fit on the chosen product, the
    pieces drawn with the bleed that product's page needs, and how ("re-laid out",
    "scaled"); or why no product fits.

    The products are tried nearest first (by the scale that would fit the art, closest
    to 1). A component that lays itself out at any size (:data:`.relayout.RELAYOUTS`)
    is drawn anew at the product's size; the others, and one that cannot be drawn that
    small, are scaled. The first product on which the text stays readable is taken.
    """
    pieces = pieces_of(data, lang, component, SHOP_BLEED)
    products = [service.products[key] for key in service.candidates[component]]
    _, fits = choose(component_extent(pieces), products)
    relayout = RELAYOUTS.get(component)
    for scaled in sorted(fits, key=lambda f: f.distance):
        if relayout is not None:
            try:
                drawn = relayout(data, lang, scaled.product, SHOP_BLEED)
            except (ValueError, TextOverflow):  # cannot be drawn that small: scale it
                drawn = []
            # drawn for the product: never enlarged, shrunk only if it reaches the margin
            relaid = fit(component_extent(drawn), scaled.product, 1.0) if drawn else None
            if relaid is not None and relaid.readable:
                bleed = max(bleed_needed(piece, relaid) for piece in drawn)
                if bleed > SHOP_BLEED:
                    drawn = relayout(data, lang, relaid.product, bleed)
                return relaid, drawn, "re-laid out"
        if scaled.readable:
            bleed = max(bleed_needed(piece, scaled) for piece in pieces)
            if bleed > SHOP_BLEED:
                pieces = pieces_of(data, lang, component, bleed)
            return scaled, pieces, "scaled"
    return _why_not(fits) + (" (nor re-laid out on them)" if relayout is not None else "")


def _described(chosen: Fit, how: str) -> str:
    p = chosen.product
    text = f"{p.title} ({p.inches}), {how}, art x{chosen.scale:.3f}"
    if chosen.min_text is not None:
        text += f", smallest text {chosen.min_text:.1f} pt"
    return text + f", content at least {chosen.inset:.3f} mm inside the cut"


def _why_not(fits: list[Fit]) -> str:
    """Why no product of ``fits`` is readable: the text size each would give."""
    sizes = ", ".join(
        f"{f.product.title} ({f.product.inches}) {f.min_text:.1f} pt"
        for f in fits
        if f.min_text is not None
    )
    return (
        f"scaled to fit, its smallest text would be {sizes} "
        f"(at least {MIN_TEXT_PT:g} pt, or no smaller than at its own size)"
    )


def _checked_page(piece: Piece, art: Art, chosen: Fit) -> Page:
    page = product_page(piece, art, chosen)
    problems = safe_violations(page, chosen)
    if problems:  # the fit makes room by construction: this is a programming error
        raise ValueError(f"{page.label}: {problems[0]}")
    return page


def _write_pngs(
    pieces: list[Piece],
    chosen: Fit,
    service: Service,
    folder: Path,
    root: Path,
    lang: Language,
    result: ServiceExport,
) -> list[tuple[str, ...]]:
    """One PNG per distinct face; a manifest row per piece and face."""
    faces: dict[str, tuple[Piece, Art]] = {}
    for piece in pieces:
        for _, art in piece.faces():
            faces.setdefault(art.key, (piece, art))
    pages = [_checked_page(piece, art, chosen) for piece, art in faces.values()]
    files: dict[str, Path] = {}
    for key, image in zip(faces, render_images(pages, service.dpi), strict=True):
        content = png_bytes(image, service.dpi)
        path = atomic_write(folder / f"{key}.png", content)
        files[key] = path
        result.written.append(Written(path, faces[key][0].product, lang.code, service.key, 1,
                                      sha256(content)))  # fmt: skip
        result.products[path] = chosen.product
    w, h = chosen.product.pixels or (0, 0)
    return [
        (piece.product, chosen.product.title, piece.name, face, str(piece.quantity),
         files[art.key].relative_to(root).as_posix(), str(w), str(h), chosen.product.note)
        for piece in pieces
        for face, art in piece.faces()
    ]  # fmt: skip


def _write_deck(
    pieces: list[Piece],
    chosen: Fit,
    folder: Path,
    component: str,
    lang: Language,
    result: ServiceExport,
) -> list[tuple[str, ...]]:
    """One PDF: every card as many times as a game needs, its back page then its front."""
    p = chosen.product
    pages: list[Page] = []
    rows: list[tuple[str, ...]] = []
    file = f"{component}-{p.key}.pdf"
    for piece in pieces:
        front = _checked_page(piece, piece.front, chosen)
        back = _checked_page(piece, piece.back, chosen) if piece.back else _blank(p)
        first = len(pages) + 1
        for _ in range(piece.quantity):
            pages += [back, front]
        rows.append((component, p.title, piece.name, "back+front", str(piece.quantity), file,
                     "", "", f"pages {first}-{len(pages)}: back, front per card"))  # fmt: skip
    from .colour import to_cmyk  # here: only a CMYK service needs it

    content = render_pdf(
        pages,
        title=document_title(lang, GAME_OF[component], lang.label(TITLE_KEY[component])),
        subject=lang.label("pdf_subject_export"),
        lang=lang.code,
        cmyk=to_cmyk if result.service.colour == "cmyk" else None,
    )
    path = atomic_write(folder / file, content)
    result.written.append(Written(path, component, lang.code, result.service.key, len(pages),
                                  sha256(content)))  # fmt: skip
    result.products[path] = p
    result.pages[path] = len(pages)
    return rows


def _blank(p: Product) -> Page:
    """A white card back, for a one-sided piece in a deck that needs one."""
    w, h = p.width + 2 * p.bleed, p.height + 2 * p.bleed
    return Page(
        w,
        h,
        (Rect(0, 0, w, h, Style(fill="#ffffff")),),
        trim=Box(p.bleed, p.bleed, p.width, p.height),
        bleed=Box(0, 0, w, h),
        label=f"blank back on {p.key}",
    )
