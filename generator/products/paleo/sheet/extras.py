"""What a sheet for shared play prints on top of the ordinary sheet: its rolls in the
round track's dice boxes (and a mark in the track's heading), the date of a day's sheet
beside the code box, and the par in a dashed tab beside the total, upside down."""

from __future__ import annotations

from ....draw.shapes import Group, Item, Rect, Style, Text, Transform
from ....games.paleo.shared import SharedSheet
from ....layout import fonts
from ....layout.text import fitted_text
from ....source.lang import Language
from .geometry import Layout, code_box, track_boxes
from .marks import die_face
from .panels import date_sizes, date_width
from .parts import SheetParts
from .style import ACCENT, INK, WHITE, centred, heading, lerp

TAB = Style(fill=WHITE, stroke=ACCENT, width=0.35, dash=(0.8, 0.6))


def shared_items(site: SharedSheet, parts: SheetParts) -> list[Item]:
    """The rolls, date and par ``site`` carries, drawn on its sheet."""
    L, lang = parts.layout, parts.lang
    items: list[Item] = []
    if site.rolls:
        items += _rolls(site, L, parts, lang)
    if site.date:
        items += _date(site.date, L, parts, lang)
    if site.par is not None:
        items += _par(site.par, L, parts, lang)
    return items


def _rolls(site: SharedSheet, L: Layout, parts: SheetParts, lang: Language) -> list[Item]:
    regular, bold, _ = parts.fonts
    items: list[Item] = []
    size = L.track_box * 0.62 / fonts.MM_PER_PT
    for n, roll in enumerate(site.rolls):
        for box, die in zip(track_boxes(L, n, len(site.rolls)), roll, strict=True):
            x, y = L.track.x + box.x, L.track.y + box.y
            items.append(centred(x, y, box.w, box.h, str(die), bold, size, colour=INK))
    # The mark, in the track's heading band: a die and, where it fits, the word.
    size = L.band - 1.8
    die_x = L.track.x + L.track.w - 1.6 - size
    items += die_face(5, die_x, L.track.y + 0.3 + (L.band - size) / 2, size, bold)
    title = heading(lang.label("round"), lang)
    title_w = fonts.text_width_mm(bold, title, lerp(6.6, 8.0, L.t))
    room = die_x - 1.0 - (L.track.x + 2.0 + title_w + 1.5)
    word = lang.label("rolls_printed")
    mark_size = min(lerp(5.6, 6.6, L.t), room / max(fonts.text_width_mm(regular, word, 1.0), 1e-6))
    if mark_size >= 4.0:
        cap = fonts.cap_height_mm(regular, mark_size)
        items.append(Text(die_x - 1.0, L.track.y + 0.3 + (L.band + cap) / 2, word, regular,
                          mark_size, ACCENT, "right"))  # fmt: skip
    return items


def _date(date: str, L: Layout, parts: SheetParts, lang: Language) -> list[Item]:
    """Two lines right-aligned against the code box: what it is, and the date (the
    frame of a day's sheet leaves them room: :func:`.panels.title_box`)."""
    regular, bold, _ = parts.fonts
    right = code_box(L).x - 2.0
    room = date_width(L, lang) + 0.5
    label_size, date_size = date_sizes(L)
    label = fitted_text(right, 0, lang.label("daily"), regular, label_size, room, min_size=4.2,
                        colour=ACCENT, align="right")  # fmt: skip
    day = fitted_text(right, 0, date, bold, date_size, room, min_size=5.5, colour=INK,
                      align="right")  # fmt: skip
    hd = L.header
    lead = fonts.cap_height_mm(bold, day.size)
    small = fonts.cap_height_mm(regular, label.size)
    gap = lerp(1.0, 1.8, L.t)
    top = hd.y + (hd.h - small - gap - lead) / 2
    return [
        Text(label.x, top + small, label.text, regular, label.size, ACCENT, "right"),
        Text(day.x, top + small + gap + lead, day.text, bold, day.size, INK, "right"),
    ]


def _par(par: int, L: Layout, parts: SheetParts, lang: Language) -> list[Item]:
    """A dashed tab at the right of the total panel's title line: the word upright, the
    number upside down (turn the sheet at the end of the game to read it)."""
    regular, bold, display = parts.fonts
    a = L.total
    title_size = fitted_text(0, 0, heading(lang.label("total"), lang), display,
                             lerp(8, 10, L.t), a.w - 4, min_size=5).size  # fmt: skip
    cap = fonts.cap_height_mm(display, title_size)
    title_w = fonts.text_width_mm(display, heading(lang.label("total"), lang), title_size)
    top, h = a.y + 0.9, cap + 2.0
    number_size = h * 0.78 / fonts.MM_PER_PT
    number_w = fonts.text_width_mm(bold, "88", number_size)
    word = heading(lang.label("par"), lang)
    room = a.w - 4 - title_w - 2.5 - number_w - 2.4
    label = fitted_text(0, 0, word, bold, lerp(5.6, 6.8, L.t), room, min_size=4.0)
    w = fonts.text_width_mm(bold, word, label.size) + number_w + 3.4
    x = a.x + a.w - 2 - w
    label_cap = fonts.cap_height_mm(bold, label.size)
    cx = x + w - 1.0 - number_w / 2
    ncap = fonts.cap_height_mm(bold, number_size)
    upside_down = Text(0, ncap / 2, str(par), bold, number_size, INK, "center")
    return [
        Rect(x, top, w, h, TAB, 1.0),
        Text(x + 1.2, top + (h + label_cap) / 2, word, bold, label.size, ACCENT),
        Group((upside_down,), Transform(dx=cx, dy=top + h / 2, rotate=180)),
    ]
