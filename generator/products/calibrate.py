"""The duplex calibration sheet: two pages, printed double-sided once, that show a
printer's front-to-back offset to 0.25 mm and check that it prints at 100%.

Held to the light, each axis shows two vernier rows, read from the front (the back is
seen mirrored through the paper, as a long-edge flip lays it):

* **coarse, thick lines**: 11 front lines :data:`COARSE_FRONT` mm apart, numbered -5
  to +5, and 11 back lines :data:`COARSE_BACK` mm apart. Back line k meets front line k
  when the back sits k mm off. Any other pair (k, k - m) is ``v + 11 m - t`` mm from
  meeting, at least 2 mm for every offset t within ±5 mm, while the right pair is at
  most 0.5 mm away: the thick pair nearest to meeting gives the offset to the mm, and
  no second answer.
* **fine, thin lines**: 41 front lines :data:`FINE_FRONT` mm apart, numbered -5 to +5
  by 0.25, and 41 back lines :data:`FINE_BACK` mm apart. Back line k meets front line k
  when the back sits k x 0.25 mm off; pairs (k, k - m) meet too, at numbers 2.75 x m
  away. The thin pair that meets nearest the coarse number (at most 0.5 mm off) is the
  right one: every other is at least 2.25 mm farther from it.

The number read is the value to give ``--duplex-offset`` (X, Y) to cancel the drift
(the convention of :mod:`generator.layout.sheets`: +X moves the backs right as seen on
the backs page, +Y down): X grows to the right, Y upwards. Two 100 mm rulers (across
and down) check the scale. ``tests/cli/test_printing.py`` reads the produced PDF for
every drift on a 0.25 mm grid over the whole range.
"""

from __future__ import annotations

from pathlib import Path

from ..draw.shapes import Group, Item, Line, Page, Rect, Style, Text, Transform
from ..layout import fonts
from ..layout.sheets import SheetSpec, load_sheet_spec
from ..layout.text import TextOverflow, fitted_text, wrap
from ..source.lang import Language
from .files import Written
from .footers import sheet_footer
from .writer import write_pages

STEP = 0.25  # mm of offset between two readings of the fine row
FINE_FRONT = 3.0  # mm between the front's thin lines
FINE_BACK = FINE_FRONT - STEP  # mm between the back's thin lines
FINE_STEPS = 20  # thin lines each side of the middle: -5 to +5 by 0.25
COARSE_FRONT = 4 * FINE_FRONT  # mm between the front's thick lines: under the whole mm
COARSE_BACK = COARSE_FRONT - 1.0  # mm between the back's thick lines: one step is 1 mm
COARSE_STEPS = 5  # thick lines each side of the middle: -5 to +5
TICK_WIDTH = 0.18  # mm: the thin lines (the tests find them by this width)
THICK_WIDTH = 0.5  # mm: the thick lines
RULER = 100.0  # mm: length of the two rulers
INK = "#000000"
GREY = "#6b6b6b"
COMMANDS = (
    "dinokit printer set {name} --duplex-offset X,Y --paper {paper}",
    "dinokit build --out output/ --printer {name}",
)
CHECK_COMMAND = "dinokit calibrate --paper {paper} --printer {name}"

BACK_LEN = 6.0  # mm: every back line
COARSE_LEN = 7.0  # mm: the front's thick lines
Y_PANEL_W, Y_PANEL_H = 52.0, 148.0  # mm: the Y scale's frame
X_PANEL_H = 56.0  # mm: the X scale's frame (the text width across)


def _value(k: int, step: float, lang: Language) -> str:
    """The number of line ``k``: k x step mm, signed, with the language's decimal sign
    (CLDR: "+4.5", Polish, German, French "+4,5") and, printed, the minus sign U+2212
    ("\u22120,5"): CLDR's minus for every shipped language is the hyphen-minus, which
    prints as a short hyphen. ``--duplex-offset`` reads both."""
    value = k * step
    return "0" if k == 0 else lang.number(value, signed=True).replace("-", "\u2212")


def _fine_len(i: int) -> float:
    """A front thin line's length: like a ruler, long at whole mm, shorter at half and
    quarter mm."""
    return 7.5 if i % 4 == 0 else (5.5 if i % 2 == 0 else 3.5)


def _label_size(i: int) -> float:
    return 6.5 if i % 4 == 0 else (5.5 if i % 2 == 0 else 5.0)


def _x_scale(
    cx: float, fine: float, fonts_: tuple[str, str], front: bool, lang: Language
) -> list[Item]:
    """The X scale: the thin row on baseline ``fine`` (front lines hang below it, numbered
    under their feet; back lines stand on it), the thick row 21 mm lower (front lines
    stand up toward the whole-mm numbers, back lines hang from it)."""
    regular, bold = fonts_
    thin, thick = Style(stroke=INK, width=TICK_WIDTH), Style(stroke=INK, width=THICK_WIDTH)
    coarse = fine + 21.0
    items: list[Item] = []
    for i in range(-FINE_STEPS, FINE_STEPS + 1):
        if front:
            x, length = cx + i * FINE_FRONT, _fine_len(i)
            items.append(Line(x, fine, x, fine + length, thin))
            size = _label_size(i)
            font = bold if i % 4 == 0 else regular
            y = fine + length + 0.8 + fonts.cap_height_mm(font, size)
            # a quarter's number sits between the longer lines 3 mm either side
            room = 4.3 if i % 2 else 5.6
            items.append(
                fitted_text(x, y, _value(i, STEP, lang), font, size, room, 3.5, INK, "center")
            )
        else:
            x = cx + i * FINE_BACK
            items.append(Line(x, fine - BACK_LEN, x, fine, thin))
    for v in range(-COARSE_STEPS, COARSE_STEPS + 1):
        if front:
            x = cx + v * COARSE_FRONT
            items.append(Line(x, coarse - COARSE_LEN, x, coarse, thick))
        else:
            x = cx + v * COARSE_BACK
            items.append(Line(x, coarse, x, coarse + BACK_LEN, thick))
    return items


def _y_scale(
    cy: float, fine: float, fonts_: tuple[str, str], front: bool, lang: Language
) -> list[Item]:
    """The Y scale, + upwards: the thin row on the vertical baseline ``fine`` (front lines
    reach right, numbered after them; back lines reach left), the thick row 22 mm to the
    right (front lines reach left toward the whole-mm numbers, back lines right)."""
    regular, bold = fonts_
    thin, thick = Style(stroke=INK, width=TICK_WIDTH), Style(stroke=INK, width=THICK_WIDTH)
    coarse = fine + 22.0
    items: list[Item] = []
    for i in range(-FINE_STEPS, FINE_STEPS + 1):
        if front:
            y = cy - i * FINE_FRONT
            items.append(Line(fine, y, fine + _fine_len(i), y, thin))
            size = _label_size(i)
            font = bold if i % 4 == 0 else regular
            cap = fonts.cap_height_mm(font, size)
            label = _value(i, STEP, lang)
            items.append(fitted_text(fine + 8.3, y + cap / 2, label, font, size, 6.0, 3.5, INK))
        else:
            y = cy - i * FINE_BACK
            items.append(Line(fine - BACK_LEN, y, fine, y, thin))
    for v in range(-COARSE_STEPS, COARSE_STEPS + 1):
        if front:
            y = cy - v * COARSE_FRONT
            items.append(Line(coarse - COARSE_LEN, y, coarse, y, thick))
        else:
            y = cy - v * COARSE_BACK
            items.append(Line(coarse, y, coarse + BACK_LEN, y, thick))
    return items


def _ruler(x: float, y: float, vertical: bool, font: str) -> list[Item]:
    """A 100 mm ruler from (x, y), across or down, mm ticks, numbered every 10 mm."""
    ink = Style(stroke=INK, width=0.2)
    items: list[Item] = []
    bar = (0.0, 0.0, 1.2, RULER) if vertical else (0.0, 0.0, RULER, 1.2)
    items.append(Rect(x + bar[0], y + bar[1], bar[2], bar[3], Style(fill=INK)))
    for mm in range(int(RULER) + 1):
        length = 4.0 if mm % 10 == 0 else (3.0 if mm % 5 == 0 else 2.0)
        if vertical:
            items.append(Line(x + 1.2, y + mm, x + 1.2 + length, y + mm, ink))
        else:
            items.append(Line(x + mm, y + 1.2, x + mm, y + 1.2 + length, ink))
        if mm % 10 == 0:
            label = str(mm)
            if vertical:
                cap = fonts.cap_height_mm(font, 5.5)
                items.append(Text(x + 6.5, y + mm + cap / 2, label, font, 5.5, INK))
            else:
                items.append(Text(x + mm, y + 9.0, label, font, 5.5, INK, "center"))
    return items


def _paragraph(
    x: float, y: float, width: float, text: str, font: str, size: float
) -> tuple[list[Item], float]:
    """Wrapped text from baseline ``y``; returns the items and the next free baseline."""
    lead = size * fonts.MM_PER_PT * 1.3
    lines = wrap(text, font, size, width)
    items: list[Item] = [
        Text(x, y + n * lead, line, font, size, INK) for n, line in enumerate(lines)
    ]
    return items, y + len(lines) * lead


def _steps(
    lang: Language, paper: str, x: float, y: float, width: float, fonts_: tuple[str, str]
) -> tuple[list[Item], float]:
    """The numbered reading steps, each command after its step on a line of its own;
    returns the items and the next free baseline."""
    regular, bold = fonts_
    name = lang.label("calibrate_printer_name")
    commands = tuple(c.format(paper=paper, name=name) for c in COMMANDS)
    steps: list[tuple[str, tuple[str, ...]]] = [
        (lang.label("calibrate_step_print"), ()),
        (lang.label("calibrate_step_ruler", {"length": lang.number(RULER)}), ()),
        (lang.label("calibrate_step_light"), ()),
        (lang.label("calibrate_step_coarse"), ()),
        (lang.label("calibrate_step_read"), ()),
        (lang.label("calibrate_step_save"), commands),
        (lang.label("calibrate_step_check"), (CHECK_COMMAND.format(paper=paper, name=name),)),
    ]
    items: list[Item] = []
    lead = 9 * fonts.MM_PER_PT * 1.3
    for number, (step, commands) in enumerate(steps, start=1):
        items.append(Text(x, y, f"{number}.", bold, 9, INK))
        lines, y = _paragraph(x + 6, y, width - 6, step, regular, 9)
        items += lines
        for command in commands:
            items.append(fitted_text(x + 6, y + 0.4, command, bold, 8.5, width - 6, 5.0))
            y += lead
        y += 1.5
    return items, y


def calibration_pages(
    lang: Language, paper: str, back_shift: tuple[float, float] = (0.0, 0.0)
) -> list[Page]:
    """The front and the back of the calibration sheet on ``paper``; the back's content
    is shifted by ``back_shift`` (mm, +X right on the back page, +Y down), as a duplex
    offset shifts a backs page."""
    spec = load_sheet_spec()
    width, height = spec.papers[paper]
    regular, bold = fonts.font_for(lang.script, "regular"), fonts.font_for(lang.script, "bold")
    display = fonts.font_for(lang.script, "display")
    faces = (regular, bold)
    left = (width - spec.common[0]) / 2 + 15
    top = (height - spec.common[1]) / 2 + 15
    text_w = width - 2 * left
    ruler_x = left + text_w - 12  # the 100 mm ruler down the right edge
    y_panel = (ruler_x - 2 - Y_PANEL_W, top + 14)  # the Y scale's frame, beside the steps
    x_panel = (left, y_panel[1] + Y_PANEL_H + 6)  # the X scale's frame, across below
    cy, fine_y = y_panel[1] + 82, y_panel[0] + 14  # Y scale: middle, thin baseline
    cx, fine_x = left + text_w / 2, x_panel[1] + 20  # X scale: middle, thin baseline

    front: list[Item] = [
        fitted_text(left, top + 8, lang.label("calibrate_title"), display, 20, text_w)
    ]
    steps, end = _steps(lang, paper, left, top + 20, y_panel[0] - 5 - left, faces)
    front += steps
    if end > x_panel[1] - 3:
        raise TextOverflow(
            f"the calibration steps run {end - x_panel[1] + 3:.1f} mm too long",
            lang.label("calibrate_step_read"),
        )
    frame = Style(stroke=GREY, width=0.2)
    for (px, py), (pw, ph), key in (
        (y_panel, (Y_PANEL_W, Y_PANEL_H), "calibrate_y"),
        (x_panel, (text_w, X_PANEL_H), "calibrate_x"),
    ):
        front.append(Rect(px, py, pw, ph, frame, radius=2.0))
        front.append(fitted_text(px + 4, py + 7, lang.label(key), bold, 8.5, pw - 8))
    front += _x_scale(cx, fine_x, faces, front=True, lang=lang)
    front += _y_scale(cy, fine_y, faces, front=True, lang=lang)
    front += _ruler(left, x_panel[1] + X_PANEL_H + 5, vertical=False, font=regular)
    front += _ruler(ruler_x, y_panel[1] + 24, vertical=True, font=regular)

    # The back, drawn in front coordinates and mirrored (long-edge flip): a line at
    # front x lands at width - x on the back page.
    seen: list[Item] = []
    seen += _x_scale(cx, fine_x, faces, front=False, lang=lang)
    seen += _y_scale(cy, fine_y, faces, front=False, lang=lang)
    mirrored = Group(tuple(seen), Transform(dx=width, sx=-1.0))
    back_text, _ = _paragraph(left, top + 8, text_w, lang.label("calibrate_back"), bold, 10)
    back: list[Item] = [mirrored, *back_text]

    # where the two scales are, for pictures of the sheet (tools/lighttable.py)
    scales = {
        "Y": (*y_panel, Y_PANEL_W, Y_PANEL_H),
        "X": (*x_panel, text_w, X_PANEL_H),
    }
    pages = []
    title = lang.label("calibrate_title")
    for number, items in ((1, front), (2, back)):
        side = "" if number == 1 else lang.label("backs")
        label = sheet_footer(lang, title).label([title, side], number, 2, paper.upper())
        footer = _footer(spec, width, height, label, regular)
        content: list[Item] = list(items)
        if number == 2:
            content = [Group(tuple(content), Transform(dx=back_shift[0], dy=back_shift[1]))]
        pages.append(
            Page(
                width,
                height,
                tuple(content + footer),
                label=label,
                meta={"side": ("front", "back")[number - 1], "scales": scales},
            )
        )
    return pages


def _footer(spec: SheetSpec, width: float, height: float, label: str, font: str) -> list[Item]:
    """The page label at the foot (the rulers above take the place of the 50 mm bar)."""
    base = (height + spec.common[1]) / 2 - spec.printable - 8
    left = (width - spec.common[0]) / 2 + 15
    return [fitted_text(width - left, base - 0.6, label, font, 7, 90, 5, INK, "right")]


def build_calibration(
    lang: Language, paper: str, fmt: str, out_dir: Path, back_shift: tuple[float, float]
) -> list[Written]:
    """``out_dir/calibration-<paper>.pdf`` (or one SVG per page); ``back_shift``: the
    duplex offset of the printer it is for (the scales then read what is left)."""
    pages = calibration_pages(lang, paper, back_shift)
    return write_pages(
        pages,
        out_dir,
        f"calibration-{paper}",
        fmt,
        component="calibrate",
        language=lang.code,
        paper=paper,
        title=lang.label("calibrate_title"),
        subject=lang.label("pdf_subject_sheets", {"paper": paper.capitalize()}),
    )
