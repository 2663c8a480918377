"""The printing style of the Digging for Dinos kit: takes ink saving on or off and a
language, gives background and title colours, the three fonts and the bleed background."""

from __future__ import annotations

from dataclasses import dataclass

from ...draw.shapes import Rect, Style
from ...layout import fonts
from ...source.lang import Language
from .colours import WHITE

SAFE = 3.0  # mm: text stays this far inside the cut line


@dataclass(frozen=True)
class Look:
    """Colours of one printing style (full colour, or ink saver)."""

    ink_saver: bool

    def background(self, colour: str) -> str:
        return WHITE if self.ink_saver else colour

    def title(self, colour: str) -> str:
        return colour if self.ink_saver else WHITE


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
