"""The forms sheets of one size share: takes the game data, a language and a sheet size,
gives :class:`SheetParts` (layout, static part forms, glyph forms made on first use),
cached per size in :func:`sheet_parts`."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable, Iterable

from ....draw.shapes import Circle, Form, Item, Style, Use
from ....games.paleo.model import Cell, PaleoData
from ....layout import fonts
from ....layout.text import fitted_text
from ....source.lang import Language
from .geometry import CODE_LABEL_TOP, Layout, code_box, sheet_layout
from .marks import fossil_shape, mini_shape, signature, star_path
from .panels import bonus_items, dig_type_items, frame_items, key_items, track_items
from .style import (
    ACCENT,
    DIFFICULTY_PIPS,
    FOSSIL_EDGE,
    FOSSIL_FILL,
    INK,
    STAR_FILL,
    WHITE,
    centred,
    lerp,
    sheet_fonts,
)


class SheetParts:
    """The layout of sheets of one size and every form they draw with.

    The static parts are made at once; the small drawings sheets differ by (a fossil
    of a given shape, a label badge, a value ring, a star, a difficulty badge) are
    made as forms the first time a sheet needs them, so each is stored once per PDF.
    """

    def __init__(
        self, data: PaleoData, lang: Language, layout: Layout, tag: str, dated: bool = False
    ) -> None:
        self.data, self.lang, self.layout, self.tag = data, lang, layout, tag
        self.dated = dated  # a day's sheet: the title leaves room for the date
        self.fonts = sheet_fonts(lang)
        L = layout
        frame = tuple(frame_items(L, data, lang, dated))
        forms = [
            (Form(f"paleo-frame-{tag}" + ("-dated" if dated else ""), frame), 0.0, 0.0),
            (Form(f"paleo-rounds-{tag}", tuple(track_items(L, data, lang))), L.track.x, L.track.y),
            (Form(f"paleo-key-{tag}", tuple(key_items(L, data, lang))), L.key.x, L.key.y),
            (
                Form(f"paleo-digtypes-{tag}", tuple(dig_type_items(L, data, lang))),
                L.dig_types.x,
                L.dig_types.y,
            ),
            (
                Form(f"paleo-bonuses-{tag}", tuple(bonus_items(L, data, lang))),
                L.bonuses.x,
                L.bonuses.y,
            ),
        ]
        self.uses: tuple[Use, ...] = tuple(Use(form, dx, dy) for form, dx, dy in forms)
        self._glyphs: dict[str, Form] = {}
        self._fossils: dict[tuple[Cell, ...], Form] = {}
        # Glyph forms get short names: a page lists every form it uses by name.
        self.short = hashlib.sha256(tag.encode()).hexdigest()[:6]

    def glyph(self, kind: str, key: object, make: Callable[[], Iterable[Item]]) -> Form:
        name = f"pg-{kind}{key}-{self.short}"
        form = self._glyphs.get(name)
        if form is None:
            form = self._glyphs[name] = Form(name, tuple(make()))
        return form

    # the glyphs ----------------------------------------------------------
    def fossil(self, cells: tuple[Cell, ...]) -> Form:
        """A fossil of this shape (cells from (0,0)) at the grid's cell size."""
        form = self._fossils.get(cells)
        if form is None:
            sig = signature(cells)
            form = self.glyph("f", sig, lambda: fossil_shape(cells, self.layout.cell, 0.5))
            self._fossils[cells] = form
        return form

    def badge(self, letter: str, cx: float, cy: float, radius: float, where: str) -> list[Item]:
        """A fossil's label: a dark disc with the letter in white, centred on (cx, cy)
        (one form per letter and place: ``where`` fixes the radius on a sheet size)."""
        bold = self.fonts[1]
        size = radius * 1.45 / fonts.MM_PER_PT

        def make() -> list[Item]:
            return [
                Circle(0, 0, radius, Style(fill=FOSSIL_EDGE, stroke=None, width=0.35)),
                centred(
                    -radius,
                    -radius,
                    2 * radius,
                    2 * radius,
                    letter,
                    bold,
                    size,
                    min_size=size * 0.6,
                    colour=WHITE,
                ),
            ]

        return [Use(self.glyph("b", f"{where}{letter}", make), cx, cy)]

    def rings(self, value: int, bonus: int, radius: float, dx: float) -> Form:
        """A fossil's value and, ``dx`` to the right, its bonus, each in a circle to
        mark; centred on (0,0)."""
        bold = self.fonts[1]
        size = radius * 1.25 / fonts.MM_PER_PT
        ring = Style(fill=WHITE, stroke=INK, width=0.35)

        def make() -> list[Item]:
            items: list[Item] = []
            for x, text in ((0.0, str(value)), (dx, f"+{bonus}")):
                items.append(Circle(x, 0, radius, ring))
                items.append(
                    centred(
                        x - radius,
                        -radius,
                        2 * radius,
                        2 * radius,
                        text,
                        bold,
                        size,
                        min_size=size * 0.6,
                        colour=INK,
                    )
                )
            return items

        return self.glyph("v", f"{value}b{bonus}", make)

    def mini(self, cells: tuple[Cell, ...], size: float) -> Form:
        sig = signature(cells)
        return self.glyph("m", sig, lambda: mini_shape(cells, 0, 0, size, FOSSIL_FILL))

    def star(self) -> Form:
        style = Style(fill=STAR_FILL, stroke=INK, width=0.4)
        return self.glyph("s", "", lambda: [star_path(0, 0, self.layout.cell * 0.3, style)])

    def difficulty(self, level: str) -> Form:
        """The difficulty in the code box: its name and one to three filled pips."""
        return self.glyph("l", level, lambda: _difficulty_items(level, self))


_PARTS: OrderedDict[tuple, SheetParts] = OrderedDict()
_PARTS_KEPT = 16


def _digest(data: PaleoData, lang: Language) -> str:
    """A short stable fingerprint of what the static parts show (for unique form names)."""
    parts = [
        repr(sorted((p.id, sorted(p.cells)) for p in data.pentominoes)),
        repr([(d.id, d.pattern) for d in data.dig_types]),
        repr([(f.face, f.shapes, f.dig_type) for f in data.dice]),
        repr(  # values only: a Location (file as typed, line) must not change the bytes
            (
                data.dig_site.rounds,
                data.dig_site.fossils_max,
                [(b.id, b.limit) for b in data.dig_site.bonuses],
            )
            if data.dig_site
            else None
        ),
        repr(sorted(lang.labels.items())),
        repr(sorted(lang.names.items())),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:8]


def sheet_parts(
    data: PaleoData, lang: Language, w: float, h: float, rows: int, cols: int, dated: bool = False
) -> SheetParts:
    """The layout and the forms of sheets of this size, made once and cached
    (``dated``: for a day's sheet)."""
    key = (id(data), id(lang), w, h, rows, cols, dated)
    parts = _PARTS.get(key)
    if parts is not None and parts.data is data and parts.lang is lang:
        _PARTS.move_to_end(key)
        return parts
    layout = sheet_layout(data, rows, cols, w, h, lang=lang)
    tag = f"{lang.code}-{w:g}x{h:g}-{rows}x{cols}-{_digest(data, lang)}"
    parts = _PARTS[key] = SheetParts(data, lang, layout, tag, dated)
    while len(_PARTS) > _PARTS_KEPT:
        _PARTS.popitem(last=False)
    return parts


def _difficulty_items(level: str, parts: SheetParts) -> list[Item]:
    """Drawn from the code box's top right corner (0,0) leftwards."""
    L, lang = parts.layout, parts.lang
    regular, bold, _ = parts.fonts
    pips = DIFFICULTY_PIPS.get(level, 0)
    pip_r = lerp(0.75, 0.9, L.t)
    top = CODE_LABEL_TOP
    label_cap = fonts.cap_height_mm(bold, lerp(5.4, 6.2, L.t))
    px = -2 - pip_r
    items: list[Item] = []
    for k in range(3):
        filled = 3 - k <= pips
        style = Style(fill=ACCENT if filled else WHITE, stroke=ACCENT, width=0.25)
        items.append(Circle(px - k * (2 * pip_r + 0.7), top + label_cap / 2, pip_r, style))
    key = f"difficulty_{level}"
    text = lang.label(key) if key in lang.labels else level
    right = px - 2 * (2 * pip_r + 0.7) - pip_r - 1.0
    items.append(
        fitted_text(
            right,
            top + label_cap,
            text,
            regular,
            lerp(5.4, 6.2, L.t),
            code_box(L).w * 0.4,
            min_size=4.5,
            colour=ACCENT,
            align="right",
        )
    )
    return items
