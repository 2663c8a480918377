"""Recording backend: the drawing calls as text lines, for golden tests without pixels."""

from __future__ import annotations

from collections.abc import Iterable

from ..draw.shapes import (
    Circle,
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


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _s(style: Style) -> str:
    parts = [f"fill={style.fill or 'none'}"]
    if style.stroke:
        parts.append(f"stroke={style.stroke}/{_n(style.width)}")
    if style.dash:
        parts.append("dash=" + ",".join(map(_n, style.dash)))
    if style.opacity != 1:
        parts.append(f"opacity={_n(style.opacity)}")
    return " ".join(parts)


class Recorder:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 0
        self.forms: set[str] = set()

    def use(self, item: Use) -> None:
        if item.form.name not in self.forms:
            self.forms.add(item.form.name)
            self._add(f"form {item.form.name}")
            self.depth += 1
            walk_items(item.form.items, self)
            self.depth -= 1
        self._add(f"use {item.form.name} {_n(item.dx)},{_n(item.dy)}")

    def _add(self, text: str) -> None:
        self.lines.append("  " * self.depth + text)

    def begin_page(self, page: Page) -> None:
        self._add(f"page {_n(page.width)}x{_n(page.height)} {page.label}".rstrip())

    def end_page(self, page: Page) -> None:
        self._add("end page")

    def push(self, transform: Transform, clip: Rect | None) -> None:
        t = transform
        desc = f"group dx={_n(t.dx)} dy={_n(t.dy)} rot={_n(t.rotate)} s={_n(t.sx)},{_n(t.sy)}"
        if clip is not None:
            desc += f" clip={_n(clip.x)},{_n(clip.y)},{_n(clip.w)},{_n(clip.h)}"
        self._add(desc)
        self.depth += 1

    def pop(self) -> None:
        self.depth -= 1

    def rect(self, item: Rect) -> None:
        r = f" r={_n(item.radius)}" if item.radius else ""
        self._add(f"rect {_n(item.x)},{_n(item.y)} {_n(item.w)}x{_n(item.h)}{r} {_s(item.style)}")

    def line(self, item: Line) -> None:
        self._add(f"line {_n(item.x1)},{_n(item.y1)} {_n(item.x2)},{_n(item.y2)} {_s(item.style)}")

    def circle(self, item: Circle) -> None:
        self._add(f"circle {_n(item.cx)},{_n(item.cy)} r={_n(item.r)} {_s(item.style)}")

    def path(self, item: Path) -> None:
        d = " ".join(op + ",".join(_n(v) for v in args) for op, *args in item.commands)
        self._add(f"path {d} {_s(item.style)}")

    def text(self, item: Text) -> None:
        self._add(
            f"text {_n(item.x)},{_n(item.y)} {item.align} {item.font} {_n(item.size)}pt "
            f"{item.colour} {item.text!r}"
        )


def record(pages: Iterable[Page]) -> list[str]:
    recorder = Recorder()
    walk(pages, recorder)
    return recorder.lines
