"""Eleven languages: all in the kit, each one's text set and extractable from a PDF,
and a new language (in a script dinokit already has fonts for) from data alone."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import run
from pdfmeasure import pdf_text

from dinokit.draw.shapes import Page, Text
from dinokit.layout import fonts
from dinokit.products.booklet import flow, typeset
from dinokit.products.booklet.source import load_texts
from dinokit.render.pdf import render_pdf
from dinokit.source import DEFAULT_DATA_DIR, TEMPLATES_DIR
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.lang import load_languages

ELEVEN = {"en", "de", "es", "fr", "it", "ko", "ja", "zh-Hans", "pt-BR", "nl", "pl"}
NEW = ("ja", "zh-Hans", "pt-BR", "nl", "pl")
#: The faces each new language must print with (the JP and SC forms of Noto Sans CJK).
FACES = {"ja": "Noto Sans JP", "zh-Hans": "Noto Sans SC"}


@pytest.fixture(scope="module")
def languages():
    diags = Diagnostics()
    found = {lang.code: lang for lang in load_languages(DEFAULT_DATA_DIR / "lang", diags)}
    assert not diags.errors
    return found


def test_the_kit_has_eleven_languages(languages) -> None:
    assert set(languages) == ELEVEN
    for game in ("digging-for-dinos", "paleontologists"):
        for code in ELEVEN:
            assert (TEMPLATES_DIR / "booklets" / game / f"{code}.yaml").is_file()


@pytest.mark.parametrize("code", NEW)
def test_new_languages_print_with_their_fonts(languages, code: str) -> None:
    lang = languages[code]
    regular, bold = fonts.font_for(lang.script), fonts.font_for(lang.script, "bold")
    want = FACES.get(code, "Archivo")
    assert fonts.spec(regular).family == want and fonts.spec(bold).family == want
    assert fonts.spec(bold).style == "Bold"
    every = "".join(lang.names.values()) + "".join(lang.labels.values())
    assert fonts.missing_glyphs(regular, every) == set()
    assert fonts.missing_glyphs(bold, every) == set()


def test_polish_needs_latin_extended_a_and_archivo_has_it() -> None:
    polish = "ĄąĆćĘęŁłŃńÓóŚśŹźŻż"
    for weight in ("regular", "bold", "display"):
        assert fonts.missing_glyphs(fonts.font_for("latin", weight), polish) == set()


@pytest.mark.parametrize("code", NEW)
def test_a_booklet_page_in_each_new_language_extracts_as_its_text(languages, code: str) -> None:
    """Typeset the start of the Paleontologists booklet; pdfium reads back every line."""
    lang = languages[code]
    texts = load_texts("paleontologists", code, Diagnostics())
    assert texts is not None
    f = typeset.Fonts.of(lang)
    paragraphs = [t for k, t in texts.texts.items() if "{" not in t and len(t) > 60][:4]
    chunks = [typeset.paragraph(text, f) for text in paragraphs]
    pages = flow.flow(chunks)
    drawn = [item.text for item in pages[0] if isinstance(item, Text)]
    page = Page(*typeset.A5, tuple(pages[0]))  # the body alone: one font to embed
    got = pdf_text(render_pdf([page], lang=code))[0]
    flat = "".join(got.split())
    for line in drawn:
        assert "".join(line.split()) in flat, (line, got[:300])
    assert len(drawn) >= 4


def test_a_new_language_from_data_alone_builds(tmp_path: Path) -> None:
    """zh-Hans-SG, a copy of zh-Hans under a new code, in copies of data/ and templates/."""
    data, templates = tmp_path / "data", tmp_path / "templates"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    shutil.copytree(TEMPLATES_DIR, templates)
    for path in (data / "lang").glob("*.yaml"):
        if path.stem not in ("en", "zh-Hans"):
            path.unlink()  # fewer languages: a quicker validate
    new = "zh-Hans-SG"
    source = (data / "lang/zh-Hans.yaml").read_text(encoding="utf-8")
    (data / "lang/zh-Hans.yaml").unlink()
    (data / "lang" / f"{new}.yaml").write_text(
        source.replace("code: zh-Hans\n", f"code: {new}\n", 1), encoding="utf-8"
    )
    for game in ("digging-for-dinos", "paleontologists"):
        folder = templates / "booklets" / game
        shutil.copyfile(folder / "zh-Hans.yaml", folder / f"{new}.yaml")
    where = ("--data", str(data), "--templates", str(templates))
    checked = run("validate", *where)
    assert checked.exit_code == 0, checked.output
    out = tmp_path / "out"
    built = run("aid", "--lang", new, "--out", str(out), *where)
    assert built.exit_code == 0, built.output
    pdf = (out / "digging-for-dinos" / new / "aid-a4.pdf").read_bytes()
    turn = next(line for line in source.splitlines() if line.startswith("  aid_turn:"))
    assert turn.split(":", 1)[1].strip().strip('"') in pdf_text(pdf)[0]
    assert b"NotoSansSC-Regular" in pdf and b"NotoSansSC-Bold" in pdf
