"""Drawing a fossil skeleton: takes a body plan, a part to highlight, a box and colours, gives
page items (see :mod:`generator.products.dinos.art` for the styling)."""

from __future__ import annotations

import functools

from ....draw.shapes import Circle, Item, Path, Style
from ..colours import mix
from .bodies import BODY_PARTS, PLANS
from .bones import UnitShape
from .curves import Pt

DIM = 0.3  # how far the parts that are not highlighted move from ``faded`` towards ``ink``


@functools.cache
def _unit_shapes(body: str) -> tuple[tuple[str, UnitShape], ...]:
    """(part, unit shape) for every layer of the plan, in drawing order."""
    return tuple((part, shape) for part, prim in PLANS[body] for shape in prim.shapes())


def _points(shape: UnitShape) -> list[Pt]:
    kind, geo, _ = shape
    if kind == "circle":
        cx, cy, r = geo
        return [(cx - r, cy - r), (cx + r, cy + r)]
    pts = []
    for cmd in geo:
        nums = cmd[1:]
        pts += [(nums[i], nums[i + 1]) for i in range(0, len(nums), 2)]
    return pts


@functools.lru_cache(maxsize=1024)  # the same in every language: drawn once per process
def skeleton(
    body: str,
    highlight: str | None,
    w: float,
    h: float,
    *,
    ink: str,
    faded: str,
    accent: str,
) -> tuple[Item, ...]:
    """The fossil skeleton of ``body`` fitted in (0, 0)-(w, h), ``highlight`` stressed.

    Raises ValueError for a body plan or part that is not in :data:`BODY_PARTS`.
    """
    if body not in PLANS:
        raise ValueError(f"unknown body plan {body!r} (known: {', '.join(sorted(PLANS))})")
    if highlight is not None and highlight not in BODY_PARTS[body]:
        raise ValueError(
            f"body plan {body!r} has no part {highlight!r} (parts: {', '.join(BODY_PARTS[body])})"
        )
    shapes = _unit_shapes(body)
    xs = [x for _, shape in shapes for x, _ in _points(shape)]
    ys = [y for _, shape in shapes for _, y in _points(shape)]
    x0, y0, bw, bh = min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    # stroke widths in mm grow gently with the drawing, never below 0.2 mm
    size = min(w / bw, h / bh)  # rough mm per unit before padding
    thin = max(0.2, 0.55 * size)
    even = max(0.22, 0.7 * size)
    bold = max(0.3, 0.9 * size)
    pad = bold + 0.05
    s = min((w - 2 * pad) / bw, (h - 2 * pad) / bh)
    ox = (w - bw * s) / 2 - x0 * s
    oy = (h - bh * s) / 2 - y0 * s

    def X(x: float) -> float:
        return ox + x * s

    def Y(y: float) -> float:
        return oy + y * s

    if highlight is None:
        faded_style = Style(fill=faded, stroke=ink, width=even)
    else:
        faded_style = Style(fill=mix(faded, ink, DIM), stroke=ink, width=thin)
    lit_under = Style(fill=ink, stroke=ink, width=2 * bold)  # a bold rim outside the bone
    lit_fill = Style(fill=accent, stroke=ink, width=thin)
    solid = Style(fill=ink)

    def scaled(kind: str, geo, style: Style) -> Item:
        if kind == "circle":
            cx, cy, r = geo
            return Circle(X(cx), Y(cy), r * s, style)
        cmds = []
        for op, *nums in geo:
            cmds.append((op, *(X(v) if i % 2 == 0 else Y(v) for i, v in enumerate(nums))))
        return Path(tuple(cmds), style)

    items: list[Item] = []
    run: list[tuple[str, object, str]] = []  # consecutive shapes of the highlighted part

    def flush() -> None:
        items.extend(scaled(k, g, lit_under) for k, g, r in run if r == "bone")
        items.extend(scaled(k, g, lit_fill if r == "bone" else solid) for k, g, r in run)
        run.clear()

    for part, (kind, geo, role) in shapes:
        if part == highlight:
            run.append((kind, geo, role))
            continue
        flush()
        items.append(scaled(kind, geo, faded_style if role == "bone" else solid))
    flush()
    return tuple(items)
