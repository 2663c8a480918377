"""Paleontologists pads as files: sheets -> one PDF, SVG pages, or the layouts as JSON."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Mapping, Sequence, Sized
from pathlib import Path

from ...draw.shapes import Page
from ...games.data import ComponentData
from ...games.paleo.load import GAME_ID
from ...games.paleo.model import DigSite
from ...games.paleo.moves import moves_json
from ...games.paleo.pads import GENERATOR_VERSION
from ...games.paleo.shared import SharedSheet
from ...layout.inksaver import lighten
from ...render.common import text_by_font
from ...source.lang import Language
from ..files import Written, atomic_write, sha256
from ..writer import document_subject, document_title, write_pages
from .sheet import pad_pages

#: What a pad's JSON adds: to its top, and to each sheet's object (in order).
PadExtra = tuple[Mapping[str, object], Sequence[Mapping[str, object]]]

#: Characters any sheet may draw beyond the first page's: codes, labels, numbers.
SHEET_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-·+"


def pad_json(sites: Sequence[DigSite], version: str, extra: PadExtra | None = None) -> bytes:
    """The layouts as data: one object per sheet, rows and columns counted from 0;
    ``extra`` adds to the top (a tournament's rule and spreads) and to each sheet
    (what was measured on it)."""
    top, per_sheet = extra if extra is not None else ({}, [{}] * len(sites))
    body = {
        "generator": version,
        **top,
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
                **shared_json(s),
                **more,
            }
            for s, more in zip(sites, per_sheet, strict=True)
        ],
    }
    return (json.dumps(body, indent=2, ensure_ascii=False) + "\n").encode()


def shared_json(site: DigSite) -> dict[str, object]:
    """What shared play adds to a sheet's JSON: rolls, date, par and its moves."""
    if not isinstance(site, SharedSheet):
        return {}
    extra: dict[str, object] = {"rolls": [list(r) for r in site.rolls]}
    if site.date:
        extra["date"] = site.date
    if site.par is not None:
        extra["par"] = site.par
        extra["par_moves"] = moves_json(site.par_moves)
    return extra


def pad_texts(first_page: Page) -> dict[str, str]:
    """Characters a pad can draw: the first page's, plus all that codes, labels and
    numbers of other sheets may use (so pages can be drawn as they are made)."""
    return {
        font: "".join(sorted(set(chars) | set(SHEET_CHARS)))
        for font, chars in text_by_font([first_page]).items()
    }


def build_pad(
    data: ComponentData,
    lang: Language,
    sites: Iterable[DigSite],
    copies: int,
    paper: str,
    per_page: int,
    fmt: str,
    out_dir: Path,
    stem: str,
    ink_saver: bool = False,
    json_extra: PadExtra | None = None,
) -> list[Written]:
    """A pad: each layout ``copies`` times (one per player), as PDF, SVG pages or JSON;
    with ``ink_saver`` white grounds and outlined panels (files end in ``-inksaver``).
    ``sites`` may be a stream (:func:`generator.games.paleo.pads.iter_pad`): a PDF's
    pages are drawn and written as the sheets come, in flat memory. ``json_extra``:
    what :func:`pad_json` adds (a tournament's measures)."""
    paleo = data.game(GAME_ID)
    folder = out_dir / GAME_ID / lang.code
    if fmt == "json":
        content = pad_json(list(sites), f"dinokit-pads/{GENERATOR_VERSION}", json_extra)
        path = atomic_write(folder / f"{stem}.json", content)
        return [Written(path, "pad", lang.code, paper, 0, sha256(content))]
    known = len(sites) if isinstance(sites, Sized) else 0
    stream = iter(sites)
    first = list(itertools.islice(stream, 1))
    printed = (site for site in itertools.chain(first, stream) for _ in range(copies))
    pages = pad_pages(printed, paleo, lang, paper, per_page)
    if ink_saver:
        pages = lighten(pages)
    texts = None
    if fmt == "pdf":
        texts = pad_texts(next(iter(pad_pages(first, paleo, lang, paper, per_page))))
    return write_pages(
        pages,
        folder,
        # never overwrites the 1-up file, nor the full-colour one
        f"{stem}-{paper}" + ("-2up" if per_page == 2 else "") + ("-inksaver" * ink_saver),
        fmt,
        component="pad",
        language=lang.code,
        paper=paper,
        title=document_title(lang, GAME_ID, lang.label("pad_title")),
        subject=document_subject(lang, "pdf_subject_sheets", paper),
        texts=texts,
        page_count=-(-known * copies // per_page),  # a PDF counts the pages it writes
    )
