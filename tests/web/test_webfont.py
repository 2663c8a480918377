"""The play page's web font (generator/web/webfont.py): the subset of the kit's CJK font
that a language's page needs, served as WOFF under a name with its hash."""

from __future__ import annotations

import io
import re

import pytest
from fontTools.ttLib import TTFont
from starlette.applications import Starlette
from starlette.responses import HTMLResponse
from starlette.routing import Route
from starlette.testclient import TestClient

from dinokit.source import DEFAULT_DATA_DIR
from dinokit.web import webfont
from dinokit.web.common import AppState

CJK = ("ja", "ko", "zh-Hans")
#: The largest WOFF of one weight we accept (measured 2026-12-02: 34 to 84 KB).
MAX_BYTES = 150_000
TEST_PAGE = """<!doctype html><html lang="ja"><head><meta charset="utf-8">
<link rel="stylesheet" href="/fonts/ja.css"></head>
<body><p id="t" style="font: 16px dinokit, monospace">恐竜 <b>恐竜</b></p></body></html>"""


async def _test_page(request):
    return HTMLResponse(TEST_PAGE)


def make_app() -> Starlette:
    """The two font routes as the app mounts them, and a page that uses the font."""
    app = Starlette(
        routes=[
            Route("/fonts/{name}.css", webfont.font_css_endpoint),
            Route("/fonts/{name}.woff", webfont.font_file_endpoint),
            Route("/", _test_page),
        ]
    )
    app.state.dinokit = AppState(DEFAULT_DATA_DIR)
    return app


@pytest.fixture(scope="module")
def app() -> Starlette:
    return make_app()


@pytest.fixture(scope="module")
def client(app):
    with TestClient(app, base_url="http://127.0.0.1:8000") as test_client:
        yield test_client


@pytest.fixture(scope="module")
def data(app):
    return app.state.dinokit.data


def _files(client, code: str) -> list[str]:
    response = client.get(f"/fonts/{code}.css")
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/css; charset=utf-8"
    return re.findall(r'url\("/fonts/([^"]+)\.woff"\)', response.text)


@pytest.mark.parametrize("code", CJK)
def test_a_cjk_page_gets_both_weights_with_a_glyph_for_every_label(client, data, code):
    lang = data.language(code)
    css = client.get(f"/fonts/{code}.css").text
    assert css.count("@font-face") == 2 and 'font-family: "dinokit"' in css
    assert "font-weight: 400" in css and "font-weight: 700" in css
    assert "font-display: swap" in css and 'format("woff")' in css
    names = _files(client, code)
    assert [re.sub(r"-[0-9a-f]{16}$", "", n) for n in names] == [code, f"{code}-bold"]
    wanted = {c for text in lang.labels.values() for c in text if c.isprintable()}
    wanted |= {c for text in lang.names.values() for c in text if c.isprintable()}
    wanted |= set(lang.name) | set("0123456789★●○⊗·–…")
    for name in names:
        response = client.get(f"/fonts/{name}.woff")
        assert response.status_code == 200
        assert response.headers["content-type"] == "font/woff"
        assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
        assert response.content[:4] == b"wOFF"
        assert len(response.content) < MAX_BYTES, (name, len(response.content))
        font = TTFont(io.BytesIO(response.content))
        cmap = font.getBestCmap()
        missing = sorted(c for c in wanted if ord(c) not in cmap)
        assert not missing, f"{name} lacks {''.join(missing)!r}"
        assert font["head"].modified == font["head"].created  # pinned, not the time of the run


def test_the_other_languages_names_are_in_the_subset(data):
    """The picker shows every language by its own name: the Japanese font draws them."""
    ja = data.language("ja")
    regular = webfont.web_fonts(data, ja)[0]
    cmap = TTFont(io.BytesIO(regular.woff)).getBestCmap()
    shown = {c for lang in data.languages for c in lang.name}
    assert not [c for c in shown if ord(c) not in cmap]


def test_the_bytes_and_names_are_the_same_every_time(data):
    ja = data.language("ja")
    first = webfont.web_fonts(data, ja)
    webfont._woff_of.cache_clear()
    again = webfont.web_fonts(data, ja)
    assert [f.woff for f in first] == [f.woff for f in again]
    assert [f.name for f in first] == [f.name for f in again]
    assert webfont.font_css(data, "ja") == webfont.font_css(data, "ja")


def test_without_a_bold_font_the_browser_makes_the_bold_up(data, monkeypatch):
    from dinokit.layout import fonts

    real = fonts.font_for

    def no_bold(script, weight="regular"):
        if weight == "bold":
            raise fonts.FontMissing("no bold")
        return real(script, weight)

    monkeypatch.setattr(fonts, "font_for", no_bold)
    css = webfont.font_css(data, "ja")
    assert css.count("@font-face") == 1 and "font-weight: 400" in css


@pytest.mark.parametrize("code", ["en", "de", "pl", "pt-BR"])
def test_latin_languages_get_no_font(client, code):
    response = client.get(f"/fonts/{code}.css")
    assert response.status_code == 200
    assert "@font-face" not in response.text and response.text.startswith("/*")


@pytest.mark.parametrize(
    "path",
    [
        "/fonts/xx.css",
        "/fonts/ja-0000000000000000.woff",
        "/fonts/en-0000000000000000.woff",
        "/fonts/ja.woff",
        "/fonts/..%2F..%2Fpyproject.toml.css",
        "/fonts/..%2Fcommon.py.woff",
    ],
)
def test_unknown_names_are_404(client, path):
    assert client.get(path).status_code == 404


def test_a_file_name_from_one_language_is_not_another_s(client, data):
    """zh-Hans's file names start with 'zh-': no prefix trick reaches another file."""
    name = _files(client, "zh-Hans")[0]
    assert client.get(f"/fonts/{name.replace('zh-Hans', 'zh')}.woff").status_code == 404
    assert webfont.font_file(data, name) is not None


def test_through_the_real_app_and_its_guard():
    """The routes as app.py mounts them, behind the server's guard: its safety headers
    on both answers, and the font's own Cache-Control kept."""
    from dinokit.web.app import create_app

    real = create_app(DEFAULT_DATA_DIR)
    if not any(getattr(r, "path", "") == "/fonts/{name}.css" for r in real.router.routes):
        real.router.routes[:0] = [
            Route("/fonts/{name}.css", webfont.font_css_endpoint),
            Route("/fonts/{name}.woff", webfont.font_file_endpoint),
        ]
    with TestClient(real, base_url="http://127.0.0.1:8000") as test_client:
        css = test_client.get("/fonts/ko.css")
        assert css.status_code == 200 and "@font-face" in css.text
        assert "content-security-policy" in css.headers
        name = re.findall(r'url\("/fonts/([^"]+)\.woff"\)', css.text)[0]
        woff = test_client.get(f"/fonts/{name}.woff")
        assert woff.status_code == 200 and woff.content[:4] == b"wOFF"
        assert woff.headers["cache-control"] == webfont.FOREVER
        assert test_client.get("/fonts/ko-0.woff").status_code == 404
        foreign = test_client.get("/fonts/ko.css", headers={"host": "evil.example"})
        assert foreign.status_code == 421


# ------------------------------------------------------------------------ browser


try:  # the browser tests' chromium and server (skipped there when Playwright is missing)
    from test_web_browser import browser  # noqa: F401  (a fixture)
    from web_fixtures import Server
except pytest.skip.Exception as missing:
    reason = str(missing)

    @pytest.fixture(scope="module")
    def browser():
        pytest.skip(reason)


def test_a_browser_loads_the_font_and_draws_japanese_with_it(app, browser):
    server = Server(app)
    tab = browser.new_page()
    try:
        asked: list[str] = []
        tab.on("request", lambda request: asked.append(request.url))
        tab.goto(server.url + "/")
        tab.evaluate("document.fonts.load('16px dinokit', '恐竜')")
        tab.wait_for_function("document.fonts.status === 'loaded'")
        assert tab.evaluate("document.fonts.check('16px dinokit', '恐竜')")
        assert tab.evaluate("document.fonts.check('bold 16px dinokit', '恐竜')")
        faces = tab.evaluate(
            "[...document.fonts].filter(f => f.family.replace(/\"/g, '') === 'dinokit')"
            ".map(f => [f.weight, f.status])"
        )
        assert sorted(faces) == [["400", "loaded"], ["700", "loaded"]]
        assert sum(url.endswith(".woff") for url in asked) == 2
    finally:
        tab.close()
        server.stop()
