"""The page description: what to draw, in millimetres, y downwards from the top left.

Layout code builds these immutable values and never calls a drawing library. Every
backend (PDF, SVG, the recorder for tests) walks the same description through
:func:`walk`, so all outputs agree by construction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol

Colour = str  # '#rrggbb'
Align = Literal["left", "center", "right"]


@dataclass(frozen=True)
class Style:
    fill: Colour | None = None
    stroke: Colour | None = None
    width: float = 0.25  # stroke width, mm
    dash: tuple[float, ...] = ()  # dash pattern, mm
    opacity: float = 1.0  # fill opacity


FILL_BLACK = Style(fill="#000000")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


# Path commands: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
PathCommand = tuple


@dataclass(frozen=True)
class Path:
    commands: tuple[PathCommand, ...]
    style: Style

    @staticmethod
    def polygon(points: Sequence[tuple[float, float]], style: Style, closed: bool = True) -> Path:
        (x0, y0), *rest = points
        commands: list[PathCommand] = [("M", x0, y0)] + [("L", x, y) for x, y in rest]
        if closed:
            commands.append(("Z",))
        return Path(tuple(commands), style)


@dataclass(frozen=True)
class Text:
    """One line of text; (x, y) is the baseline point given by ``align``."""

    x: float
    y: float
    text: str
    font: str  # a font id of generator.fonts
    size: float  # points
    colour: Colour = "#000000"
    align: Align = "left"


@dataclass(frozen=True)
class Transform:
    """Applied as: translate, then rotate (degrees, clockwise on the page), then scale."""

    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    sx: float = 1.0
    sy: float = 1.0


@dataclass(frozen=True)
class Group:
    items: tuple[Item, ...]
    transform: Transform = Transform()
    clip: Rect | None = None  # in the group's own coordinates


@dataclass(frozen=True)
class Form:
    """Drawing reused on many pages (a PDF form XObject, an SVG <use>): drawn once."""

    name: str  # unique within a document
    items: tuple[Item, ...]


@dataclass(frozen=True)
class Use:
    form: Form
    dx: float = 0.0
    dy: float = 0.0


Item = Rect | Line | Circle | Path | Text | Group | Use


@dataclass(frozen=True)
class Box:
    """A PDF page box (TrimBox, BleedBox) in page millimetres."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Page:
    width: float
    height: float
    items: tuple[Item, ...]
    trim: Box | None = None
    bleed: Box | None = None
    label: str = ""  # for people and tests: what this page is
    meta: dict[str, object] = field(default_factory=dict, compare=False)


def group(items: Iterable[Item], dx: float = 0.0, dy: float = 0.0, **kw: float) -> Group:
    return Group(tuple(items), Transform(dx=dx, dy=dy, **kw))


class Backend(Protocol):
    """What a renderer implements; :func:`walk` drives it."""

    def begin_page(self, page: Page) -> None: ...
    def end_page(self, page: Page) -> None: ...
    def push(self, transform: Transform, clip: Rect | None) -> None: ...
    def pop(self) -> None: ...
    def rect(self, item: Rect) -> None: ...
    def line(self, item: Line) -> None: ...
    def circle(self, item: Circle) -> None: ...
    def path(self, item: Path) -> None: ...
    def text(self, item: Text) -> None: ...
    def use(self, item: Use) -> None: ...


def walk_items(items: Iterable[Item], backend: Backend) -> None:
    for item in items:
        if isinstance(item, Group):
            backend.push(item.transform, item.clip)
            walk_items(item.items, backend)
            backend.pop()
        elif isinstance(item, Rect):
            backend.rect(item)
        elif isinstance(item, Line):
            backend.line(item)
        elif isinstance(item, Circle):
            backend.circle(item)
        elif isinstance(item, Path):
            backend.path(item)
        elif isinstance(item, Text):
            backend.text(item)
        elif isinstance(item, Use):
            backend.use(item)
        else:  # pragma: no cover - a programming error, not bad input
            raise TypeError(f"cannot draw {item!r}")


def walk(pages: Iterable[Page], backend: Backend) -> None:
    for page in pages:
        backend.begin_page(page)
        walk_items(page.items, backend)
        backend.end_page(page)
