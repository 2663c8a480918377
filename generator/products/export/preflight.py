"""A print shop's preflight of a written PDF: page boxes, fonts, ink, image resolution.

Reads the file itself (pypdf), not the page descriptions, and reports per file:

- **boxes**: every page has a TrimBox and a BleedBox, the BleedBox is the MediaBox,
  and the artwork reaches at least ``bleed`` mm beyond the trim on every side;
- **fonts**: every font (pages and forms) is embedded (FontFile, FontFile2, FontFile3);
- **ink**: the colours the content streams set: the largest total of a CMYK colour
  (``k``/``K``) and whether any RGB or grey colour is left (``rg``, ``RG``, ``g``,
  ``G``), which a CMYK file must not have;
- **images**: the lowest resolution of any raster image as placed (pixels per inch
  of its drawn size); dinokit draws vectors only, so normally there are none;

and for a CMYK file, what a press asks of it (:mod:`.press_checks`): the output intent
and its profile, dark text and lines in black only, every kit colour's ΔE2000 after a
round trip through the profile, and the PDF/X-4 points that are checked here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...render.common import compose
from .check import Check
from .press_checks import press_checks

MM_PER_PT = 25.4 / 72
TOLERANCE = 0.01  # mm: how far a box may be from where it should be


@dataclass
class Report:
    """The preflight of one file."""

    path: Path
    pages: int
    checks: list[Check] = field(default_factory=list)
    max_ink: float = 0.0  # the largest C+M+Y+K found, 1.0 = 100%
    rgb_colours: int = 0  # RGB or grey colours set
    min_ppi: float | None = None  # the lowest placed resolution of an image, if any
    #: kit colour name -> ΔE2000 of its round trip through the file's profile (CMYK only)
    delta_e: dict[str, float] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        """Whether every check passed."""
        return all(check.ok for check in self.checks)

    def lines(self) -> list[str]:
        """The report as lines of text, one per check."""
        head = f"{self.path}: {self.pages} pages, {'ok' if self.ok else 'FAILED'}"
        marks = [f"  [{'ok' if c.ok else 'FAIL'}] {c.name}: {c.detail}" for c in self.checks]
        return [head, *marks]


def _box_mm(box: Any) -> tuple[float, float, float, float]:
    return tuple(float(v) * MM_PER_PT for v in box)  # type: ignore[return-value]


def _check_boxes(pages: list[Any], bleed: float) -> Check:
    problems, least = [], float("inf")
    for number, page in enumerate(pages, start=1):
        if "/TrimBox" not in page or "/BleedBox" not in page:
            problems.append(f"page {number} has no TrimBox or BleedBox")
            continue
        media, trim, bleed_box = (_box_mm(b) for b in (page.mediabox, page.trimbox, page.bleedbox))
        if any(abs(a - b) > TOLERANCE for a, b in zip(media, bleed_box, strict=True)):
            problems.append(f"page {number}: BleedBox is not the page")
        margins = (trim[0] - media[0], trim[1] - media[1], media[2] - trim[2], media[3] - trim[3])
        least = min(least, *margins)
    if least < bleed - TOLERANCE:
        problems.append(f"bleed {least:.3f} mm, at least {bleed:.3f} mm expected")
    shown = f"TrimBox and BleedBox on every page, bleed {least:.3f} mm on every side"
    return Check("boxes", not problems, "; ".join(problems[:3]) or shown)


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, bool]]:
    """(font name, embedded) for every font of ``resources`` and of its forms."""
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        parts = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
        descriptors = [p.get("/FontDescriptor") for p in parts]
        embedded = all(
            d is not None
            and any(k in d.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            for d in descriptors
        )
        yield str(font.get("/BaseFont", "?")), embedded
    for xobject in (resources.get("/XObject") or {}).values():
        ref = int(getattr(xobject, "idnum", id(xobject)))
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form" and ref not in seen:
            seen.add(ref)
            yield from _fonts(xobject.get("/Resources"), seen)


@dataclass
class _Colours:
    max_ink: float = 0.0
    rgb: int = 0
    min_ppi: float | None = None
    seen: set[int] = field(default_factory=set)
    cmyk: set[tuple[float, ...]] = field(default_factory=set)  # every CMYK colour set
    text: set[tuple[float, ...]] = field(default_factory=set)  # fill colours text is shown in
    lines: set[tuple[float, ...]] = field(default_factory=set)  # stroke colours of strokes


_TEXT_SHOW = (b"Tj", b"TJ", b"'", b'"')
_STROKE_PAINT = (b"S", b"s", b"B", b"B*", b"b", b"b*")


def _walk_content(
    content: Any, resources: Any, reader: Any, ctm: Sequence[float], out: _Colours
) -> None:
    """Note the colours and placed images of one content stream (and its forms)."""
    from pypdf.generic import ContentStream

    resources = resources.get_object() if resources is not None else {}
    xobjects = resources.get("/XObject") or {}
    stack: list[tuple[Sequence[float], tuple[float, ...], tuple[float, ...]]] = []
    fill: tuple[float, ...] = (0.0, 0.0, 0.0, 1.0)  # the PDF's initial colours: black
    stroke: tuple[float, ...] = fill
    for operands, operator in ContentStream(content, reader).operations:
        if operator in (b"k", b"K"):
            colour = tuple(round(float(v), 4) for v in operands)
            out.max_ink = max(out.max_ink, sum(colour))
            out.cmyk.add(colour)
            if operator == b"k":
                fill = colour
            else:
                stroke = colour
        elif operator in (b"rg", b"RG", b"g", b"G"):
            out.rgb += 1
        elif operator in _TEXT_SHOW:
            out.text.add(fill)
        elif operator in _STROKE_PAINT:
            out.lines.add(stroke)
        elif operator == b"q":
            stack.append((ctm, fill, stroke))
        elif operator == b"Q" and stack:
            ctm, fill, stroke = stack.pop()
        elif operator == b"cm":
            ctm = compose(ctm, [float(v) for v in operands])
        elif operator == b"Do" and operands and operands[0] in xobjects:
            ref = xobjects[operands[0]]
            xobject = ref.get_object()
            if xobject.get("/Subtype") == "/Image":
                wide = (ctm[0] ** 2 + ctm[1] ** 2) ** 0.5 / 72  # inches drawn
                high = (ctm[2] ** 2 + ctm[3] ** 2) ** 0.5 / 72
                ppi = min(int(xobject["/Width"]) / wide, int(xobject["/Height"]) / high)
                out.min_ppi = ppi if out.min_ppi is None else min(out.min_ppi, ppi)
            elif xobject.get("/Subtype") == "/Form":
                key = (getattr(ref, "idnum", id(xobject)), tuple(round(v, 3) for v in ctm))
                if hash(key) not in out.seen:
                    out.seen.add(hash(key))
                    matrix = [float(v) for v in xobject.get("/Matrix", [1, 0, 0, 1, 0, 0])]
                    form_ctm = compose(ctm, matrix)
                    _walk_content(xobject, xobject.get("/Resources"), reader, form_ctm, out)


def preflight(
    path: Path, bleed: float, cmyk: bool, ink_limit: float = 2.4, min_ppi: float = 300
) -> Report:
    """Check the PDF at ``path`` as a print shop would (see the module's docstring)."""
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    pages = list(reader.pages)
    report = Report(path, len(pages))
    report.checks.append(_check_boxes(pages, bleed))
    fonts: dict[str, bool] = {}
    colours = _Colours()
    for page in pages:
        for name, embedded in _fonts(page.get("/Resources"), set()):
            fonts[name] = fonts.get(name, True) and embedded
        content = page.get_contents()
        if content is not None:
            _walk_content(content, page.get("/Resources"), reader, [1, 0, 0, 1, 0, 0], colours)
    missing = sorted(name for name, ok in fonts.items() if not ok)
    detail = f"{len(fonts)} fonts, all embedded" if not missing else f"not embedded: {missing}"
    report.checks.append(Check("fonts", not missing, detail))
    report.max_ink, report.rgb_colours, report.min_ppi = (
        colours.max_ink,
        colours.rgb,
        colours.min_ppi,
    )
    if cmyk:
        ok = colours.rgb == 0 and colours.max_ink <= ink_limit + 1e-6
        detail = f"CMYK, total ink at most {colours.max_ink:.1%} (limit {ink_limit:.0%})"
        if colours.rgb:
            detail += f"; {colours.rgb} RGB or grey colours left"
        report.checks.append(Check("ink", ok, detail))
        checks, report.delta_e = press_checks(reader, path, colours, report.checks)
        report.checks.extend(checks)
    else:
        report.checks.append(Check("ink", True, "RGB (sRGB), as designed on screen"))
    if colours.min_ppi is None:
        report.checks.append(Check("images", True, "no raster images: vectors and text only"))
    else:
        ok = colours.min_ppi >= min_ppi - 0.5
        report.checks.append(Check("images", ok, f"lowest resolution {colours.min_ppi:.0f} ppi"))
    return report
