"""What the backends share: collecting the text each font must draw."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence

from ..draw.shapes import Page, Text, Transform, Use, walk, walk_items

MM_PER_PT = 25.4 / 72
PT_PER_MM = 72 / 25.4


class _TextCollector:
    """A backend that only notes which characters each font draws."""

    def __init__(self) -> None:
        self.chars: dict[str, set[str]] = defaultdict(set)
        self.forms: set[str] = set()

    def text(self, item: Text) -> None:
        self.chars[item.font].update(item.text)

    def use(self, item: Use) -> None:
        if item.form.name not in self.forms:
            self.forms.add(item.form.name)
            walk_items(item.form.items, self)

    def __getattr__(self, name: str):
        return lambda *args: None


def text_by_font(pages: Iterable[Page]) -> dict[str, str]:
    """font id -> every character drawn in it, sorted (stable for subsetting)."""
    collector = _TextCollector()
    walk(pages, collector)
    return {font: "".join(sorted(chars)) for font, chars in sorted(collector.chars.items())}


Matrix = tuple[float, float, float, float, float, float]


def compose(outer: Sequence[float], inner: Sequence[float]) -> Matrix:
    """The matrix of ``inner`` then ``outer`` (a point goes through ``inner`` first):
    PDF's ``inner x outer``, as ``cm`` inside a page of matrix ``outer`` draws."""
    a, b, c, d, e, f = outer
    p, q, r, s, t, u = inner
    return (
        a * p + c * q,
        b * p + d * q,
        a * r + c * s,
        b * r + d * s,
        a * t + c * u + e,
        b * t + d * u + f,
    )


def transform_matrix(t: Transform) -> tuple[float, float, float, float, float, float]:
    """The affine matrix (a, b, c, d, e, f) of translate, rotate, scale, in that order."""
    import math

    angle = math.radians(t.rotate)
    cos, sin = math.cos(angle), math.sin(angle)
    return (cos * t.sx, sin * t.sx, -sin * t.sy, cos * t.sy, t.dx, t.dy)
