"""Fitting a component's art onto a service's stock product: measured, then scaled.

The art of a face is measured from its drawing description: its *content* is every
item that lies wholly inside the cut (text always counts, wherever it is); an item
that crosses the cut is bleeding art (a ground, a band) and may run to the bleed. One
uniform scale per component (the same for all its pieces and faces, so they match)
puts every face's content inside the product's safe area, at least
:data:`MIN_INSET` (1/8 inch) inside the cut and never closer than the service's own
safe margin; round products (chits) are measured by distance from the centre. A
product is readable when the scaled text is at least :data:`MIN_TEXT_PT`, or no
smaller than it already is at the component's own size.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...draw.shapes import Box, Circle, Group, Item, Line, Page, Path, Rect, Text, Transform, Use
from ...layout import fonts
from ...render.common import compose, transform_matrix
from .pieces import Art, Piece
from .services import Product

#: Art and text stay at least this far inside the cut on every product: 1/8 inch.
MIN_INSET = 25.4 / 8
#: The smallest text accepted after scaling, in points (unless the component's own
#: text is smaller still and is not shrunk further).
MIN_TEXT_PT = 6.0

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Extent:
    """What a face's content needs, about the centre of its trim: the largest
    distance sideways (``half_w``), up or down (``half_h``) and from the centre
    (``radius``), and the smallest text in points (None: no text)."""

    half_w: float
    half_h: float
    radius: float
    min_text: float | None

    def merged(self, other: Extent) -> Extent:
        texts = [t for t in (self.min_text, other.min_text) if t is not None]
        return Extent(
            max(self.half_w, other.half_w),
            max(self.half_h, other.half_h),
            max(self.radius, other.radius),
            min(texts) if texts else None,
        )


@dataclass(frozen=True)
class Fit:
    """How a component goes onto ``product``: ``scale`` and the readable-text verdict."""

    product: Product
    scale: float
    min_text: float | None  # the smallest text after scaling, pt
    readable: bool
    inset: float  # the least distance from the cut to any content after scaling, mm

    @property
    def distance(self) -> float:
        """How far from the component's own size (0: same size)."""
        return abs(math.log(self.scale))


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _scale_of(m: Matrix) -> float:
    """How much ``m`` scales lengths (the geometric mean of its axes)."""
    a, b, c, d, _, _ = m
    return math.sqrt(abs(a * d - b * c))


def _points(item: Item) -> list[tuple[float, float]]:
    """Points whose hull holds ``item`` (half a stroke width included)."""
    if isinstance(item, Rect):
        pad = item.style.width / 2 if item.style.stroke else 0.0
        x0, y0, x1, y1 = item.x - pad, item.y - pad, item.x + item.w + pad, item.y + item.h + pad
    elif isinstance(item, Circle):
        r = item.r + (item.style.width / 2 if item.style.stroke else 0.0)
        x0, y0, x1, y1 = item.cx - r, item.cy - r, item.cx + r, item.cy + r
    elif isinstance(item, Line):
        pad = item.style.width / 2
        x0, x1 = sorted((item.x1, item.x2))
        y0, y1 = sorted((item.y1, item.y2))
        x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    elif isinstance(item, Path):
        coords = [c[i : i + 2] for c in item.commands for i in range(1, len(c) - 1, 2)]
        pad = item.style.width / 2 if item.style.stroke else 0.0
        xs, ys = [p[0] for p in coords], [p[1] for p in coords]
        x0, y0, x1, y1 = min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    elif isinstance(item, Text):
        width = fonts.text_width_mm(item.font, item.text, item.size)
        left = {"left": 0.0, "center": width / 2, "right": width}[item.align]
        x0, x1 = item.x - left, item.x - left + width
        y0 = item.y - fonts.ascent_mm(item.font, item.size)
        y1 = item.y + abs(fonts.descent_mm(item.font, item.size))
    else:  # pragma: no cover - groups and uses are walked, not measured
        raise TypeError(f"cannot measure {item!r}")
    return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]


@dataclass(frozen=True)
class Mark:
    """One drawn item, measured on the page: its bounds, its size if it is text, and
    for a circle its centre and radius (measured exactly, not by its corners)."""

    bounds: Bounds
    text_pt: float | None
    circle: tuple[float, float, float] | None = None


def measure(items: Iterable[Item], m: Matrix = IDENTITY) -> list[Mark]:
    """Every drawn item of ``items`` under ``m`` (groups and forms walked)."""
    marks: list[Mark] = []
    for item in items:
        if isinstance(item, Group):
            marks += measure(item.items, compose(m, transform_matrix(item.transform)))
        elif isinstance(item, Use):
            marks += measure(item.form.items, compose(m, (1, 0, 0, 1, item.dx, item.dy)))
        else:
            pts = [_apply(m, x, y) for x, y in _points(item)]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            bounds = (min(xs), min(ys), max(xs), max(ys))
            size = item.size * _scale_of(m) if isinstance(item, Text) else None
            circle = None
            if isinstance(item, Circle):
                cx, cy = _apply(m, item.cx, item.cy)
                pad = item.style.width / 2 if item.style.stroke else 0.0
                circle = (cx, cy, (item.r + pad) * _scale_of(m))
            marks.append(Mark(bounds, size, circle))
    return marks


def content(marks: Sequence[Mark], trim: Box) -> list[Mark]:
    """The marks that must stay in the safe area: text, and whatever lies wholly inside
    the cut (an item crossing the cut is bleeding art)."""
    eps = 1e-6
    inside = [
        mark
        for mark in marks
        if mark.text_pt is not None
        or (
            mark.bounds[0] >= trim.x - eps
            and mark.bounds[1] >= trim.y - eps
            and mark.bounds[2] <= trim.x + trim.w + eps
            and mark.bounds[3] <= trim.y + trim.h + eps
        )
    ]
    return inside


def _reach(mark: Mark, cx: float, cy: float) -> float:
    """The farthest point of ``mark`` from (cx, cy)."""
    if mark.circle is not None:
        x, y, r = mark.circle
        return math.hypot(x - cx, y - cy) + r
    x0, y0, x1, y1 = mark.bounds
    return max(math.hypot(x - cx, y - cy) for x in (x0, x1) for y in (y0, y1))


def extent(piece: Piece, art: Art) -> Extent:
    """What the content of ``art`` (a face of ``piece``, at its own size) needs."""
    trim = Box(0, 0, piece.width, piece.height)
    marks = content(measure(art.items), trim)
    cx, cy = piece.width / 2, piece.height / 2
    texts = [mark.text_pt for mark in marks if mark.text_pt is not None]
    return Extent(
        max((max(cx - m.bounds[0], m.bounds[2] - cx) for m in marks), default=0.0),
        max((max(cy - m.bounds[1], m.bounds[3] - cy) for m in marks), default=0.0),
        max((_reach(m, cx, cy) for m in marks), default=0.0),
        min(texts) if texts else None,
    )


def component_extent(pieces: Sequence[Piece]) -> Extent:
    """The extent of every face of ``pieces`` together."""
    total = Extent(0.0, 0.0, 0.0, None)
    for piece in pieces:
        for _, art in piece.faces():
            total = total.merged(extent(piece, art))
    return total


def fit(need: Extent, product: Product, most: float = math.inf) -> Fit:
    """The largest scale (at most ``most``) that keeps the content inside ``product``'s
    safe area."""
    inset = max(product.safe, MIN_INSET)
    if product.shape == "circle":
        room = min(product.width, product.height) / 2 - inset
        scale = room / need.radius if need.radius > 0 else 1.0
    else:
        scales = [
            (side / 2 - inset) / half
            for side, half in ((product.width, need.half_w), (product.height, need.half_h))
            if half > 0
        ]
        scale = min(scales, default=1.0)
    scale = min(scale, most)
    min_text = need.min_text * scale if need.min_text is not None else None
    readable = min_text is None or min_text >= min(MIN_TEXT_PT, need.min_text or 0.0) - 1e-9
    return Fit(product, scale, min_text, readable, inset)


def choose(need: Extent, products: Sequence[Product]) -> tuple[Fit | None, list[Fit]]:
    """The nearest readable fit among ``products`` (None: none is readable), and all."""
    fits = [fit(need, product) for product in products]
    readable = [f for f in fits if f.readable]
    return (min(readable, key=lambda f: f.distance) if readable else None), fits


def product_page(piece: Piece, art: Art, chosen: Fit) -> Page:
    """``art`` scaled onto the product: a page of trim + 2 x bleed, TrimBox the cut,
    BleedBox the page, the component's trim centre on the product's."""
    p, s = chosen.product, chosen.scale
    w, h = p.width + 2 * p.bleed, p.height + 2 * p.bleed
    dx = p.bleed + p.width / 2 - s * piece.width / 2
    dy = p.bleed + p.height / 2 - s * piece.height / 2
    return Page(
        w,
        h,
        (Group(art.items, Transform(dx=dx, dy=dy, sx=s, sy=s), clip=None),),
        trim=Box(p.bleed, p.bleed, p.width, p.height),
        bleed=Box(0, 0, w, h),
        label=f"{piece.product} {piece.name} {art.key} on {p.key}",
        meta={"piece": piece.name, "art": art.key, "product": p.key},
    )


def bleed_needed(piece: Piece, chosen: Fit) -> float:
    """How far the art must run beyond its own cut to cover the product's page."""
    p, s = chosen.product, chosen.scale
    return max(
        (p.width / 2 + p.bleed) / s - piece.width / 2,
        (p.height / 2 + p.bleed) / s - piece.height / 2,
        0.0,
    )


def safe_violations(page: Page, chosen: Fit) -> list[str]:
    """What of ``page``'s content lies outside the product's safe area, or is text
    smaller than accepted (empty: all good); measured from the page description."""
    p = chosen.product
    trim = page.trim or Box(0, 0, page.width, page.height)
    marks = content(measure(page.items), trim)
    inset = chosen.inset - 1e-6
    problems = []
    cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
    for mark in marks:
        x0, y0, x1, y1 = mark.bounds
        if p.shape == "circle":
            gap = min(trim.w, trim.h) / 2 - _reach(mark, cx, cy)
        else:
            gap = min(x0 - trim.x, y0 - trim.y, trim.x + trim.w - x1, trim.y + trim.h - y1)
        if gap < inset:
            problems.append(f"content {gap:.2f} mm inside the cut (at least {chosen.inset:.3f})")
    return problems
