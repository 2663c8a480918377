"""Plural messages, numbers and lists from CLDR (Babel): what each language gets."""

from __future__ import annotations

from decimal import Decimal

import pytest

from dinokit.source.diagnostics import Diagnostics, Location
from dinokit.source.lang import fill, placeholder_problems, plural_problems
from dinokit.source.message import (
    category_problems,
    format_list,
    format_number,
    names,
    plural_categories,
)

TOKENS = "{n, plural, one {# żeton} few {# żetony} many {# żetonów} other {# żetonu}}"


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (0, "0 żetonów"),
        (1, "1 żeton"),
        (2, "2 żetony"),
        (5, "5 żetonów"),
        (12, "12 żetonów"),
        (22, "22 żetony"),
        ("1.5", "1,5 żetonu"),
        (Decimal("1.5"), "1,5 żetonu"),
    ],
)
def test_polish_takes_the_cldr_category_of_each_count(n, expected) -> None:
    assert fill(TOKENS, {"n": n}, "pl") == expected


@pytest.mark.parametrize(
    ("code", "counts"),
    [
        ("en", {0: "other", 1: "one", 2: "other", 5: "other", 12: "other", 22: "other"}),
        ("fr", {0: "one", 1: "one", 2: "other", 5: "other", 12: "other", 22: "other"}),
        ("de", {0: "other", 1: "one", 2: "other", 5: "other", 12: "other", 22: "other"}),
        ("ja", {0: "other", 1: "other", 2: "other", 5: "other", 12: "other", 22: "other"}),
        ("pl", {0: "many", 1: "one", 2: "few", 5: "many", 12: "many", 22: "few"}),
    ],
)
def test_every_language_picks_its_branch(code, counts) -> None:
    text = "{n, plural, " + " ".join(f"{c} {{{c}}}" for c in sorted(plural_categories(code))) + "}"
    assert not category_problems(text, code)
    for n, category in counts.items():
        assert fill(text, {"n": n}, code) == category, (code, n)
    assert fill(text, {"n": "1.5"}, code) == ("one" if code == "fr" else "other")  # 1,5 feuille


def test_categories_are_cldrs() -> None:
    assert plural_categories("pl") == {"one", "few", "many", "other"}
    assert plural_categories("en") == plural_categories("de") == {"one", "other"}
    assert plural_categories("fr") == plural_categories("pt-BR") == {"one", "many", "other"}
    for code in ("ja", "ko", "zh-Hans"):
        assert plural_categories(code) == {"other"}


def test_exact_branches_nested_placeholders_and_unknown_names() -> None:
    text = "{n, plural, =0 {no {thing}s} one {one {thing}} other {# {thing}s}} left"
    assert fill(text, {"n": 0, "thing": "tile"}) == "no tiles left"
    assert fill(text, {"n": 1, "thing": "tile"}) == "one tile left"
    assert fill(text, {"n": 3, "thing": "tile"}) == "3 tiles left"
    assert fill(text, {"thing": "tile"}) == text  # no count: the message as written
    assert fill(text, {"n": "many", "thing": "x"}).startswith("{n, plural,")  # not a number
    assert names(text) == {"n", "thing"}
    assert not category_problems(text, "en")  # =0 is no category


def test_the_registry_accepts_a_registered_placeholder_as_a_count() -> None:
    assert placeholder_problems(TOKENS, {"n"}) == []
    [problem] = placeholder_problems(TOKENS, {"m"})
    assert "{n} is not a placeholder it can use" in problem
    assert "not closed" in placeholder_problems("{n, plural, one {x", {"n"})[0]
    assert "to close it" in placeholder_problems("{n, plural, one {x}", {"n"})[0]
    assert "'other'" in placeholder_problems("{n, plural, one {x}}", {"n"})[0]


def test_missing_and_extra_categories_are_found() -> None:
    [missing] = category_problems("{n, plural, one {#} many {#} other {#}}", "pl")
    assert "lacks 'few'" in missing.message and "one, few, many, other" in missing.message
    assert missing.offset == 0
    text = "You get {n, plural, one {# tile} few {# tiles} other {# tiles}}."
    [extra] = category_problems(text, "en")
    assert "gives 'few'" in extra.message and extra.offset == text.index("few")


def test_a_plural_problem_is_located_at_its_line_and_column(tmp_path) -> None:
    path = tmp_path / "pl.yaml"
    path.write_text(
        'labels:\n  x: "Każdy\\u00a0gracz ma {n, plural, one {#} many {#} other {#}}"\n',
        encoding="utf-8",
    )
    diags = Diagnostics()
    text = "Każdy\u00a0gracz ma {n, plural, one {#} many {#} other {#}}"
    plural_problems(text, "pl", Location(str(path), 2, 6), diags, "label x")
    [error] = diags.errors
    assert error.code == "E-PLURAL"
    # the '{' after the quote, "Każdy", "\\u00a0" and "gracz ma " as written in the file
    assert (error.location.line, error.location.column) == (2, 27)


@pytest.mark.parametrize(
    ("code", "value", "signed", "expected"),
    [
        ("en", 4.5, True, "+4.5"),
        ("en", -0.5, True, "-0.5"),
        ("pl", 4.5, True, "+4,5"),
        ("de", -0.5, True, "-0,5"),
        ("fr", -0.25, True, "-0,25"),
        ("pl", 100.0, False, "100"),  # whole numbers keep their digits
        ("de", 1234, False, "1234"),
        ("ja", 0.5, False, "0.5"),
    ],
)
def test_numbers_take_the_languages_signs(code, value, signed, expected) -> None:
    assert format_number(value, code, signed) == expected


@pytest.mark.parametrize(
    ("code", "kind", "expected"),
    [
        ("en", "and", "A, B, and C"),
        ("en", "or", "A, B, or C"),
        ("en", "series", "A, B, C"),
        ("pl", "and", "A, B i C"),
        ("pl", "or", "A, B lub C"),
        ("ja", "and", "A、B、C"),
        ("ja", "or", "A、B、またはC"),
        ("ja", "series", "A、B、C"),
        ("zh-Hans", "and", "A、B和C"),
        ("zh-Hans", "or", "A、B或C"),
    ],
)
def test_lists_follow_cldr(code, kind, expected) -> None:
    assert format_list(["A", "B", "C"], kind, code) == expected


def test_web_labels_take_no_plurals_the_browser_cannot_fill() -> None:
    from dinokit.source.lang import Language, check_labels

    plural = "{n, plural, one {# game} other {# games}}"
    lang = Language("en", "English", "latin", {}, {"web_x": plural, "guide_x": plural})
    diags = Diagnostics()
    check_labels([lang], {"web_x": {"n"}, "guide_x": {"n"}}, diags)
    assert [d.message.split(":")[1] for d in diags.errors] == [" label web_x"]


def test_a_language_cldr_does_not_know_follows_english() -> None:
    from dinokit.source.message import known

    assert known("pl") and known("zh-Hans") and known("pt-BR") and not known("fx")
    assert plural_categories("fx") == plural_categories("en")
    assert fill(TOKENS.replace(" few {# żetony} many {# żetonów}", ""), {"n": 1}, "fx") == "1 żeton"
