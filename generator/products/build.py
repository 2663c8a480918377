"""The whole kit: every game's products, in every language and paper, and a manifest.

Takes the checked :class:`~generator.games.data.ComponentData`; writes files through
each game's products package and the booklets, on several processes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..games import BY_ID, GAMES
from ..games.data import ComponentData
from ..games.parallel import run_jobs
from ..layout.sheets import PrintOptions
from ..source.lang import Language
from . import Product, products_of
from .booklet import source as booklet_source
from .booklet.output import build_booklet
from .files import Written
from .guide import build_guides
from .writer import document_subject, document_title, write_pages

PAPERS = ("a4", "letter")


def sheet_products() -> dict[str, Product]:
    """Every game's sheet products by name (tiles, tokens, aid, ...)."""
    return {p.name: p for game in GAMES for p in products_of(game).PRODUCTS}


def sheet_stem(name: str, options: PrintOptions) -> str:
    """A sheet product's file name without suffix: the layout and ink saving show in it
    (tiles-a4, tiles-gutter-a4, tiles-gutter-a4-inksaver)."""
    layout = "-gutter" if options.layout == "gutter-fold" else ""
    return f"{name}{layout}-{options.paper}" + ("-inksaver" if options.ink_saver else "")


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
    stem = sheet_stem(product.name, options)
    return write_pages(
        pages,
        out_dir / product.game / lang.code,
        stem,
        fmt,
        component=product.name,
        language=lang.code,
        paper=options.paper,
        title=document_title(
            lang, product.game, lang.labels.get(f"{product.name}_title", product.name)
        ),
        subject=document_subject(lang, "pdf_subject_sheets", options.paper),
    )


def build_kit(
    data: ComponentData,
    out_dir: Path,
    report: Callable[[Written], None],
    languages: tuple[str, ...] = (),
    papers: tuple[str, ...] = PAPERS,
    workers: int = 1,
    template: PrintOptions | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Written]:
    """Every product, in every language (or those given) and paper, as PDF.

    ``template``: the print options of every file but its paper (layout, ink saving,
    duplex offset). Each file is an independent job, run on ``workers`` processes; the
    files do not depend on how many. ``progress(done, total)`` is told after each job
    and after the guides (an exception it raises stops the build: the web's Cancel).
    """
    template = template or PrintOptions()
    chosen = [lang.code for lang in data.languages if not languages or lang.code in languages]
    jobs: list[tuple[Any, ...]] = [
        ("product", name, code, paper)
        for name in sheet_products()
        for code in chosen
        for paper in papers
    ]
    prepared: dict[str, Any] = {}
    for game in GAMES:  # more files of a game's own, e.g. a sample pad in every language
        module = products_of(game)
        if hasattr(module, "kit_files"):
            prepared[game.id] = module.prepare_kit(data, workers)
            jobs += [("extra", game.id, code, paper) for code in chosen for paper in papers]
    # Rules booklets: single A5 pages, and imposed for each paper.
    jobs += [
        ("booklet", game.id, code, paper, imposed)
        for game in GAMES
        if (booklet_source.TEMPLATES / f"{game.id}.yaml").is_file()
        for code in chosen
        for paper, imposed in [("a4", False)] + [(p, True) for p in papers]
    ]
    if template.layout == "duplex":  # the sheet that measures a duplex printer's offset
        jobs += [("calibration", code, paper) for code in chosen for paper in papers]
    total = len(jobs) + 1  # and the guides
    done = 0

    def tick(count: int) -> None:
        nonlocal done
        done += count
        if progress is not None:
            progress(done, total)

    if progress is not None:
        progress(0, total)
    results = run_jobs(lambda: (data, prepared, out_dir, template), _build_job, jobs, workers,
                       progress=tick)  # fmt: skip
    written = [item for items in results for item in items]
    # The read-me-first guide of each language and paper, from the files just built.
    written += build_guides(data, written, out_dir, chosen, papers, template, workers)
    tick(1)
    for item in written:
        report(item)
    return written


def _build_job(
    context: tuple[ComponentData, dict[str, Any], Path, PrintOptions], job: tuple
) -> list[Written]:
    data, prepared, out_dir, template = context
    kind, *args = job
    if kind == "product":
        name, code, paper = args
        lang = data.language(code)
        assert lang is not None
        options = replace(template, paper=paper)
        return build_product(data, sheet_products()[name], lang, options, "pdf", out_dir)
    if kind == "extra":
        game_id, code, paper = args
        module = products_of(BY_ID[game_id])
        return module.kit_files(
            data, prepared[game_id], code, paper, out_dir, ink_saver=template.ink_saver
        )
    if kind == "calibration":
        from .calibrate import build_calibration

        code, paper = args
        lang = data.language(code)
        assert lang is not None
        # --printer: the back shifted by the saved offset, as on every backs page, so
        # the kit's own sheet reads 0 when the profile is right
        return build_calibration(lang, paper, "pdf", out_dir / code, template.duplex_offset)
    game_id, code, paper, imposed = args
    lang = data.language(code)
    assert lang is not None
    return build_booklet(
        data, game_id, lang, paper, "pdf", imposed, out_dir, ink_saver=template.ink_saver
    )


def manifest(data: ComponentData, written: list[Written], out_dir: Path, version: str) -> bytes:
    """The list of built files; no dates, so the same build gives the same bytes."""
    body = {
        "dinokit": version,
        "languages": [lang.code for lang in data.languages],
        "files": [w.manifest_entry(out_dir) for w in sorted(written, key=lambda w: str(w.path))],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode()
