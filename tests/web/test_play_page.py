"""The play page and its start page in a real browser, safe and accessible: every data
text shown as text (hostile labels stay literal, no script runs), nothing refused by
the Content-Security-Policy the server sends, axe-core's WCAG 2.2 AA check clean (no
serious or critical finding) in every language, light and dark, desktop and phone,
and the page's own promises: focus kept on the control in use, the roll named, a focus
ring of 3:1, dug fossils told apart by more than colour, only the score's change
announced, a phone screen holding the grid, the shapes and Confirm, a sentence when
nothing fits, and an exported game in progress said to be one.

Skipped, saying why, when chromium, Playwright or axe-playwright-python cannot run.
One browser for the module; each test opens its own context (viewport, theme).
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import CODE, Server, chromium

from dinokit.games.paleo.polyomino import normalise
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.web.app import create_app
from dinokit.web.play import handle, orient

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright",
                              reason="axe-playwright-python is not installed")  # fmt: skip

#: What the server sends (until it does, the test server adds it: the real constraint).
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
       "font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
       "frame-ancestors 'none'")  # fmt: skip
LANGS = sorted(p.stem for p in (DEFAULT_DATA_DIR / "lang").glob("*.yaml"))
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
#: A page's problems a test fails on, found by the init script and the listeners.
WATCH = """
document.addEventListener("securitypolicyviolation", (e) =>
  console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`
                + ` ${e.sourceFile}:${e.lineNumber}`));
"""


def with_csp(app):
    """``app`` with the Content-Security-Policy header on every answer that has none
    (the server's guard sends it; this keeps the constraint tested without it)."""

    async def wrapped(scope, receive, send):
        if scope["type"] != "http":
            return await app(scope, receive, send)

        async def send_with_csp(message):
            headers = message.get("headers", [])
            sent = any(k.lower() == b"content-security-policy" for k, _ in headers)
            if message["type"] == "http.response.start" and not sent:  # the server's own first
                message = {
                    **message,
                    "headers": [*headers, (b"content-security-policy", CSP.encode())],
                }
            await send(message)

        return await app(scope, receive, send_with_csp)

    return wrapped


@pytest.fixture(scope="module")
def browser():
    with chromium() as running:
        yield running


@pytest.fixture(scope="module")
def server(app):
    running = Server(with_csp(app))
    yield running
    running.stop()


@pytest.fixture(scope="module")
def sheet(app) -> dict:
    """The test sheet as ``dinokit pads --format json`` gives it: its par moves."""
    return json.loads(app.state.dinokit.sheets.pads_json(CODE))["sheets"][0]


@pytest.fixture(scope="module")
def language(app):
    return app.state.dinokit.data.language


@pytest.fixture(scope="module")
def rules(app):
    return app.state.dinokit.sheets.rules


class Tab:
    """A page in its own browser context, and what went wrong on it (script errors,
    CSP refusals, dialogs): :meth:`check` fails on any."""

    def __init__(self, browser, viewport=DESKTOP, dark=False) -> None:
        self.context = browser.new_context(
            viewport=viewport, color_scheme="dark" if dark else "light", accept_downloads=True
        )
        self.context.add_init_script(WATCH)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.csp: list[str] = []
        self.dialogs: list[str] = []
        self.seeds = 0
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", self._console)
        self.page.on("dialog", self._dialog)

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text:
            self.csp.append(message.text)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def play(
        self, url: str, code: str = CODE, lang: str = "en", moves: list | None = None,
        draft: dict | None = None,
    ) -> None:  # fmt: skip
        """The play page of ``code`` with ``moves`` played (kept as the page keeps them)."""
        if moves is not None:  # stored once, at the next page load (not at reloads)
            self.seeds += 1
            kept = {"moves": moves, "draft": draft or {}, "history": [], "lang": lang}
            saved = json.dumps(kept)
            once = json.dumps(f"seeded-{self.seeds}")
            self.context.add_init_script(
                f"if (!sessionStorage.getItem({once})) {{ sessionStorage.setItem({once}, '1');"
                f" localStorage.setItem({json.dumps('dinokit-play/' + code)},"
                f" {json.dumps(saved)}); }}"
            )
        self.page.goto(f"{url}/play/{code}?lang={lang}")
        self.page.wait_for_selector("body[data-ready]")

    def act(self, action) -> None:
        """Do something that asks the server; wait until its answer is drawn."""
        before = self.page.evaluate("+document.body.dataset.answers || 0")
        action()
        # a function, not a string: CSP forbids the page eval() (Playwright's for strings)
        self.page.wait_for_function("(n) => (+document.body.dataset.answers || 0) > n", arg=before)

    def check(self) -> None:
        assert not self.errors, self.errors
        assert not self.csp, self.csp
        assert not self.dialogs, self.dialogs

    def close(self) -> None:
        self.context.close()


@contextlib.contextmanager
def opened(browser, viewport=DESKTOP, dark=False) -> Iterator[Tab]:
    tab = Tab(browser, viewport, dark)
    try:
        yield tab
        tab.check()
    finally:
        tab.close()


def axe_findings(tab: Tab) -> list[dict]:
    """axe-core's WCAG 2.0-2.2 A and AA violations on the page, serious or critical.
    (axe adds styles of its own, which the CSP refuses: the page's own refusals are
    checked before, axe's forgotten after.)"""
    page = tab.page
    tab.check()
    results = axe_api.Axe().run(page, options={
        "runOnly": {"type": "tag", "values": WCAG}, "resultTypes": ["violations"]})  # fmt: skip
    found = [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    page.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # axe's reports in
    tab.csp.clear()
    return found


# ------------------------------------------------------------------------ colours


def _luminance(rgb) -> float:
    def channel(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(float(x)) for x in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def colours(text: str) -> list[tuple[int, ...]]:
    """Every colour of a computed CSS value: rgb()/rgba() and #rrggbb (%23 in a URL)."""
    found = [tuple(int(float(x)) for x in m.split(",")[:3])
             for m in re.findall(r"rgba?\(([^)]*)\)", text)]  # fmt: skip
    found += [tuple(int(h[i : i + 2], 16) for i in (0, 2, 4))
              for h in re.findall(r"(?:#|%23)([0-9a-fA-F]{6})\b", text)]  # fmt: skip
    return found


#: The colour behind an element: its own background, else its nearest ancestor's.
BACKGROUND = """(e) => { for (let x = e; x; x = x.parentElement) {
  const c = getComputedStyle(x).backgroundColor;
  if (c && c !== "transparent" && !/rgba\\(.*, 0\\)$/.test(c)) return c; }
  return getComputedStyle(document.body).backgroundColor; }"""


# ------------------------------------------------------------------------ text is text

HOSTILE = '<img src=x onerror=alert(1)>"><script>alert(2)</script>'


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """A copy of the data whose English words try to run script (separators, a dig
    type, a bonus): served as the data says, whether or not the validator lets the
    words through (refused, they are put in the loaded languages by hand)."""
    folder = tmp_path_factory.mktemp("hostile") / "data"
    shutil.copytree(DEFAULT_DATA_DIR, folder)
    en = folder / "lang" / "en.yaml"
    text = en.read_text(encoding="utf-8")
    words = {"web_list_sep": "<img src=x onerror=alert(4)>", "web_label_sep": HOSTILE}
    for key, value in words.items():
        text = re.sub(rf"^  {key}: .*$", f"  {key}: {json.dumps(value)}", text, count=1, flags=re.M)
    en.write_text(text, encoding="utf-8")
    app = create_app(folder)
    state = app.state.dinokit
    if state.data is None:  # the validator refuses < and >: the same data, words put in by hand
        app = create_app(DEFAULT_DATA_DIR)
        state = app.state.dinokit
    english = state.data.language("en")
    english.labels.update(words)
    english.names["dig_types.hatch"] = "Hatch " + HOSTILE
    english.names["dig_types.dots"] = "Dots " + HOSTILE
    english.names["bonuses.plus-one"] = "Plus " + HOSTILE
    running = Server(with_csp(app))
    yield running
    running.stop()


def test_hostile_words_are_shown_as_text(browser, hostile, sheet, rules) -> None:
    """Labels and names holding markup show literally, a few moves played: no dialog,
    no element made of them, and the page's own scripts the only ones."""
    with opened(browser) as tab:
        page = tab.page
        tab.play(hostile.url, moves=sheet["par_moves"][:6])  # two fossils dug: a joined list
        shapes = page.text_content("#shapes") + page.text_content("#dice")  # the roll has hatch
        for move in sheet["par_moves"][6:8]:
            play_round(tab, rules, move)
        page.wait_for_timeout(200)
        assert page.evaluate("document.querySelectorAll('img, main script, iframe').length") == 0
        score = page.text_content("#score")
        assert "<img src=x onerror=alert(4)>" in score  # the dug fossils, joined
        assert f"Plus {HOSTILE}" in score and f"Plus {HOSTILE}" in page.text_content("#bonuses")
        assert f"Hatch {HOSTILE}" in shapes
        assert f"Dots {HOSTILE}" in page.get_attribute(".cell.t-dots", "aria-label")
        said = page.get_attribute("#c-0-0", "aria-label")
        assert said.startswith(f"row 1, column 1{HOSTILE}")
        assert tab.dialogs == []


# ------------------------------------------------------------------------ playing


def play_round(tab, rules, move: dict) -> None:
    """One par move played on the page as a player does, by clicks: the shape, its
    turns, the cell, the stars' bonuses, Confirm (or Pass)."""
    page = tab.page
    if move.get("pass"):
        tab.act(lambda: page.click("#pass"))
        return
    place(tab, rules, move)
    for bonus in move.get("bonuses", []):
        tab.act(lambda b=bonus: page.click(f'#star-buttons [data-key="{b}"]'))
    tab.act(lambda: page.click("#confirm"))


def place(tab, rules, move: dict) -> None:
    """A par move's shape picked, turned and placed by clicks (its bonuses still due)."""
    page = tab.page
    shape, dig_type = move["shape"], move["dig_type"]
    tab.act(lambda: page.click(f'#shapes [data-key="{shape}/{dig_type}"]'))
    cells = [tuple(c) for c in move["cells"]]
    wanted = sorted(normalise(cells))
    k = next(k for k in range(8) if orient(rules.shapes[shape], k) == wanted)
    if k >= 4:
        tab.act(lambda: page.click("#mirror"))
    for _ in range(k % 4):
        tab.act(lambda: page.click("#rotate"))
    hr, hc = handle(orient(rules.shapes[shape], k))
    at = (min(r for r, _ in cells) + hr, min(c for _, c in cells) + hc)
    tab.act(lambda: page.click(f"#c-{at[0]}-{at[1]}"))


# ------------------------------------------------------------------------ CSP


def test_the_pages_work_under_the_content_security_policy(browser, server) -> None:
    """No inline script or style is refused (the tab fails on any report), and the
    scripts run: the start page's code form opens the sheet in the page's language."""
    with opened(browser) as tab:
        page = tab.page
        answer = page.goto(f"{server.url}/play?lang=de")
        assert "script-src 'self'" in answer.headers["content-security-policy"]
        assert page.locator("#lang-go").is_hidden()  # start.js ran
        page.fill("#code", CODE.lower())
        page.click("#by-code button")
        page.wait_for_url(f"**/play/{CODE}?lang=de")
        page.wait_for_selector("body[data-ready]")
        assert page.locator("#shapes button").count() > 0


# ------------------------------------------------------------------------ axe


MID_GAME = 6  # par moves played: a fossil dug, stars circled, round 7 to play


START_LANGS = ("en", "de", "ja")  # the start page's structure is one for all languages


@pytest.mark.parametrize("lang", LANGS)
def test_axe_finds_nothing_serious_in_any_language(browser, server, sheet, lang) -> None:
    """The play page (a game in progress) at 1280 px, light, in every language; the
    start page in a Latin, a long-worded and a CJK one."""
    with opened(browser) as tab:
        if lang in START_LANGS:
            tab.page.goto(f"{server.url}/play?lang={lang}")
            assert axe_findings(tab) == []
        tab.play(server.url, lang=lang, moves=sheet["par_moves"][:MID_GAME])
        assert axe_findings(tab) == []


@pytest.mark.parametrize(
    ("size", "dark", "langs"),
    # a few languages each: the longest words (de, pl), CJK (ja, ko, zh-Hans), English
    [(PHONE, False, ["ja", "pl"]), (DESKTOP, True, ["ko"]), (PHONE, True, ["zh-Hans", "de"])],
    ids=["phone-light", "desktop-dark", "phone-dark"],
)  # fmt: skip
def test_axe_finds_nothing_serious_on_a_phone_and_in_the_dark(
    browser, server, sheet, size, dark, langs
) -> None:
    with opened(browser, size, dark) as tab:
        for lang in langs:
            tab.page.goto(f"{server.url}/play?lang={lang}")
            assert axe_findings(tab) == [], lang
            tab.play(server.url, lang=lang, moves=sheet["par_moves"][:MID_GAME])
            assert axe_findings(tab) == [], lang


def test_axe_finds_nothing_serious_while_choosing_bonuses_and_at_the_end(
    browser, server, sheet, rules
) -> None:
    """The other panels: the stars' bonuses to circle, the dice to type in (a code
    without rolls), the result and par of a game over."""
    moves = sheet["par_moves"]
    first = next(k for k, m in enumerate(moves) if m.get("bonuses"))
    with opened(browser) as tab:
        tab.play(server.url, moves=moves[:first])
        place(tab, rules, moves[first])
        assert tab.page.is_visible("#star-bonuses")
        assert axe_findings(tab) == []
        tab.play(server.url, code=CODE.rsplit("-", 1)[0])  # the sheet without its rolls
        assert tab.page.is_visible("#dice-entry")
        assert axe_findings(tab) == []
        tab.play(server.url, moves=moves)
        tab.page.wait_for_selector("#par b")
        assert axe_findings(tab) == []


# ------------------------------------------------------------------------ focus


def _focused(page) -> dict:
    return page.evaluate("""() => { const e = document.activeElement;
      return { tag: e.tagName, id: e.id, key: e.dataset.key || "",
               pressed: e.getAttribute("aria-pressed"), shapes: !!e.closest("#shapes") }; }""")


def test_focus_stays_on_the_control_in_use(browser, server, sheet, rules) -> None:
    """By keyboard: a shape picked keeps the focus on its button (now pressed), and
    another; a star's bonus circled keeps it on that bonus's button (or on Confirm
    once every bonus is chosen); Confirm hands it to the next round's shapes."""
    moves = sheet["par_moves"]
    first = next(k for k, m in enumerate(moves) if len(m.get("bonuses", [])) >= 1)
    move = moves[first]
    with opened(browser) as tab:
        page = tab.page
        tab.play(server.url, moves=moves[:first])
        keys = page.eval_on_selector_all("#shapes button", "(bs) => bs.map((b) => b.dataset.key)")
        assert len(keys) >= 2
        for key in [keys[-1], keys[0]]:
            page.focus(f'#shapes [data-key="{key}"]')
            tab.act(lambda: page.keyboard.press("Enter"))
            now = _focused(page)
            assert now == {"tag": "BUTTON", "id": "", "key": key, "pressed": "true", "shapes": True}
        tab.act(lambda: page.keyboard.press("r"))  # a turn keeps it too
        assert _focused(page)["key"] == keys[0]
        tab.act(lambda: page.keyboard.press("u"))
        place(tab, rules, move)  # the par move's shape, by clicks; its bonuses by keyboard
        for n, bonus in enumerate(move["bonuses"], start=1):
            page.focus(f'#star-buttons [data-key="{bonus}"]')
            tab.act(lambda: page.keyboard.press("Enter"))
            now = _focused(page)
            last = n == len(move["bonuses"])
            assert (now["id"] == "confirm") if last else (now["key"] == bonus), (n, now)
        assert _focused(page)["id"] == "confirm"
        tab.act(lambda: page.keyboard.press("Enter"))
        now = _focused(page)
        assert now["tag"] == "BUTTON" and now["shapes"], now  # a shape of the next round


def test_the_roll_is_a_named_list(browser, server, language) -> None:
    with opened(browser) as tab:
        tab.play(server.url, lang="fr")
        dice = tab.page.locator("#dice")
        assert dice.get_attribute("role") == "list"
        assert dice.get_attribute("aria-label") == language("fr").label("web_the_roll")
        assert tab.page.locator("#dice > [role=listitem]").count() == 2


#: What the ring is seen against: the element's own background (a ring drawn inside
#: it, negative offset), else what is behind it.
RING = """(e) => { const s = getComputedStyle(e), inside = parseFloat(s.outlineOffset) < 0;
  return { matches: e.matches(":focus-visible"), style: s.outlineStyle,
           width: parseFloat(s.outlineWidth), color: s.outlineColor, inside }; }"""


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_focus_ring_stands_out(browser, server, sheet, dark) -> None:
    """Every kind of control, focused by keyboard: a ring of 2 px at least, of 3:1
    against the colour around it (the cell's own for grid cells, drawn inside)."""
    background = BACKGROUND
    with opened(browser, dark=dark) as tab:
        page = tab.page
        tab.play(server.url, moves=sheet["par_moves"][:MID_GAME])
        fossil = sheet["fossils"][0]["cells"][0]
        targets = ["header.bar a", "#lang", "#shapes button", "#export", "#c-0-0",
                   f"#c-{fossil[0]}-{fossil[1]}", ".cell.fossil.dug", ".cell.t-dots"]  # fmt: skip
        page.keyboard.press("Tab")  # keyboard modality: :focus-visible for scripted focus
        for target in targets:
            element = page.locator(target).first
            element.evaluate("(e) => { e.tabIndex = e.tabIndex; e.focus(); }")
            ring = element.evaluate(RING)
            assert ring["matches"] and ring["style"] == "solid" and ring["width"] >= 2, (
                target,
                ring,
            )
            behind = element.evaluate(
                background if ring["inside"] else f"(e) => ({background})(e.parentElement)"
            )
            ratio = contrast(colours(ring["color"])[0], colours(behind)[0])
            assert ratio >= 3, (target, ring["color"], behind, round(ratio, 2))


# ------------------------------------------------------------------------ the sheet


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_dug_fossils_differ_by_more_than_colour(browser, server, sheet, dark) -> None:
    """A dug fossil's cell against an undug one: 3:1 between their colours, and a
    check mark only on the dug one (of 3:1 against its cell)."""
    with opened(browser, dark=dark) as tab:
        page = tab.page
        tab.play(server.url, moves=sheet["par_moves"][:MID_GAME])
        dug, undug = (
            page.locator(".cell.fossil.dug").first,
            page.locator(".cell.fossil:not(.dug)").first,
        )
        look = (
            "(e) => { const s = getComputedStyle(e), a = getComputedStyle(e, '::after');"
            " return { bg: s.backgroundColor, mark: a.content, markColor: a.color }; }"
        )
        d, u = dug.evaluate(look), undug.evaluate(look)
        assert contrast(colours(d["bg"])[0], colours(u["bg"])[0]) >= 3, (d, u)
        assert d["mark"] == '"✓"' and u["mark"] in ("none", "normal"), (d, u)
        assert contrast(colours(d["markColor"])[0], colours(d["bg"])[0]) >= 3
        assert "dug up" in dug.get_attribute("aria-label")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_dig_type_patterns_and_the_theme(browser, server, sheet, dark) -> None:
    """The page follows the system's theme; each dig type's pattern (grid cells and
    swatches) has a colour of 4.5:1 against the cell it is drawn on."""
    with opened(browser, dark=dark) as tab:
        page = tab.page
        tab.play(server.url, moves=sheet["par_moves"][:MID_GAME])
        body = colours(page.evaluate("getComputedStyle(document.body).backgroundColor"))[0]
        assert (_luminance(body) < 0.05) == dark, body
        for kind in ("chevrons", "hatch", "dots"):
            looks = page.eval_on_selector_all(
                f".t-{kind}:not(.ghost)",
                "(es) => es.map((e) => { const s = getComputedStyle(e);"
                " return [s.backgroundColor, s.backgroundImage]; })",
            )
            assert looks, kind
            for bg, image in looks:
                best = max(contrast(c, colours(bg)[0]) for c in colours(image))
                assert best >= 4.5, (kind, bg, image[:120], round(best, 2))
        family = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert family.split(",")[0].strip("\"' ") == "dinokit", family  # the CJK font hook first


# ------------------------------------------------------------------------ score, pass, export


def test_only_the_score_change_is_announced(browser, server, sheet, rules, language) -> None:
    with opened(browser) as tab:
        page = tab.page
        tab.play(server.url, moves=sheet["par_moves"][:MID_GAME])
        live = page.eval_on_selector(
            "#score", "(e) => !!e.closest('[aria-live], [role=status], [role=log], [role=alert]')"
        )
        assert live is False
        news = page.locator("#score-news")
        assert news.get_attribute("role") == "status" and news.text_content() == ""
        before = int(page.text_content("#total"))
        play_round(tab, rules, sheet["par_moves"][MID_GAME])
        after = int(page.text_content("#total"))
        assert after > before
        said = language("en").label(
            "web_score_change", {"total": after, "change": f"+{after - before}"}
        )
        assert news.text_content() == said == f"Total {after} (+{after - before})"


def _on_screen(page, lang: str) -> None:
    assert page.evaluate("[scrollX, scrollY]") == [0, 0]
    for sel in ("#grid", "#shapes button", "#confirm"):
        boxes = [box.bounding_box() for box in page.locator(sel).all()]
        assert boxes, sel
        for box in boxes:
            right, bottom = box["x"] + box["width"], box["y"] + box["height"]
            inside = box["x"] >= 0 and box["y"] >= 0 and right <= PHONE["width"] \
                and bottom <= PHONE["height"]  # fmt: skip
            assert inside, (lang, sel, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_phone_screen_holds_the_grid_the_shapes_and_confirm(
    browser, server, sheet, rules
) -> None:
    """390 x 844, not scrolled, every language: the grid, each of the roll's shapes and
    Confirm in the viewport at the start of a round (after a reload; and, in the
    languages of the longest words, after a round played, its message shown)."""
    moves = sheet["par_moves"]
    with opened(browser, PHONE) as tab:
        for lang in LANGS:
            tab.play(server.url, lang=lang, moves=moves[:MID_GAME])
            _on_screen(tab.page, lang)
            if lang in ("de", "es", "pt-BR"):
                play_round(tab, rules, moves[MID_GAME])
                assert tab.page.text_content("#status")
                tab.page.evaluate("scrollTo(0, 0)")  # the clicks scrolled to what they clicked
                _on_screen(tab.page, lang)
        # a shape placed on stars: the bonuses to circle are scrolled into view
        first = next(k for k, m in enumerate(moves) if m.get("bonuses"))
        tab.play(server.url, moves=moves[:first])
        place(tab, rules, moves[first])
        for button in tab.page.locator("#star-buttons button, #confirm").all():
            box = button.bounding_box()
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box


def test_the_page_says_to_pass_when_nothing_fits(browser, server, sheet, language, app) -> None:
    moves = sheet["par_moves"]
    stuck = next(k for k, m in enumerate(moves) if m.get("pass") and not m.get("squares"))
    with opened(browser) as tab:
        page = tab.page
        tab.play(server.url, lang="ja", moves=moves[: stuck - 1])
        assert page.text_content("#pass-hint") == ""  # something fits: nothing said
        tab.play(server.url, lang="ja", moves=moves[:stuck])
        hint = page.text_content("#pass-hint")
        assert hint == language("ja").label("web_nothing_fits")
        assert page.is_enabled("#pass") and page.locator("#shapes button").count() > 0
        tab.act(lambda: page.click("#pass"))
        assert page.text_content("#pass-hint") == ""


def test_exported_moves_say_a_game_in_progress(browser, server, sheet, language) -> None:
    moves = sheet["par_moves"]
    with opened(browser) as tab:
        page = tab.page
        tab.play(server.url, lang="pl", moves=moves[:MID_GAME])
        with page.expect_download() as download:
            page.click("#export")
        assert download.value.suggested_filename == f"moves-{CODE}-round-7-of-20.json"
        assert json.loads(Path(download.value.path()).read_text()) == moves[:MID_GAME]
        said = language("pl").label("web_export_partial", {"round": 7, "rounds": 20})
        assert page.text_content("#status") == said and "runda 7 z\u00a020" in said
    with opened(browser) as tab:  # a game over exports as before
        page = tab.page
        tab.play(server.url, moves=moves)
        page.wait_for_selector("#final")
        with page.expect_download() as download:
            page.click("#export")
        assert download.value.suggested_filename == f"moves-{CODE}.json"
        assert "progress" not in (page.text_content("#status") or "")


def test_a_finished_game_saved_with_a_draft_is_not_lost(browser, server, sheet) -> None:
    """A page of before the server refused drafts after round 20 may have kept one with
    the finished game: the reload drops the draft, not the game."""
    with opened(browser) as tab:
        tab.play(server.url, moves=sheet["par_moves"], draft={"shape": "W", "dig_type": "hatch"})
        tab.page.wait_for_selector("#result:not([hidden])")
        assert tab.page.text_content("#final") == str(sheet["par"])
        kept = tab.page.evaluate(f"localStorage.getItem('dinokit-play/{CODE}')")
        assert json.loads(kept)["draft"] == {} and len(json.loads(kept)["moves"]) == 20
