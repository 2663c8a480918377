"""The Paleontologists dig-site score sheet and its pads, measured in the PDFs."""

from __future__ import annotations

import inspect
import io
import itertools
from dataclasses import replace

import pdfplumber
import pikepdf
import pytest
from pdfmeasure import measure, pdf_text

from dinokit.draw.shapes import Form, Group, Item, Rect, Text, Use
from dinokit.games.paleo.model import DigSite, Fossil, Pattern
from dinokit.products.paleo import sheet
from dinokit.products.validate import load_data
from dinokit.render.pdf import render_pdf

TOL = 0.05  # mm
PAGES = {
    ("a4", 1): (210.0, 297.0),
    ("letter", 1): (215.9, 279.4),
    ("a4", 2): (297.0, 210.0),
    ("letter", 2): (279.4, 215.9),
}

# One fossil of each template of data/paleontologists/dig_site.yaml, and one more.
FOSSILS = (
    ("A", ((0, 1),), 2, 1, "single"),
    ("B", ((1, 4), (1, 5)), 3, 2, "pair"),
    ("C", ((3, 8), (4, 8), (5, 8)), 4, 2, "bar"),
    ("D", ((4, 1), (4, 2), (5, 1)), 4, 2, "corner"),
    ("E", ((7, 4), (7, 5), (8, 4), (8, 5)), 5, 3, "square"),
    ("F", ((7, 9), (8, 9), (9, 9), (9, 10)), 6, 3, "hook"),
    ("G", ((9, 1), (9, 2), (9, 3), (10, 2)), 6, 3, "tee"),
    ("H", ((0, 9),), 2, 1, "single"),
)
STARS = ((0, 6), (2, 2), (2, 10), (3, 5), (5, 5), (6, 0), (10, 6), (10, 10))


def make_site(n: int = 0, fossils: int = 8, difficulty: str = "medium", size: int = 11):
    return DigSite(
        code=f"PAL-TEST-{n:04d}",
        seed=n,
        difficulty=difficulty,
        rows=size,
        cols=size,
        fossils=tuple(Fossil(*f) for f in FOSSILS[:fossils]),
        stars=STARS,
        expected_score=25.0,
    )


def make_sites(count: int):
    levels = ("easy", "medium", "hard")
    return [make_site(n, 6 + n % 3, levels[n % 3]) for n in range(count)]


@pytest.fixture(scope="module")
def loaded():
    data, diags = load_data()
    assert not diags.errors
    return data


@pytest.fixture(scope="module")
def paleo(loaded):
    return loaded.game("paleontologists")


@pytest.fixture(scope="module")
def en(loaded):
    return loaded.language("en")


@pytest.fixture(scope="module")
def pdfs(paleo, en):
    """Two-sheet pads in English, per paper and sheets per page."""
    return {
        key: render_pdf(sheet.pad_pages(make_sites(2), paleo, en, key[0], key[1])) for key in PAGES
    }


@pytest.fixture(scope="module")
def measured(pdfs):
    """The first page of each of those pads, measured."""
    return {key: measure(pdf, only=[0])[0] for key, pdf in pdfs.items()}


@pytest.mark.parametrize("key", list(PAGES))
def test_page_size(measured, key):
    page = measured[key]
    width, height = PAGES[key]
    assert abs(page.width - width) < TOL and abs(page.height - height) < TOL


def test_one_sheet_per_page_is_trimmed_to_the_page(pdfs):
    for paper in ("a4", "letter"):
        pdf = pikepdf.open(io.BytesIO(pdfs[paper, 1]))
        assert len(pdf.pages) == 2
        for page in pdf.pages:
            assert [float(v) for v in page.TrimBox] == pytest.approx(
                [float(v) for v in page.MediaBox], abs=0.01
            )
    assert len(pikepdf.open(io.BytesIO(pdfs["a4", 2])).pages) == 1  # two sheets, one page


def grid_cells(page) -> list[float]:
    """The cell sizes of the grid: the gaps between the thin vertical cell lines and
    the square bold frame around them."""
    thin = [ln for ln in page.lines if abs(ln.width - 0.22) < 0.01 and abs(ln.x1 - ln.x2) < 0.01]
    xs = sorted({round(ln.x1, 3) for ln in thin})
    return [b - a for a, b in itertools.pairwise(xs)]


@pytest.mark.parametrize("key", list(PAGES))
def test_grid_cells_are_at_least_8_mm(measured, key):
    page = measured[key]
    gaps = grid_cells(page)
    per_sheet = 10 * key[1]  # 11 columns: 10 inner lines on each sheet
    assert len([g for g in gaps if g < 30]) >= per_sheet - key[1]
    cells = [g for g in gaps if g < 30]
    assert min(cells) >= 8.0
    assert max(cells) - min(cells) < TOL  # one cell size on a page
    # The bold frame is 11 cells square.
    frames = [r for r in page.rects if abs(r.w - 11 * cells[0]) < 0.1 and abs(r.h - r.w) < 0.1]
    assert len(frames) >= key[1]


def test_fossil_labels_and_the_code_are_printed(pdfs):
    for key, pdf in pdfs.items():
        texts = pdf_text(pdf)
        sites = make_sites(2)
        for n, site in enumerate(sites):
            text = texts[n if key[1] == 1 else 0]
            assert text.count(site.code) >= 2, key  # in the header and in the footer
            for fossil in site.fossils:
                assert text.count(fossil.id) >= 2, (key, fossil.id)  # grid and scoring
        assert "Medium" in texts[0] or "Easy" in texts[0]


def test_everything_stays_inside_the_sheet(pdfs):
    """Nothing printed in the page margins or closer than 3 mm to a sheet's edge,
    except the crop marks between two sheets and the footer below the sheets (its
    calibration bar starts 13 mm above the paper's edge; see test_pad_print.py)."""
    pt = 25.4 / 72
    for key in (("a4", 1), ("letter", 2)):  # the widest and the narrowest sheets
        width, _ = PAGES[key]
        with pdfplumber.open(io.BytesIO(pdfs[key])) as doc:
            page = doc.pages[0]
            sheets = [
                (10 + k * width / 2, 10 + k * width / 2 + (width / key[1] - 20))
                for k in range(key[1])
            ]
            footer = page.height * pt - 13 - TOL
            top, bottom = 10 + 3 - TOL, footer - 2 + 2 * TOL
            boxes = [(c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.chars]
            boxes += [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in page.rects]
            boxes += [(c["x0"], c["top"], c["x1"], c["bottom"]) for c in page.curves]
            for x0, y0, x1, y1 in boxes:
                x0, y0, x1, y1 = x0 * pt, y0 * pt, x1 * pt, y1 * pt
                if y0 >= footer:
                    continue
                assert top <= y0 and y1 <= bottom, (key, y0, y1)
                assert any(a + 3 - TOL <= x0 and x1 <= b - 3 + TOL for a, b in sheets), (key, x0)


def test_forms_are_reused_so_a_pad_grows_little_per_sheet(paleo, en):
    for per_page in (1, 2):
        small = render_pdf(sheet.pad_pages(make_sites(10), paleo, en, "a4", per_page))
        large = render_pdf(sheet.pad_pages(make_sites(50), paleo, en, "a4", per_page))
        assert (len(large) - len(small)) / 40 < 4096, per_page


def test_the_static_parts_are_forms_made_once(paleo, en):
    first = sheet.sheet_items(make_site(1), paleo, en, 190, 277)
    second = sheet.sheet_items(make_site(2, 5, "hard"), paleo, en, 190, 277)
    uses = [[i.form for i in items if isinstance(i, Use)] for items in (first, second)]
    names = [f.name for f in uses[0]]
    by_name = {form.name: form for form in uses[0] + uses[1]}
    assert all(by_name[form.name] is form for form in uses[0] + uses[1])  # one form a name
    for kind in ("frame", "key", "digtypes", "bonuses", "rounds"):
        assert any(name.startswith(f"paleo-{kind}-en-190x277") for name in names), kind
    assert all(a is b for a, b in zip(uses[0][:5], uses[1][:5], strict=True))  # cached
    # Nothing but forms and the few things a sheet has of its own at the top level.
    assert all(isinstance(i, Use | Text) for i in first)


def test_pad_pages_is_lazy(paleo, en):
    taken = []

    def sites():
        for n in itertools.count():
            taken.append(n)
            yield make_site(n)

    pages = sheet.pad_pages(sites(), paleo, en, "a4", 2)
    assert inspect.isgenerator(pages)
    assert taken == []
    page = next(pages)
    assert taken == [0, 1]
    assert page.label == "Paleontologists · PAL-TEST-0000 · PAL-TEST-0001"
    next(pages)
    assert taken == [0, 1, 2, 3]


def test_page_label_and_odd_count(paleo, en):
    pages = list(sheet.pad_pages(make_sites(3), paleo, en, "letter", 2))
    assert len(pages) == 2
    assert pages[1].label == "Paleontologists · PAL-TEST-0002"
    single = next(sheet.pad_pages(make_sites(1), paleo, en, "a4"))
    assert single.label == "Paleontologists · PAL-TEST-0000"
    assert single.trim is not None and (single.trim.w, single.trim.h) == (210.0, 297.0)


def test_a_grid_too_large_for_two_per_page_is_refused(paleo, en):
    big = make_site(0, size=15)
    with pytest.raises(
        ValueError,
        match=r"--per-page 2 does not fit .* cells would be [\d.]+ mm, at least 8 mm are needed",
    ):
        list(sheet.pad_pages([big], paleo, en, "a4", 2))
    rules = replace(paleo.dig_site, rows=15, cols=15)
    with pytest.raises(ValueError, match="--per-page 2 does not fit"):
        sheet.pad_pages([], replace(paleo, dig_site=rules), en, "letter", 2)  # at once
    with pytest.raises(ValueError, match="paper"):
        sheet.pad_pages([], paleo, en, "a3")


@pytest.mark.parametrize("code", ["en", "it", "fr", "de", "es", "ko"])
def test_every_language_fits_every_sheet_size(loaded, paleo, code):
    lang = loaded.language(code)
    for paper, per_page in PAGES:
        _, _, w, h = sheet.sheet_box(paper, per_page)
        items = sheet.sheet_items(make_site(3), paleo, lang, w, h)  # TextOverflow otherwise
        layout = sheet.sheet_parts(paleo, lang, w, h, 11, 11).layout
        assert layout.cell >= sheet.MIN_CELL
        assert items


def all_items(items, seen=None):
    seen = set() if seen is None else seen
    for item in items:
        yield item
        if isinstance(item, Group):
            yield from all_items(item.items, seen)
        elif isinstance(item, Use) and item.form.name not in seen:
            seen.add(item.form.name)
            yield from all_items(item.form.items, seen)


@pytest.mark.parametrize("kind", ["chevrons", "hatch", "dots"])
def test_pattern_items_are_clipped_to_their_box(kind):
    items = sheet.pattern_items(Pattern(kind, 2.0, 0.3), 12, 7)
    assert len(items) == 1 and isinstance(items[0], Group)
    group = items[0]
    assert group.clip == Rect(0, 0, 12, 7, group.clip.style)
    assert group.items  # something is drawn
    assert not any(isinstance(i, Form | Use) for i in all_items(items))


def test_every_dig_type_is_drawn_in_the_key(paleo, en):
    """Each die face shows its pips, and the swatches cover every dig type."""
    items: list[Item] = list(sheet.sheet_items(make_site(0), paleo, en, 190, 277))
    names = {i.text for i in all_items(items) if isinstance(i, Text)}
    for dig_type in paleo.dig_types:
        assert en.term("dig_types", dig_type.id) in names
    for bonus in paleo.dig_site.bonuses:
        assert en.term("bonuses", bonus.id) in names
    assert {str(n) for n in range(1, paleo.dig_site.rounds + 1)} <= names
