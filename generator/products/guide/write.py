"""Writing the guide: ``<out>/<lang>/guide-<paper>.pdf``, listed like every kit file."""

from __future__ import annotations

from pathlib import Path

from ...draw.shapes import Item, Page
from ...games.data import ComponentData
from ...layout.sheets import PrintOptions
from ...source.lang import Language
from ..files import Written
from ..writer import document_subject, write_pages
from .entries import kit_entries
from .pages import guide_pages


def token_faces(data: ComponentData) -> tuple[tuple[Item, ...], tuple[Item, ...]] | None:
    """Face A and face B of the first player's token, 25 mm, drawn by the kit."""
    from ..dinos import kit

    rules = data.game("digging-for-dinos").rules
    if rules is None or not rules.player_colours:
        return None
    colour, look = rules.player_colours[0], kit.Look(False)
    return (
        kit.token_face(colour, False, 25.0, 25.0, 0.0, look, 0),
        kit.token_face(colour, True, 25.0, 25.0, 0.0, look, 0),
    )


def guide_path(out_dir: Path, code: str, paper: str) -> Path:
    """Where the guide of one language and paper goes."""
    return out_dir / code / f"guide-{paper}.pdf"


def build_guide(
    data: ComponentData,
    lang: Language,
    paper: str,
    written: list[Written],
    out_dir: Path,
    template: PrintOptions | None = None,
    cache: dict[str, list[Page]] | None = None,
) -> list[Written]:
    """The guide to the files of ``written`` (a build's, or a manifest's)."""
    entries = kit_entries(data, lang, paper, written, out_dir, template, cache)
    from ..calibrate import calibration_pages

    calibration = calibration_pages(lang, paper)[0]
    pages = guide_pages(lang, paper, entries, token_faces(data), calibration)
    path = guide_path(out_dir, lang.code, paper)
    return write_pages(
        pages,
        path.parent,
        path.stem,
        "pdf",
        component="guide",
        language=lang.code,
        paper=paper,
        title=lang.label("guide_title"),
        subject=document_subject(lang, "pdf_subject_guide", paper),
    )


def build_guides(
    data: ComponentData,
    written: list[Written],
    out_dir: Path,
    codes: list[str],
    papers: tuple[str, ...],
    template: PrintOptions | None = None,
    workers: int = 1,
) -> list[Written]:
    """The guide of every language in ``codes`` and paper in ``papers``, one job per
    language (its papers share the booklets' first pages), on ``workers`` processes."""
    from ...games.parallel import run_jobs

    jobs = [(code,) for code in codes]
    context = (data, written, out_dir, papers, template)
    results = run_jobs(lambda: context, _guide_job, jobs, workers)
    return [item for items in results for item in items]


def _guide_job(
    context: tuple[ComponentData, list[Written], Path, tuple[str, ...], PrintOptions | None],
    job: tuple[str],
) -> list[Written]:
    data, written, out_dir, papers, template = context
    lang = data.language(job[0])
    assert lang is not None
    cache: dict[str, list[Page]] = {}
    return [
        item
        for paper in papers
        for item in build_guide(data, lang, paper, written, out_dir, template, cache)
    ]
