"""The Digging for Dinos player aid: takes the game data and a language, gives the items of
the card's two sides (front: the turn and the end of the game; back: setup and scoring),
their text at the largest size at which both sides fit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...draw.shapes import Item, Line, Rect, Style, Text
from ...games.dinos.model import DinosData
from ...games.dinos.terms import booklet_values, player_counts
from ...layout.text import TextOverflow, fitted_text, wrap
from ...source.lang import Language, fill
from .colours import INK, WHITE
from .look import SAFE, Look, bleed_background, lang_fonts

AID_SIZES = (
    9.2,
    9.0,
    8.7,
    8.4,
    8.1,
    7.8,
    7.6,
    7.3,
    7.0,
    6.7,
    6.4,
)  # pt: the largest that fits, never below
MAX_SPREAD = 8.0  # mm: at most this much more room between sections on a roomy side
CELL = 1.9  # mm: a square of the little boards of the setup section
BROWN = "#5a3b22"  # the aid's header band, headings and markers
TOP = 20.0  # mm: the first heading's baseline, below the header band


@dataclass
class _Side:
    """One side being set: its items and where the next line goes."""

    data: DinosData
    lang: Language
    width: float
    size: float
    look: Look
    items: list[Item] = field(default_factory=list)
    y: float = TOP
    values: dict[str, str] = field(default_factory=dict)  # the booklet's names and numbers

    @property
    def x(self) -> float:
        return SAFE + 1.5

    @property
    def line(self) -> float:
        return self.size * 0.44  # mm from line to line

    def heading(self, key: str) -> None:
        _, bold, _ = lang_fonts(self.lang)
        text = self.lang.label(key).upper()
        size, x, w = self.size + 0.9, self.x, self.width
        self.items.append(fitted_text(x, self.y, text, bold, size, w, min_size=6, colour=BROWN))
        self.items.append(
            Line(x, self.y + 1.2, x + w, self.y + 1.2, Style(stroke=BROWN, width=0.3))
        )
        self.y += 5.0

    def para(self, key: str, marker: str | None = None, more: dict[str, str] | None = None) -> None:
        regular, bold, _ = lang_fonts(self.lang)
        indent = 4.2 if marker else 0
        text = fill(self.lang.label(key), {**self.values, **(more or {})}, self.lang.code)
        for i, row in enumerate(wrap(text, regular, self.size, self.width - indent)):
            if i == 0 and marker:
                self.items.append(Text(self.x, self.y, marker, bold, self.size, BROWN))
            self.items.append(Text(self.x + indent, self.y, row, regular, self.size, INK))
            self.y += self.line
        self.y += 0.9

    def boards(self) -> None:
        """The board of each player count, to scale, side by side, each with its player
        counts and its size beside it (from the rules data)."""
        _, bold, _ = lang_fonts(self.lang)
        rules = self.data.rules
        sides: dict[int, list[int]] = {}
        for count, side in sorted(rules.board_size.items()) if rules else []:
            sides.setdefault(side, []).append(count)
        era = self.data.eras[0].colour if self.data.eras else INK
        ink_saver = self.look.ink_saver
        square = Style(
            fill=self.look.background(era), stroke=era if ink_saver else WHITE, width=0.25
        )
        column = self.width / max(1, len(sides))
        tallest = max(sides, default=0) * CELL
        top = self.y - 1.5
        for k, (side, counts) in enumerate(sorted(sides.items())):
            left = self.x + k * column
            y0 = top + (tallest - side * CELL) / 2
            for row in range(side):
                for col in range(side):
                    self.items.append(Rect(left + col * CELL, y0 + row * CELL, CELL, CELL, square))
            words = self.lang.label("aid_setup_players")
            lines = (
                fill(words, {"players": player_counts(self.lang, counts)}, self.lang.code),
                f"{side}\u00d7{side}",
            )
            room = column - tallest - 3.0
            for n, text in enumerate(lines):
                y = top + tallest / 2 - 0.4 + n * (self.size * 0.4 + 0.4)
                self.items.append(
                    fitted_text(left + tallest + 2.0, y, text, bold, self.size, room, 5, INK)
                )
        self.y = top + tallest + 1.6 + self.size * 0.3  # clear of the next line's capitals


#: The steps of a turn, as the aid numbers them; a player who cannot move does the rest.
TURN = ("aid_move", "aid_flip", "aid_collect", "aid_refill")


def _turn(side: _Side) -> None:
    side.heading("aid_turn")
    for n, key in enumerate(TURN, start=1):
        side.para(key, f"{n}.")
    side.para("aid_stuck", "•", {"steps": side.lang.range(2, len(TURN))})
    side.para("aid_ability", "•")


def _end(side: _Side) -> None:
    side.heading("aid_end")
    side.para("aid_end_when")


def _setup(side: _Side) -> None:
    side.heading("aid_setup")
    side.boards()
    side.para("aid_setup_board", "•")
    side.para("aid_setup_tokens", "•")


def _scoring(side: _Side) -> None:
    side.heading("aid_scoring")
    for key in ("aid_score_complete", "aid_score_incomplete", "aid_tie"):
        side.para(key, "•")


Section = Callable[[_Side], None]
FRONT: tuple[Section, ...] = (_turn, _end)
BACK: tuple[Section, ...] = (_setup, _scoring)


def _layout(
    data: DinosData,
    lang: Language,
    sections: tuple[Section, ...],
    box: tuple[float, float, float],
    look: Look,
    size: float,
    spread: float = 0.0,
) -> tuple[tuple[Item, ...], float]:
    """One side: the header band with the game's name, then ``sections``, ``spread`` mm
    more apart than they need; gives the items and where the text ends."""
    w, h, bleed = box
    _, _, display = lang_fonts(lang)
    items: list[Item] = [bleed_background(w, h, bleed, WHITE)]
    band = look.background(BROWN)
    items.append(Rect(-bleed, -bleed, w + 2 * bleed, 14 + bleed, Style(fill=band)))
    title = lang.term("games", "digging-for-dinos")
    room = w - 2 * SAFE - 4
    items.append(
        fitted_text(w / 2, 9.2, title, display, 15, room, 9, look.title(BROWN), align="center")
    )
    side = _Side(data, lang, w - 2 * SAFE - 3, size, look, values=booklet_values(data, lang))
    for n, section in enumerate(sections):
        if n:
            side.y += 1.5 + spread
        section(side)
    return tuple(items + side.items), side.y - side.line + 1.0


def aid_sides(
    data: DinosData, lang: Language, w: float, h: float, bleed: float, look: Look
) -> tuple[tuple[Item, ...], tuple[Item, ...]]:
    """The player aid's front and back, their text at the largest size in AID_SIZES at
    which both fit; what room is left on a side is shared between its sections."""
    box = (w, h, bleed)
    for size in AID_SIZES:
        ends = [_layout(data, lang, part, box, look, size)[1] for part in (FRONT, BACK)]
        if max(ends) <= h - SAFE:
            front, back = (
                _layout(data, lang, part, box, look, size, min(MAX_SPREAD, h - SAFE - end))[0]
                for part, end in zip((FRONT, BACK), ends, strict=True)
            )
            return front, back
    raise TextOverflow(
        f"player aid ({lang.code}) is {max(ends) - (h - SAFE):.1f} mm too long even at "
        f"{AID_SIZES[-1]} pt; shorten its texts"
    )
