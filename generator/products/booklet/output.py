"""A rules booklet as files: A5 pages, or imposed two-up for saddle stitching."""

from __future__ import annotations

from pathlib import Path

from ...draw.shapes import Page
from ...games.data import ComponentData
from ...layout.fonts import font_for
from ...layout.inksaver import lighten
from ...source.diagnostics import DataError, Diagnostics
from ...source.lang import Language
from ..files import Written
from ..writer import document_subject, document_title, write_pages
from .build import booklet_pages
from .imposition import SHOP_BLEED, impose, imposed_scale, trimmed
from .source import load_structure, load_texts


def build_booklet(
    data: ComponentData,
    game: str,
    lang: Language,
    paper: str,
    fmt: str,
    imposed: bool,
    out_dir: Path,
    ink_saver: bool = False,
) -> list[Written]:
    """A rules booklet: A5 pages, or imposed for saddle stitching on ``paper``; with
    ``ink_saver`` light grounds and outlined panels (files end in ``-inksaver``)."""
    diags = Diagnostics()
    structure = load_structure(game, diags)
    texts = load_texts(game, lang.code, diags)
    if structure is None or texts is None:
        raise DataError(diags.errors)
    pages = booklet_pages(structure, texts, data, lang, bleed=0.0 if imposed else SHOP_BLEED)
    if ink_saver:
        pages = list(lighten(pages))
    name, label, size, subject = "rules-a5", "rules", "a5", "pdf_subject_shop"
    if imposed:
        pages = impose_with_howto(pages, lang, paper)
        name, label, size = f"rules-imposed-{paper}", "rules-imposed", paper
        subject = "pdf_subject_booklet"
    elif fmt == "pdf":  # for a print shop: trimmed to A5, the cover bleeding beyond
        pages = [trimmed(page) for page in pages]
    return write_pages(
        pages,
        out_dir / game / lang.code,
        name + ("-inksaver" if ink_saver else ""),
        fmt,
        component=label,
        language=lang.code,
        paper=size,
        title=document_title(lang, game, lang.label("rules_title")),
        subject=document_subject(lang, subject, paper),
    )


def impose_with_howto(pages: list[Page], lang: Language, paper: str) -> list[Page]:
    """``pages`` imposed on ``paper`` for saddle stitching, after a first sheet that
    says how to print them (double-sided, or by hand on a printer without duplex)."""
    scale = imposed_scale(paper)
    steps = ["booklet_howto_first", "booklet_howto_duplex", "booklet_howto_manual"]
    steps += ["booklet_howto_scale"] + (["booklet_howto_letter"] if scale < 1 else [])
    steps += ["booklet_howto_fold", "booklet_howto_staple"]
    percent = lang.percent(round(scale * 100))
    howto = [lang.label(step, {"scale": percent}) for step in steps]
    return impose(
        pages, paper, lang.label("booklet_howto_title"), howto, lang.label("print_check"),
        font_for(lang.script), font_for(lang.script, "bold"),
    )  # fmt: skip
