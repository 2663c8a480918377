"""The printing style of the Digging for Dinos kit: takes ink saving on or off and a
language, gives background and title colours, the three fonts and the bleed background."""

from __future__ import annotations

from dataclasses import dataclass

from ...draw.shapes import Rect, Style
from ...layout import fonts
from ...source.lang import Language
from .colours import INK, WHITE, mix
from .vision import best_ink, contrast

SAFE = 3.2  # mm: art and text, strokes included, stay this far inside the cut line: a
# print shop's 1/8 inch (3.175 mm), rounded up so that circles (drawn as Bezier curves,
# a hair outside the true circle) stay inside it too
TINT = 0.86  # ink saver: a component's ground is its colour this far towards white
TEXT_CONTRAST = 4.5  # text and marks on a coloured ground stand out at least this much


def readable(colour: str, ground: str, minimum: float = TEXT_CONTRAST) -> str:
    """``colour``, or the least change of it towards dark ink or white (whichever stands
    out on ``ground``) that gives at least ``minimum`` contrast on ``ground``."""
    target = best_ink(ground, (INK, WHITE))
    for step in range(11):
        candidate = mix(colour, target, step / 10)
        if contrast(candidate, ground) >= minimum:
            return candidate
    return target


@dataclass(frozen=True)
class Look:
    """Colours of one printing style (full colour, or ink saver).

    Full colour: a component's ground is its colour, to the bleed. Ink saver: a light
    tint of it (no frame near the cut, so a mis-cut shows nothing lopsided).
    """

    ink_saver: bool

    def background(self, colour: str) -> str:
        return mix(colour, WHITE, TINT) if self.ink_saver else colour

    def ink(self, ground: str) -> str:
        """White or dark ink, whichever stands out more on ``ground``."""
        return best_ink(ground, (WHITE, INK))

    def title(self, colour: str) -> str:
        """Text on a component of ``colour``: in ink saver the colour itself where it is
        readable on the tint (darkened where not), in full colour white or dark ink."""
        ground = self.background(colour)
        return readable(colour, ground) if self.ink_saver else self.ink(ground)


def lang_fonts(lang: Language) -> tuple[str, str, str]:
    """The regular, bold and display font for the script of ``lang``."""
    return (
        fonts.font_for(lang.script, "regular"),
        fonts.font_for(lang.script, "bold"),
        fonts.font_for(lang.script, "display"),
    )


def bleed_background(w: float, h: float, bleed: float, colour: str) -> Rect:
    """A w x h mm component's background in ``colour``, reaching ``bleed`` mm past its cut."""
    return Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=colour))
