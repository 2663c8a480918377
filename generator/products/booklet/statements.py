"""Rule statements: the rules a booklet states, each tied to the engine scenarios that
play it, and the native sign-off of each language's wording of each statement.

templates/booklets/<game>-rules.yaml lists the statements (id, the booklet text keys
and player-aid labels that state it, an English paraphrase, the scenario ids);
templates/booklets/<game>/signoff.yaml records, per language and statement, who signed
the wording off and the sha256 of the text as signed (:func:`statement_digest`). A text
edited after its sign-off no longer matches its digest: it needs a new native read.
The scenarios live in tests/scenarios (not shipped); the tests check that they exist
and pass, the validator checks the rest. See docs/rules.md.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...source import schema as s
from ...source.diagnostics import Diagnostics, Location, display_path
from ...source.files import atomic_write
from ...source.lang import REFERENCE, Language
from ...source.located import load_file
from .source import Structure, Texts, booklets_dir, load_structure, load_texts

STATEMENT = (
    s.Field("id", s.ident),
    s.Field("keys", s.seq_of(s.any_node, min_len=1)),
    s.Field("labels", s.seq_of(s.any_node), required=False, default=()),
    s.Field("rule", s.text),
    s.Field("scenarios", s.seq_of(s.text, min_len=1)),
)
SIGNOFF = (s.Field("signed_by", s.text), s.Field("sha256", s.text))


@dataclass(frozen=True)
class Statement:
    id: str
    keys: tuple[str, ...]  # booklet text keys
    labels: tuple[str, ...]  # player-aid labels (data/lang) stating the same rule
    rule: str  # English paraphrase
    scenarios: tuple[str, ...]  # "file:name" in tests/scenarios/<game>/
    loc: Location = field(default=Location(""), compare=False)


@dataclass(frozen=True)
class SignOff:
    signed_by: str
    sha256: str
    loc: Location = field(default=Location(""), compare=False)


def rules_path(game: str, root: Path | None = None) -> Path:
    return (root or booklets_dir()) / f"{game}-rules.yaml"


def signoff_path(game: str, root: Path | None = None) -> Path:
    return (root or booklets_dir()) / game / "signoff.yaml"


def load_statements(game: str, diags: Diagnostics, root: Path | None = None) -> list[Statement]:
    """The rule statements of a game's booklet ([] when it has no rules file)."""
    path = rules_path(game, root)
    if not path.exists():
        return []
    node = load_file(path, diags)
    if node is None:
        return []
    what = f"rule statements {game}"
    rec = s.read_record(node, what, (s.Field("statements", s.seq_of(s.any_node, 1)),), diags)
    if rec is None:
        return []
    found: list[Statement] = []
    for item, _ in rec["statements"]:
        st = s.read_record(item, f"{what}: statement", STATEMENT, diags)
        if st is None:
            continue
        keys = [s.ident_key(n, f"{what}: {st['id']}: keys", diags) for n, _ in st["keys"]]
        labels = [s.ident_key(n, f"{what}: {st['id']}: labels", diags) for n, _ in st["labels"]]
        if any(st["id"] == other.id for other in found):
            diags.error("E-RULE-ID", st.where("id"), f"{what}: statement {st['id']!r} twice")
            continue
        found.append(
            Statement(
                st["id"],
                tuple(k for k in keys if k),
                tuple(k for k in labels if k),
                st["rule"],
                tuple(v for v, _ in st["scenarios"]),
                st.where("id"),
            )
        )
    return found


def load_signoffs(
    game: str, diags: Diagnostics, root: Path | None = None
) -> dict[str, dict[str, SignOff]]:
    """language -> statement id -> its sign-off ({} when the file is missing)."""
    path = signoff_path(game, root)
    if not path.exists():
        return {}
    node = load_file(path, diags)
    if node is None:
        return {}
    what = f"sign-offs {game}"
    rec = s.read_record(node, what, (s.Field("signoffs", s.any_node),), diags)
    langs = s.as_map(rec["signoffs"], f"{what}: signoffs", diags) if rec else None
    if langs is None:
        return {}
    result: dict[str, dict[str, SignOff]] = {}
    for lang, by_lang in langs.items():
        mapping = s.as_map(by_lang, f"{what}: {lang}", diags)
        if mapping is None:
            continue
        mine = result.setdefault(str(lang), {})
        for sid, entry in mapping.items():
            got = s.read_record(entry, f"{what}: {lang}: {sid}", SIGNOFF, diags)
            if got is not None:
                mine[str(sid)] = SignOff(got["signed_by"], got["sha256"], got.where("sha256"))
    return result


def statement_text(statement: Statement, texts: Texts, lang: Language | None) -> str | None:
    """The words of one language that state it, key by key (None: one is missing)."""
    lines: list[str] = []
    for key in statement.keys:
        text = texts.texts.get(key)
        if text is None:
            return None
        lines.append(f"{key}: {text}")
    for key in statement.labels:
        label = lang.labels.get(key) if lang is not None else None
        if label is None:
            return None
        lines.append(f"label:{key}: {label}")
    return "\n".join(lines)


def statement_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_statements(
    structure: Structure,
    statements: list[Statement],
    signoffs: dict[str, dict[str, SignOff]],
    texts_of: dict[str, Texts],
    languages: tuple[Language, ...],
    diags: Diagnostics,
    root: Path | None = None,
    extra_keys: Iterable[str] = (),
) -> None:
    """Each statement's keys are texts of the booklet; each language's wording of it is
    signed off as it now reads (W-RULE-UNSIGNED, W-RULE-STALE name the text to re-read)."""
    game = structure.game
    used = set(structure.text_keys()) | set(extra_keys)
    for st in statements:
        for key in st.keys:
            if key not in used:
                diags.error(
                    "E-RULE-KEY",
                    st.loc,
                    f"rule statement {game}/{st.id}: {key!r} is no text of the booklet "
                    f"({display_path(structure.path)})",
                )
    reference = next((lang for lang in languages if lang.code == REFERENCE), None)
    for st in statements:
        for key in st.labels:
            if reference is not None and key not in reference.labels:
                diags.error(
                    "E-RULE-KEY",
                    st.loc,
                    f"rule statement {game}/{st.id}: {key!r} is no label of the player aid "
                    f"(data/lang/{REFERENCE}.yaml)",
                )
    where = display_path(signoff_path(game, root))
    ids = {st.id for st in statements}
    for code, signed in signoffs.items():
        for sid in sorted(set(signed) - ids):
            diags.warning(
                "W-RULE-UNKNOWN",
                signed[sid].loc,
                f"sign-offs {game}: {code}.{sid} signs no statement of "
                f"{display_path(rules_path(game, root))}; remove it (renamed statements are "
                "signed again)",
            )
    for lang in languages:
        texts = texts_of.get(lang.code)
        if texts is None:
            continue
        signed = signoffs.get(lang.code, {})
        for st in statements:
            text = statement_text(st, texts, lang)
            if text is None:
                continue  # a missing text or label is reported by its own check
            digest = statement_digest(text)
            first = st.keys[0]
            loc = texts.locs.get(first, texts.loc)
            entry = signed.get(st.id)
            if entry is None:
                diags.warning(
                    "W-RULE-UNSIGNED",
                    loc,
                    f"language {lang.code}: rule statement {game}/{st.id} ({st.rule}) has no "
                    f"native sign-off; after a native reader confirms it, add {lang.code}."
                    f"{st.id} to {where} with sha256: {digest}",
                )
            elif entry.sha256 != digest:
                diags.warning(
                    "W-RULE-STALE",
                    loc,
                    f"language {lang.code}: rule statement {game}/{st.id} ({st.rule}) changed "
                    f"since {entry.signed_by} signed it ({where}:{entry.loc.line}); have a "
                    f"native reader confirm it, then sign it again with sha256: {digest}",
                )


SIGNOFF_HEADER = """\
# Native sign-off of the rule statements of the {game} booklet
# (templates/booklets/{game}-rules.yaml): for each language and statement, who signed
# its wording off, and the sha256 of the text as signed ("key: text" per line, its keys
# in order, then "label:key: text" for its labels). A text edited since no longer
# matches: `dinokit validate` warns (W-RULE-STALE) and the tests fail until a native
# reader confirms it again and it is signed anew:
#   dinokit i18n sign --game {game} --lang LANG --by "WHO, DATE" STATEMENT...
# Written by that command; see docs/rules.md.

"""


def current_digests(game: str, lang: Language, root: Path | None = None) -> dict[str, str]:
    """statement id -> sha256 of its wording in ``lang`` now (statements fully present)."""
    quiet = Diagnostics()
    texts = load_texts(game, lang.code, quiet, root)
    if texts is None:
        return {}
    result: dict[str, str] = {}
    for st in load_statements(game, quiet, root):
        text = statement_text(st, texts, lang)
        if text is not None:
            result[st.id] = statement_digest(text)
    return result


def write_signoffs(
    game: str, signoffs: dict[str, dict[str, SignOff]], root: Path | None = None
) -> Path:
    """Write the sign-off file: languages and statements in order, one line each."""
    import json

    lines = [SIGNOFF_HEADER.format(game=game), "signoffs:\n"]
    for lang in sorted(signoffs):
        if not signoffs[lang]:
            continue
        lines.append(f"  {lang}:\n")
        for sid in sorted(signoffs[lang]):
            entry = signoffs[lang][sid]
            by = json.dumps(entry.signed_by, ensure_ascii=False)
            lines.append(f"    {sid}: {{signed_by: {by}, sha256: {entry.sha256}}}\n")
    return atomic_write(signoff_path(game, root), "".join(lines).encode())


def sign(
    game: str, lang: Language, ids: list[str], signed_by: str, root: Path | None = None
) -> list[str]:
    """Record ``signed_by`` as the sign-off of these statements (all when ``ids`` is
    empty) as ``lang`` words them now; returns the ids signed. Unknown ids: ValueError."""
    now = current_digests(game, lang, root)
    unknown = [i for i in ids if i not in now]
    if unknown:
        raise ValueError(f"no rule statement {', '.join(unknown)} in {game} ({lang.code})")
    diags = Diagnostics()
    signoffs = load_signoffs(game, diags, root)
    if diags.errors:
        raise ValueError(f"{display_path(signoff_path(game, root))} does not read cleanly")
    chosen = ids or sorted(now)
    mine = signoffs.setdefault(lang.code, {})
    for sid in chosen:
        mine[sid] = SignOff(signed_by, now[sid])
    write_signoffs(game, signoffs, root)
    return chosen


def check_rule_statements(
    games: Mapping[str, Iterable[str]],
    languages: tuple[Language, ...],
    diags: Diagnostics,
    root: Path | None = None,
) -> None:
    """:func:`check_statements` for every game that has a rules file (the structure and
    texts are read again from the cache; their own problems are reported by
    :func:`.checks.check_booklets`). ``games``: game id -> the text keys its tables
    need besides the structure, as for check_booklets."""
    for game, extra_keys in games.items():
        statements = load_statements(game, diags, root)
        structure = load_structure(game, Diagnostics(), root) if statements else None
        if structure is None:
            continue
        texts_of: dict[str, Texts] = {}
        for lang in languages:
            texts = load_texts(game, lang.code, Diagnostics(), root)
            if texts is not None:
                texts_of[lang.code] = texts
        signoffs = load_signoffs(game, diags, root)
        check_statements(
            structure, statements, signoffs, texts_of, languages, diags, root, extra_keys
        )


__all__ = [
    "check_rule_statements",
    "current_digests",
    "sign",
    "write_signoffs",
    "SignOff",
    "Statement",
    "check_statements",
    "load_signoffs",
    "load_statements",
    "rules_path",
    "signoff_path",
    "statement_digest",
    "statement_text",
]
