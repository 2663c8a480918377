"""Glyph coverage: can the fonts of a script draw every text a language gives?

Takes languages (or any text and its script); gives the characters each font lacks.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..source.diagnostics import Diagnostics
from ..source.lang import Language
from . import fonts


def glyph_problems(script: str, text: str) -> list[str]:
    """For each font of ``script`` that cannot draw all of ``text``: what it lacks."""
    problems = []
    for font_id in sorted({fonts.font_for(script, w) for w in ("regular", "bold", "display")}):
        missing = fonts.missing_glyphs(font_id, text)
        if missing:
            chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in sorted(missing))
            problems.append(f"font {font_id!r} (script {script}) cannot draw {chars}")
    return problems


def check_glyphs(languages: Iterable[Language], diags: Diagnostics) -> None:
    """Every text must be drawable by each font its script prints with."""
    for lang in languages:
        texts = [(key, text, lang.locs.get(key, lang.loc)) for key, text in lang.names.items()]
        texts += [
            (f"labels.{key}", text, lang.locs.get(f"label:{key}", lang.loc))
            for key, text in lang.labels.items()
        ]
        for key, text, loc in texts:
            for problem in glyph_problems(lang.script, text):
                diags.error("E-LANG-GLYPH", loc, f"language {lang.code}: {key}: {problem}")
