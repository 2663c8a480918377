"""Rules booklets: imposition order, text checks, typesetting, and the PDFs' text."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import conftest
import pytest
from conftest import edit, run
from pdfmeasure import measure, pdf_text

from dinokit.products.booklet.build import saddle_order
from dinokit.products.validate import load_data
from dinokit.source.lang import fill

GAMES = ("digging-for-dinos", "paleontologists")
LANGS = ("en", "it", "fr", "de", "es", "ko")
#: Every language of the kit (the booklet tests above set the first six in full).
ALL_LANGS = (*LANGS, "ja", "zh-Hans", "pt-BR", "nl", "pl")


def test_saddle_order_eight_pages_as_print_md_says() -> None:
    assert saddle_order(8) == [((8, 1), (2, 7)), ((6, 3), (4, 5))]


@pytest.mark.parametrize("count", [4, 8, 12, 7, 13])
def test_saddle_order_every_page_once_and_facing_pairs_right(count: int) -> None:
    sheets = saddle_order(count)
    n = -(-count // 4) * 4
    assert len(sheets) == n // 4
    seen = [p for front, back in sheets for p in (*front, *back) if p]
    assert sorted(seen) == list(range(1, count + 1))  # padded places are blank (0)
    blanks = [p for front, back in sheets for p in (*front, *back) if p == 0]
    assert len(blanks) == n - count
    for k, (front, back) in enumerate(sheets):
        # folded, each sheet's halves face page pairs that add up to n + 1
        assert (front[0] or n - 2 * k) + (front[1] or 2 * k + 1) == n + 1
        assert (back[0] or 2 * k + 2) + (back[1] or n - 2 * k - 1) == n + 1


@pytest.fixture(scope="module")
def data():
    loaded, diags = load_data()
    assert not diags.errors, [d.format() for d in diags.errors]
    return loaded


@pytest.fixture
def templates_copy(tmp_path: Path, monkeypatch) -> Path:
    """A copy of templates/booklets that the checks read instead of the real one
    (the commands get the copied templates folder as --templates)."""
    from dinokit.source import TEMPLATES_DIR, use_templates

    shutil.copytree(TEMPLATES_DIR, tmp_path / "templates")
    use_templates(tmp_path / "templates")
    monkeypatch.setattr(sys.modules[__name__], "run", _with_templates(tmp_path / "templates"))
    yield tmp_path / "templates" / "booklets"
    use_templates(None)


def _with_templates(folder: Path):
    def run_with(*args: str):
        return conftest.run(*args, "--templates", str(folder))

    return run_with


def _codes(result) -> list[str]:
    return [line for line in result.output.splitlines() if "[" in line]


def test_missing_translation_key_names_file_and_key(templates_copy: Path) -> None:
    path = templates_copy / "digging-for-dinos/de.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    removed = next(line for line in lines if line.startswith("  goal_title:"))
    path.write_text("".join(line for line in lines if line is not removed), encoding="utf-8")
    result = run("validate")
    assert result.exit_code == 1
    assert any(
        "digging-for-dinos/de.yaml" in line and "E-BOOK-MISSING" in line and "'goal_title'" in line
        for line in _codes(result)
    ), result.output


def test_placeholder_mismatch_fails(templates_copy: Path) -> None:
    path = templates_copy / "paleontologists/it.yaml"
    text = path.read_text(encoding="utf-8")
    assert "{rounds}" in text
    path.write_text(text.replace("{rounds}", "venti", 1), encoding="utf-8")
    result = run("validate")
    assert result.exit_code == 1
    assert any(
        "paleontologists/it.yaml" in line and "E-BOOK-PLACEHOLDER" in line
        for line in _codes(result)
    ), result.output


def test_untranslated_text_is_a_warning(templates_copy: Path) -> None:
    import yaml

    en = yaml.safe_load((templates_copy / "digging-for-dinos/en.yaml").read_text())["texts"]
    path = templates_copy / "digging-for-dinos/fr.yaml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines = [f'  goal: "{en["goal"]}"' if line.startswith("  goal:") else line for line in lines]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate")
    assert any("W-BOOK-UNTRANSLATED" in line and "fr.yaml" in line for line in _codes(result))


def test_glyph_coverage_fails_without_hangul(data_copy: Path, templates_copy: Path) -> None:
    """A Korean booklet set in a font without Hangul (script latin) must fail."""
    edit(data_copy / "lang/ko.yaml", "script: hangul", "script: latin")
    result = run("validate", "--data", str(data_copy))
    assert result.exit_code == 1
    glyph = [line for line in _codes(result) if "E-LANG-GLYPH" in line]
    assert any("booklet" in line and "ko.yaml" in line for line in glyph)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", LANGS)
def test_booklet_text_has_headings_species_and_values(
    data, game: str, code: str, tmp_path: Path
) -> None:
    from dinokit.products.booklet.build import booklet_pages, values
    from dinokit.products.booklet.source import load_structure, load_texts
    from dinokit.render.pdf import render_pdf
    from dinokit.source.diagnostics import Diagnostics

    diags = Diagnostics()
    structure = load_structure(game, diags)
    texts = load_texts(game, code, diags)
    lang = data.language(code)
    pdf = render_pdf(booklet_pages(structure, texts, data, lang))
    text = " ".join(pdf_text(pdf)).replace("\r", "").replace("\n", " ")
    flat = text.replace(" ", "").replace("\u00a0", "")
    vals = values(game, data, lang)
    for block in structure.blocks:
        if block.kind in ("heading", "subheading"):
            heading = fill(texts.texts[block.keys[0]], vals, code)
            assert heading.replace("\u00a0", "").replace(" ", "") in flat.replace("\u00a0", ""), (
                heading
            )
    if game == "digging-for-dinos":
        for sp in data.game(game).species:
            assert lang.term("species", sp.id).replace(" ", "") in flat
            assert f"{sp.complete}" in text
    else:
        assert vals["rounds"] in text
    pages = measure(pdf, only=[0])
    assert abs(pages[0].width - 148) < 0.05 and abs(pages[0].height - 210) < 0.05


def test_korean_text_extracts_exactly(data) -> None:
    from dinokit.products.booklet.build import booklet_pages, values
    from dinokit.products.booklet.source import load_structure, load_texts
    from dinokit.render.pdf import render_pdf
    from dinokit.source.diagnostics import Diagnostics

    diags = Diagnostics()
    game = "paleontologists"
    structure, texts = load_structure(game, diags), load_texts(game, "ko", diags)
    lang = data.language("ko")
    pdf = render_pdf(booklet_pages(structure, texts, data, lang))
    extracted = "".join(pdf_text(pdf)).replace("\r", "").replace("\n", "").replace(" ", "")
    vals = values(game, data, lang)
    for block in structure.blocks:
        if block.kind == "text":
            source = fill(texts.texts[block.keys[0]], vals, "ko").replace(" ", "")
            assert source in extracted


@pytest.mark.parametrize("paper, size", [("a4", (297, 210)), ("letter", (279.4, 215.9))])
def test_imposed_booklet(tmp_path: Path, paper: str, size) -> None:
    result = run(
        "rules",
        "--game",
        "digging-for-dinos",
        "--lang",
        "en",
        "--imposed",
        "--paper",
        paper,
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / f"digging-for-dinos/en/rules-imposed-{paper}.pdf").read_bytes()
    pages = measure(pdf, only=[0, 2])
    for page in pages:
        assert abs(page.width - size[0]) < 0.05 and abs(page.height - size[1]) < 0.05
    texts = pdf_text(pdf)
    assert len(texts) % 2 == 0  # instructions + blank, then two sides per sheet


def test_single_pages_svg(tmp_path: Path) -> None:
    result = run(
        "rules",
        "--game",
        "paleontologists",
        "--lang",
        "ko",
        "--format",
        "svg",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    files = sorted((tmp_path / "paleontologists/ko").glob("rules-a5-p*.svg"))
    assert files and all(b'width="148mm"' in f.read_bytes() for f in files)


def test_i18n_status(data) -> None:
    result = run("i18n", "status", "--format", "json")
    import json

    body = json.loads(result.output)
    rows = {(r["lang"], r["game"]): r for r in body["booklets"]}
    assert set(rows) == {(code, game) for code in ALL_LANGS for game in GAMES}
    assert all(r["missing"] == [] for r in rows.values())
    text = run("i18n", "status").output
    assert "translated" in text and "ko" in text
    assert any(line.startswith("zh-Hans  digging-for-dinos") for line in text.splitlines())


def test_placeholders_declared_are_the_values_filled(data) -> None:
    from dinokit.games import BY_ID
    from dinokit.products.booklet.build import values

    for game in GAMES:
        declared = BY_ID[game].placeholders
        assert set(values(game, data, data.language("en"))) == declared


def test_booklet_checks_run_even_when_other_data_is_broken(
    data_copy: Path, templates_copy: Path
) -> None:
    edit(data_copy / "digging-for-dinos/species.yaml", "complete: 16", "complete: lots")
    path = templates_copy / "paleontologists/es.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("{rounds}", "{roundz}", 1), encoding="utf-8")
    codes = {
        line.split("[")[1].split("]")[0]
        for line in _codes(run("validate", "--data", str(data_copy)))
    }
    assert {"E-TYPE", "E-BOOK-PLACEHOLDER"} <= codes
