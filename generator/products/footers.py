"""A sheet's footer words in a language: takes a :class:`~generator.source.lang.Language`
and the sheet's name; gives the :class:`~generator.layout.sheets.Footer` the layout
draws. Its label is the language's ``footer_sheet`` pattern, the name's parts joined by
its ``separator``: no word, joiner or bracket comes from the code (issue 25)."""

from __future__ import annotations

from ..layout import fonts
from ..layout.sheets import Footer
from ..source.lang import Language


def sheet_footer(lang: Language, title: str, font: str | None = None) -> Footer:
    """The footer of a sheet named ``title`` (in ``font``, else the language's)."""
    return Footer(
        title,
        lang.label("print_check"),
        font or fonts.font_for(lang.script),
        lang.label("backs"),
        lang.label("fold_line"),
        sheet=lang.label("footer_sheet"),
        separator=lang.label("separator"),
    )


def joined(lang: Language, *parts: str) -> str:
    """The parts that are not empty, joined by the language's ``separator``."""
    return lang.label("separator").join(part for part in parts if part)
