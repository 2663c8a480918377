"""Measuring produced PDFs in millimetres (tests read the file, not our layout objects)."""

from __future__ import annotations

import io
from dataclasses import dataclass

import pdfplumber
import pypdfium2

PT = 25.4 / 72  # mm per point


@dataclass(frozen=True)
class Box:
    x: float
    y: float  # from the top of the page, mm
    w: float
    h: float
    fill: object = None


@dataclass(frozen=True)
class Seg:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float

    @property
    def length(self) -> float:
        return ((self.x2 - self.x1) ** 2 + (self.y2 - self.y1) ** 2) ** 0.5


@dataclass
class MeasuredPage:
    width: float
    height: float
    rects: list[Box]
    lines: list[Seg]
    text: str


def measure(pdf_bytes: bytes, only: range | list[int] | None = None) -> list[MeasuredPage]:
    """Shapes of the pages (all, or those listed in ``only``); pdfminer is slow on big pages."""
    pages = []
    with pdfplumber.open(io.BytesIO(pdf_bytes)) as pdf:
        for number, page in enumerate(pdf.pages):
            if only is not None and number not in only:
                continue
            rects = [
                Box(
                    r["x0"] * PT,
                    r["top"] * PT,
                    r["width"] * PT,
                    r["height"] * PT,
                    r.get("non_stroking_color"),
                )
                for r in page.rects
            ]
            lines = [
                Seg(
                    ln["x0"] * PT,
                    ln["top"] * PT,
                    ln["x1"] * PT,
                    ln["bottom"] * PT,
                    ln["linewidth"] * PT,
                )
                for ln in page.lines
            ]
            pages.append(MeasuredPage(page.width * PT, page.height * PT, rects, lines, ""))
    return pages


def page_count(pdf_bytes: bytes) -> int:
    return len(pypdfium2.PdfDocument(pdf_bytes))


def pdf_text(pdf_bytes: bytes) -> list[str]:
    """The text of every page, as a PDF reader extracts it (pdfium)."""
    doc = pypdfium2.PdfDocument(pdf_bytes)
    return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
