"""The streaming PDF backend (render/pdfstream.py) draws what the reportlab backend
draws, measured in both files; writes the same bytes for the same pages; and writes
a file whole or not at all (products/writer.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pikepdf
import pytest

from dinokit.draw.shapes import Page, Rect, Style, Text
from dinokit.games.data import DEFAULT_DATA_DIR, load_games
from dinokit.games.paleo.model import DigSite, Fossil
from dinokit.products.paleo.pad import pad_texts
from dinokit.products.paleo.sheet import pad_pages
from dinokit.products.writer import write_pages
from dinokit.render.pdf import render_pdf
from dinokit.render.pdfstream import write_pdf_stream
from dinokit.source.diagnostics import Diagnostics

FOSSILS = (
    Fossil("A", ((0, 1),), 2, 1, "single"),
    Fossil("B", ((1, 4), (1, 5)), 3, 2, "pair"),
    Fossil("C", ((3, 8), (4, 8), (5, 8)), 4, 2, "bar"),
    Fossil("D", ((7, 4), (7, 5), (8, 4), (8, 5)), 5, 3, "square"),
    Fossil("E", ((9, 1), (9, 2), (9, 3), (10, 2)), 6, 3, "tee"),
    Fossil("F", ((0, 9),), 2, 1, "single"),
)
STARS = ((0, 6), (2, 2), (2, 10), (3, 5), (5, 5), (6, 0), (10, 6), (10, 10))
MM = 72 / 25.4


def site(n: int) -> DigSite:
    return DigSite(f"PAL-TEST-{n:04d}", n, ("easy", "medium", "hard")[n % 3], 11, 11,
                   FOSSILS[: 4 + n % 3], STARS, 27.5)  # fmt: skip


@pytest.fixture(scope="module")
def loaded():
    data = load_games(DEFAULT_DATA_DIR, Diagnostics())  # loaded, not validated: quick
    assert data is not None
    return data


def pages_of(loaded, lang: str, count: int, paper: str = "a4", per_page: int = 1):
    paleo = loaded.game("paleontologists")
    return list(pad_pages([site(n) for n in range(count)], paleo, loaded.language(lang),
                          paper, per_page))  # fmt: skip


def stream(pages: list[Page], lang: str = "en") -> bytes:
    out = io.BytesIO()
    write_pdf_stream(pages, out, pad_texts(pages[0]), title="Pad", subject="Sheets", lang=lang,
                     author="dinokit contributors", creator="dinokit")  # fmt: skip
    return out.getvalue()


def drawn(pdf: bytes) -> list[dict]:
    """Per page: its boxes, words and the bounding boxes of what is drawn, in mm."""
    pages = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:

            def box(o) -> tuple[float, ...]:
                return tuple(round(o[k] / MM * 10) / 10 for k in ("x0", "top", "x1", "bottom"))

            words = page.extract_words()
            pages.append(
                {
                    "size": (round(page.width / MM, 2), round(page.height / MM, 2)),
                    "trim": page.page_obj.attrs.get("TrimBox"),
                    "words": sorted((w["text"], *box(w)) for w in words),
                    "rects": sorted(box(r) for r in page.rects),
                    "lines": sorted(box(line) for line in page.lines),
                    "curves": len(page.curves),
                }
            )
    return pages


@pytest.mark.parametrize("paper, per_page", [("a4", 1), ("letter", 2)])
def test_the_stream_draws_what_reportlab_draws(loaded, paper, per_page) -> None:
    """Same pages, sizes, trim boxes, words where they were, and every rectangle and
    line where it was (to 0.1 mm), measured by pdfplumber in both files."""
    pages = pages_of(loaded, "en", per_page, paper, per_page)
    ours, theirs = drawn(stream(pages)), drawn(render_pdf(pages, texts=pad_texts(pages[0])))
    assert len(ours) == len(theirs) == 1
    for a, b in zip(ours, theirs, strict=True):
        assert a["size"] == b["size"] and len(a["words"]) > 60 and a["curves"] == b["curves"]
        for key in ("words", "rects", "lines"):
            assert len(a[key]) == len(b[key]), key
            for x, y in zip(a[key], b[key], strict=True):
                assert x[:-4] == y[:-4] and all(
                    abs(p - q) <= 0.11 for p, q in zip(x[-4:], y[-4:], strict=True)
                )
        if per_page == 1:
            assert [round(float(v), 2) for v in a["trim"]] == [
                round(float(v), 2) for v in b["trim"]
            ]


def test_korean_text_is_embedded_and_can_be_read_back(loaded) -> None:
    pages = pages_of(loaded, "ko", 1)
    pdf = stream(pages, "ko")
    words = {w[0] for w in drawn(pdf)[0]["words"]}
    korean = {w for w in words if any("\uac00" <= ch <= "\ud7a3" for ch in w)}
    assert korean and "PAL-TEST-0000" in words
    assert b"/FontFile2" in pdf and b"/ToUnicode" in pdf and b"/Lang (ko)" in pdf


def test_same_pages_same_bytes_and_a_page_costs_little(loaded) -> None:
    pages = pages_of(loaded, "en", 12)
    one, two = stream(pages), stream(pages)
    assert one == two and one.startswith(b"%PDF-1.4") and one.rstrip().endswith(b"%%EOF")
    with pikepdf.open(io.BytesIO(one)) as doc:  # qpdf finds nothing wrong in the structure
        assert doc.check_pdf_syntax() == [] and len(doc.pages) == 12
    small = stream(pages[:2])
    assert (len(one) - len(small)) / 10 < 4096  # P2: forms are written once


def test_a_failed_stream_leaves_no_file(tmp_path: Path) -> None:
    """A page that cannot be drawn stops the file: nothing at the path, no temporary."""
    good = Page(50, 50, (Rect(5, 5, 10, 10, Style(fill="#123456")),))
    bad = Page(50, 50, (Text(5, 5, "x", "no-such-font", 9),))
    with pytest.raises(KeyError):
        write_pages(iter([good, bad]), tmp_path, "pad", "pdf", component="pad", language="en",
                    paper="a4", title="t", subject="s", texts={"sans": "x"},
                    page_count=2)  # fmt: skip
    assert list(tmp_path.iterdir()) == []
    written = write_pages(iter([good, good]), tmp_path, "pad", "pdf", component="pad",
                          language="en", paper="a4", title="t", subject="s", texts={},
                          page_count=2)  # fmt: skip
    assert [p.name for p in tmp_path.iterdir()] == ["pad.pdf"] and written[0].pages == 2
    with pdfplumber.open(tmp_path / "pad.pdf") as doc:
        assert len(doc.pages) == 2 and doc.pages[0].rects[0]["width"] == pytest.approx(
            10 * MM, abs=0.01
        )
