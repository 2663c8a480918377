"""The typesetter's page and line rules (issue 25), measured on its page model for
every booklet in every language, and on the typeset lines of the CJK ones and of the
guide's texts: headings keep with what follows, pages are filled, no Latin run is
broken, no paragraph ends with one CJK character alone."""

from __future__ import annotations

import re

import pytest

from dinokit.layout.text import widowed, wrap
from dinokit.products.booklet.build import booklet_pages
from dinokit.products.booklet.flow import KEEP_LINES, MIN_FILL, MIN_LAST_FILL, PageModel
from dinokit.products.booklet.source import load_structure, load_texts
from dinokit.products.validate import load_data
from dinokit.source.diagnostics import Diagnostics

GAMES = ("digging-for-dinos", "paleontologists")
LANGS = ("en", "it", "fr", "de", "es", "ko", "ja", "zh-Hans", "pt-BR", "nl", "pl")
CJK = ("ja", "zh-Hans", "ko")


@pytest.fixture(scope="module")
def data():
    loaded, diags = load_data()
    assert not diags.errors, [d.format() for d in diags.errors]
    return loaded


_MODELS: dict[tuple[str, str], list[PageModel]] = {}


def _model(data, game: str, code: str) -> list[PageModel]:
    if (game, code) not in _MODELS:
        diags = Diagnostics()
        model: list[PageModel] = []
        structure, texts = load_structure(game, diags), load_texts(game, code, diags)
        booklet_pages(structure, texts, data, data.language(code), model=model)
        _MODELS[game, code] = model
    return _MODELS[game, code]


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_heading_keeps_with_two_lines_and_pages_are_filled(data, game, code) -> None:
    model = _model(data, game, code)
    for n, page in enumerate(model, start=2):
        where = f"{game} {code} page {n}"
        for i, placed in enumerate(page.placed):
            if placed.kind in ("heading", "subheading"):
                after = sum(p.count for p in page.placed[i + 1 :])
                assert after >= KEEP_LINES, f"{where}: {placed.lines[0]!r} has {after} line(s)"
        if not page.section_end:
            assert page.fill >= MIN_FILL, f"{where} is {page.fill:.0%} full"
    for n in range(1, len(model)):  # a section's last page, its section longer than it
        page, before = model[n], model[n - 1]
        if page.section_end and not before.section_end:
            assert page.fill >= MIN_LAST_FILL, f"{game} {code} page {n + 2}: {page.fill:.0%}"


_LATIN = re.compile(r"[A-Za-z0-9\-]")


def _line_problems(lines: list[str], whole: bool, source: str | None = None) -> list[str]:
    """A line ending inside a Latin run: after a hyphen with the run going on on the
    next line, or (given the ``source`` text) anywhere but at a space between two Latin
    characters; and, for a whole paragraph, a last line of one CJK character."""
    problems = []
    at = 0
    for line, after in zip(lines, lines[1:], strict=False):
        if source is not None:
            at = source.index(line, at) + len(line)
        gap = source[at : at + 1] if source is not None else ""
        latin = _LATIN.match(line[-1]) and _LATIN.match(after[0])
        if latin and (line.endswith("-") or (source is not None and gap != " ")):
            problems.append(f"Latin run broken: {line[-12:]!r} / {after[:12]!r}")
    if whole and widowed(list(lines[-2:])):
        problems.append(f"one character alone: {lines[-2][-8:]!r} / {lines[-1]!r}")
    return problems


@pytest.mark.parametrize("code", CJK)
@pytest.mark.parametrize("game", GAMES)
def test_cjk_booklet_lines_keep_latin_runs_and_have_no_widows(data, game, code) -> None:
    """... and keep the game's terms whole (掘り方 / チェンジ was one)."""
    from dinokit.products.booklet.typeset import Fonts

    terms = Fonts.of(data.language(code)).keep
    if code == "ja":
        assert "掘り方チェンジ" in terms
    problems = []
    for page in _model(data, game, code):
        for placed in page.placed:
            if placed.lines:
                whole = placed.first and placed.last
                problems += _line_problems(list(placed.lines), whole)
            for line, after in zip(placed.lines, placed.lines[1:], strict=False):
                for term in terms:
                    joined = line[-len(term) + 1 :] + after[: len(term) - 1]
                    if term in joined:
                        problems.append(f"term broken: {term!r} in {line!r} / {after!r}")
    assert not problems, problems


@pytest.mark.parametrize("code", CJK)
def test_cjk_guide_texts_keep_latin_runs_and_have_no_widows(data, code) -> None:
    """The guide's and the calibration sheet's texts, at the widths they are set at and
    around them (the Japanese guide once broke 「--duplex- / offset」)."""
    from dinokit.products.dinos.look import lang_fonts

    lang = data.language(code)
    regular = lang_fonts(lang)[0]
    texts = [
        lang.label(key)
        for key in lang.labels
        if key.startswith(("guide_", "calibrate_", "booklet_"))
    ]
    assert any("--duplex-offset" in text for text in texts)
    problems = []
    for text in texts:
        for width in (60.0, 75.0, 90.0, 120.0, 160.0):
            problems += _line_problems(wrap(text, regular, 9, width), True, text)
    assert not problems, problems


#: Numbers in the texts: digits and the placeholders that are filled with one.
_NUMBER = (
    r"(?:(?<![A-Za-z\d])\d+(?:[.,/]\d+)*%?"  # not a code's digit: A5 is a Latin word
    r"|\{(?:card|plain|number|die|done|total|count|line|last|round|rounds)\})"
)
_HAN = r"[\u3040-\u30ff\u3400-\u9fff]"


@pytest.mark.parametrize("code", ("ja", "zh-Hans"))
def test_numbers_touch_chinese_and_japanese_text_and_titles_are_in_brackets(data, code) -> None:
    """The spacing rule of docs/languages.md: in Chinese and Japanese no space between a
    number and the text around it (卡纸8张, 50毫米, 第3页); a Latin word or a command
    keeps its spaces. In Chinese a game's title stands in 《》."""
    texts = dict(data.language(code).labels)
    for game in GAMES:
        loaded = load_texts(game, code, Diagnostics())
        assert loaded is not None
        texts.update({f"{game}.{k}": v for k, v in loaded.texts.items()})
    spaced = re.compile(f"{_HAN} {_NUMBER}|{_NUMBER} {_HAN}")
    bad = {key: text for key, text in texts.items() if spaced.search(text)}
    assert not bad, bad
    if code == "zh-Hans":
        for title in ("Digging for Dinos", "Paleontologists"):
            for key, text in texts.items():
                if title in text:
                    assert f"《{title}》" in text, (key, text)
