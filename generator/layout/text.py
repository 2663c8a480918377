"""Fitting text into boxes with real font metrics: shrink to fit, or fail loudly; breaking
paragraphs into lines (at spaces, or by the Unicode rules for Chinese and Japanese)."""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path

from uniseg.linebreak import line_break_units  # type: ignore[import-untyped]

from ..draw.shapes import Align, Colour, Text
from . import fonts


class TextOverflow(Exception):
    """Text that does not fit its box even at the smallest allowed size; ``text`` is
    that text, so that a check can say which name or label it is."""

    def __init__(self, message: str, text: str | None = None) -> None:
        super().__init__(message)
        self.text = text


def fit_size(text: str, font: str, size: float, width: float, min_size: float) -> float:
    """The largest size <= ``size`` at which ``text`` is at most ``width`` mm wide."""
    natural = fonts.text_width_mm(font, text, size)
    if natural <= width:
        return size
    fitted = size * width / natural
    if fitted < min_size:
        raise TextOverflow(
            text=text,
            message=f"{text!r} needs {natural:.1f} mm at {size:g} pt but has {width:.1f} mm "
            f"(would need {fitted:.1f} pt, the minimum is {min_size:g} pt)",
        )
    return fitted


def fitted_text(
    x: float,
    y: float,
    text: str,
    font: str,
    size: float,
    width: float,
    min_size: float | None = None,
    colour: Colour = "#000000",
    align: Align = "left",
) -> Text:
    """A line of text shrunk to ``width`` if needed (never below ``min_size``)."""
    floor = size * 0.6 if min_size is None else min_size
    return Text(x, y, text, font, fit_size(text, font, size, width, floor), colour, align)


#: Text set without spaces between words: Han, kana, CJK punctuation, fullwidth forms
#: (Hangul is not among them: Korean is written with spaces and breaks at them).
_CJK_RE = re.compile(
    "[\u2e80-\u2fdf\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef\U00020000-\U0003ffff]"
)
#: Kinsoku shori: never at the start of a line (closing brackets, stops, small kana,
#: the prolonged sound mark, iteration marks) ...
NO_LINE_START = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー―‐〜～…‥」』）］｝〕〉》】〙〗〟’”｠»›"
    "ゝゞヽヾ々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "%‰°℃,.:;?!)]}"
)
#: ... and never at the end of one (opening brackets and quotes).
NO_LINE_END = frozenset("「『（［｛〔〈《【〘〖〝‘“｟«‹([{")


def wrap(
    text: str,
    font: str,
    size: float,
    width: float,
    title: bool = False,
    squeeze: bool = False,
    keep: tuple[str, ...] = (),
) -> list[str]:
    """Break text into lines so each fits ``width`` mm; a piece too long overflows.

    Text with Han, kana or CJK punctuation breaks where the Unicode line breaking
    rules (UAX #14, by uniseg) allow, with the East Asian prohibitions on top
    (:data:`NO_LINE_START`, :data:`NO_LINE_END`); a Latin run inside it (a word, an
    option such as ``--duplex-offset``, a code) stays whole, and its last line never
    holds a single CJK character with its punctuation (:func:`_no_widow`). Other text
    (Latin, Hangul) breaks at plain spaces only: a no-break space (French ' :') keeps
    its words together. In both, :func:`break_penalties` keeps a number with its unit
    or noun, a label with its number and a sum together, unless the line is too narrow.

    ``title``: a heading or a tagline, whose CJK text breaks after its clauses' stops
    and commas (「挖出化石板块，拼合恐龙骨架，/ 把本次考察中……带回家。」) where that
    takes no more lines than breaking anywhere. ``squeeze``: the lines are measured
    with runs of CJK punctuation squeezed, as :func:`set_line` draws them. ``keep``:
    terms (the game's names: 掘り方チェンジ, 霸王龙) that CJK text breaks inside
    only when one does not fit a line.
    """
    path = fonts.catalogue().path
    keep = tuple(k for k in keep if k in text)
    lines = _wrap(text, font, size, width, path, squeeze=squeeze, keep=keep)
    if title and len(lines) > 1 and _CJK_RE.search(text) is not None:
        by_clause = _wrap(text, font, size, width, path, True, squeeze, keep)
        if len(by_clause) <= len(lines):
            return list(by_clause)
    return list(lines)


#: Full-width punctuation with its glyph on the right half of the em (blank before it)
#: and on the left half (blank after it): JIS X 4051 squeezes a run of them.
OPENING = frozenset("「『（［｛〔〈《【〘〖〝“‘")
CLOSING = frozenset("」』）］｝〕〉》】〙〗〟”’、。，．")


@functools.lru_cache(maxsize=65536)
def squeezes(line: str, font: str) -> tuple[tuple[int, int], ...]:
    """Where a run of full-width CJK punctuation is squeezed in ``line`` (JIS X 4051,
    clreq): (index of the second mark, font units it moves back). Of two marks side by
    side the blank half of an em between them goes (「（「」, 「”）。」, 「。「」), except
    in an opening mark followed by a closing one, which have no blank between them.
    Marks the font sets narrower than an em (Japanese fonts' “ ”) are not squeezed."""
    advance = fonts.metrics(font).advance
    out = []
    for i in range(1, len(line)):
        a, b = line[i - 1], line[i]
        if a in OPENING and b in CLOSING:
            continue
        if a in OPENING | CLOSING and b in OPENING | CLOSING:
            em = advance("\u4e00")
            if advance(a) >= 0.9 * em and advance(b) >= 0.9 * em:
                out.append((i, advance(b) // 2))
    return tuple(out)


def set_line(
    x: float,
    y: float,
    line: str,
    font: str,
    size: float,
    colour: Colour = "#000000",
    align: Align = "left",
) -> list[Text]:
    """A line drawn with its punctuation runs squeezed (:func:`squeezes`): one text, or
    a text per run between the squeezed marks, each at its place."""
    cuts = squeezes(line, font)
    if not cuts:
        return [Text(x, y, line, font, size, colour, align)]
    m = fonts.metrics(font)
    starts = [0, *(i for i, _ in cuts)]
    ends = [*(i for i, _ in cuts), len(line)]
    back = [0, *(k for _, k in cuts)]
    at, xs = 0, []
    for start, end, k in zip(starts, ends, back, strict=True):
        at -= k
        xs.append(at)
        at += sum(m.advance(c) for c in line[start:end])
    total = m.units_to_mm(at, size)
    left = x - (total if align == "right" else total / 2 if align == "center" else 0.0)
    return [
        Text(left + m.units_to_mm(dx, size), y, line[start:end], font, size, colour)
        for start, end, dx in zip(starts, ends, xs, strict=True)
    ]


#: Where a title's CJK clauses end (:func:`wrap`'s ``title``).
CLAUSE_ENDS = frozenset("、。，：；！？,;:!? ")


@functools.lru_cache(maxsize=16384)
def _wrap(
    text: str,
    font: str,
    size: float,
    width: float,
    _catalogue: Path,
    clauses: bool = False,
    squeeze: bool = False,
    keep: tuple[str, ...] = (),
) -> tuple[str, ...]:
    """:func:`wrap`, remembered (a booklet is set at several densities, in several files);
    ``_catalogue`` keys the font ids to the catalogue they belong to; ``clauses``: a
    break inside a clause is avoided (a title's CJK text); ``squeeze``: lines are
    measured with :func:`squeezes` taken off (and must be drawn by :func:`set_line`)."""
    m = fonts.metrics(font)
    advance = m.advance

    def wide(piece: str) -> int:
        """A piece's advance at a line's end (its trailing spaces do not count)."""
        shown = piece.rstrip(" ")
        cut = sum(k for _, k in squeezes(shown, font)) if squeeze else 0
        return sum(advance(c) for c in shown) - cut

    def fits(units: int) -> bool:
        return m.units_to_mm(units, size) <= width

    cjk = _CJK_RE.search(text) is not None
    units = break_units(text) if cjk else _word_units(text)
    penalties = break_penalties(units, cjk)
    if clauses:
        penalties = [
            p if u[-1:] in CLAUSE_ENDS else max(p, AVOID)
            for u, p in zip(units, penalties, strict=False)
        ]
    if cjk and keep:
        penalties = _keep_terms(units, penalties, keep)
    pieces = _pieces(units, penalties, lambda piece: fits(wide(piece)))
    lines: list[list[str]] = []  # the pieces of each line
    for piece in pieces:
        if lines and fits(wide("".join(lines[-1]) + piece)):
            lines[-1].append(piece)
        else:
            lines.append([piece])
    if cjk:
        _no_widow(lines, lambda line: fits(wide("".join(line))))
    out = tuple(s for s in ("".join(line).rstrip(" ") for line in lines) if s)
    for line in out:
        if not fits(wide(line)):
            raise TextOverflow(f"{line!r} is wider than {width:.1f} mm at {size:g} pt", text)
    return out


#: Penalties of a break: free, only where the piece would not fit a line otherwise
#: (number and unit, label and number, before an operator), only where even that is
#: not enough (after an operator), never (inside a Latin run in CJK text).
FREE, AVOID, AVOID_MORE, NEVER = 0, 1, 2, 3
#: Operators of a sum or an equation written with spaces: "4 + 3 + 6 + 2 = 15".
OPERATORS = frozenset("+-−–×÷=±<>≤≥")
_NUMBER_END = re.compile(r"\d[%‰°]?$")
_NUMBER_START = re.compile(r"[+\-−±]?\d")
_NUMBER = re.compile(r"[(«„“\"']?[+\-−±]?\d[\d.,:/–\-]*[%‰°]?[.,;:!?)»”\"']*$")
_PUNCT_END = re.compile(r"[.,;:!?)»”\"'…]$")


def _word_units(text: str) -> tuple[str, ...]:
    """Latin and Hangul text's pieces: each word with the plain spaces after it."""
    return tuple(re.findall(r"[^ ]+ *", text.replace("\n", " ").lstrip(" ")))


def break_penalties(units: tuple[str, ...], cjk: bool) -> list[int]:
    """How much each break between ``units`` is to be avoided (one per gap).

    - a number keeps with the word or CJK character after it, its unit or noun
      ("8 anos", "+1 punt", "4 分"), in CJK text with a second ideograph ("12種類");
    - a word keeps with the number after it, the label it numbers ("Cauda 1",
      "kroki 2–4"), when that number keeps with nothing after it, or when the word is
      capitalised (then the number does not also take the word after it);
    - a sum keeps together: "4 + 3 + 6 + 2" breaks, when it must, before an operator
      (the operator goes down with its number), and after one only as a last resort;
    - in CJK text a Latin run never breaks: not after the hyphen of "--duplex-offset"
      nor inside "PAL-5XNH-8W1Q" (UAX #14 allows both).

    All but the last may still break when the piece they make is wider than the line.
    """
    words = [u.rstrip(" ") for u in units]
    spaced = [u != w for u, w in zip(units, words, strict=True)]

    def number(i: int) -> bool:  # a whole number word, maybe with punctuation
        return 0 <= i < len(words) and _NUMBER.match(words[i]) is not None

    def ends_number(i: int) -> bool:
        return 0 <= i < len(words) and _NUMBER_END.search(words[i]) is not None

    def starts_number(i: int) -> bool:
        return 0 <= i < len(words) and _NUMBER_START.match(words[i]) is not None

    def operator(i: int) -> bool:  # between two numbers
        return (
            0 <= i < len(words)
            and words[i] in OPERATORS
            and ends_number(i - 1)
            and starts_number(i + 1)
        )

    def label(i: int) -> bool:  # a word of letters
        return 0 <= i < len(words) and words[i].isalpha() and _CJK_RE.search(words[i]) is None

    def unit_after(i: int) -> bool:  # number i keeps with what follows it
        return (
            ends_number(i)
            and i + 1 < len(words)
            and words[i + 1][:1].isalpha()
            and (not cjk or not spaced[i] or number(i))
        )

    penalties: list[int] = []
    taken = -1  # a number glued to its capitalised label takes no unit after it
    for i in range(len(units) - 1):
        a, b = words[i], words[i + 1]
        p = FREE
        if cjk and not spaced[i] and a and b and _latin(a[-1]) and _latin(b[0]):
            p = NEVER
        elif operator(i + 1):
            p = AVOID
        elif operator(i):
            p = AVOID_MORE
        elif label(i) and number(i + 1) and a[0].isupper() and not _PUNCT_END.search(a):
            p, taken = AVOID, i + 1
        elif unit_after(i) and taken != i:
            p = AVOID
        elif cjk and ends_number(i - 1) and not spaced[i - 1] and _han(a) and _han(b[:1]):
            p = AVOID  # a unit of two ideographs: 12種類, 50毫米
        elif label(i) and number(i + 1) and not unit_after(i + 1) and not operator(i + 2):
            p = AVOID
        penalties.append(p)
    return penalties


def _han(s: str) -> bool:
    """One Han ideograph (a counter or unit: 種, 张, 分)."""
    return len(s) == 1 and unicodedata.name(s, "").startswith("CJK UNIFIED")


def _keep_terms(units: tuple[str, ...], penalties: list[int], keep: tuple[str, ...]) -> list[int]:
    """``penalties`` with every break inside an occurrence of a ``keep`` term avoided."""
    joined = "".join(units)
    inside: set[int] = set()  # character offsets a break must not fall at
    for term in keep:
        at = joined.find(term)
        while at >= 0:
            inside.update(range(at + 1, at + len(term)))
            at = joined.find(term, at + 1)
    out, offset = [], 0
    for unit, p in zip(units, penalties, strict=False):
        offset += len(unit)
        out.append(max(p, AVOID) if offset in inside else p)
    return out


def _latin(c: str) -> bool:
    """Part of a Latin run: not CJK, not a space."""
    return not c.isspace() and _CJK_RE.match(c) is None


def _pieces(units: tuple[str, ...], penalties: list[int], fits) -> list[str]:
    """``units`` joined where a break is avoided, the joins undone (free breaks first,
    then the avoided ones) for a piece wider than a line; a piece that still does not
    fit stays whole (and overflows)."""

    def split(lo: int, hi: int, level: int) -> list[str]:
        out: list[str] = []
        start = lo
        for i in range(lo, hi):
            if i == hi - 1 or penalties[i] <= level:
                piece = "".join(units[start : i + 1])
                if level < AVOID_MORE and not fits(piece) and i > start:
                    out += split(start, i + 1, level + 1)
                else:
                    out.append(piece)
                start = i + 1
        return out

    return split(0, len(units), FREE) if units else []


def widowed(lines: list[str]) -> bool:
    """Whether CJK lines leave one character alone on a line (with or without its
    punctuation): the last, which :func:`wrap` avoids where it can, or any other; a
    short label (三叠纪) that would rather shrink onto one line tests this."""
    return len(lines) > 1 and any(
        _CJK_RE.search(line) is not None and _is_short([line]) for line in lines
    )


def _is_short(line: list[str]) -> bool:
    """A CJK widow: one character, with or without its punctuation."""
    text = "".join(line)
    return len([c for c in text if not (c.isspace() or _punct(c))]) <= 1


def _punct(c: str) -> bool:
    return c in NO_LINE_START or c in NO_LINE_END or unicodedata.category(c)[0] == "P"


def _no_widow(lines: list[list[str]], fits) -> None:
    """Pull pieces down from the line before while the last line is a widow (and the
    line before keeps at least one piece)."""
    while len(lines) > 1 and _is_short(lines[-1]) and len(lines[-2]) > 1:
        moved = [lines[-2][-1], *lines[-1]]
        if not fits(moved):
            return
        lines[-2].pop()
        lines[-1] = moved


@functools.lru_cache(maxsize=16384)
def break_units(text: str) -> tuple[str, ...]:
    """The pieces a line may end after: UAX #14 break opportunities (uniseg), joined
    where a break would put a :data:`NO_LINE_START` character at a line's start or
    leave a :data:`NO_LINE_END` character at a line's end. Hard line breaks in the
    text are not kept (a paragraph is one text)."""
    units: list[str] = []
    for unit in line_break_units(text.replace("\n", " ")):
        if units and (unit[0] in NO_LINE_START or units[-1].rstrip(" ")[-1:] in NO_LINE_END):
            units[-1] += unit
        else:
            units.append(unit)
    return tuple(units)
