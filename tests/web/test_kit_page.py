"""The maker's pages (kit and data) tell the truth: their words in the chosen language,
text set as text, no inline code or style (a strict Content-Security-Policy), the
data's problems shown instead of a script error, a whole-kit zip that holds exactly
what ``dinokit build`` writes, and a cancelled build that never downloads.

The browser tests run Debian's chromium through Playwright (skipped, saying why, when
it cannot run) on the server, which sends that policy, and fail on any script error
or policy violation.
"""

from __future__ import annotations

import html
import io
import json
import re
import threading
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import Server, chromium, run_cli

import dinokit.web
from dinokit.products.labels import LABELS
from dinokit.web import builds as builds_module
from dinokit.web import kit as kit_module
from dinokit.web.app import create_app
from dinokit.web.builds import Builds
from dinokit.web.kit import Cancelled, KitOptions, build_errors, pdf_to_png, zip_files

STATIC = Path(dinokit.web.__file__).parent / "static"
PAGES = {"/kit": ("kit.html", "kit-header.html"), "/data": ("data.html", "kit-header.html")}
SCRIPTS = ("kit.js", "data.js")
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


def _read(name: str) -> str:
    return (STATIC / name).read_text(encoding="utf-8")


def _words(name: str) -> set[str]:
    """The data-w keys a page gives its script."""
    return set(re.findall(r'data-w="([\w:-]+)"', _read(name)))


# ------------------------------------------------------------------ the words


def test_every_word_of_the_pages_is_a_label() -> None:
    """With the {{...}} values and the markup taken out, the pages hold no word of their
    own (only the name dinokit and punctuation); every web_kit_ label is used."""
    used: set[str] = set()
    for name in ("kit.html", "data.html", "kit-header.html"):
        text = _read(name).split("\n", 1)[1] if name.endswith("-header.html") else _read(name)
        used |= set(re.findall(r"\{\{t:(\w+)\}\}", text))
        bare = re.sub(r"\{\{[^}]*\}\}", " ", re.sub(r"<[^>]*>", " ", text))
        left = set(re.findall(r"[^\W\d_]{2,}", bare)) - {"dinokit"}
        assert not left, (name, left)
        for attribute in re.findall(r'(?:aria-label|alt|title|placeholder)="([^"]*)"', text):
            assert re.fullmatch(r"(\{\{t:\w+\}\})?", attribute), (name, attribute)
    assert set(LABELS) >= used
    # the pages' <title>s: web_page_title around these, filled in by the server
    server = (STATIC.parent / "pages.py").read_text(encoding="utf-8")
    used |= set(re.findall(r'"(web_kit_\w*title)"', server))
    kit_labels = {k for k in LABELS if k.startswith("web_kit_")}
    assert kit_labels - used == set()


def test_the_scripts_say_nothing_in_english() -> None:
    """No string of kit.js or data.js is a phrase shown to a player: their words come
    from the page (#words); every word they ask for is there."""
    for name, page in (("kit.js", "kit.html"), ("data.js", "data.html")):
        code = re.sub(r"^\s*//.*$", "", _read(name), flags=re.M)
        strings = re.findall(r'"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`', code)
        for plain, template in strings:
            text = re.sub(r"\$\{[^}]*\}", "", plain or template)
            if text in ("use strict", "message bad"):  # not words: a directive, CSS classes
                continue
            assert not re.search(r"[A-Za-z]{2,} [A-Za-z]{2,}", text), (name, text)
        asked = set(re.findall(r'\bw\("([\w:-]*\w)"', code))  # "state:" + ...: below
        assert asked <= _words(page), (name, asked - _words(page))
    kit = _words("kit.html")
    dynamic = [("state", ["queued", "running", "done", "failed", "cancelled"]),
               ("step", ["kit", "packing"]), ("paper", kit_module.PAPERS),
               ("layout", kit_module.LAYOUTS), ("difficulty", kit_module.DIFFICULTIES),
               ("rolls", kit_module.ROLLS)]  # fmt: skip
    for kind, values in dynamic:
        assert {f"{kind}:{v}" for v in values} <= kit, kind


def test_the_kit_and_data_pages_in_every_language(client, app) -> None:
    """Each page in each language: its own words (escaped), the picker on that language,
    links that keep it, and no English word where the language has its own."""
    data = app.state.dinokit.data
    english = data.language("en")
    for lang in data.languages:
        for path, files in PAGES.items():
            page = client.get(f"{path}?lang={lang.code}")
            assert page.status_code == 200
            text = page.text
            assert f'<html lang="{lang.code}">' in text and "{{" not in text
            keys = {k for f in files for k in re.findall(r"\{\{t:(\w+)\}\}", _read(f))}
            for key in keys:
                assert html.escape(lang.label(key)) in text, (lang.code, key)
                own, theirs = lang.label(key), english.label(key)
                if lang.code != "en" and own != theirs and len(theirs) > 12:
                    assert html.escape(theirs) not in text, (lang.code, key)
            assert re.search(f'<option value="{lang.code}"[^>]* selected>', text)
            assert '<select id="lang" name="lang">' in text
            for target in ("/kit", "/play", "/data"):
                assert f'href="{target}?lang={lang.code}"' in text, (path, target)


def test_choices_name_the_games_and_products_in_every_language(client, app) -> None:
    choices = client.get("/api/choices").json()
    for lang in app.state.dinokit.data.languages:
        names = choices["names"][lang.code]
        for game in choices["games"]:
            assert names["games"][game["id"]] == lang.term("games", game["id"])
            for product in game["products"]:
                assert names["products"][product] == lang.label(f"{product}_title")


# ------------------------------------------------------------------ text and policy


def test_no_inline_code_or_style_and_text_is_text() -> None:
    """What the policy refuses is not in the pages; the scripts never parse data as HTML."""
    for name in ("kit.html", "data.html", "kit-header.html"):
        text = _read(name)
        assert "<style" not in text and "style=" not in text, name
        assert not re.search(r"\son\w+=", text), name
        for script in re.findall(r"<script([^>]*)>(.*?)</script>", text, flags=re.S):
            assert 'src="/static/' in script[0] and not script[1].strip(), name
    for name in SCRIPTS:
        code = _read(name)
        assert not re.search(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write", code)
        assert "eval(" not in code and "new Function" not in code


# ------------------------------------------------------------------ the whole kit


def _wait(client, job_id: str, timeout: float = 120) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        state = client.get(f"/api/jobs/{job_id}").json()
        if state["state"] not in ("queued", "running"):
            return state
        time.sleep(0.1)
    raise AssertionError(f"build {job_id} did not end")


def test_the_whole_kit_zip_is_what_build_writes(client, tmp_path: Path) -> None:
    """The zip of "Whole kit (zip)" holds the files `dinokit build --lang de --paper
    letter` writes, in the same folders: guide, calibration and manifest.json included,
    and the same bytes (the manifest's sha256 of each file agree)."""
    out = tmp_path / "built"
    result = run_cli("build", "--out", str(out), "--lang", "de", "--paper", "letter", "--jobs", "1")
    assert result.exit_code == 0, result.output
    built = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert {"de/guide-letter.pdf", "de/calibration-letter.pdf", "manifest.json"} <= set(built)
    job = client.post(
        "/api/kit/build",
        json={"product": "kit", "format": "zip", "lang": "de", "paper": "letter"},
    ).json()
    assert job["total"] == 2  # the kit as build makes it, then the zip
    state = _wait(client, job["id"])
    assert state["state"] == "done", state
    assert state["file"] == "dinokit-kit-de-letter.zip"
    archive = zipfile.ZipFile(io.BytesIO(client.get(f"/api/jobs/{job['id']}/file").content))
    assert sorted(archive.namelist()) == built
    assert json.loads(archive.read("manifest.json")) == json.loads(
        (out / "manifest.json").read_text(encoding="utf-8")
    )


def test_the_whole_kit_is_pdf_only(client) -> None:
    refused = client.post("/api/kit/build", json={"product": "kit", "format": "svg"})
    assert refused.status_code == 400 and "zip" in refused.json()["error"]


# ------------------------------------------------------------------ cancel


def _pdf(path: Path, pages: int) -> Path:
    from reportlab.pdfgen.canvas import Canvas

    canvas = Canvas(str(path), pagesize=(200, 200))
    for number in range(pages):
        canvas.drawString(20, 100, f"page {number + 1}")
        canvas.showPage()
    canvas.save()
    return path


def test_pdf_to_png_and_zip_stop_when_cancelled(tmp_path: Path) -> None:
    stop = threading.Event()
    pages = pdf_to_png(_pdf(tmp_path / "three.pdf", 3), dpi=20, stop=stop)
    assert next(pages)[0] == "three-p01.png"
    stop.set()
    with pytest.raises(Cancelled):
        next(pages)

    stop = threading.Event()

    def files():
        yield "a.txt", b"a"
        stop.set()
        yield "b.txt", b"b"

    target = tmp_path / "part.zip"
    with pytest.raises(Cancelled):
        zip_files(files(), target, stop)  # type: ignore[arg-type]
    assert not target.exists()


def _mk(out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    return out / "sheet.pdf"


def _until(condition, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_cancel_while_packing_stops_between_pages(app, tmp_path: Path, monkeypatch) -> None:
    """A fake step writes a 6-page PDF; the PNG packing is cancelled after its first
    page: no more pages are drawn, the job ends cancelled, its files are gone."""
    plan = [("pad", lambda out: [_pdf(_mk(out), 6)])]
    monkeypatch.setattr(builds_module, "steps", lambda data, o, progress=None: plan)
    drawn: list[str] = []
    packing, go = threading.Event(), threading.Event()

    def slow(pdf, dpi=kit_module.PNG_DPI, stop=None):
        for item in pdf_to_png(pdf, 20, stop):
            drawn.append(item[0])
            packing.set()
            go.wait(10)
            yield item

    monkeypatch.setattr(builds_module, "pdf_to_png", slow)
    builds = Builds(app.state.dinokit.data, build_errors())
    try:
        job = builds.start(KitOptions("paleontologists", "pad", "en", fmt="png"))
        assert packing.wait(30)
        assert job.step == "packing" and job.state == "running"
        builds.cancel(job.id)
        go.set()
        _until(lambda: job.finished)
        assert job.state == "cancelled" and job.result is None and job.as_json()["file"] is None
        assert drawn == ["sheet-p01.png"]
        assert not job.folder.exists()
    finally:
        builds.close()


def test_a_cancel_during_the_last_step_never_ends_done(app, monkeypatch) -> None:
    started, go = threading.Event(), threading.Event()

    def step(out: Path) -> list[Path]:
        started.set()
        go.wait(10)
        path = _mk(out)
        path.write_bytes(b"%PDF-1.4\n")
        return [path]

    monkeypatch.setattr(builds_module, "steps", lambda data, o, progress=None: [("aid", step)])
    builds = Builds(app.state.dinokit.data, build_errors())
    try:
        job = builds.start(KitOptions("digging-for-dinos", "aid", "en"))
        assert started.wait(30)
        assert builds.cancel(job.id) is job and job.state == "running"
        go.set()
        _until(lambda: job.finished)
        assert job.state == "cancelled" and job.result is None and not job.folder.exists()
    finally:
        builds.close()


def test_a_done_build_cancelled_gives_no_file(client) -> None:
    """DELETE of a build that has just finished (the page's Cancel a moment too late):
    cancelled, its file removed, and the file a 409."""
    job = client.post(
        "/api/kit/build", json={"game": "digging-for-dinos", "product": "aid", "format": "pdf"}
    ).json()
    assert _wait(client, job["id"])["state"] == "done"
    builds = client.app.state.dinokit.builds
    folder = builds.get(job["id"]).folder
    assert folder.exists()
    answer = client.delete(f"/api/jobs/{job['id']}").json()
    assert answer["state"] == "cancelled" and answer["file"] is None
    assert client.get(f"/api/jobs/{job['id']}/file").status_code == 409
    assert not folder.exists()


# ------------------------------------------------------------------ in a browser


def expect(locator):
    from playwright.sync_api import expect as playwright_expect  # waits without eval (CSP)

    return playwright_expect(locator)


@pytest.fixture(scope="module")
def browser():
    with chromium() as engine:
        yield engine


@pytest.fixture(scope="module")
def server(app):
    running = Server(app)
    with urllib.request.urlopen(f"{running.url}/kit") as answer:  # what the pages must keep to
        assert answer.headers["Content-Security-Policy"] == CSP
    yield running
    running.stop()


WATCH = """document.addEventListener("securitypolicyviolation",
  (e) => console.error("Content Security Policy violation: " + e.violatedDirective));"""


def _tab(browser, width: int = 1280):
    """A page that records script errors, policy violations and downloads."""
    context = browser.new_context(viewport={"width": width, "height": 900}, accept_downloads=True)
    tab = context.new_page()
    tab.add_init_script(WATCH)
    problems: list[str] = []
    tab.on("pageerror", lambda exc: problems.append(f"pageerror: {exc}"))

    def console(message) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            problems.append(message.text)

    tab.on("console", console)
    downloads: list[str] = []
    tab.on("download", lambda d: downloads.append(d.suggested_filename))
    return tab, problems, downloads


@pytest.fixture
def tab(browser):
    tab, problems, downloads = _tab(browser)
    tab.problems, tab.downloads = problems, downloads
    yield tab
    tab.context.close()
    assert not problems, problems


def test_the_kit_page_in_german_builds_and_cancels(server, tab, app) -> None:
    de = app.state.dinokit.data.language("de")
    tab.goto(f"{server.url}/kit?lang=de")
    tab.wait_for_selector("#preview img")
    assert tab.text_content("h1") == de.label("web_kit_heading")
    assert tab.input_value("#print-lang") == "de"  # the files' language: the page's
    assert tab.get_attribute("#preview img", "alt").startswith("Erste Seite: Fossilplättchen")
    assert "Fossilplättchen" in tab.inner_text("#product")
    assert tab.inner_text("#paper").split("\n") == ["A4", "US-Letter"]
    tab.select_option("#product", "aid")
    alt = re.compile("^Erste Seite: Spielhilfe")
    expect(tab.locator("#preview img")).to_have_attribute("alt", alt)
    with tab.expect_download(timeout=60_000):
        tab.click("button[data-format=pdf]")
    done = de.label("web_kit_state_done")
    assert tab.text_content("#job-text") == de.label("web_kit_job", {"state": done, "done": 2,
                                                                     "total": 2})  # fmt: skip
    assert tab.text_content("#status") == "aid-a4.pdf erstellt"
    assert tab.text_content("#download") == "aid-a4.pdf speichern"
    tab.click("button[data-format=zip]")  # the whole kit, cancelled while it builds
    expect(tab.locator("#job-text")).to_have_text(re.compile("^läuft"))
    assert "(das ganze Kit)" in tab.text_content("#job-text")
    tab.click("#cancel")
    assert tab.text_content("#status") == "Wird abgebrochen …"
    expect(tab.locator("#status")).to_have_text("Erstellung abgebrochen", timeout=60_000)
    assert tab.locator("#download").is_hidden() and tab.downloads == ["aid-a4.pdf"]
    assert tab.locator("#lang-go").is_hidden()  # the picker goes by itself
    with tab.expect_navigation():
        tab.select_option("#lang", "ja")  # the page again, in Japanese
    tab.wait_for_url(f"{server.url}/kit?lang=ja")
    assert tab.text_content("h1") == "プリント＆プレイ用キットを作る"
    tab.wait_for_selector("#preview img")
    assert tab.input_value("#print-lang") == "ja"


def test_a_build_that_ends_while_cancelling_never_downloads(server, tab) -> None:
    """The page's polls held back until the build is done on the server, Cancel clicked,
    its DELETE held back too: the page then hears "done" and must not download."""
    held: list = []

    def hold(route) -> None:
        held.append(route)

    tab.goto(f"{server.url}/kit?lang=en")
    tab.wait_for_selector("#preview img")
    tab.select_option("#game", "digging-for-dinos")
    tab.select_option("#product", "aid")
    # the preview of the aid drawn first: a late one would clear the status line
    expect(tab.locator("#preview img")).to_have_attribute(
        "alt", re.compile("^First page: Player aid"), timeout=60_000
    )
    tab.route(re.compile(r".*/api/jobs/[0-9a-f]{16}$"), hold)
    with tab.expect_response("**/api/kit/build") as answer:
        tab.click("button[data-format=pdf]")
    job = answer.value.json()["id"]
    for _ in range(600):
        with urllib.request.urlopen(f"{server.url}/api/jobs/{job}") as response:
            if json.load(response)["state"] == "done":
                break
        time.sleep(0.1)
    tab.click("#cancel")
    expect(tab.locator("#status")).to_have_text("Cancelling…")
    deletes: list = []
    for _ in range(200):
        deletes = [r for r in held if r.request.method == "DELETE"]
        if deletes:
            break
        tab.wait_for_timeout(50)
    assert len(deletes) == 1
    for route in held:
        if route.request.method == "GET":
            route.continue_()  # the server says: done
    expect(tab.locator("#status")).to_have_text("Build cancelled")
    tab.wait_for_timeout(500)
    assert tab.downloads == [] and tab.locator("#download").is_hidden()
    assert tab.text_content("#job-text").startswith("cancelled:")
    deletes[0].continue_()
    for _ in range(200):
        with urllib.request.urlopen(f"{server.url}/api/jobs/{job}") as response:
            if json.load(response)["state"] == "cancelled":
                break
        time.sleep(0.05)
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server.url}/api/jobs/{job}/file")
    assert refused.value.code == 409


def test_the_kit_page_with_broken_data_shows_its_problems(browser, tmp_path: Path) -> None:
    from test_web_browser import broken_data

    broken, number = broken_data(tmp_path)
    running = Server(create_app(broken))
    tab, problems, _ = _tab(browser, 390)
    try:
        tab.goto(f"{running.url}/kit?lang=de")
        tab.wait_for_selector("#broken-list .where", timeout=60_000)
        assert tab.locator("#builder").is_hidden() and tab.locator("#preview-box").is_hidden()
        assert tab.text_content("#broken-text").startswith("Die Daten enthalten Fehler")
        found = tab.locator("#broken-list li", has_text="lava")
        where = found.locator(".where").text_content()
        assert where.endswith(f"paleontologists/dice.yaml:{number}:3")
        assert "unknown dig type 'lava' (dig types: chevrons, dots, hatch)" in found.text_content()
        assert tab.get_attribute("#broken-link", "href") == "/data?lang=de"
        tab.click("#broken-link")
        tab.wait_for_selector(".finding")
        assert re.search(r"Fehler: [1-9]\d*, Warnungen: \d+$", tab.text_content("#summary"))
        assert "Fehler [" in tab.text_content(".finding strong")
    finally:
        tab.context.close()
        running.stop()
    assert not problems, problems


def test_the_whole_kit_tells_its_progress_and_stops_mid_build(app) -> None:
    """The whole kit is many files: the job counts them as it goes, and Cancel stops it
    at the next file, not after the last."""
    builds = Builds(app.state.dinokit.data, build_errors())
    try:
        job = builds.start(KitOptions("paleontologists", "kit", "en", fmt="zip"))
        _until(lambda: job.done >= 2 or job.finished)
        assert job.state == "running" and job.total > 10  # its files, and the packing
        builds.cancel(job.id)
        _until(lambda: job.finished)
        assert job.state == "cancelled" and job.done < job.total - 2
        assert job.result is None and not job.folder.exists()
    finally:
        builds.close()
