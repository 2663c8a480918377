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
    found = load_catalogue(path, diags)
    if found is not None and len(diags.errors) == before:
        for font_id, spec in found.fonts.items():
            for problem in font_file_problems(spec):
                diags.error("E-FONT-FILE", found.locs.get(font_id, Location(display_path(path))),
                            f"font {font_id}: {problem}")  # fmt: skip
    return len(diags.errors) == before


def _declared() -> set[str]:
    """The distributions dinokit depends on (pyproject.toml), as normalised names."""
    import importlib.metadata
    import re

    try:
        requires = importlib.metadata.requires("dinokit") or []
    except importlib.metadata.PackageNotFoundError:
        return set()
    names = (re.split(r"[\s;<>=!~\[(]", r, maxsplit=1)[0] for r in requires)
    return {re.sub(r"[-_.]+", "-", n).lower() for n in names}


def font_file_problems(spec) -> list[str]:
    """What keeps a catalogue entry from being built (none when its package is not
    installed: a fallback then serves, as :func:`check_scripts` reports): the package is
    a declared dependency of dinokit and a package of that distribution, the file is a
    font with the face and the axes the entry names."""
    import importlib.metadata
    import importlib.resources
    import importlib.util
    import re

    from fontTools.ttLib import TTCollection, TTFont, TTLibError

    try:
        importlib.metadata.version(spec.distribution)
    except importlib.metadata.PackageNotFoundError:
        return []  # not installed: check_scripts says to declare and install it
    dist = re.sub(r"[-_.]+", "-", spec.distribution).lower()
    declared = _declared()
    if declared and dist not in declared:  # installed, but not a font package of dinokit
        return [f"distribution {spec.distribution!r} is not a dependency of dinokit "
                "(pyproject.toml), expected one of its font packages"]  # fmt: skip
    try:
        found = importlib.util.find_spec(spec.package)
    except (ImportError, ValueError):
        found = None
    if found is None or found.submodule_search_locations is None:
        return [f"package {spec.package!r} is not a package of {spec.distribution!r}, "
                "expected the import name of its files' folder"]  # fmt: skip
    try:
        path = importlib.resources.files(spec.package).joinpath(spec.resource)
        if not path.is_file():
            return [f"file {spec.resource!r} is not in package {spec.package!r}"]
        with importlib.resources.as_file(path) as real:
            head = real.open("rb").read(4)
            if head == b"ttcf":
                faces = TTCollection(real, lazy=True).fonts
            else:
                faces = [TTFont(real, lazy=True)]
            names = [f["name"].getDebugName(16) or f["name"].getDebugName(1) for f in faces]
            if isinstance(spec.face, int):
                if spec.face >= len(faces):
                    return [f"face {spec.face}: the file has {len(faces)} face(s), "
                            f"expected 0 to {len(faces) - 1}"]  # fmt: skip
                face = faces[spec.face]
            elif spec.face in names:
                face = faces[names.index(spec.face)]
            elif len(faces) == 1 and spec.face == 0:
                face = faces[0]
            else:
                return [f"face {spec.face!r} is not in {spec.resource} "
                        f"(faces: {', '.join(map(str, names))})"]  # fmt: skip
            axes = {a.axisTag: a for a in face["fvar"].axes} if "fvar" in face else {}
            problems = []
            for tag, value in spec.axes.items():
                axis = axes.get(tag)
                if axis is None:
                    known = ", ".join(axes) or "none: the font is not variable"
                    problems.append(f"axes: {tag!r} is not an axis of the font (axes: {known})")
                elif not axis.minValue <= value <= axis.maxValue:
                    problems.append(f"axes: {tag} {value:g} is outside the font's range "
                                    f"{axis.minValue:g} to {axis.maxValue:g}")  # fmt: skip
            return problems
    except (TTLibError, OSError, KeyError, AssertionError, ValueError) as exc:
        return [f"file {spec.resource!r} is not a font fontTools can read ({exc})"]


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
