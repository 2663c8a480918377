"""A rules booklet as files: A5 pages, or imposed two-up for saddle stitching."""

from __future__ import annotations

from pathlib import Path

from ...games.data import ComponentData
from ...layout.fonts import font_for
from ...source.diagnostics import DataError, Diagnostics
from ...source.lang import Language
from ..files import Written
from ..writer import write_pages
from .build import A5, IMPOSED_PAPERS, booklet_pages, impose
from .source import load_structure, load_texts


def build_booklet(
    data: ComponentData,
    game: str,
    lang: Language,
    paper: str,
    fmt: str,
    imposed: bool,
    out_dir: Path,
) -> list[Written]:
    """A rules booklet: A5 pages, or imposed for saddle stitching on ``paper``."""
    diags = Diagnostics()
    structure = load_structure(game, diags)
    texts = load_texts(game, lang.code, diags)
    if structure is None or texts is None:
        raise DataError(diags.errors)
    pages = booklet_pages(structure, texts, data, lang)
    name = "rules-a5"
    label = "rules"
    if imposed:
        scale = min(1.0, IMPOSED_PAPERS[paper][0] / (2 * A5[0]), IMPOSED_PAPERS[paper][1] / A5[1])
        steps = ["booklet_howto_first", "booklet_howto_duplex", "booklet_howto_scale"]
        if scale < 1:
            steps.append("booklet_howto_letter")
        steps += ["booklet_howto_fold", "booklet_howto_staple"]
        howto = [lang.label(s).format(scale=f"{scale:.0%}") for s in steps]
        pages = impose(
            pages,
            paper,
            lang.label("booklet_howto_title"),
            howto,
            font_for(lang.script),
            font_for(lang.script, "bold"),
        )
        name, label = f"rules-imposed-{paper}", "rules-imposed"
    return write_pages(
        pages,
        out_dir / game / lang.code,
        name,
        fmt,
        component=label,
        language=lang.code,
        paper=paper if imposed else "a5",
        title=f"{game} rules ({lang.code})",
    )
