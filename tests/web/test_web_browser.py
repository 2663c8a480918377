"""dinokit serve in a real browser (Playwright driving Debian's chromium): a whole game
played through the play page, a PDF downloaded through the kit page, a broken data
copy on the data page, and the pages at phone size.

Skipped, saying why, when chromium or Playwright cannot run. With
DINOKIT_WEB_SHOTS=1 the screenshots are written to docs/ for the README.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import ARGS, CHROMIUM, Server, chromium

from dinokit.games.paleo.polyomino import normalise
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.web.app import create_app
from dinokit.web.play import handle, orient, view

CODE = "PAL-5J93-Q1MY-400002"  # conftest.CODE
NAMES = {"one-square-anywhere": "One Square Anywhere", "switch-shape": "Switch Shape",
         "switch-dig-type": "Switch Dig Type", "plus-one": "+1 Point"}  # fmt: skip
TYPES = {"chevrons": "Chevrons", "hatch": "Diagonal lines", "dots": "Dots"}  # en.yaml's names
SHOTS = os.environ.get("DINOKIT_WEB_SHOTS") == "1"

playwright_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="dinokit-chromium-")

    def launch(engine):
        return engine.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=ARGS,
            accept_downloads=True, viewport={"width": 1100, "height": 900}, has_touch=True,
        )  # fmt: skip

    with chromium(launch) as context:
        yield context
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def server(app):
    running = Server(app)
    yield running
    running.stop()


@pytest.fixture
def page(browser):
    tab = browser.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    yield tab
    tab.close()
    assert not errors, errors


def _shot(tab, name: str, tmp: Path) -> Path:
    target = (Path(__file__).resolve().parents[2] / "docs" / name) if SHOTS else tmp / name
    tab.screenshot(path=str(target), full_page=True)
    return target


def _act(tab, action) -> None:
    """Do something that asks the server, and wait until the page has drawn its answer
    (the page counts the answers it has shown in body[data-answers])."""
    before = tab.evaluate("+document.body.dataset.answers || 0")
    action()
    # a function, not a string: the server's CSP forbids eval(), which Playwright
    # uses for a string predicate
    tab.wait_for_function("(n) => (+document.body.dataset.answers || 0) > n", arg=before)


def _orientation(shape_cells, cells) -> int:
    wanted = sorted(normalise(cells))
    return next(k for k in range(8) if orient(shape_cells, k) == wanted)


def _play_round(tab, rules, move, number: int) -> None:
    for square in move.get("squares", []):
        tab.get_by_role("button", name="Draw a square").click()
        tab.locator("#square-types button", has_text=TYPES[square["dig_type"]]).click()
        r, c = square["cell"]
        _act(tab, lambda r=r, c=c: tab.click(f"#c-{r}-{c}"))
    if move.get("pass"):
        _act(tab, lambda: tab.click("#pass"))
        return
    shape, dig_type = move["shape"], move["dig_type"]
    _act(
        tab,
        lambda: tab.get_by_role(
            "button", name=f"shape {shape} with dig type {TYPES[dig_type]}"
        ).click(),
    )
    cells = [tuple(c) for c in move["cells"]]
    k = _orientation(rules.shapes[shape], cells)
    keyboard = number == 1  # round 1 by keyboard alone: R, M, arrows, Enter
    if k >= 4:
        _act(tab, (lambda: tab.keyboard.press("m")) if keyboard else (lambda: tab.click("#mirror")))
    for _ in range(k % 4):
        _act(tab, (lambda: tab.keyboard.press("r")) if keyboard else (lambda: tab.click("#rotate")))
    hr, hc = handle(orient(rules.shapes[shape], k))
    at = (min(r for r, _ in cells) + hr, min(c for _, c in cells) + hc)
    if keyboard:
        tab.focus("#c-0-0")
        for _ in range(at[0]):
            tab.keyboard.press("ArrowDown")
        for _ in range(at[1]):
            tab.keyboard.press("ArrowRight")
        _act(tab, lambda: tab.keyboard.press("Enter"))
    else:
        _act(tab, lambda: tab.click(f"#c-{at[0]}-{at[1]}"))
    for bonus in move.get("bonuses", []):
        _act(tab, lambda b=bonus: tab.get_by_role("button", name=f"Circle {NAMES[b]}").click())
    _act(tab, lambda: tab.click("#confirm"))


def test_a_whole_game_through_the_play_page(
    app, server, page, cli, tmp_path: Path, monkeypatch
) -> None:
    sheets = app.state.dinokit.sheets
    sheet = json.loads(sheets.pads_json(CODE))["sheets"][0]
    page.goto(f"{server.url}/play/{CODE}")
    page.wait_for_selector("#c-10-10")
    # an illegal cell is refused, with the reason
    fossil = sheet["fossils"][0]["cells"][0]
    move = sheet["par_moves"][0]
    shape = move.get("shape") or "I"
    page.get_by_role(
        "button", name=f"shape {shape} with dig type {TYPES[move['dig_type']]}"
    ).click()
    page.wait_for_timeout(150)
    page.click(f"#c-{fossil[0]}-{fossil[1]}")
    assert "cannot go here" in page.text_content("#status")
    assert page.locator("#status.bad").count() == 1
    for number, move in enumerate(sheet["par_moves"], start=1):
        try:
            _play_round(page, sheets.rules, move, number)
        except Exception:
            page.screenshot(path=str(tmp_path / "failed.png"), full_page=True)
            print("failed in round", number, move, tmp_path / "failed.png")
            raise
        if number == 8:  # mid-game, the next shape picked and held over the grid
            nxt = sheet["par_moves"][8]
            if "shape" in nxt:
                label = f"shape {nxt['shape']} with dig type {TYPES[nxt['dig_type']]}"
                _act(page, lambda label=label: page.get_by_role("button", name=label).click())
                cells = [tuple(c) for c in nxt["cells"]]
                hr, hc = handle(orient(sheets.rules.shapes[nxt["shape"]], 0))
                page.hover(f"#c-{min(r for r, _ in cells) + hr}-{min(c for _, c in cells) + hc}")
            _shot(page, "web-play.png", tmp_path)
            page.mouse.move(0, 0)
        if number == 5:  # the game survives a reload (localStorage)
            page.reload()
            page.wait_for_selector("#c-10-10")
            page.wait_for_function(
                "() => document.querySelector('#round-label').textContent.includes('6')"
            )
    page.wait_for_selector("#final")
    shown = int(page.text_content("#final"))
    page.wait_for_function("() => document.querySelector('#par').textContent.includes('Par')")
    assert f"{sheet['par']}" in page.text_content("#par")
    with page.expect_download() as download:
        page.click("#export")
    exported = tmp_path / "moves.json"
    download.value.save_as(exported)
    # `dinokit score` itself; only its data loading (the full validation, 10 s on a busy
    # machine, tested in tests/cli) hands over the data the server already loaded.
    monkeypatch.setattr("dinokit.cli.score.load_or_exit", lambda _: app.state.dinokit.data)
    started = time.perf_counter()
    result = cli("score", "--code", CODE, "--moves", str(exported), "--format", "json")
    assert result.exit_code == 0, result.output
    print(f"dinokit score took {time.perf_counter() - started:.1f} s")
    assert json.loads(result.output)["total"] == shown == sheet["par"]


def test_the_play_page_on_a_phone(app, server, browser, tmp_path: Path) -> None:
    sheets = app.state.dinokit.sheets
    played = sheets.played(CODE)
    shape, dig_type = sheets.rules.options(played.rolls[0])[0]
    fits = view(played, sheets.rules, [], {"shape": shape, "dig_type": dig_type})["fits"]
    legal = [(r, c) for r, row in enumerate(fits) for c, why in enumerate(row) if why is None]
    r, c = min(legal, key=lambda rc: (rc[0] - 5) ** 2 + (rc[1] - 5) ** 2)
    phone = browser.new_page()
    phone.set_viewport_size({"width": 360, "height": 760})
    phone.goto(f"{server.url}/play/{CODE}")
    phone.wait_for_selector("#c-10-10")
    phone.evaluate(f"localStorage.removeItem('dinokit-play/{CODE}')")
    phone.reload()
    phone.wait_for_selector("#shapes button")
    _act(phone, lambda: phone.locator("#shapes button").first.tap())
    _act(phone, lambda: phone.locator(f"#c-{r}-{c}").tap())  # touch: placed, to confirm
    assert "placed" in phone.text_content("#status")
    assert phone.locator("#c-5-5").get_attribute("aria-label").startswith("row 6, column 6")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    box = phone.locator("#grid").bounding_box()
    assert box is not None and box["width"] >= 300 and box["x"] >= 0
    path = _shot(phone, "play-phone.png", tmp_path)
    from PIL import Image

    assert Image.open(path).size[0] == 360
    phone.close()


def test_a_tile_pdf_from_the_kit_page(server, page, tmp_path: Path) -> None:
    from pypdf import PdfReader

    page.goto(f"{server.url}/kit")
    page.wait_for_selector("#preview img")
    page.select_option("#game", "digging-for-dinos")
    page.select_option("#product", "tiles")
    page.select_option("#paper", "letter")
    page.wait_for_timeout(300)
    page.wait_for_selector("#preview img")
    with page.expect_download(timeout=120_000) as download:
        page.click("button[data-format=pdf]")
    target = tmp_path / "tiles.pdf"
    download.value.save_as(target)
    reader = PdfReader(io.BytesIO(target.read_bytes()))
    assert len(reader.pages) >= 2
    for sheet in reader.pages:
        width, height = float(sheet.mediabox.width), float(sheet.mediabox.height)
        assert abs(width - 612) < 0.01 and abs(height - 792) < 0.01  # Letter, 8.5 x 11 in
    assert "done" in page.text_content("#job-text")
    _shot(page, "web-kit.png", tmp_path)
    page.click("button[data-format=zip]")  # the whole kit: a long build, cancelled
    expect = playwright_api.expect  # waits without evaluating strings (the pages' CSP)
    expect(page.locator("#job-text")).to_have_text(re.compile("^building: 0 of 2 steps"))
    assert "(the whole kit)" in page.text_content("#job-text")
    page.click("#cancel")
    expect(page.locator("#status")).to_have_text("Build cancelled", timeout=60_000)
    assert page.locator("#download").is_hidden()


def broken_data(tmp_path: Path) -> tuple[Path, int]:
    """A copy of the shipped data with face 3 of the dice on an unknown dig type (lava):
    the folder, and the line of dice.yaml that says it."""
    broken = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, broken)
    dice = broken / "paleontologists" / "dice.yaml"
    lines = dice.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if line.startswith("  3:"))
    lines[number - 1] = lines[number - 1].replace("dig_type: hatch", "dig_type: lava")
    dice.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return broken, number


def test_the_data_page_locates_an_error(browser, tmp_path: Path) -> None:
    broken, number = broken_data(tmp_path)
    running = Server(create_app(broken))
    try:
        tab = browser.new_page()
        tab.goto(f"{running.url}/data")
        tab.wait_for_selector(".finding", timeout=60_000)
        found = tab.locator(".finding", has_text="lava")
        assert found.count() == 1
        # relative to the data folder: the page never shows where the folder is
        assert found.locator(".where").text_content() == f"paleontologists/dice.yaml:{number}:3"
        assert "unknown dig type 'lava' (dig types: chevrons, dots, hatch)" in found.text_content()
        shown = found.locator("pre").text_content()
        assert "dig_type: lava}" in shown and f"{number} |" in shown and "^" in shown
        assert "error" in tab.text_content("#summary")
        blocked = tab.goto(f"{running.url}/play/{CODE}")
        assert blocked is not None and blocked.status == 503
        tab.goto(f"{running.url}/data")
        tab.wait_for_selector(".finding")
        _shot(tab, "web-data.png", tmp_path)
        tab.close()
    finally:
        running.stop()
