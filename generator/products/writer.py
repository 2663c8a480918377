"""Page descriptions -> one PDF, or one SVG per page, written safely and listed.

The one place where products meet the render backends.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..draw.shapes import Page
from ..source.files import atomic_stream
from ..source.lang import Language
from .files import Written, atomic_write, sha256


def document_title(lang: Language, game: str, product: str) -> str:
    """A PDF's title in its language: the game's name, then the product's
    (e.g. "Paleontologists – Rules")."""
    return lang.label("document_title", {"game": lang.term("games", game), "product": product})


def document_subject(lang: Language, label: str, paper: str) -> str:
    """A PDF's subject in its language: the label (what the file is, how to print it)."""
    return lang.label(label, {"paper": paper.capitalize()})


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
    subject: str,
    texts: dict[str, str] | None = None,
    page_count: int | None = None,
) -> list[Written]:
    """``folder/stem.pdf`` (fmt "pdf") or ``folder/stem-pNN.svg`` (fmt "svg").

    The PDF's information gives ``title`` and ``subject``, its catalog ``language``.
    Pages may be a stream: with ``texts`` (see :func:`render_pdf`) and ``page_count``
    each page is written to the file as it is drawn (:mod:`generator.render.pdfstream`),
    so memory stays flat however many pages; SVG pages are drawn one at a time.
    """
    # the backends are imported when used: a command pays only for the one it needs
    if fmt == "pdf" and texts is not None and page_count is not None:
        from ..render.pdfstream import write_pdf_stream
        from ..render.pdfsyntax import AUTHOR, CREATOR

        path = folder / f"{stem}.pdf"
        with atomic_stream(path) as handle:
            drawn, digest = write_pdf_stream(
                pages,
                handle,
                texts,
                title=title,
                subject=subject,
                lang=language,
                author=AUTHOR,
                creator=CREATOR,
            )
        return [Written(path, component, language, paper, drawn, digest)]
    if fmt == "pdf":
        from ..render.pdf import render_pdf

        if page_count is None:
            pages = list(pages)
            page_count = len(pages)
        content = render_pdf(pages, title=title, texts=texts, subject=subject, lang=language)
        path = atomic_write(folder / f"{stem}.pdf", content)
        return [Written(path, component, language, paper, page_count, sha256(content))]
    from ..render.svg import render_svg_page

    written = []
    for number, page in enumerate(pages, start=1):
        svg = render_svg_page(page)
        path = atomic_write(folder / f"{stem}-p{number:02d}.svg", svg)
        written.append(Written(path, component, language, paper, 1, sha256(svg)))
    return written
