"""The guide's pages: a table of the kit's files with thumbnails, then how to print,
cut and make the tokens; A4 or Letter, in the area both share, with the kit's footer
(the 50 mm calibration bar and the page label)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...draw.shapes import Circle, Group, Item, Line, Page, Rect, Style, Text, Transform
from ...layout.sheets import ComponentSize, Grid, footer_items, load_sheet_spec
from ...layout.text import fitted_text, set_line, wrap
from ...source.lang import Language
from ..dinos.colours import INK, PARCHMENT
from ..dinos.look import lang_fonts
from ..footers import joined, sheet_footer
from ..writer import document_title
from .entries import CALIBRATION_FILE, Entry

BROWN = "#5a3b22"  # headings and rules, as on the player aid
GREY = "#6b5d52"
MARGIN = 12.0  # mm inside the area A4 and Letter share
THUMB = 23.0  # mm: the box a file's first page is drawn into
FIGURE = 52.0  # mm: the width of a figure beside a section's text
FOOT = 17.0  # mm kept free at the foot for the calibration bar and the label
TITLE_KEYS = {
    "tiles": "tiles_title", "tokens": "tokens_title", "aid": "aid_title", "pad": "pad_title",
    "rules-imposed": "rules_title", "rules": "rules_title",
}  # fmt: skip

Draw = Callable[[float, float], list[Item]]  # (x, y of the block's top) -> items
Items = tuple[Item, ...]
Figure = Callable[[float, float], tuple[list[Item], float]]  # -> items, height


@dataclass
class _Flow:
    """Blocks set one below the other, a new page when the next does not fit."""

    x: float
    top: float
    bottom: float
    width: float
    pages: list[list[Item]] = field(default_factory=lambda: [[]])
    y: float = 0.0

    def __post_init__(self) -> None:
        self.y = self.top

    def add(self, height: float, draw: Draw, keep: float = 0.0) -> None:
        """A block ``height`` mm high; ``keep`` more mm must fit below it (a heading
        stays with what follows)."""
        if self.y + height + keep > self.bottom and self.y > self.top:
            self.pages.append([])
            self.y = self.top
        self.pages[-1] += draw(self.x, self.y)
        self.y += height


def thumbnail(page: Page | None, x: float, y: float, size: float) -> list[Item]:
    """``page`` scaled down into a ``size`` mm square at x, y (centred, on white, framed);
    without a page, an empty dashed frame."""
    frame = Style(stroke=GREY, width=0.2)
    if page is None:
        return [Rect(x + 3, y + 1, size - 6, size - 2, Style(stroke=GREY, width=0.3, dash=(1, 1)))]
    scale = min(size / page.width, size / page.height)
    w, h = page.width * scale, page.height * scale
    px, py = x + (size - w) / 2, y + (size - h) / 2
    clip = Rect(0, 0, page.width, page.height, Style())
    return [
        Rect(px, py, w, h, Style(fill="#ffffff")),
        Group(page.items, Transform(dx=px, dy=py, sx=scale, sy=scale), clip),
        Rect(px, py, w, h, frame),
    ]


def _title(lang: Language, entry: Entry) -> str:
    if entry.component == "calibrate":
        return lang.label("guide_calibration_file")
    name = lang.label(TITLE_KEYS.get(entry.component, "guide_title"))
    return document_title(lang, entry.game, name) if entry.game else name


def _row(lang: Language, entry: Entry, width: float, duplex: bool) -> tuple[float, Draw]:
    """One file's row: thumbnail, title, file name, how to print; sheets at the right."""
    regular, bold, _ = lang_fonts(lang)
    compact = entry.component == "rules"  # for a print shop: no thumbnail, one line
    thumb = 0.0 if compact else THUMB
    text_w = width - thumb - 4 - 20
    how = [
        line
        for part in [joined(lang, *entry.how(lang, duplex))]
        for line in wrap(part, regular, 8, text_w)
    ]
    height = max(thumb + 2.5, 5 + 4 + 3.6 * len(how) + 2)

    def draw(x: float, y: float) -> list[Item]:
        items = [] if compact else thumbnail(entry.first_page, x, y + 1.25, THUMB)
        tx = x + thumb + (4 if thumb else 0)
        items.append(fitted_text(tx, y + 5.5, _title(lang, entry), bold, 9.5, text_w, 6, INK))
        items.append(fitted_text(tx, y + 9.6, entry.file, regular, 7.5, text_w, 5, GREY))
        for n, line in enumerate(how):
            items.append(Text(tx, y + 14 + 3.6 * n, line, regular, 8, INK))
        sheets = entry.sheets
        if sheets is not None:
            items.append(Text(x + width, y + 9, str(sheets), bold, 16, BROWN, "right"))
        items.append(Line(x, y + height, x + width, y + height, Style(stroke=PARCHMENT, width=0.4)))
        return items

    return height, draw


def _heading(lang: Language, text: str, width: float) -> tuple[float, Draw]:
    _, bold, _ = lang_fonts(lang)

    def draw(x: float, y: float) -> list[Item]:
        return [
            fitted_text(x, y + 6, text.upper(), bold, 10.5, width, 7, BROWN),
            Line(x, y + 7.4, x + width, y + 7.4, Style(stroke=BROWN, width=0.35)),
        ]

    return 10.5, draw


def _para(lang: Language, text: str, width: float, marker: str = "") -> tuple[float, Draw]:
    regular, bold, _ = lang_fonts(lang)
    indent = 5.0 if marker else 0.0
    lines = wrap(text, regular, 9, width - indent, squeeze=True)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = [Text(x, y + 3.6, marker, bold, 9, BROWN)] if marker else []
        for n, ln in enumerate(lines):  # punctuation runs squeezed, as they were measured
            items += set_line(x + indent, y + 3.6 + 4.3 * n, ln, regular, 9, INK)
        return items

    return 4.3 * len(lines) + 2.2, draw


Section = tuple[str, list[tuple[str, str]]]  # heading key; paragraphs: marker, text


def _numbered(texts: list[str]) -> list[tuple[str, str]]:
    return [(f"{n}.", text) for n, text in enumerate(texts, start=1)]


def steps(lang: Language, paper: str, rows: list[Entry], duplex: bool) -> list[Section]:
    """The guide's second page for the files ``rows``: print at 100%, calibrate (a duplex
    kit), cut, make the tokens, and (a kit for a printer without duplex) print the
    booklets by hand, each step worded for the files as built (their layout and pages)."""
    token_entry = next((e for e in rows if e.component == "tokens"), None)
    tokens_file = (token_entry.file if token_entry else f"tokens-{paper}.pdf").rsplit("/", 1)[-1]
    folded = token_entry is not None and token_entry.gutter
    tokens = [
        lang.label(
            "guide_tokens_gutter" if folded else "guide_tokens_print", {"file": tokens_file}
        ),
        lang.label("guide_tokens_cut"),
    ]
    if folded:
        tokens.append(lang.label("guide_tokens_sturdy_gutter"))
    elif token_entry is None or token_entry.pages == 2:  # "both pages": a fronts and a backs
        tokens.append(lang.label("guide_tokens_sturdy"))
    cut = ["guide_cut_margins", "guide_cut_strips", "guide_cut_pieces"]
    cut = (
        [*cut, "guide_cut_bleed"] if duplex else ["guide_cut_glue", *cut, "guide_cut_bleed_gutter"]
    )
    sections: list[Section] = [("guide_check_title", [("", lang.label("guide_check"))])]
    if duplex:
        calibration = CALIBRATION_FILE.format(paper=paper)
        text = lang.label("guide_calibrate", {"file": calibration, "paper": paper})
        sections.append(("guide_calibrate_title", [("", text)]))
    cut_texts = [lang.label(k) for k in (*cut, "guide_cut_order")]
    sections += [
        ("guide_cut_title", _numbered(cut_texts)),
        ("guide_tokens_title", _numbered(tokens)),
    ]
    booklets = [e for e in rows if e.component == "rules-imposed"]
    if booklets and not duplex:
        first = booklets[0].file.rsplit("/", 1)[-1]
        texts = [
            lang.label(key, {"file": first})
            for key in ("guide_booklet_test", "guide_booklet_odd", "guide_booklet_even")
        ]
        pages = [
            ("–", lang.label("guide_booklet_pages", {"file": e.file, "last": e.pages}))
            for e in booklets
        ]
        sections.append(("guide_booklet_title", _numbered(texts) + pages))
    return sections


def guide_pages(
    lang: Language,
    paper: str,
    entries: list[Entry],
    tokens: tuple[Items, Items] | None = None,
    calibration_page: Page | None = None,
) -> list[Page]:
    """The guide for the kit files ``entries`` (see :func:`.entries.kit_entries`);
    ``tokens``: a token's two faces (25 mm, no bleed), drawn at full size beside how
    to make them; ``calibration_page``: the calibration sheet's first page, listed
    first when the kit does not hold that file."""
    spec = load_sheet_spec()
    pw, ph = spec.papers[paper]
    cw, ch = spec.common
    x0, y0 = (pw - cw) / 2 + MARGIN, (ph - ch) / 2 + MARGIN
    width = cw - 2 * MARGIN
    regular, bold, display = lang_fonts(lang)
    flow = _Flow(x0, y0, (ph + ch) / 2 - FOOT, width)
    games = joined(lang, *(lang.term("games", g) for g in ("digging-for-dinos", "paleontologists")))
    subtitle = lang.label("guide_subtitle", {"paper": paper.upper()})

    def head(x: float, y: float) -> list[Item]:
        return [
            fitted_text(x, y + 8, lang.label("guide_title"), display, 24, width, 14, BROWN),
            fitted_text(x, y + 14, games, bold, 10, width, 7, INK),
            fitted_text(x, y + 19, subtitle, regular, 9, width, 6, GREY),
        ]

    flow.add(24, head)
    calibration = CALIBRATION_FILE.format(paper=paper)
    rows = list(entries)
    duplex = any(e.card and not e.gutter for e in rows) or not rows  # a gutter kit: no
    if duplex and not any(e.component == "calibrate" for e in rows):
        rows.insert(0, Entry(calibration, "calibrate", "", 2, calibration_page))
    height, draw = _heading(lang, lang.label("guide_contents"), width)

    def columns(x: float, y: float) -> list[Item]:
        items = draw(x, y)
        items.append(Text(x + width, y + 6, lang.label("guide_col_sheets"), bold, 8, GREY, "right"))
        return items

    flow.add(height, columns, keep=THUMB + 3)
    for entry in rows:
        flow.add(*_row(lang, entry, width, duplex))
    card = sum(e.sheets or 0 for e in rows if e.card and e.component != "calibrate")
    plain = sum(e.sheets or 0 for e in rows if not e.card)
    # How to print, cut and make the tokens: a page of its own, opened by the totals.
    flow.pages.append([])
    flow.y = flow.top
    totals = "guide_totals" if duplex else "guide_totals_gutter"
    flow.add(*_para(lang, lang.label(totals, {"card": card, "plain": plain}), width))
    flow.y += 3
    sections = steps(lang, paper, rows, duplex)
    gap = 3.0 if duplex else 0.0  # the pieces of a folded sheet touch
    figures: dict[str, Figure] = {"guide_cut_title": lambda x, y: cut_figure(x, y, bold, gap)}
    if tokens is not None:
        faces = (lang.label("token_face_a"), lang.label("token_face_b"))
        figures["guide_tokens_title"] = lambda x, y: token_figure(x, y, tokens, faces, regular)
    for key, paragraphs in sections:
        height, draw = _heading(lang, lang.label(key), width)
        figure = figures.get(key)
        flow.add(height, draw, keep=FIGURE if figure else 12)
        start, column = flow.y, width - (FIGURE + 6 if figure else 0)
        for marker, text in paragraphs:
            flow.add(*_para(lang, text, column, marker))
        if figure is not None:
            items, figure_h = figure(x0 + width - FIGURE, start + 1)
            flow.pages[-1] += items
            flow.y = max(flow.y, start + figure_h + 2)
        flow.y += 3
    flow.add(*_para(lang, lang.label("guide_more"), width))
    return _finish(lang, paper, flow.pages, (pw, ph))


RED = "#c0392b"  # the cuts in the cutting figure


def cut_figure(x: float, y: float, font: str, gap: float = 3.0) -> tuple[list[Item], float]:
    """A sheet of 3 x 3 pieces ``gap`` mm apart with its crop marks and the cuts in order:
    1 the margins, 2 across the whole sheet into strips, 3 each strip into pieces."""
    w, h, piece = FIGURE, FIGURE * 1.2, 12.0
    grid = 3 * piece + 2 * gap
    gx, gy = x + (w - grid) / 2, y + (h - grid) / 2
    mark = Style(stroke=INK, width=0.25)
    cut = Style(stroke=RED, width=0.4, dash=(1.2, 0.8))
    items: list[Item] = [Rect(x, y, w, h, Style(fill="#ffffff", stroke=GREY, width=0.25))]
    colours = ("#d08a3c", "#7a9a3a", "#3f6f8f")
    edges = [gx + c * (piece + gap) + e for c in range(3) for e in (0.0, piece)]
    for r in range(3):
        for c in range(3):
            px, py = gx + c * (piece + gap), gy + r * (piece + gap)
            items.append(Rect(px - 0.8, py - 0.8, piece + 1.6, piece + 1.6, Style(fill=colours[r])))
    for e in edges:  # crop marks in the margins, as on the kit's sheets
        items += [Line(e, gy - 5, e, gy - 2, mark), Line(e, gy + grid + 2, e, gy + grid + 5, mark)]
    rows = [gy + r * (piece + gap) + o for r in range(3) for o in (0.0, piece)]
    for e in rows:
        items += [Line(gx - 5, e, gx - 2, e, mark), Line(gx + grid + 2, e, gx + grid + 5, e, mark)]
    margin = Rect(gx - 1.5, gy - 1.5, grid + 3, grid + 3, cut)
    items.append(margin)
    for e in rows[1:-1]:
        items.append(Line(x + 1, e, x + w - 1, e, cut))
    for e in edges[1:-1]:
        items.append(Line(e, gy, e, gy + piece, cut))
    spots = (
        (gx - 1.5, gy - 1.5),  # 1: the margins, from the corner
        (x + 3.2, (rows[1] + rows[2]) / 2),  # 2: across the sheet, into strips
        ((edges[1] + edges[2]) / 2, gy + piece / 2),  # 3: each strip into pieces
    )
    for n, (cx, cy) in enumerate(spots, start=1):
        items.append(Circle(cx, cy, 2.1, Style(fill="#ffffff", stroke=RED, width=0.3)))
        items.append(Text(cx, cy + 1.05, str(n), font, 7.5, RED, "center"))
    return items, h


def token_figure(
    x: float, y: float, faces: tuple[Items, Items], names: tuple[str, str], font: str
) -> tuple[list[Item], float]:
    """A token's two faces at full size (25 mm), each named below it."""
    size, gap = 25.0, FIGURE - 50.0
    items: list[Item] = []
    for n, (face, name) in enumerate(zip(faces, names, strict=True)):
        fx = x + n * (size + gap)
        clip = Rect(0, 0, size, size, Style())
        items.append(Group(face, Transform(dx=fx, dy=y), clip))
        items.append(Rect(fx, y, size, size, Style(stroke=GREY, width=0.2)))
        items.append(
            fitted_text(
                fx + size / 2, y + size + 4, name, font, 7, size + gap - 1, 4.5, INK, "center"
            )
        )
    return items, size + 6


def _finish(
    lang: Language, paper: str, bodies: list[list[Item]], size: tuple[float, float]
) -> list[Page]:
    """Each page's items with the kit's footer: calibration bar, print check, label."""
    spec = load_sheet_spec()
    regular, _, _ = lang_fonts(lang)
    grid = Grid(size, ComponentSize(*size, 0.0, 0.0), 1, 1, 0.0, 0.0, 0.0)
    title = lang.label("guide_title")
    pages = []
    for number, items in enumerate(bodies, start=1):
        footer = sheet_footer(lang, title, regular)
        label = footer.label([title], number, len(bodies), paper.upper())
        items = items + footer_items(spec, grid, footer, label)
        pages.append(Page(*size, tuple(items), label=label))
    return pages
