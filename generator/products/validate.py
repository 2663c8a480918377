"""The validator: every check the data must pass before anything is built.

Takes a data folder; gives the loaded :class:`ComponentData` and every problem found:
the games' own checks (:func:`generator.games.data.load_games`), what only the print
kit can judge (the art can draw every species), glyph coverage of every name and
label, and the booklet texts of every game in every language.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from ..games import GAMES
from ..games.data import DEFAULT_DATA_DIR, ComponentData, load_games
from ..layout.glyphs import check_catalogue, check_glyphs
from ..source import templates_dir, use_templates
from ..source.diagnostics import DataError, Diagnostics, Location, display_path
from ..source.lang import Language, check_labels
from . import products_of
from .booklet import source as booklet_source
from .booklet.checks import Status, check_booklets
from .booklet.statements import check_rule_statements
from .labels import LABELS, OPTIONAL

__all__ = ["DEFAULT_DATA_DIR", "Scope", "load_data"]


@dataclasses.dataclass(frozen=True)
class Scope:
    """What one command makes: the games and languages whose glyphs and layouts it
    needs checked. ``validate`` and ``build`` check the whole kit (no scope); a command
    that makes the tiles in English need not lay out the Polish aid first. An empty
    set: all of them."""

    games: frozenset[str]
    languages: frozenset[str]


def load_data(
    data_dir: str | os.PathLike[str] = DEFAULT_DATA_DIR,
    templates: str | os.PathLike[str] | None = None,
    scope: Scope | None = None,
) -> tuple[ComponentData, Diagnostics]:
    """Load everything and check it; the data is usable when there are no errors.

    ``templates``: the templates folder to use from now on (None: the one in use,
    see :func:`generator.source.templates_dir`); it is checked too. ``scope``: glyphs
    and layouts checked only for those games and languages (every other check still
    covers everything).
    """
    if templates is not None:
        use_templates(Path(templates))
    diags = Diagnostics()
    data = load_games(data_dir, diags)
    if data is None:
        return ComponentData({}, ()), diags
    if not _check_templates(diags):
        return data, diags
    for game in GAMES:
        check = getattr(products_of(game), "check", None)
        if check is not None:
            check(data.game(game.id), diags)
    check_labels(data.languages, LABELS, diags, OPTIONAL)
    languages = tuple(
        lang
        for lang in data.languages
        if scope is None or not scope.languages or lang.code in scope.languages
    )
    check_glyphs(languages, diags)
    if not diags.errors:
        games = [g for g in GAMES if scope is None or not scope.games or g.id in scope.games]
        _check_layouts(dataclasses.replace(data, languages=languages), games, diags)
    status = _check_booklets(data, diags)
    return dataclasses.replace(data, booklet_status=tuple(status)), diags


def _check_templates(diags: Diagnostics) -> bool:
    """The templates folder exists; its font catalogue and sheet layouts read cleanly."""
    from ..layout.sheets import load_sheet_spec

    folder = templates_dir()
    if not folder.is_dir():
        diags.error(
            "E-TEMPLATES-DIR",
            Location(display_path(folder)),
            "templates folder not found (expected a copy of dinokit's templates/)",
        )
        return False
    from .export.services import load_services

    try:
        load_sheet_spec()
    except DataError as exc:
        diags.extend(exc.diagnostics)
        return False
    services_ok = True
    try:
        load_services()  # export print-shop reads it: checked here like the others
    except DataError as exc:
        diags.extend(exc.diagnostics)
        services_ok = False
    return check_catalogue(diags) and services_ok


def _check_layouts(data: ComponentData, games, diags: Diagnostics) -> None:
    """Each game's products laid out (not drawn) in every language of ``data``: a name
    or label too long for its box is found here, at its line, not by a command later."""
    for game in games:
        trial = getattr(products_of(game), "trial_layout", None)
        if trial is None:
            continue
        for lang, problem in trial(data, data.languages):
            text = getattr(problem, "text", None)
            diags.error(
                "E-LAYOUT",
                _where(lang, text),
                f"language {lang.code}: {game.id}: {problem}; shorten the text",
            )


def _where(lang: Language, text: str | None) -> Location:
    """The line of the name or label whose text this is (the file when none is)."""
    if text:
        shown = text.casefold()  # headings print their label in capitals

        def matches(value: str) -> bool:
            value = value.casefold()
            return value in shown or (len(shown) >= 3 and shown in value)  # or one line of it

        found = [(len(v), f"label:{k}") for k, v in lang.labels.items() if matches(v)]
        found += [(len(v), k) for k, v in lang.names.items() if matches(v)]
        if found:  # the longest text that matches is the one that overflowed
            return lang.locs.get(max(found)[1], lang.loc)
    return lang.loc


def _check_booklets(data: ComponentData, diags: Diagnostics) -> list[Status]:
    """Booklet texts: the placeholders each game provides, the keys its tables need."""
    if not booklet_source.TEMPLATES.is_dir():
        return []
    allowed = {game.id: set(game.placeholders) for game in GAMES}
    extra = {game.id: game.booklet_keys(data.game(game.id)) for game in GAMES}
    status = check_booklets(extra, data.languages, allowed, diags, booklet_source.TEMPLATES)
    check_rule_statements(extra, data.languages, diags, booklet_source.TEMPLATES)
    return status
