"""Languages: every player-visible name and label, one YAML file per language.

Adding a language means adding ``data/lang/<code>.yaml``; no code changes. The
names a language must give are derived from the games' data (every species,
position, era, dig type ...); the labels it must give are those the code prints
(the registry :data:`generator.products.labels.LABELS`, checked by :func:`check_labels`),
each with only the placeholders the code fills, through the safe :func:`fill`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import schema as s
from .diagnostics import Diagnostics, Location, display_path
from .located import YNode, load_file

REFERENCE = "en"
#: Longest name of a data item (species, position, dig type ...) a component can print.
MAX_NAME = 40
#: Characters no name or label needs, which HTML and SVG would read as markup.
MARKUP = "<>"
#: A BCP 47 tag in its canonical case: language, then optionally script and region
#: ("de", "pt-BR", "zh-Hans"). It names the files, so nothing else is allowed.
TAG_RE = re.compile(r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|[0-9]{3}))?$")


def language_tag(node: YNode, what: str, diags: Diagnostics) -> Any:
    """A language code: a BCP 47 tag in canonical case (``de``, ``pt-BR``, ``zh-Hans``)."""
    value = s.text(node, what, diags)
    if value is not s.INVALID and not TAG_RE.match(value):
        diags.error(
            "E-LANG-CODE",
            node.loc,
            f"{what}: {value!r} is not a language code, expected a BCP 47 tag in its usual "
            "case: a language ('de'), optionally a script ('zh-Hans') and a region ('pt-BR')",
        )
        return s.INVALID
    return value


LANGUAGE = (
    s.Field("code", language_tag),
    s.Field("name", s.text),
    # A script of the font catalogue (templates/fonts.yaml), which picks the fonts;
    # checked against it by generator.layout.glyphs.check_scripts.
    s.Field("script", s.ident),
    s.Field("names", s.any_node),
    s.Field("labels", s.any_node),
)


@dataclass(frozen=True)
class Language:
    code: str
    name: str  # the language's own name for itself
    script: str  # chooses the font family
    names: dict[str, str]  # "section.id" -> text, e.g. "species.velociraptor"
    labels: dict[str, str]  # label id -> text
    loc: Location = field(default=Location(""), compare=False)
    locs: dict[str, Location] = field(default_factory=dict, compare=False, repr=False)

    def term(self, section: str, item: str) -> str:
        """The name of a data item, e.g. term("species", "velociraptor")."""
        return self.names[f"{section}.{item}"]

    def label(self, key: str, values: Mapping[str, object] | None = None) -> str:
        """A label, its {placeholders} filled from ``values`` (see :func:`fill`)."""
        text = self.labels[key]
        return fill(text, values) if values else text


#: A placeholder: a name or a position in braces. Anything else in braces is text.
PLACEHOLDER_RE = re.compile(r"\{([A-Za-z0-9_]*)\}")
#: Every brace construct of a text: placeholders, and braces standing alone.
_BRACES_RE = re.compile(r"\{[^{}]*\}|[{}]")


def fill(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each ``{name}`` whose name is in ``values`` replaced by its value.

    Unlike ``str.format`` it never reaches attributes or items (``{x.__class__}``),
    never fails on a lone brace, and leaves unknown names as they are: data can
    only ever substitute the values it is given.
    """
    return PLACEHOLDER_RE.sub(
        lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text
    )


def placeholder_problems(text: str, allowed: Iterable[str]) -> list[str]:
    """What is wrong with the braces of ``text`` when it may use only ``allowed``."""
    allowed = set(allowed)
    problems = []
    for token in _BRACES_RE.findall(text):
        name = token[1:-1] if len(token) > 1 else None
        if name is None:
            problems.append(f"a lone {token!r} (braces are only for placeholders)")
        elif name not in allowed:
            may = ", ".join(f"{{{a}}}" for a in sorted(allowed)) or "none"
            problems.append(f"{token} is not a placeholder it can use (it may use: {may})")
    return problems


def check_labels(
    languages: Iterable[Language], required: Mapping[str, Iterable[str]], diags: Diagnostics
) -> None:
    """Every language gives every label the code prints (``required``: label -> the
    placeholders it may use), with no other placeholders and no stray braces."""
    for lang in languages:
        where = lang.locs.get("labels", lang.loc)
        for key in sorted(required):
            if key not in lang.labels:
                diags.error(
                    "E-LANG-MISSING",
                    where,
                    f"language {lang.code}: label {key!r} is missing (key labels.{key})",
                )
                continue
            for problem in placeholder_problems(lang.labels[key], required[key]):
                diags.error(
                    "E-LANG-PLACEHOLDER",
                    lang.locs.get(f"label:{key}", where),
                    f"language {lang.code}: label {key}: {problem}",
                )
        for key in sorted(set(lang.labels) - set(required)):
            diags.warning(
                "W-LANG-UNKNOWN-KEY",
                lang.locs.get(f"label:{key}", lang.loc),
                f"language {lang.code}: label {key!r} is printed nowhere",
            )


def load_languages(folder: Path, diags: Diagnostics) -> tuple[Language, ...]:
    try:
        files = sorted(p for p in folder.iterdir() if p.suffix == ".yaml")
    except FileNotFoundError:
        diags.error("E-FILE-MISSING", Location(display_path(folder)), "language folder not found")
        return ()
    except OSError as exc:
        diags.error(
            "E-FILE-UNREADABLE",
            Location(display_path(folder)),
            f"cannot list language folder: {exc.strerror or exc}",
        )
        return ()
    for other in sorted(p for p in folder.iterdir() if p.suffix.lower() in (".yml", ".json")):
        diags.warning(
            "W-LANG-FILE",
            Location(display_path(other)),
            f"ignored: language files are named <code>.yaml (rename it {other.stem}.yaml)",
        )
    if not files:
        diags.error(
            "E-LANG-NONE",
            Location(display_path(folder)),
            f"no language files, expected at least {REFERENCE}.yaml (the reference language)",
        )
    languages = (_read_language(path, diags) for path in files)
    return tuple(lang for lang in languages if lang is not None)


def _read_language(path: Path, diags: Diagnostics) -> Language | None:
    root = load_file(path, diags)
    if root is None:
        return None
    rec = s.read_record(root, f"language {path.stem}", LANGUAGE, diags)
    if rec is None:
        return None
    if rec["code"] != path.stem:
        diags.error(
            "E-LANG-CODE",
            rec.where("code"),
            f"language code {rec['code']!r} does not match the file name {path.name!r}, "
            f"expected code: {path.stem}",
        )
    locs: dict[str, Location] = {}
    what = f"language {rec['code']}"
    if rec["name"] is not s.INVALID:
        check_plain(rec["name"], rec.where("name"), f"{what}: its own name", diags)
    names = _read_texts(rec["names"], what, "names", 2, locs, "", diags)
    labels = _read_texts(rec["labels"], what, "labels", 1, locs, "label:", diags)
    locs["names"] = rec.key_where("names")
    locs["labels"] = rec.key_where("labels")
    locs["script"] = rec.where("script")
    return Language(rec["code"], rec["name"], rec["script"], names, labels, rec.loc, locs)


def _read_texts(
    node: YNode,
    owner: str,
    what: str,
    depth: int,
    locs: dict[str, Location],
    tag: str,
    diags: Diagnostics,
) -> dict[str, str]:
    """Flatten nested mappings of texts into 'a.b' keys (exactly ``depth`` levels);
    ``owner`` ("language de") and ``what`` ("names.species") say whose they are."""
    mapping = s.as_map(node, f"{owner}: {what}", diags)
    if mapping is None:
        return {}
    result: dict[str, str] = {}
    for key, child in mapping.items():
        name = str(key)
        locs[f"{tag}{name}"] = mapping.key_loc(key)
        if depth > 1:
            inner = _read_texts(
                child, owner, f"{what}.{name}", depth - 1, locs, f"{tag}{name}.", diags
            )
            result.update({f"{name}.{k}": v for k, v in inner.items()})
            continue
        value = s.text(child, f"{owner}: {what}.{name}", diags)
        if value is not s.INVALID:
            noun = "label" if what == "labels" else "name"
            key = f"{what}.{name}".split(".", 1)[1]  # labels.total -> total
            check_plain(value, child.loc, f"{owner}: {noun} {key!r}", diags)
            result[name] = value
    return result


def check_plain(value: str, loc: Location, what: str, diags: Diagnostics) -> None:
    """E-MARKUP when a name or label holds ``<`` or ``>``: no text of the kit needs
    them, and a web page or SVG file would read them as markup (the booklet texts,
    which have a syntax of their own, are not names or labels)."""
    bad = next((char for char in value if char in MARKUP), None)
    if bad is not None:
        shown = repr(value if len(value) <= 60 else value[:57] + "...")
        diags.error(
            "E-MARKUP",
            loc,
            f"{what} contains {bad!r} ({shown}): names and labels are plain text, without < or >",
        )


def check_languages(
    languages: Iterable[Language],
    name_keys: Iterable[tuple[str, str]],
    diags: Diagnostics,
    skip_sections: Iterable[str] = (),
) -> None:
    """Every language names every data item (``name_keys``) and nothing else; names
    in ``skip_sections`` (of a game whose data did not load) are not judged."""
    skip = tuple(f"{section}." for section in skip_sections)
    languages = tuple(languages)
    required = sorted({f"{section}.{item}" for section, item in name_keys})
    reference = next((lang for lang in languages if lang.code == REFERENCE), None)
    folder = Path(languages[0].loc.file).parent if languages else Path()
    if languages and reference is None and not (folder / f"{REFERENCE}.yaml").exists():
        diags.error(
            "E-LANG-REFERENCE",
            Location(str(folder)),
            f"reference language '{REFERENCE}' is missing; it is the default language and "
            "the one translations start from",
        )
    for lang in languages:
        for key, text in lang.names.items():
            if len(text) > MAX_NAME:
                diags.error(
                    "E-LANG-LONG",
                    lang.locs.get(key, lang.loc),
                    f"language {lang.code}: names.{key} is {len(text)} characters long, "
                    f"expected at most {MAX_NAME} (it must fit on a tile or a table cell)",
                )
        for key in required:
            if key not in lang.names:
                section, item = key.split(".", 1)
                diags.error(
                    "E-LANG-MISSING",
                    lang.locs.get(section, lang.locs["names"]),
                    f"language {lang.code}: no name for {section} {item!r} (key names.{key})",
                )
        for key in sorted(set(lang.names) - set(required)):
            if key.startswith(skip):
                continue
            diags.warning(
                "W-LANG-UNKNOWN-KEY",
                lang.locs.get(key, lang.loc),
                f"language {lang.code}: names.{key} names nothing in the data",
            )
