"""Checks of booklet texts in every language: missing, untranslated, placeholders, glyphs."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...layout.glyphs import glyph_problems
from ...source.diagnostics import Diagnostics
from ...source.lang import REFERENCE, Language, placeholder_problems, plural_problems
from .source import TEMPLATES, load_structure, load_texts, placeholders

#: Short texts that may rightly read the same in another language (numbers, names).
MIN_UNTRANSLATED = 12


@dataclass
class Status:
    """Completeness of one language's booklet for one game (for `dinokit i18n status`)."""

    game: str
    lang: str
    keys: int = 0
    present: int = 0
    translated: int = 0
    missing: list[str] = field(default_factory=list)
    placeholder_mismatch: list[str] = field(default_factory=list)
    same_as_reference: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.translated / self.keys if self.keys else 100.0

    def as_json(self) -> dict:
        return {
            "game": self.game,
            "lang": self.lang,
            "keys": self.keys,
            "present": self.present,
            "translated": self.translated,
            "translated_percent": round(self.percent, 1),
            "missing": self.missing,
            "placeholder_mismatch": self.placeholder_mismatch,
            "same_as_reference": self.same_as_reference,
        }


def _check_refs(structure, diags: Diagnostics) -> None:
    """Every table and diagram block names one the game draws (a typo was a KeyError
    in ``dinokit rules``, after ``validate`` had passed)."""
    from ...games import BY_ID
    from .diagrams import DIAGRAMS

    game = BY_ID.get(structure.game)
    known = {
        "table": sorted(getattr(game, "tables", {}) or {}),
        "diagram": sorted(DIAGRAMS.get(structure.game, {})),
    }
    for block in structure.blocks:
        if block.kind in known and block.ref not in known[block.kind]:
            diags.error(
                "E-CHOICE",
                block.loc,
                f"booklet {structure.game}: unknown {block.kind} {block.ref!r}, expected one "
                f"of: {', '.join(known[block.kind])}",
            )


def check_booklets(
    games: dict,
    languages: tuple[Language, ...],
    allowed: dict[str, set[str]],
    diags: Diagnostics,
    root=TEMPLATES,
) -> list[Status]:
    """Check every game's booklet texts in every language; return their status.

    ``allowed`` maps a game to the placeholders its data provides; ``games`` maps a
    game id to the text keys its tables need besides the structure (bonus effects).
    """
    statuses: list[Status] = []
    for game, extra_keys in games.items():
        structure = load_structure(game, diags, root)
        if structure is None:
            continue
        _check_refs(structure, diags)
        keys = list(dict.fromkeys(structure.text_keys() + list(extra_keys)))
        reference = load_texts(game, REFERENCE, diags, root)
        for lang in languages:
            texts = (
                reference if lang.code == REFERENCE else load_texts(game, lang.code, diags, root)
            )
            status = Status(game, lang.code, keys=len(keys))
            statuses.append(status)
            if texts is None:
                status.missing = list(keys)
                continue
            where = f"language {lang.code}: booklet {game}"
            for key in keys:
                if key not in texts.texts:
                    status.missing.append(key)
                    diags.error(
                        "E-BOOK-MISSING",
                        texts.loc,
                        f"{where}: no text for {key!r} (key texts.{key} in {texts.path.name})",
                    )
            for key in sorted(set(texts.texts) - set(keys)):
                diags.warning(
                    "W-BOOK-UNUSED",
                    texts.locs[key],
                    f"{where}: text {key!r} is not used by the booklet",
                )
            for key in keys:
                text = texts.texts.get(key)
                if text is None:
                    continue
                status.present += 1
                loc = texts.locs[key]
                used = placeholders(text)
                for problem in placeholder_problems(text, allowed[game])[:1]:
                    diags.error("E-BOOK-PLACEHOLDER", loc, f"{where}: {key}: {problem}")
                plural_problems(text, lang.code, loc, diags, f"{where}: {key}")
                ref_text = reference.texts.get(key) if reference else None
                if ref_text is not None and lang.code != REFERENCE:
                    expected = placeholders(ref_text)
                    if used != expected:
                        status.placeholder_mismatch.append(key)
                        diags.error(
                            "E-BOOK-PLACEHOLDER",
                            loc,
                            f"{where}: {key}: placeholders {sorted(used)} differ from "
                            f"{REFERENCE}'s {sorted(expected)}",
                        )
                    if text == ref_text and len(text) >= MIN_UNTRANSLATED:
                        status.same_as_reference.append(key)
                        diags.warning(
                            "W-BOOK-UNTRANSLATED",
                            loc,
                            f"{where}: {key} is identical to {REFERENCE}; translate it",
                        )
                    else:
                        status.translated += 1
                else:
                    status.translated += 1
                for problem in glyph_problems(lang.script, text):
                    diags.error("E-LANG-GLYPH", loc, f"{where}: {key}: {problem}")
    return statuses
