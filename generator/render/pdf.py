"""PDF backend: draws page descriptions with reportlab, in millimetres, y downwards.

The whole page is put under one transform (1 unit = 1 mm, origin top left), so
every shape is drawn with the numbers of the description itself. Fonts are our
own TrueType subsets, embedded; the document is reproducible (invariant mode).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from typing import Protocol

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from ..draw.shapes import (
    Box,
    Circle,
    Group,
    Item,
    Line,
    Page,
    Path,
    Rect,
    Style,
    Text,
    Transform,
    Use,
    walk,
    walk_items,
)
from ..layout import fontfiles
from .common import MM_PER_PT, PT_PER_MM, text_by_font, transform_matrix
from .pdfsyntax import AUTHOR, CREATOR
from .pdfx import PDF_VERSION, OutputIntent, add_pdfx


class CmykHook(Protocol):
    """How a print-shop export asks for CMYK: ``hook('#rrggbb', use)`` -> (c, m, y, k),
    each 0 to 1, where ``use`` says what the colour paints: ``"text"``, ``"line"`` (a
    stroke, or a fill smaller than :data:`AREA_MM` on a side) or ``"area"`` (a larger
    fill), so that a press's rules (black text on one plate, rich black areas) can be
    kept. Its ``output_intent`` (or None) makes the file PDF/X-4 (:mod:`.pdfx`)."""

    def __call__(self, hex_colour: str, use: str) -> tuple[float, float, float, float]: ...

    @property
    def output_intent(self) -> OutputIntent | None: ...


#: A fill at least this big on both sides (mm, as drawn) paints an area, not a line.
AREA_MM = 10.0
#: Always embedded, so the canvas never falls back to an unembedded Helvetica.
BASE_FONT = "sans"
#: Half the size of a form's bounding box, in the units it is drawn in (mm).
FORM_EXTENT = 1000


def _register(font_id: str, text: str) -> str:
    path = fontfiles.ttf_path(font_id, text)
    name = path.stem  # unique per subset file (see generator.fonts)
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return name


def _see_through(items: Iterable[Item]) -> bool:
    """True when some fill of ``items`` (or of a form they use) is not opaque."""
    for item in items:
        if isinstance(item, Group | Use):
            inner = item.items if isinstance(item, Group) else item.form.items
            if _see_through(inner):
                return True
        elif getattr(getattr(item, "style", None), "opacity", 1.0) < 1.0:
            return True
    return False


class PdfBackend:
    def __init__(
        self, canvas: Canvas, font_names: dict[str, str], cmyk: CmykHook | None = None
    ) -> None:
        self.c = canvas
        self.font_names = font_names
        self.cmyk = cmyk  # '#rrggbb', use -> (c, m, y, k) from 0 to 1; None: RGB as given
        self.scales = [1.0]  # how much a millimetre of the current group is on the page
        self.forms: set[str] = set()
        self.inline: set[str] = set()  # forms drawn in place (see :meth:`use`)

    def use(self, item: Use) -> None:
        """Define the form once (a form XObject), then place it by reference; a form
        with see-through fills is drawn in place instead: reportlab lists the graphics
        states of its opacities in the page's resources, not in the form's, so poppler
        and Ghostscript (which look in the form's, as the PDF standard says) would
        find them missing and print those fills solid."""
        c, name = self.c, f"dinokit-{item.form.name}"
        if item.form.name not in self.inline and _see_through(item.form.items):
            self.inline.add(item.form.name)
        if item.form.name in self.inline:
            c.saveState()
            c.translate(item.dx, item.dy)
            walk_items(item.form.items, self)
            c.restoreState()
            return
        if name not in self.forms:
            self.forms.add(name)
            c.beginForm(
                name,
                lowerx=-FORM_EXTENT,
                lowery=-FORM_EXTENT,
                upperx=FORM_EXTENT,
                uppery=FORM_EXTENT,
            )
            walk_items(item.form.items, self)
            c.endForm()
        c.saveState()
        c.translate(item.dx, item.dy)
        c.doForm(name)
        c.restoreState()

    # pages ---------------------------------------------------------------
    def begin_page(self, page: Page) -> None:
        c = self.c
        c.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        for box, setter in ((page.trim, c.setTrimBox), (page.bleed, c.setBleedBox)):
            if box is not None:
                setter(_pdf_box(box, page.height))
        c.saveState()
        c.transform(PT_PER_MM, 0, 0, -PT_PER_MM, 0, page.height * PT_PER_MM)

    def end_page(self, page: Page) -> None:
        self.c.restoreState()
        self.c.showPage()

    def push(self, transform: Transform, clip: Rect | None) -> None:
        self.c.saveState()
        self.c.transform(*transform_matrix(transform))
        self.scales.append(self.scales[-1] * math.sqrt(abs(transform.sx * transform.sy)))
        if clip is not None:
            p = self.c.beginPath()
            p.rect(clip.x, clip.y, clip.w, clip.h)
            self.c.clipPath(p, stroke=0, fill=0)

    def pop(self) -> None:
        self.scales.pop()
        self.c.restoreState()

    def colour(self, hex_colour: str, use: str = "area") -> Color:
        """A description colour as reportlab's: RGB, or CMYK through the hook."""
        if self.cmyk is None:
            return HexColor(hex_colour)
        return CMYKColor(*self.cmyk(hex_colour, use))

    # shapes --------------------------------------------------------------
    def _style(self, style: Style, size: tuple[float, float] = (0.0, 0.0)) -> tuple[int, int]:
        """Set the colours of ``style`` for a shape ``size`` (w, h in its own mm) big."""
        c = self.c
        if style.fill:
            small = min(abs(size[0]), abs(size[1])) * self.scales[-1] < AREA_MM
            c.setFillColor(self.colour(style.fill, "line" if small else "area"))
            c.setFillAlpha(style.opacity)
        if style.stroke:
            c.setStrokeColor(self.colour(style.stroke, "line"))
            c.setLineWidth(style.width)
            c.setDash(list(style.dash) if style.dash else [])
        return (1 if style.stroke else 0), (1 if style.fill else 0)

    def rect(self, item: Rect) -> None:
        stroke, fill = self._style(item.style, (item.w, item.h))
        if item.radius:
            self.c.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke, fill)
        else:
            self.c.rect(item.x, item.y, item.w, item.h, stroke, fill)

    def line(self, item: Line) -> None:
        self._style(item.style)
        self.c.line(item.x1, item.y1, item.x2, item.y2)

    def circle(self, item: Circle) -> None:
        stroke, fill = self._style(item.style, (2 * item.r, 2 * item.r))
        self.c.circle(item.cx, item.cy, item.r, stroke, fill)

    def path(self, item: Path) -> None:
        stroke, fill = self._style(item.style, _extent(item))
        p = self.c.beginPath()
        for command in item.commands:
            op, *args = command
            if op == "M":
                p.moveTo(*args)
            elif op == "L":
                p.lineTo(*args)
            elif op == "C":
                p.curveTo(*args)
            elif op == "Z":
                p.close()
        self.c.drawPath(p, stroke=stroke, fill=fill, fillMode=0)

    def text(self, item: Text) -> None:
        c = self.c
        c.saveState()
        c.translate(item.x, item.y)
        c.scale(1, -1)
        c.setFillColor(self.colour(item.colour, "text"))
        c.setFont(self.font_names[item.font], item.size * MM_PER_PT)
        draw = {"left": c.drawString, "center": c.drawCentredString, "right": c.drawRightString}
        draw[item.align](0, 0, item.text)
        c.restoreState()


def _extent(item: Path) -> tuple[float, float]:
    """The width and height of the points of a path (its control points included)."""
    xs = [v for _, *args in item.commands for v in args[0::2]]
    ys = [v for _, *args in item.commands for v in args[1::2]]
    return (max(xs) - min(xs), max(ys) - min(ys)) if xs else (0.0, 0.0)


def _pdf_box(box: Box, page_height: float) -> Sequence[float]:
    """A box in PDF points (x0, y0, x1, y1), y upwards."""
    return (
        box.x * PT_PER_MM,
        (page_height - box.y - box.h) * PT_PER_MM,
        (box.x + box.w) * PT_PER_MM,
        (page_height - box.y) * PT_PER_MM,
    )


def render_pdf(
    pages: Iterable[Page],
    title: str = "dinokit",
    texts: dict[str, str] | None = None,
    *,
    subject: str = "Pages drawn by dinokit",
    lang: str = "en",
    cmyk: CmykHook | None = None,
) -> bytes:
    """Draw pages into a PDF document; the same pages give the same bytes.

    ``title`` and ``subject`` go to the document information, ``lang`` (a language
    code) to the catalog's /Lang; the dates are fixed (reportlab's invariant mode).
    Fonts are subset to the text drawn, so the pages are read twice; pass ``texts``
    (font id -> every character any page draws in it) to draw a long stream of pages
    without holding them all. ``cmyk`` (see :class:`CmykHook`) writes every colour
    as CMYK instead of RGB (a print shop's export); with its output intent, the file
    is PDF/X-4 (PDF 1.6, the press profile embedded, :func:`.pdfx.add_pdfx`).
    """
    if texts is None:
        pages = list(pages)
        texts = text_by_font(pages)
    texts = dict(texts)
    texts.setdefault(BASE_FONT, "")
    font_names = {font_id: _register(font_id, text) for font_id, text in texts.items()}
    buffer = io.BytesIO()
    intent = getattr(cmyk, "output_intent", None)
    canvas = Canvas(
        buffer,
        invariant=1,
        pageCompression=1,
        initialFontName=font_names[BASE_FONT],
        lang=lang,
        pdfVersion=PDF_VERSION if intent else None,
    )
    canvas.setTitle(title)
    canvas.setSubject(subject)
    canvas.setAuthor(AUTHOR)
    canvas.setCreator(CREATOR)
    canvas.setProducer(CREATOR)
    if intent is not None:
        add_pdfx(canvas, intent, lang)
    walk(pages, PdfBackend(canvas, font_names, cmyk))
    canvas.save()
    return buffer.getvalue()
