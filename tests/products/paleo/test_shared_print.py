"""Sheets for shared play as printed, measured in the PDFs: the rolls in the round
track's boxes in order, the date in the header, the par upside down beside the total,
on A4 and Letter, one and two per page (English and Korean)."""

from __future__ import annotations

import datetime
import functools
import io

import pdfplumber
import pytest
from shipped_data import shipped

from dinokit.games.paleo.pads import PadGenerator
from dinokit.games.paleo.shared import daily_sheet
from dinokit.products.paleo import sheet
from dinokit.render.pdf import render_pdf

PT = 25.4 / 72
INK = (0.169, 0.114, 0.071)  # the printed rolls and the par: the sheet's dark ink


@functools.cache
def daily():
    return daily_sheet(PadGenerator(shipped().game("paleontologists")), datetime.date(2026, 12, 1),
                       "medium")  # fmt: skip


def _ink(char) -> bool:
    colour = char.get("non_stroking_color") or ()
    return len(colour) == 3 and all(abs(a - b) < 0.01 for a, b in zip(colour, INK, strict=True))


@pytest.mark.parametrize(("lang", "paper", "per_page"), [("en", "a4", 1), ("ko", "letter", 2)])
def test_rolls_date_and_par_are_printed(lang, paper, per_page):
    site = daily()
    paleo = shipped().game("paleontologists")
    pages = sheet.pad_pages([site] * per_page, paleo, shipped().language(lang), paper, per_page)
    with pdfplumber.open(io.BytesIO(render_pdf(pages))) as pdf:
        page = pdf.pages[0]
        width = float(page.width) * PT
        chars = [c for c in page.chars if c["x0"] * PT < width / per_page]  # the first sheet
        text = "".join(c["text"] for c in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])))
        assert site.date in text and site.code in text
        # The par: its digits upside down (a half turn), in the sheet's ink.
        turned = [c for c in chars if c["matrix"][0] < 0 and c["matrix"][3] < 0]
        assert "".join(sorted(c["text"] for c in turned)) == "".join(sorted(str(site.par)))
        assert all(_ink(c) for c in turned)
        # The rolls: single upright digits in ink, right of the grid, two per round.
        upright = [c for c in chars if c["matrix"][0] > 0 and _ink(c) and c["text"].isdigit()]
        right = [c for c in upright if c["x0"] * PT > width / per_page * 0.6]
        sizes = [round(c["size"], 2) for c in right]
        size = max(set(sizes), key=sizes.count)  # the rolls' (the dice key's numerals differ)
        digits = [c for c in right if round(c["size"], 2) == size]
        rows: dict[int, list] = {}
        for c in digits:
            rows.setdefault(round(c["top"] * PT), []).append(c)
        boxes = sorted((top, row) for top, row in rows.items() if len(row) == 2)
        pairs = [tuple(int(c["text"]) for c in sorted(row, key=lambda c: c["x0"]))
                 for _, row in boxes]  # fmt: skip
        assert tuple(pairs) == site.rolls
        # The date sits in the header, before the code box: above the round track.
        header = [c for c in chars if _ink(c) and c["top"] * PT < boxes[0][0] - 5]
        line = "".join(c["text"] for c in sorted(header, key=lambda c: c["x0"]))
        assert line.endswith(site.date + site.code)
