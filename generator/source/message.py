"""The texts' little language: ``{name}`` placeholders and ICU MessageFormat plurals.

A text is plain words with placeholders in braces, ``{players}``, and plural messages
in ICU MessageFormat's syntax, whose branch the count picks by the language's CLDR
plural rules (Babel has them)::

    {n, plural, one {# żeton} few {# żetony} many {# żetonów} other {# żetonu}}

``#`` in a branch is the count, written as the language writes numbers; ``=N``
branches (``=0 {none}``) match one exact count before the categories are asked.
Branches may hold placeholders and further plurals. Parsing never evaluates
anything and never fails: a brace that starts no placeholder or message is text,
and the problems it makes are reported by :func:`parse` for the validator.
Apostrophes are plain text (no ICU quoting): French and Italian need them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.lists import format_list as _format_list
from babel.numbers import format_decimal

_FIELD_RE = re.compile(r"\{([A-Za-z0-9_]*)\}")
_OTHER_RE = re.compile(r"\{([^{}]*)\}")
_PLURAL_RE = re.compile(r"\{\s*([A-Za-z0-9_]+)\s*,\s*plural\s*,")
_KEY_RE = re.compile(r"\s*(=\d+|[A-Za-z_]+)\s*\{")
#: Our language codes (BCP 47) that CLDR spells otherwise; the rest only swap - for _.
_CLDR = {"zh-Hans": "zh_Hans", "pt-BR": "pt_BR"}


@dataclass(frozen=True)
class Field:
    name: str
    start: int  # offset of its '{' in the text


@dataclass(frozen=True)
class Pound:
    """``#`` in a plural branch: the count."""


@dataclass(frozen=True)
class Plural:
    name: str
    branches: Mapping[str, tuple[Part, ...]]  # "one", "few", "=0" ... -> its message
    key_at: Mapping[str, int]  # where each branch's key starts in the text
    start: int  # offset of its '{'
    source: str  # the whole message as written, left as it is when it cannot be filled


Part = str | Field | Pound | Plural


@dataclass(frozen=True)
class Problem:
    offset: int  # where in the text it is
    message: str


def cldr_locale(code: str) -> Locale:
    """Our language code as a CLDR locale: ``pt-BR`` -> ``pt_BR``, ``zh-Hans`` -> ``zh_Hans``."""
    return _locale(_CLDR.get(code, code.replace("-", "_")))


def known(code: str) -> bool:
    """Whether CLDR has data for language ``code`` (else English's rules stand in)."""
    return _locale(_CLDR.get(code, code.replace("-", "_"))).language != "en" or code == "en"


@lru_cache(maxsize=64)
def _locale(name: str) -> Locale:
    """The CLDR locale, else that of its language alone, else English (``validate``
    warns of a language CLDR does not know)."""
    for candidate in (name, name.split("_")[0], "en"):
        try:
            return Locale.parse(candidate)
        except (UnknownLocaleError, ValueError):
            continue
    raise AssertionError("Babel has no English")  # pragma: no cover


def plural_categories(code: str) -> frozenset[str]:
    """The categories a plural message of this language gives: CLDR's, and ``other``."""
    return frozenset(cldr_locale(code).plural_form.tags) | {"other"}


@lru_cache(maxsize=512)
def parse(text: str) -> tuple[tuple[Part, ...], tuple[Problem, ...]]:
    """The parts of ``text`` and what is wrong with its braces (for the validator)."""
    problems: list[Problem] = []
    parts, _ = _message(text, 0, False, problems)
    return parts, tuple(problems)


def _message(
    text: str, i: int, nested: bool, problems: list[Problem]
) -> tuple[tuple[Part, ...], int]:
    """Parts from ``i`` up to the end, or (``nested``) up to the '}' closing a branch."""
    parts: list[Part] = []
    plain: list[str] = []

    def flush() -> None:
        if plain:
            parts.append("".join(plain))
            plain.clear()

    while i < len(text):
        char = text[i]
        if char == "}" and nested:
            break
        if char == "#" and nested:
            flush()
            parts.append(Pound())
            i += 1
            continue
        if char == "{":
            field = _FIELD_RE.match(text, i)
            if field:
                flush()
                parts.append(Field(field.group(1), i))
                i = field.end()
                continue
            if _PLURAL_RE.match(text, i):
                plural, end = _plural(text, i, problems)
                if plural is not None:
                    flush()
                    parts.append(plural)
                    i = end
                    continue
            elif other := _OTHER_RE.match(text, i):
                # "{x.__class__}": a name no value can have, so never filled (the
                # validator says it is no placeholder the text may use)
                flush()
                parts.append(Field(other.group(1), i))
                i = other.end()
                continue
            else:
                problems.append(Problem(i, "a lone '{' (braces are only for placeholders)"))
        elif char == "}":
            problems.append(Problem(i, "a lone '}' (braces are only for placeholders)"))
        plain.append(char)
        i += 1
    flush()
    return tuple(parts), i


def _plural(text: str, start: int, problems: list[Problem]) -> tuple[Plural | None, int]:
    head = _PLURAL_RE.match(text, start)
    assert head is not None
    name, i = head.group(1), head.end()
    branches: dict[str, tuple[Part, ...]] = {}
    key_at: dict[str, int] = {}
    inner: list[Problem] = []
    while True:
        rest = text[i:].lstrip()
        i = len(text) - len(rest)
        if rest.startswith("}"):
            break
        key = _KEY_RE.match(text, i)
        if key is None:
            problems.append(
                Problem(
                    i,
                    f"{{{name}, plural, ...}}: expected a branch like 'one {{...}}' or "
                    f"'=0 {{...}}', or '}}' to close it",
                )
            )
            return None, start
        word = key.group(1)
        if word in branches:
            inner.append(Problem(key.start(1), f"{{{name}, plural}} gives {word!r} twice"))
        body, end = _message(text, key.end(), True, inner)
        if end >= len(text):
            problems.append(
                Problem(start, f"{{{name}, plural, ...}} is not closed: a '}}' is missing")
            )
            return None, start
        branches[word], key_at[word] = body, key.start(1)
        i = end + 1
    if "other" not in branches:
        inner.append(
            Problem(start, f"{{{name}, plural}} has no 'other' branch, which every plural needs")
        )
    problems.extend(inner)
    return Plural(name, branches, key_at, start, text[start : i + 1]), i + 1


def names(text: str) -> set[str]:
    """Every placeholder ``text`` uses: plain, the count of a plural, or inside a branch."""
    found: set[str] = set()

    def walk(parts: tuple[Part, ...]) -> None:
        for part in parts:
            if isinstance(part, Field):
                found.add(part.name)
            elif isinstance(part, Plural):
                found.add(part.name)
                for body in part.branches.values():
                    walk(body)

    walk(parse(text)[0])
    return found


def plurals(text: str) -> list[Plural]:
    """Every plural message of ``text``, outer ones first."""
    found: list[Plural] = []

    def walk(parts: tuple[Part, ...]) -> None:
        for part in parts:
            if isinstance(part, Plural):
                found.append(part)
                for body in part.branches.values():
                    walk(body)

    walk(parse(text)[0])
    return found


def category_problems(text: str, code: str) -> list[Problem]:
    """Plurals of ``text`` that do not give exactly the categories language ``code`` needs."""
    needed = plural_categories(code)
    shown = ", ".join(sorted(needed, key=_ORDER.index))
    problems = []
    for plural in plurals(text):
        given = {k for k in plural.branches if not k.startswith("=")}
        for extra in sorted(given - needed):
            problems.append(
                Problem(
                    plural.key_at[extra],
                    f"{{{plural.name}, plural}} gives {extra!r}, which {code} does not use: "
                    f"expected exactly the categories {shown} (CLDR)",
                )
            )
        missing = sorted(needed - given, key=_ORDER.index)
        if missing:
            problems.append(
                Problem(
                    plural.start,
                    f"{{{plural.name}, plural}} lacks {', '.join(map(repr, missing))}: "
                    f"expected exactly the categories {shown} for {code} (CLDR)",
                )
            )
    return problems


_ORDER = ["zero", "one", "two", "few", "many", "other"]


def number(value: object) -> Decimal | None:
    """``value`` as a count when it is one (an int, a float, or a text like '12' or '1.5')."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float | Decimal):
        return Decimal(str(value))
    if isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value):
        try:
            return Decimal(value)
        except InvalidOperation:  # pragma: no cover - the pattern rules it out
            return None
    return None


def format_number(value: Decimal | float | int, code: str, signed: bool = False) -> str:
    """A number as language ``code`` writes it (CLDR): its decimal sign and minus sign;
    ``signed``: a plus sign before positive numbers. Whole numbers keep their digits."""
    amount = Decimal(str(value))
    exponent = amount.as_tuple().exponent
    whole = amount == amount.to_integral() or not isinstance(exponent, int)
    decimals = 0 if whole else max(0, -int(exponent))
    pattern = "0" + ("." + "0" * decimals if decimals else "")
    if signed and amount > 0:
        pattern = f"+{pattern};-{pattern}"
    return format_decimal(amount, format=pattern, locale=cldr_locale(code))


def fill(text: str, values: Mapping[str, object], code: str = "en") -> str:
    """``text`` with each placeholder whose name is in ``values`` replaced by its value,
    and each plural message whose count is given replaced by its branch for that count
    in language ``code``. Unknown names, and plurals whose count is missing or not a
    number, are left as they are."""
    return _render(parse(text)[0], values, code, None)


def _render(
    parts: tuple[Part, ...], values: Mapping[str, object], code: str, count: Decimal | None
) -> str:
    out: list[str] = []
    for part in parts:
        if isinstance(part, str):
            out.append(part)
        elif isinstance(part, Field):
            out.append(str(values[part.name]) if part.name in values else "{" + part.name + "}")
        elif isinstance(part, Pound):
            out.append("#" if count is None else format_number(count, code))
        else:
            n = number(values.get(part.name))
            if n is None:
                out.append(part.source)
                continue
            exact = f"={int(n)}" if n == n.to_integral() else ""
            if exact in part.branches:
                body = part.branches[exact]
            else:
                category = cldr_locale(code).plural_form(n)
                body = part.branches.get(category, part.branches.get("other", ()))
            out.append(_render(body, values, code, n))
    return "".join(out)


def format_list(items: list[str], kind: str, code: str) -> str:
    """``items`` joined as language ``code`` lists them (CLDR's list patterns): ``kind``
    "and" (standard), "or", or "series", a plain enumeration that joins every item with
    the standard pattern's middle part ("A, B, C"; Japanese and Chinese "A、B、C")."""
    locale = cldr_locale(code)
    if kind == "series":
        middle = locale.list_patterns["standard"]["middle"]
        head = items[0] if items else ""
        for item in items[1:]:
            head = middle.format(head, item)
        return head
    if kind not in ("and", "or"):
        raise ValueError(f"a list is 'and', 'or' or 'series', not {kind!r}")
    return _format_list(items, style="standard" if kind == "and" else "or", locale=locale)
