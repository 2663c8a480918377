"""SVG backend: one SVG document per page, in millimetres, fonts embedded.

The viewBox is the page in millimetres, so the description's numbers are written
as they are. Each page embeds the subset of each font it uses (@font-face, base64),
so the file shows the same letters anywhere a browser opens it.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable

import svgwrite

from ..draw.shapes import Circle, Line, Page, Path, Rect, Style, Text, Transform, Use, walk_items
from ..layout import fontfiles
from .common import MM_PER_PT, text_by_font, transform_matrix

ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def _num(value: float) -> str:
    """Numbers as short, stable text."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _family(font_id: str) -> str:
    return f"dinokit-{font_id}"


class SvgBackend:
    def __init__(self, drawing: svgwrite.Drawing) -> None:
        self.dwg = drawing
        self.stack = [drawing]
        self.pushed: list[int] = []  # elements each push() added to the stack
        self.clips = 0
        self.forms: set[str] = set()
        self.straight = [True]  # no rotation but by right angles down to here

    def use(self, item: Use) -> None:
        """Define the form once per page in <defs>, then place it with <use>."""
        ref = f"form-{item.form.name}"
        if ref not in self.forms:
            self.forms.add(ref)
            group = self.dwg.g(id=ref)
            self.dwg.defs.add(group)
            self.stack.append(group)
            self.straight.append(False)  # a form may be placed anywhere, turned too
            walk_items(item.form.items, self)
            self.straight.pop()
            self.stack.pop()
        self.parent.add(self.dwg.use(f"#{ref}", insert=(_num(item.dx), _num(item.dy))))

    @property
    def parent(self):
        return self.stack[-1]

    def push(self, transform: Transform, clip: Rect | None) -> None:
        g = self.dwg.g(transform="matrix(" + " ".join(map(_num, transform_matrix(transform))) + ")")
        self.parent.add(g)
        self.stack.append(g)
        self.pushed.append(1)
        self.straight.append(self.straight[-1] and transform.rotate % 90 == 0)
        if clip is not None:
            self.clips += 1
            clip_id = f"clip{self.clips}"
            path = self.dwg.clipPath(id=clip_id)
            path.add(self.dwg.rect((clip.x, clip.y), (clip.w, clip.h)))
            self.dwg.defs.add(path)
            inner = self.dwg.g(clip_path=f"url(#{clip_id})")
            g.add(inner)
            self.stack.append(inner)
            self.pushed[-1] = 2

    def pop(self) -> None:
        for _ in range(self.pushed.pop()):
            self.stack.pop()
        self.straight.pop()

    @staticmethod
    def _style(style: Style) -> dict[str, str]:
        attrs = {"fill": style.fill or "none"}
        if style.fill and style.opacity != 1:
            attrs["fill-opacity"] = _num(style.opacity)
        if style.stroke:
            attrs["stroke"] = style.stroke
            attrs["stroke-width"] = _num(style.width)
            if style.dash:
                attrs["stroke-dasharray"] = " ".join(map(_num, style.dash))
        return attrs

    def rect(self, item: Rect) -> None:
        extra = {"rx": _num(item.radius)} if item.radius else {}
        if self.straight[-1] and not item.radius and item.style.fill and not item.style.stroke:
            # Plain fills meet their neighbours edge to edge (a sheet's bleeds): drawn
            # anti-aliased, browsers show a hairline seam where two edges meet.
            extra["shape-rendering"] = "crispEdges"
        self.parent.add(
            self.dwg.rect(
                (_num(item.x), _num(item.y)),
                (_num(item.w), _num(item.h)),
                **extra,
                **self._style(item.style),
            )
        )

    def line(self, item: Line) -> None:
        self.parent.add(
            self.dwg.line(
                (_num(item.x1), _num(item.y1)),
                (_num(item.x2), _num(item.y2)),
                **self._style(item.style),
            )
        )

    def circle(self, item: Circle) -> None:
        self.parent.add(
            self.dwg.circle((_num(item.cx), _num(item.cy)), _num(item.r), **self._style(item.style))
        )

    def path(self, item: Path) -> None:
        d = " ".join(op + " ".join(_num(v) for v in args) for op, *args in item.commands)
        self.parent.add(self.dwg.path(d=d, **self._style(item.style)))

    def text(self, item: Text) -> None:
        self.parent.add(
            self.dwg.text(
                item.text,
                insert=(_num(item.x), _num(item.y)),
                font_family=_family(item.font),
                font_size=_num(item.size * MM_PER_PT),
                fill=item.colour,
                text_anchor=ANCHOR[item.align],
            )
        )

    # pages are handled by render_svg_page
    def begin_page(self, page: Page) -> None:  # pragma: no cover
        pass

    def end_page(self, page: Page) -> None:  # pragma: no cover
        pass


def _font_css(page: Page) -> str:
    rules = []
    for font_id, chars in text_by_font([page]).items():
        data = base64.b64encode(fontfiles.ttf_path(font_id, chars).read_bytes()).decode("ascii")
        rules.append(
            f"@font-face{{font-family:'{_family(font_id)}';"
            f"src:url(data:font/ttf;base64,{data}) format('truetype');}}"
        )
    return "\n".join(rules)


def render_svg_page(page: Page) -> bytes:
    dwg = svgwrite.Drawing(
        size=(f"{_num(page.width)}mm", f"{_num(page.height)}mm"),
        viewBox=f"0 0 {_num(page.width)} {_num(page.height)}",
        profile="full",
        debug=False,
    )
    if page.label:
        dwg.set_desc(title=page.label)
    css = _font_css(page)
    if css:
        dwg.defs.add(dwg.style(css))
    walk_items(page.items, SvgBackend(dwg))
    return dwg.tostring().encode("utf-8")


def render_svg(pages: Iterable[Page]) -> list[bytes]:
    """One SVG document per page."""
    return [render_svg_page(page) for page in pages]
