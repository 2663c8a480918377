"""Building printable products: pages -> PDF or SVG files, written safely, listed.

This is the one place that knows both the layouts (page descriptions) and the
backends; the CLI calls it, and so does `dinokit build`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..draw.shapes import Page
from ..games.data import ComponentData
from ..layout.sheets import PrintOptions
from ..render.pdf import render_pdf
from ..render.svg import render_svg
from ..source.lang import Language
from .dinos import kit as dinos_kit
from .files import atomic_write, sha256

PageMaker = Callable[[object, Language, PrintOptions], list[Page]]


@dataclass(frozen=True)
class Product:
    game: str
    name: str  # component name, used in file names
    make: PageMaker


PRODUCTS: dict[str, Product] = {
    p.name: p
    for p in (
        Product("digging-for-dinos", "tiles", dinos_kit.tile_pages),
        Product("digging-for-dinos", "tokens", dinos_kit.token_pages),
        Product("digging-for-dinos", "aid", dinos_kit.aid_pages),
    )
}


@dataclass(frozen=True)
class Written:
    path: Path
    component: str
    language: str
    paper: str
    pages: int
    sha256: str

    def manifest_entry(self, root: Path) -> dict[str, object]:
        return {
            "file": self.path.relative_to(root).as_posix(),
            "component": self.component,
            "language": self.language,
            "paper": self.paper,
            "pages": self.pages,
            "sha256": self.sha256,
        }


def build_product(
    data: ComponentData,
    product: Product,
    lang: Language,
    options: PrintOptions,
    fmt: str,
    out_dir: Path,
) -> list[Written]:
    """Lay out one product and write it as one PDF or one SVG per page."""
    pages = product.make(data.game(product.game), lang, options)
    folder = out_dir / product.game / lang.code
    stem = f"{product.name}-{options.paper}" + ("-inksaver" if options.ink_saver else "")
    if fmt == "pdf":
        content = render_pdf(pages, title=f"{product.game} {product.name} ({lang.code})")
        path = atomic_write(folder / f"{stem}.pdf", content)
        return [Written(path, product.name, lang.code, options.paper, len(pages), sha256(content))]
    written = []
    for number, svg in enumerate(render_svg(pages), start=1):
        path = atomic_write(folder / f"{stem}-p{number:02d}.svg", svg)
        written.append(Written(path, product.name, lang.code, options.paper, 1, sha256(svg)))
    return written


PAPERS = ("a4", "letter")
SAMPLE_PAD = (4, 1, "medium")  # sheets, seed, difficulty of the pad in every build


def build_kit(
    data: ComponentData,
    out_dir: Path,
    report: Callable[[Written], None],
    languages: tuple[str, ...] = (),
    papers: tuple[str, ...] = PAPERS,
    workers: int = 1,
) -> list[Written]:
    """Every product, in every language (or those given) and paper, as PDF.

    Each file is an independent job, run on ``workers`` processes; the files do
    not depend on how many.
    """
    from ..games.paleo.pads import generate_pad
    from ..games.parallel import run_jobs

    chosen = [lang.code for lang in data.languages if not languages or lang.code in languages]
    jobs: list[tuple] = [
        ("product", name, code, paper) for name in PRODUCTS for code in chosen for paper in papers
    ]
    # A sample pad of Paleontologists in every language: the same sheets in each.
    jobs += [("pad", code, paper) for code in chosen for paper in papers]
    # Rules booklets: single A5 pages, and imposed for each paper.
    jobs += [
        ("booklet", game, code, paper, imposed)
        for game in ("digging-for-dinos", "paleontologists")
        for code in chosen
        for paper, imposed in [("a4", False)] + [(p, True) for p in papers]
    ]
    sites = generate_pad(data.game("paleontologists"), *SAMPLE_PAD, workers=workers)
    results = run_jobs(lambda: (data, sites, out_dir), _build_job, jobs, workers)
    written = [item for items in results for item in items]
    for item in written:
        report(item)
    return written


def _build_job(context, job: tuple) -> list[Written]:
    data, sites, out_dir = context
    kind, *args = job
    if kind == "product":
        name, code, paper = args
        return build_product(
            data, PRODUCTS[name], data.language(code), PrintOptions(paper), "pdf", out_dir
        )
    if kind == "pad":
        code, paper = args
        return build_pad(
            data, data.language(code), sites, 1, paper, 1, "pdf", out_dir, "pad-sample"
        )
    game, code, paper, imposed = args
    return build_booklet(data, game, data.language(code), paper, "pdf", imposed, out_dir)


def manifest(data: ComponentData, written: list[Written], out_dir: Path, version: str) -> bytes:
    """The list of built files; no dates, so the same build gives the same bytes."""
    import json

    body = {
        "dinokit": version,
        "languages": [lang.code for lang in data.languages],
        "files": [w.manifest_entry(out_dir) for w in sorted(written, key=lambda w: str(w.path))],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode()


# ------------------------------------------------------------------ Paleontologists pads


def pad_json(sites, version: str) -> bytes:
    """The layouts as data: one object per sheet, rows and columns counted from 0."""
    import json

    body = {
        "generator": version,
        "sheets": [
            {
                "code": s.code,
                "seed": s.seed,
                "difficulty": s.difficulty,
                "rows": s.rows,
                "cols": s.cols,
                "fossils": [
                    {
                        "id": f.id,
                        "cells": [list(c) for c in f.cells],
                        "value": f.value,
                        "bonus": f.bonus,
                    }
                    for f in s.fossils
                ],
                "stars": [list(c) for c in s.stars],
                "expected_score": round(s.expected_score, 3),
            }
            for s in sites
        ],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode()


def build_pad(
    data: ComponentData,
    lang: Language,
    sites,
    copies: int,
    paper: str,
    per_page: int,
    fmt: str,
    out_dir: Path,
    stem: str,
) -> list[Written]:
    """A pad: each layout ``copies`` times (one per player), as PDF, SVG pages or JSON."""
    from ..games.paleo.pads import GENERATOR_VERSION

    paleo = data.game("paleontologists")
    folder = out_dir / "paleontologists" / lang.code
    if fmt == "json":
        content = pad_json(sites, f"dinokit-pads/{GENERATOR_VERSION}")
        path = atomic_write(folder / f"{stem}.json", content)
        return [Written(path, "pad", lang.code, paper, 0, sha256(content))]
    from .paleo.sheet import pad_pages

    printed = [site for site in sites for _ in range(copies)]
    pages = pad_pages(printed, paleo, lang, paper, per_page)
    name = f"{stem}-{paper}"
    if fmt == "pdf":
        first = next(iter(pad_pages(printed[:1], paleo, lang, paper, per_page)))
        content = render_pdf(
            pages, title=f"paleontologists pad ({lang.code})", texts=_pad_texts(first)
        )
        count = -(-len(printed) // per_page)
        path = atomic_write(folder / f"{name}.pdf", content)
        return [Written(path, "pad", lang.code, paper, count, sha256(content))]
    written = []
    for number, page in enumerate(pages, start=1):
        svg = render_svg([page])[0]
        path = atomic_write(folder / f"{name}-p{number:02d}.svg", svg)
        written.append(Written(path, "pad", lang.code, paper, 1, sha256(svg)))
    return written


def _pad_texts(first_page: Page) -> dict[str, str]:
    """Characters a pad can draw: the first page's, plus all that codes, labels and
    numbers of other sheets may use (so pages can be drawn as they are made)."""
    from ..render.common import text_by_font

    extra = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-·+"
    return {
        font: "".join(sorted(set(chars) | set(extra)))
        for font, chars in text_by_font([first_page]).items()
    }


# ------------------------------------------------------------------ rules booklets


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
    from ..layout.fonts import font_for
    from ..source.diagnostics import DataError, Diagnostics
    from .booklet.build import A5, IMPOSED_PAPERS, booklet_pages, impose
    from .booklet.source import load_structure, load_texts

    diags = Diagnostics()
    structure = load_structure(game, diags)
    texts = load_texts(game, lang.code, diags)
    if structure is None or texts is None:
        raise DataError(diags.errors)
    pages = booklet_pages(structure, texts, data, lang)
    folder = out_dir / game / lang.code
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
    title = f"{game} rules ({lang.code})"
    if fmt == "pdf":
        content = render_pdf(pages, title=title)
        path = atomic_write(folder / f"{name}.pdf", content)
        return [
            Written(path, label, lang.code, paper if imposed else "a5", len(pages), sha256(content))
        ]
    written = []
    for number, svg in enumerate(render_svg(pages), start=1):
        path = atomic_write(folder / f"{name}-p{number:02d}.svg", svg)
        written.append(Written(path, label, lang.code, paper if imposed else "a5", 1, sha256(svg)))
    return written
