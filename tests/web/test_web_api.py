"""The JSON API of dinokit serve: the same answers as the commands, and every bad
request a clear 4xx (never a traceback), the server serving on."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)

import dinokit.web
from dinokit.products.labels import LABELS
from dinokit.web.common import MAX_BODY

CODE = "PAL-5J93-Q1MY-400002"  # the session's sheet (conftest.CODE)


@pytest.fixture(scope="module")
def pads(client):
    return json.loads(client.get(f"/api/pads/{CODE}").content)


def test_pads_is_exactly_what_the_command_writes(client, app) -> None:
    """What `dinokit pads --code CODE --format json` writes, made as the command makes it
    (the browser test runs `dinokit score` itself; each command run reloads the data)."""
    from dinokit.games.paleo.pads import GENERATOR_VERSION, PadGenerator
    from dinokit.games.paleo.shared import sheet_from_code
    from dinokit.products.paleo.pad import pad_json

    generator = PadGenerator(app.state.dinokit.data.game("paleontologists"))
    expected = pad_json([sheet_from_code(generator, CODE)], f"dinokit-pads/{GENERATOR_VERSION}")
    response = client.get(f"/api/pads/{CODE}")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.content == expected
    assert client.get(f"/api/pads/{CODE.lower()}").content == expected


def test_score_of_the_par_moves_is_the_par(client, pads) -> None:
    sheet = pads["sheets"][0]
    response = client.post(f"/api/score/{CODE}", content=json.dumps(sheet["par_moves"]))
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["code"] == CODE and body["total"] == sheet["par"]
    assert set(body) == {"code", "legal", "fossils", "fossil_points", "same_type_bonuses",
                         "plus_one", "total"}  # fmt: skip


def test_an_illegal_move_is_named_like_the_command_does(client, pads) -> None:
    moves = pads["sheets"][0]["par_moves"]
    first = next(m for m in moves if "cells" in m)
    bad = [dict(first, cells=[[0, 0]] * 5)] + moves[1:]
    body = client.post(f"/api/score/{CODE}", content=json.dumps(bad)).json()
    assert body["legal"] is False and body["round"] == 1


def test_a_malformed_moves_file_is_located(client) -> None:
    response = client.post(f"/api/score/{CODE}", content=b'[{"shape": "Q"}')
    assert response.status_code == 422
    assert response.json()["error"].startswith("moves.json:1:")


def test_legal_placements_are_the_engines(client, app, pads) -> None:
    sheets = app.state.dinokit.sheets
    played = sheets.played(CODE)
    moves = pads["sheets"][0]["par_moves"][:3]
    shape, dig_type = sheets.rules.options(played.rolls[3])[0]
    body = {"code": CODE, "moves": moves, "draft": {"shape": shape, "dig_type": dig_type}}
    response = client.post("/api/legal", json=body)
    assert response.status_code == 200, response.text
    from dinokit.games.paleo.engine import Game
    from dinokit.games.paleo.moves import parse_moves  # noqa: F401  (the format's reader)

    game = Game(sheets.rules, played.site)
    for number, move in enumerate(moves):
        for cell, kind in [(tuple(s["cell"]), s["dig_type"]) for s in move.get("squares", [])]:
            game.one_square(cell, kind)
        if move.get("pass"):
            game.pass_round(played.rolls[number])
        else:
            cells = [tuple(c) for c in move["cells"]]
            game.place(played.rolls[number], move["shape"], move["dig_type"], cells,
                       move.get("bonuses", []))  # fmt: skip
    expected = sorted(sorted(list(c) for c in p) for p in game.legal_placements(shape))
    assert sorted(response.json()["placements"]) == expected


def test_play_view_refuses_with_the_reason(client, app) -> None:
    sheets = app.state.dinokit.sheets
    played = sheets.played(CODE)
    shape, dig_type = sheets.rules.options(played.rolls[0])[0]
    view = client.post("/api/play", json={"code": CODE, "draft": {"shape": shape,
                       "dig_type": dig_type}}).json()  # fmt: skip
    reasons = [reason for row in view["fits"] for reason in row]
    assert any(r and "part of fossil" in r for r in reasons)
    assert any(r and "stick out of the grid" in r for r in reasons)
    oriented = {tuple(c) for c in view["shape"]["cells"]}
    from dinokit.games.paleo.engine import Game
    from dinokit.games.paleo.polyomino import normalise

    fitting = [p for p in Game(sheets.rules, played.site).legal_placements(shape)
               if normalise(p) == frozenset(oriented)]  # fmt: skip
    assert reasons.count(None) == len(fitting) > 0
    assert view["round"] == 1 and view["score"]["total"] == 0
    not_allowed = next(s for s in sheets.rules.shapes if [s, dig_type] not in view["allowed"])
    response = client.post("/api/play", json={"code": CODE, "draft": {"shape": not_allowed,
                           "dig_type": dig_type}})  # fmt: skip
    assert response.status_code == 422 and "does not allow" in response.json()["error"]
    used = client.post("/api/play", json={"code": CODE, "draft": {"switches": ["switch-shape"]}})
    assert used.status_code == 422 and "no switch-shape bonus left" in used.json()["error"]


def _initial(page: str) -> dict:
    """The first view a play page embeds."""
    start = page.index('<script type="application/json" id="initial">')
    return json.loads(page[page.index(">", start) + 1 : page.index("</script>", start)])


def test_play_view_names_in_the_chosen_language(client, app) -> None:
    data, rules = app.state.dinokit.data, app.state.dinokit.sheets.rules
    for lang in data.languages:  # every language: its own names, keyed by the ids
        body = client.post("/api/play", json={"code": CODE, "lang": lang.code}).json()
        names = body["names"]
        assert names["lang"] == lang.code and names["language"] == lang.name
        assert names["dig_types"] == {t: lang.term("dig_types", t) for t in rules.dig_types}
        assert names["bonuses"] == {b: lang.term("bonuses", b) for b in rules.bonus_limits}
        assert names["labels"]["total"] == lang.label("total")
        assert names["labels"]["round"] == lang.label("round")
        assert len(set(names["dig_types"].values())) == len(rules.dig_types)
        assert body["dig_types"] == list(rules.dig_types)  # the view itself keeps the ids
        assert [b["id"] for b in body["bonuses"]] == list(rules.bonus_limits)
    ko = client.post("/api/play", json={"code": CODE, "lang": "ko"}).json()["names"]
    assert ko["dig_types"]["hatch"] == "빗금" and ko["labels"]["total"] == "합계"
    default = client.post("/api/play", json={"code": CODE}).json()["names"]
    assert default["lang"] == "en" and default["bonuses"]["plus-one"] == "+1 Point"
    assert default["dig_types"]["hatch"] == "Diagonal lines"


def test_play_page_in_a_language_with_a_picker(client, app) -> None:
    data = app.state.dinokit.data
    page = client.get(f"/play/{CODE}?lang=ja")
    assert page.status_code == 200
    names = _initial(page.text)["names"]
    assert names["lang"] == "ja" and names["dig_types"]["hatch"] == "斜線"
    for lang in data.languages:  # the picker: every language by its own name
        chosen = " selected" if lang.code == "ja" else ""
        assert f'<option value="{lang.code}" lang="{lang.code}"{chosen}>{lang.name}</option>' \
            in page.text  # fmt: skip
    assert page.text.count(" selected>") == 1
    assert _initial(client.get(f"/play/{CODE}").text)["names"]["lang"] == "en"
    moved = client.get(f"/play/{CODE.lower()}?lang=ja", follow_redirects=False)
    assert moved.status_code == 308 and moved.headers["location"] == f"/play/{CODE}?lang=ja"
    bad = client.get(f"/play/{CODE}?lang=tlh")
    assert bad.status_code == 400 and "<title>400 – dinokit</title>" in bad.text
    assert "lang is &#x27;tlh&#x27;, expected one of the data&#x27;s languages: de, en," in bad.text
    api = client.post("/api/play", json={"code": CODE, "lang": "EN"})
    assert api.status_code == 400 and "'EN'" in api.json()["error"] and "ko" in api.json()["error"]


def test_the_play_pages_speak_every_language(client, app) -> None:
    """The start page and the play page in each language of the data: their own words
    from the language file (no English left where the language has its own), the
    difficulty names, the html lang, and every word of the page script known."""
    data = app.state.dinokit.data
    english = data.language("en")
    for lang in data.languages:
        start = client.get(f"/play?lang={lang.code}")
        page = client.get(f"/play/{CODE}?lang={lang.code}")
        assert start.status_code == page.status_code == 200
        for text in (start.text, page.text):
            assert "{{" not in text and f'<html lang="{lang.code}">' in text
        game = lang.term("games", "paleontologists")
        title = html.escape(lang.label("web_start_title", {"game": game}))
        assert f"<h1>{title}</h1>" in start.text
        assert html.escape(lang.label("difficulty_hard")) in start.text
        assert f'name="lang" value="{lang.code}"' in start.text
        for key in ("web_confirm", "web_pass", "web_this_round", "web_grid_help"):
            assert f">{html.escape(lang.label(key))}<" in page.text, (lang.code, key)
        labels = _initial(page.text)["names"]["labels"]
        assert labels["web_confirm"] == lang.label("web_confirm")
        if lang.code != "en":
            same = [k for k in labels if k.startswith("web_") and labels[k] == english.label(k)]
            assert len(same) <= 12, (lang.code, same)  # "JSON", "Score"... may stay
    daily = client.get("/play/daily?date=2026-12-01&lang=ko", follow_redirects=False)
    assert daily.status_code == 303 and daily.headers["location"].endswith("?lang=ko")
    for path in ("/play/daily?lang=tlh", "/play/new?lang=tlh"):  # refused before a sheet is made
        refused = client.get(path, follow_redirects=False)
        assert refused.status_code == 400 and "tlh" in refused.text


def test_every_word_of_the_web_pages_is_a_label() -> None:
    """Each "web_..." of the page script and of play.py, and each {{t:web_...}} of a
    page, is a registered label (so every language has it), and every registered web_
    label is used somewhere."""
    here = Path(dinokit.web.__file__).parent
    used: set[str] = set()
    for path in [*sorted((here / "static").iterdir()), *sorted(here.glob("*.py"))]:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"\{\{t:(web_\w+)\}\}", text))
        used |= set(re.findall(r"""["'](web_\w+)["']""", text))
    registered = {k for k in LABELS if k.startswith("web_")}
    assert used - registered == set()
    assert registered - used == set()


@pytest.mark.parametrize(
    ("method", "path", "body", "status"),
    [
        ("get", "/api/pads/PAL-XXXX", None, 404),
        ("get", "/api/pads/" + "A" * 500, None, 404),
        ("get", "/api/pads/..%2f..%2fpyproject.toml", None, 404),
        ("get", "/static/../app.py", None, 404),
        ("get", "/static/%2e%2e/app.py", None, 404),
        ("get", "/static/..%2fapp.py", None, 404),
        ("get", "/play/..%2f..%2fetc%2fpasswd", None, 404),
        ("get", "/api/jobs/../../etc", None, 404),
        ("get", "/api/jobs/0123456789abcdef/file", None, 404),
        ("post", "/api/play", b"{not json", 400),
        ("post", "/api/play", b"[]", 400),
        ("post", "/api/play", b'{"code": 5}', 400),
        ("post", "/api/play", b'{"code": "' + CODE.encode() + b'", "moves": {}}', 400),
        ("post", "/api/play", b'{"code": "' + CODE.encode() + b'", "moves": [{"shape": 1}]}', 422),
        ("post", "/api/play", b'{"code": "' + CODE.encode() + b'", "evil": 1}', 400),
        ("post", "/api/play", b'{"code": "' + CODE.encode() + b'", "lang": "xx"}', 400),
        ("post", "/api/play", b'{"code": "' + CODE.encode() + b'", "lang": ["en"]}', 400),
        ("get", f"/play/{CODE}?lang=" + "x" * 500, None, 400),
        (
            "post",
            "/api/play",
            b'{"code": "' + CODE.encode() + b'", "moves": ' + b"[" * 5000 + b"]" * 5000 + b"}",
            400,
        ),
        ("post", "/api/kit/preview", b'{"game": "chess"}', 400),
        ("post", "/api/kit/preview", b'{"lang": "xx"}', 400),
        ("post", "/api/kit/preview", b'{"paper": "a3"}', 400),
        ("post", "/api/kit/build", b'{"product": "pad", "count": 100000}', 400),
        ("post", "/api/kit/build", b'{"seed": NaN}', 400),
        ("post", f"/api/par/{CODE}", b"[1]", 400),
        ("post", "/api/par/PAL-50SJ-CWJ0", b'{"rolls": [[7, 1]]}', 400),
        ("get", "/play/new?difficulty=impossible", None, 400),
        ("get", "/play/daily?date=2026-02-30", None, 400),
        ("delete", "/api/play", None, 405),
    ],
)
def test_bad_requests_are_clear_4xx(client, method, path, body, status) -> None:
    kwargs = {"content": body} if body is not None else {}
    response = getattr(client, method)(path, **kwargs)
    assert response.status_code == status, response.text
    assert "Traceback" not in response.text
    if response.headers["content-type"].startswith("application/json"):
        assert response.json()["error"]
    else:
        assert f"<title>{status} – dinokit</title>" in response.text
    assert client.get("/api/choices").status_code == 200  # still serving


def test_bodies_are_capped(client) -> None:
    big = b'{"code": "' + b"A" * (MAX_BODY + 10) + b'"}'
    response = client.post("/api/play", content=big)
    assert response.status_code == 413 and "bytes" in response.json()["error"]

    def chunks():  # no Content-Length: counted as it arrives
        for _ in range(20):
            yield b" " * 8192

    response = client.post("/api/play", content=chunks())
    assert response.status_code == 413


def test_pages_and_redirects(client) -> None:
    new = client.get("/play/new?difficulty=hard", follow_redirects=False)
    assert new.status_code == 303 and new.headers["location"].startswith("/play/PAL-")
    daily = client.get("/play/daily?date=2026-12-01&difficulty=easy", follow_redirects=False)
    code = daily.headers["location"].rsplit("/", 1)[1]
    from dinokit.games.paleo.rolls import read_code

    assert read_code(code)[1].date.isoformat() == "2026-12-01"
    page = client.get(f"/play/{code.lower()}", follow_redirects=True)
    assert page.status_code == 200 and code in page.text and "</script>" in page.text
    for path in ("/", "/kit", "/data", "/play", "/static/play.js", "/static/style.css"):
        assert client.get(path).status_code == 200, path


def test_a_kit_build_runs_and_can_be_cancelled(client) -> None:
    import time

    job = client.post("/api/kit/build", json={"game": "digging-for-dinos", "product": "aid",
                                              "format": "pdf"}).json()  # fmt: skip
    cancelled = client.post("/api/kit/build", json={"product": "kit", "format": "zip"}).json()
    client.delete(f"/api/jobs/{cancelled['id']}")
    for _ in range(600):
        state = client.get(f"/api/jobs/{job['id']}").json()
        if state["state"] in ("done", "failed"):
            break
        time.sleep(0.1)
    assert state["state"] == "done", state
    pdf = client.get(f"/api/jobs/{job['id']}/file")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    for _ in range(600):
        other = client.get(f"/api/jobs/{cancelled['id']}").json()
        if other["state"] != "running":
            break
        time.sleep(0.1)
    assert other["state"] == "cancelled"
    assert client.get(f"/api/jobs/{cancelled['id']}/file").status_code == 409


def _wait(client, job_id: str) -> dict:
    import time

    for _ in range(900):
        state = client.get(f"/api/jobs/{job_id}").json()
        if state["state"] not in ("queued", "running"):
            return state
        time.sleep(0.1)
    raise AssertionError(f"build {job_id} did not end")


def test_svg_and_png_downloads(client) -> None:
    import io
    import zipfile

    from PIL import Image

    options = {"game": "paleontologists", "product": "pad", "lang": "de", "paper": "letter"}
    png = client.post("/api/kit/build", json={**options, "format": "png"}).json()
    svg = client.post("/api/kit/build", json={**options, "format": "svg"}).json()
    assert _wait(client, png["id"])["file"].endswith(".png")
    image = Image.open(io.BytesIO(client.get(f"/api/jobs/{png['id']}/file").content))
    assert abs(image.size[0] / image.size[1] - 8.5 / 11) < 0.01  # a Letter page, portrait
    state = _wait(client, svg["id"])
    body = client.get(f"/api/jobs/{svg['id']}/file").content
    assert state["file"].endswith(".svg") and body.startswith(b"<svg")
    assert b'width="215.9mm"' in body and b'height="279.4mm"' in body
    preview = client.post("/api/kit/preview", json={**options, "ink_saver": True})
    assert preview.status_code == 200 and preview.headers["content-type"] == "image/svg+xml"
    aid = client.post("/api/kit/build", json={"game": "digging-for-dinos", "product": "aid",
                                              "format": "svg"}).json()  # fmt: skip
    assert _wait(client, aid["id"])["file"].endswith(".zip")
    names = zipfile.ZipFile(
        io.BytesIO(client.get(f"/api/jobs/{aid['id']}/file").content)
    ).namelist()
    assert len(names) >= 2 and all(n.endswith(".svg") for n in names)
