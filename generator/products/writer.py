"""Page descriptions -> one PDF, or one SVG per page, written safely and listed.

The one place where products meet the render backends.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..draw.shapes import Page
from ..render.pdf import render_pdf
from ..render.svg import render_svg_page
from .files import Written, atomic_write, sha256


def write_pages(
    pages: Iterable[Page],
    folder: Path,
    stem: str,
    fmt: str,
    *,
    component: str,
    language: str,
    paper: str,
    title: str,
    texts: dict[str, str] | None = None,
    page_count: int | None = None,
) -> list[Written]:
    """``folder/stem.pdf`` (fmt "pdf") or ``folder/stem-pNN.svg`` (fmt "svg").

    Pages may be a stream: with ``texts`` (see :func:`render_pdf`) and ``page_count``
    the PDF is drawn without holding every page; SVG pages are drawn one at a time.
    """
    if fmt == "pdf":
        if page_count is None:
            pages = list(pages)
            page_count = len(pages)
        content = render_pdf(pages, title=title, texts=texts)
        path = atomic_write(folder / f"{stem}.pdf", content)
        return [Written(path, component, language, paper, page_count, sha256(content))]
    written = []
    for number, page in enumerate(pages, start=1):
        svg = render_svg_page(page)
        path = atomic_write(folder / f"{stem}-p{number:02d}.svg", svg)
        written.append(Written(path, component, language, paper, 1, sha256(svg)))
    return written
