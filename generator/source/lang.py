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

from . import message
from . import schema as s
from .diagnostics import Diagnostics, Location, display_path
from .located import YNode, load_file

REFERENCE = "en"
#: Longest name of a data item (species, position, dig type ...) a component can print.
MAX_NAME = 40
#: Characters no name or label needs, which HTML and SVG would read as markup.
MARKUP = "<>"
#: Labels the web pages fill in the browser, with {placeholders} only (no plurals).
BROWSER_FILLED = "web_"
#: A BCP 47 tag in its canonical case: language, then optionally script and region
#: ("de", "pt-BR", "zh-Hans"). It names the files, so nothing else is allowed.
TAG_RE = re.compile(r"\A[a-z]{2,3}(-[A-Z][a-z]{3})?(-(?:[A-Z]{2}|[0-9]{3}))?\Z")


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
        return fill(text, values, self.code) if values else text

    def number(self, value: float | int, signed: bool = False) -> str:
        """A number as this language writes it (CLDR: decimal sign, minus sign), with its
        fraction digits as given; ``signed``: a plus sign before a positive number."""
        return message.format_number(value, self.code, signed)

    def percent(self, value: float | int) -> str:
        """``value`` per cent (94 -> "94%", "94 %" in French): the ``percent`` label."""
        return self.label("percent", {"value": self.number(value)})

    def join(self, items: Iterable[str], kind: str = "and") -> str:
        """``items`` as the language lists them, ``kind`` "and", "or" or "series" (a
        plain enumeration, "A, B, C"): CLDR's list patterns, or for "and" the optional
        labels ``list_and`` (the last item) and ``list_and_more`` (those before it)."""
        items = list(items)
        if kind != "and" or "list_and" not in self.labels or not items:
            return message.format_list(items, kind, self.code)
        head = items[0]
        for item in items[1:-1]:
            if "list_and_more" in self.labels:
                head = self.label("list_and_more", {"0": head, "1": item})
            else:
                head = message.format_list([head, item], "series", self.code)
        return self.label("list_and", {"0": head, "1": items[-1]}) if len(items) > 1 else head

    def range(self, low: object, high: object) -> str:
        """From ``low`` to ``high`` ("3–4", Japanese "3～4"): the ``range`` label (Babel
        does not carry CLDR's number-range patterns)."""
        return self.label("range", {"0": low, "1": high})


def fill(text: str, values: Mapping[str, object], code: str = REFERENCE) -> str:
    """``text`` with each ``{name}`` whose name is in ``values`` replaced by its value,
    and each plural message ``{n, plural, one {...} other {...}}`` whose count is given
    replaced by the branch language ``code`` takes for it (CLDR's plural rules).

    Unlike ``str.format`` it never reaches attributes or items (``{x.__class__}``),
    never fails on a lone brace, and leaves unknown names as they are: data can
    only ever substitute the values it is given (see :mod:`generator.source.message`).
    """
    return message.fill(text, values, code)


def placeholder_problems(text: str, allowed: Iterable[str]) -> list[str]:
    """What is wrong with the braces of ``text`` when it may use only ``allowed``
    (plainly or as the count of a plural message)."""
    allowed = set(allowed)
    problems = [p.message for p in message.parse(text)[1]]
    may = ", ".join(f"{{{a}}}" for a in sorted(allowed)) or "none"
    for name in sorted(message.names(text) - allowed):
        problems.append(f"{{{name}}} is not a placeholder it can use (it may use: {may})")
    return problems


def plural_problems(text: str, code: str, loc: Location, diags: Diagnostics, what: str) -> None:
    """E-PLURAL where a plural message of ``text`` (the YAML value at ``loc``) gives
    other categories than CLDR lists for language ``code``, at the line and column
    of the message (a missing category) or of the branch (an extra one)."""
    for problem in message.category_problems(text, code):
        diags.error("E-PLURAL", within(loc, text, problem.offset), f"{what}: {problem.message}")


def within(loc: Location, text: str, offset: int) -> Location:
    """The file position of ``text[offset]``, ``text`` being the YAML value that starts
    at ``loc``: the words that start there are found in the file as written (escapes
    and quotes make the two differ); ``loc`` itself when they are not."""
    if loc.line <= 0:
        return loc
    try:
        raw = Path(loc.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return loc
    lines = raw.split("\n")
    start = sum(len(line) + 1 for line in lines[: loc.line - 1]) + loc.column - 1
    probe = re.match(r"[^\\\"'\x80-\U0010ffff\n]{1,24}", text[offset:])
    if probe is None:
        return loc
    found = start - 1
    for _ in range(text[:offset].count(probe.group()) + 1):
        found = raw.find(probe.group(), found + 1)
        if found < 0:
            return loc
    line = raw.count("\n", 0, found) + 1
    return Location(loc.file, line, found - (raw.rfind("\n", 0, found) + 1) + 1)


def check_labels(
    languages: Iterable[Language],
    required: Mapping[str, Iterable[str]],
    diags: Diagnostics,
    optional: Mapping[str, Iterable[str]] | None = None,
) -> None:
    """Every language gives every label the code prints (``required``: label -> the
    placeholders it may use), with no other placeholders and no stray braces, and
    every plural message with exactly the categories of its language (E-PLURAL);
    ``optional`` labels are checked the same way when a language gives them."""
    optional = optional or {}
    for lang in languages:
        where = lang.locs.get("labels", lang.loc)
        if not message.known(lang.code):
            diags.warning(
                "W-LANG-CLDR",
                lang.locs.get("code", lang.loc),
                f"language {lang.code}: CLDR (Babel) has no data for it, so its plurals, "
                "numbers and lists follow English; expected a language CLDR knows",
            )
        for key in sorted({**optional, **required}):
            if key not in lang.labels and key in optional:
                continue
            allowed = required[key] if key in required else optional[key]
            if key not in lang.labels:
                diags.error(
                    "E-LANG-MISSING",
                    where,
                    f"language {lang.code}: label {key!r} is missing (key labels.{key})",
                )
                continue
            for problem in placeholder_problems(lang.labels[key], allowed):
                diags.error(
                    "E-LANG-PLACEHOLDER",
                    lang.locs.get(f"label:{key}", where),
                    f"language {lang.code}: label {key}: {problem}",
                )
            plural_problems(
                lang.labels[key],
                lang.code,
                lang.locs.get(f"value:label:{key}", where),
                diags,
                f"language {lang.code}: label {key}",
            )
            if key.startswith(BROWSER_FILLED) and message.plurals(lang.labels[key]):
                diags.error(
                    "E-PLURAL",
                    lang.locs.get(f"value:label:{key}", where),
                    f"language {lang.code}: label {key}: the web pages fill it in the "
                    "browser, which takes {placeholders} only, expected no plural message",
                )
        for key in sorted(set(lang.labels) - set(required) - set(optional)):
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
    locs["code"] = rec.where("code")
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
            locs[f"value:{tag}{name}"] = child.loc
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
