"""The Digging for Dinos player aid: takes the game data and a language, gives the items of
the card (turn, game end and scoring), its text at the largest size that fits."""

from __future__ import annotations

from ...draw.shapes import Item, Line, Rect, Style, Text
from ...games.dinos.model import DinosData
from ...layout.text import TextOverflow, fitted_text, wrap
from ...source.lang import Language
from .colours import INK, WHITE
from .look import SAFE, Look, bleed_background, lang_fonts

AID_SIZES = (7.6, 7.3, 7.0, 6.7, 6.4)  # pt: the aid shrinks its text to fit, never below


def aid_card(
    data: DinosData, lang: Language, w: float, h: float, bleed: float, look: Look
) -> tuple[Item, ...]:
    """The player aid, its text set at the largest size in AID_SIZES that fits the card."""
    for size in AID_SIZES:
        items, bottom = _aid_layout(data, lang, w, h, bleed, look, size)
        if bottom <= h - SAFE:
            return items
    raise TextOverflow(
        f"player aid ({lang.code}) is {bottom - (h - SAFE):.1f} mm too long even at "
        f"{AID_SIZES[-1]} pt; shorten its texts"
    )


def _aid_layout(
    data: DinosData, lang: Language, w: float, h: float, bleed: float, look: Look, size: float
) -> tuple[tuple[Item, ...], float]:
    regular, bold, display = lang_fonts(lang)
    colour = "#5a3b22"
    items: list[Item] = [bleed_background(w, h, bleed, WHITE)]
    items.append(
        Rect(-bleed, -bleed, w + 2 * bleed, 14 + bleed, Style(fill=look.background(colour)))
    )
    items.append(
        fitted_text(
            w / 2,
            9.2,
            lang.term("games", "digging-for-dinos"),
            display,
            15,
            w - 2 * SAFE - 4,
            min_size=9,
            colour=look.title(colour),
            align="center",
        )
    )
    flip_species = [lang.term("species", sid) for a in data.abilities for sid in a.species]
    values = {
        "ability_species": " / ".join(flip_species),
        "end_completed": str(data.rules.end_completed if data.rules else 4),
    }
    x, width = SAFE + 1.5, w - 2 * SAFE - 3
    y = 20.0
    line = size * 0.44  # mm between lines

    def heading(text: str) -> None:
        nonlocal y
        items.append(
            fitted_text(x, y, text.upper(), bold, size + 0.9, width, min_size=6, colour=colour)
        )
        items.append(Line(x, y + 1.2, x + width, y + 1.2, Style(stroke=colour, width=0.3)))
        y += 5.0

    def para(text: str, marker: str | None = None) -> None:
        nonlocal y
        indent = 4.2 if marker else 0
        for i, row in enumerate(wrap(text.format(**values), regular, size, width - indent)):
            if i == 0 and marker:
                items.append(Text(x, y, marker, bold, size, colour))
            items.append(Text(x + indent, y, row, regular, size, INK))
            y += line
        y += 0.9

    heading(lang.label("aid_turn"))
    for n, key in enumerate(("aid_move", "aid_flip", "aid_collect", "aid_refill"), start=1):
        para(lang.label(key), f"{n}.")
    para(lang.label("aid_stuck"), "•")
    para(lang.label("aid_ability"), "•")
    y += 1.5
    heading(lang.label("aid_end"))
    para(lang.label("aid_end_when"))
    y += 1.5
    heading(lang.label("aid_scoring"))
    para(lang.label("aid_score_complete"), "•")
    para(lang.label("aid_score_incomplete"), "•")
    para(lang.label("aid_tie"), "•")
    return tuple(items), y - line + 1.0
