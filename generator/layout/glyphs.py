"""Fonts of the languages: is each language's script in the catalogue, is a font of it
installed, and can those fonts draw every text the language gives?

Takes languages (or any text and its script); gives the problems as diagnostics.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..source import templates_dir
from ..source.diagnostics import Diagnostics, Location, display_path
from ..source.fontdata import load_catalogue
from ..source.lang import Language
from . import fonts


def glyph_problems(script: str, text: str) -> list[str]:
    """For each font of ``script`` that cannot draw all of ``text``: what it lacks."""
    problems = []
    try:
        used = sorted({fonts.font_for(script, w) for w in fonts.WEIGHTS})
    except fonts.FontMissing:
        return []  # reported once, by check_scripts
    for font_id in used:
        fonts.expect_text(font_id, text)  # the characters a build will subset
        missing = fonts.missing_glyphs(font_id, text)
        if missing:
            chars = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in sorted(missing))
            problems.append(f"font {font_id!r} (script {script}) cannot draw {chars}")
    return problems


def check_catalogue(diags: Diagnostics) -> bool:
    """The font catalogue of the templates in use reads cleanly (its problems reported)."""
    path = templates_dir() / "fonts.yaml"
    before = len(diags.errors)
    if not path.is_file():
        diags.error(
            "E-FONT-CATALOGUE",
            Location(display_path(path)),
            "the font catalogue is missing (copy templates/fonts.yaml of dinokit here)",
        )
        return False
    load_catalogue(path, diags)
    return len(diags.errors) == before


def check_scripts(languages: Iterable[Language], diags: Diagnostics) -> list[Language]:
    """Each language names a script of the catalogue with a font installed for every
    weight; gives the languages whose fonts can be used."""
    scripts = fonts.catalogue().scripts
    usable = []
    for lang in languages:
        where = lang.locs.get("script", lang.loc)
        if lang.script not in scripts:
            diags.error(
                "E-LANG-SCRIPT",
                where,
                f"language {lang.code}: script {lang.script!r} is not in the font catalogue "
                f"{display_path(fonts.catalogue().path)}, expected one of: "
                f"{', '.join(sorted(scripts))} (or add it there with its fonts)",
            )
            continue
        missing = []
        for weight in fonts.WEIGHTS:
            try:
                fonts.font_for(lang.script, weight)
            except fonts.FontMissing:
                missing.append(fonts.missing_font_message(lang.script, weight))
        for message in dict.fromkeys(missing):
            diags.error("E-FONT-MISSING", where, f"language {lang.code}: {message}")
        if not missing:
            usable.append(lang)
    return usable


def check_glyphs(languages: Iterable[Language], diags: Diagnostics) -> None:
    """Every text must be drawable by each font its script prints with (languages
    whose script or fonts are unusable are reported once, by :func:`check_scripts`)."""
    for lang in check_scripts(languages, diags):
        texts = [(key, text, lang.locs.get(key, lang.loc)) for key, text in lang.names.items()]
        texts += [
            (f"labels.{key}", text, lang.locs.get(f"label:{key}", lang.loc))
            for key, text in lang.labels.items()
        ]
        for key, text, loc in texts:
            for problem in glyph_problems(lang.script, text):
                diags.error("E-LANG-GLYPH", loc, f"language {lang.code}: {key}: {problem}")
