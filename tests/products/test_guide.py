"""The read-me-first guide: its sheet counts are the built files' own, it fits two pages
in every language, and it is written for its kit (duplex: calibrate, then build again
with the printer; gutter fold: no calibration, the booklets printed by hand)."""

from __future__ import annotations

import math

import pdfplumber
import pytest
from pypdf import PdfReader

from dinokit.games.data import load_games
from dinokit.layout.sheets import PrintOptions
from dinokit.products.build import build_product, sheet_products
from dinokit.products.guide import Entry, build_guide, guide_pages, kit_entries
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.lang import fill

MM = 25.4 / 72


@pytest.fixture(scope="module")
def data():
    loaded = load_games(DEFAULT_DATA_DIR, Diagnostics())
    assert loaded is not None
    return loaded


@pytest.fixture(scope="module")
def kit(data, tmp_path_factory):
    """Two real kit files (tokens, aid) and the guide written for them."""
    out = tmp_path_factory.mktemp("kit")
    en = data.language("en")
    products = sheet_products()
    written = [
        item
        for name in ("tokens", "aid")
        for item in build_product(data, products[name], en, PrintOptions("a4"), "pdf", out)
    ]
    guide = build_guide(data, en, "a4", written, out)
    return out, written, guide


def test_the_guide_counts_the_pages_of_the_files_built(data, kit) -> None:
    out, written, _ = kit
    entries = kit_entries(data, data.language("en"), "a4", written, out)
    assert [e.component for e in entries] == ["tokens", "aid"]
    for entry in entries:
        pages = len(PdfReader(out / entry.file).pages)
        assert entry.pages == pages
        assert entry.sheets == math.ceil(pages / 2)  # duplex: two pages a sheet
        assert entry.first_page is not None


def test_the_printed_guide_shows_each_files_sheets_in_its_row(kit) -> None:
    out, written, guide = kit
    (item,) = guide
    assert item.path == out / "en" / "guide-a4.pdf"
    with pdfplumber.open(item.path) as pdf:
        # the guide's own text, not the tiny text of the thumbnails
        page = pdf.pages[0].filter(lambda obj: obj.get("object_type") != "char" or obj["size"] > 4)
        words = page.extract_words()
        width = float(pdf.pages[0].width)
        for built in written:
            name = built.path.relative_to(out).as_posix()
            (file_word,) = [w for w in words if w["text"] == name]
            row = [
                w["text"]
                for w in words
                if abs(w["top"] - file_word["top"]) < 4 / MM and w["x1"] > width - 40 / MM
            ]
            assert row == [str(math.ceil(len(PdfReader(built.path).pages) / 2))], name
        text = pdf.pages[1].extract_text()
    assert "calibration-a4.pdf" in text  # where the calibration sheet comes from
    assert "tokens-a4.pdf" in text  # how to make the tokens names the file


def _every_file(paper: str) -> list[Entry]:
    dinos, paleo = "digging-for-dinos", "paleontologists"
    return [
        Entry(f"{dinos}/xx/tiles-{paper}.pdf", "tiles", dinos, 12, None),
        Entry(f"{dinos}/xx/tokens-{paper}.pdf", "tokens", dinos, 2, None),
        Entry(f"{dinos}/xx/aid-{paper}.pdf", "aid", dinos, 2, None),
        Entry(f"{paleo}/xx/pad-sample-{paper}.pdf", "pad", paleo, 4, None),
        Entry(f"{dinos}/xx/rules-imposed-{paper}.pdf", "rules-imposed", dinos, 8, None),
        Entry(f"{paleo}/xx/rules-imposed-{paper}.pdf", "rules-imposed", paleo, 8, None),
        Entry(f"{dinos}/xx/rules-a5.pdf", "rules", dinos, 12, None),
        Entry(f"{paleo}/xx/rules-a5.pdf", "rules", paleo, 11, None),
    ]


def _folded(paper: str) -> list[Entry]:
    """The files of a gutter-fold kit: its cards laid out to fold, one sheet a page."""
    pages = {"tiles": 9, "tokens": 1, "aid": 2}
    return [
        Entry(e.file.replace(f"-{paper}.pdf", f"-gutter-{paper}.pdf"), e.component, e.game,
              pages[e.component], None)
        if e.card
        else e
        for e in _every_file(paper)
    ]  # fmt: skip


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("kit_of", [_every_file, _folded])
def test_the_whole_kit_fits_two_pages_in_every_language(data, paper: str, kit_of) -> None:
    for lang in data.languages:
        pages = guide_pages(lang, paper, kit_of(paper))
        assert len(pages) == 2, lang.code
        # nothing in the footer band: the last row ends above the calibration bar
        footer = {"title": "", "page": 1, "pages": 2, "paper": paper.upper()}
        assert pages[0].label.endswith(fill(lang.label("footer_sheet"), footer))


def test_sheets_by_way_of_printing() -> None:
    duplex, gutter, pad, a5 = (
        Entry("g/xx/tiles-a4.pdf", "tiles", "g", 12, None),
        Entry("g/xx/tiles-gutter-a4.pdf", "tiles", "g", 6, None),
        Entry("g/xx/pad-sample-a4.pdf", "pad", "g", 4, None),
        Entry("g/xx/rules-a5.pdf", "rules", "g", 12, None),
    )
    assert (duplex.sheets, gutter.sheets, pad.sheets, a5.sheets) == (6, 6, 4, None)
    assert duplex.card and gutter.card and not pad.card


def _texts(page) -> list[str]:
    return [item.text for item in page.items if hasattr(item, "text")]


def test_a_gutter_fold_kit_needs_no_calibration_and_folds_its_tokens(data) -> None:
    en = data.language("en")
    duplex = guide_pages(en, "a4", _every_file("a4"))
    assert "calibration-a4.pdf" in _texts(duplex[0])
    pages = guide_pages(en, "a4", _folded("a4"))
    assert "calibration-a4.pdf" not in _texts(pages[0])
    steps = " ".join(_texts(pages[1]))
    assert "one-sided on card, fold each sheet" in steps
    assert "double-sided on card" not in steps
    for word in ("calibrat", "CALIBRATE", "both pages", "Double-sided"):  # nothing of duplex
        assert word not in steps, word
    assert "In all: 12 sheets of card and 12 sheets of plain paper." in steps
    assert en.label("guide_cut_bleed_gutter") in " ".join(_lines(pages[1]))


def _lines(page) -> list[str]:
    """The guide's paragraphs as one text (its lines joined)."""
    return [" ".join(_texts(page))]


def test_a_gutter_fold_kit_says_how_to_print_a_booklet_without_duplex(data) -> None:
    en = data.language("en")
    pages = guide_pages(en, "letter", _folded("letter"))
    text = " ".join(_texts(pages[1]))
    assert "BOOKLETS WITHOUT DUPLEX" in text
    for words in ("print page 3 of rules-imposed-letter.pdf", "print page 4 on its blank",
                  "turn the sheet over along its short edge", "“odd pages only”",
                  "the even pages from page 4 on"):  # fmt: skip
        assert words in " ".join(text.split()), words
    # each booklet's pages, counted in its file (8 pages: how-to sheet and three sheets)
    assert text.count("rules-imposed-letter.pdf: pages 3 to 8") == 2
    rows = " ".join(_texts(pages[0]))
    assert "Both sides by hand: odd pages, then even pages" in rows
    assert "Both sides by hand" not in " ".join(
        _texts(guide_pages(en, "letter", _every_file("letter"))[0])
    )


def test_a_duplex_kit_says_to_build_again_with_the_saved_printer(data) -> None:
    """The calibration paragraph: make the sheet, print it double-sided, follow its
    steps, save the printer, build again with it: the commands as the CLI spells them."""
    from dinokit.cli.kit import build
    from dinokit.cli.printing import calibrate, set_printer

    en = data.language("en")
    text = " ".join(" ".join(_texts(guide_pages(en, "a4", _every_file("a4"))[1])).split())
    commands = {
        "dinokit calibrate --paper a4": calibrate,
        "dinokit printer set NAME --duplex-offset X,Y --paper a4": set_printer,
        "dinokit build --out DIR --printer NAME": build,
    }
    for command, cli in commands.items():
        assert command in text, command
        options = {o for p in cli.params for o in p.opts}
        assert {w for w in command.split() if w.startswith("--")} <= options, command
    assert "plus the calibration sheet" in text  # the duplex kit holds it
    assert "BOOKLETS WITHOUT DUPLEX" not in text
