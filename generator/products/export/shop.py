"""``dinokit export print-shop``: one PDF per product, one component face per page.

Pages are :func:`.pieces.face_page`: trim + 2 x 1/8 inch, TrimBox on the cut and
BleedBox the whole page, each piece's front then its back (fronts and backs
alternate; one-sided pieces give fronts only). Fonts are embedded subsets as in every
dinokit PDF; with ``cmyk`` the colours are written as CMYK by :func:`.colour.to_cmyk`
(total ink at most 240%). The files are checked by :mod:`.preflight` afterwards.
"""

from __future__ import annotations

from pathlib import Path

from ...draw.shapes import Page
from ...games.data import ComponentData
from ...render.pdf import render_pdf
from ...source.lang import Language
from ..files import Written, atomic_write, sha256
from ..writer import document_title
from .colour import to_cmyk
from .kinds import GAME_OF, TITLE_KEY, pieces_of
from .pieces import SHOP_BLEED, face_page


def shop_pages(
    data: ComponentData, lang: Language, product: str, bleed: float = SHOP_BLEED
) -> list[Page]:
    """The print-shop pages of ``product``: each piece's front, then its back."""
    return [
        face_page(piece, art)
        for piece in pieces_of(data, lang, product, bleed)
        for _, art in piece.faces()
    ]


def export_print_shop(
    data: ComponentData,
    lang: Language,
    products: tuple[str, ...],
    cmyk: bool,
    out_dir: Path,
    bleed: float = SHOP_BLEED,
) -> list[Written]:
    """``out_dir/<lang>/<product>[-cmyk].pdf`` for each of ``products``."""
    written = []
    for product in products:
        pages = shop_pages(data, lang, product, bleed)
        content = render_pdf(
            pages,
            title=document_title(lang, GAME_OF[product], lang.label(TITLE_KEY[product])),
            subject=lang.label("pdf_subject_export"),
            lang=lang.code,
            cmyk=to_cmyk if cmyk else None,
        )
        stem = f"{product}-shop" + ("-cmyk" if cmyk else "")
        path = atomic_write(out_dir / lang.code / f"{stem}.pdf", content)
        written.append(Written(path, product, lang.code, "shop", len(pages), sha256(content)))
    return written
