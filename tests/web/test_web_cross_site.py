"""dinokit serve against a web page of another origin, in a real browser (Chromium).

A page of another site open in a player's browser, served on another port (another
origin: ``localhost:B`` is another site than ``127.0.0.1:A``, ``127.0.0.1:B`` the same
site on another port), tries what the web allows it: read the API, start builds with a
"simple" cross-site fetch, with a JSON fetch, and with a plain HTML form. And a name
that resolves to 127.0.0.1 (DNS rebinding, simulated by Chromium's host resolver
rules) asks for the pages and the API. Nothing may be read, nothing may start.
"""

from __future__ import annotations

import http.server
import json
import shutil
import tempfile
import threading
import time

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import ARGS, CHROMIUM, Server, chromium

#: The browser's own resolver maps rebind.test to this machine (DNS rebinding).
REBIND_ARGS = [*ARGS, "--host-resolver-rules=MAP rebind.test 127.0.0.1"]
BUILD = {"game": "digging-for-dinos", "product": "aid"}

ATTACK = """<!doctype html><html><body><h1>a page of another site</h1>
<iframe name="sink"></iframe>
<form id="form" method="post" enctype="text/plain" target="sink" action="{target}/api/kit/build">
<input name='{{"game": "digging-for-dinos", "product": "aid", "x": "' value='"}}'></form>
<iframe id="framed" src="{target}/kit"></iframe>
<script>
window.attack = async () => {{
  const T = "{target}", out = {{}};
  const body = JSON.stringify({build});
  try {{ const r = await fetch(T + "/api/data"); out.read = r.status + " " + await r.text(); }}
  catch (e) {{ out.read = "blocked"; }}
  try {{ const r = await fetch(T + "/api/choices", {{mode: "no-cors"}}); out.opaque = r.type; }}
  catch (e) {{ out.opaque = "blocked"; }}
  try {{ await fetch(T + "/api/kit/build", {{method: "POST", mode: "no-cors",
          headers: {{"Content-Type": "text/plain"}}, body}}); out.simple = "sent"; }}
  catch (e) {{ out.simple = "blocked"; }}
  try {{ const r = await fetch(T + "/api/kit/build", {{method: "POST",
          headers: {{"Content-Type": "application/json"}}, body}}); out.json = r.status; }}
  catch (e) {{ out.json = "blocked"; }}
  try {{ await fetch(T + "/api/par/PAL-5J93-Q1MY-400002", {{method: "POST", mode: "no-cors",
          body: "{{}}"}}); out.par = "sent"; }}
  catch (e) {{ out.par = "blocked"; }}
  document.getElementById("form").submit();
  await new Promise((done) => setTimeout(done, 800));
  try {{ out.framed = document.getElementById("framed").contentDocument === null ? "opaque"
                                                                               : "readable"; }}
  catch (e) {{ out.framed = "opaque"; }}
  return out;
}};
</script></body></html>"""


class _Attacker:
    """Another origin: a plain HTTP server answering the attack page for any path."""

    def __init__(self, page: str) -> None:
        body = page.encode()

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the library's name)
                self.send_response(200)
                self.send_header("content-type", "text/html; charset=utf-8")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="dinokit-chromium-")

    def launch(engine):
        return engine.launch_persistent_context(
            profile, executable_path=str(CHROMIUM), headless=True, args=REBIND_ARGS
        )

    with chromium(launch) as context:
        yield context
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture(scope="module")
def victim(app):
    running = Server(app)
    yield running
    running.stop()


@pytest.mark.parametrize("attacker_host", ["localhost", "127.0.0.1"])
def test_a_page_of_another_origin_can_neither_read_nor_start(
    browser, victim, app, attacker_host: str
) -> None:
    target = f"http://127.0.0.1:{victim.port}"
    attacker = _Attacker(ATTACK.format(target=target, build=json.dumps(BUILD)))
    builds = app.state.dinokit.builds
    before = len(builds.jobs)
    try:
        tab = browser.new_page()
        tab.goto(f"http://{attacker_host}:{attacker.port}/")
        out = tab.evaluate("window.attack()")
        tab.close()
    finally:
        attacker.stop()
    assert out["read"] == "blocked", out  # no CORS: the answer is never readable
    assert out["opaque"] in ("opaque", "blocked"), out
    assert out["json"] == "blocked", out  # its preflight gets no CORS answer
    assert out["framed"] == "opaque", out  # frame-ancestors 'none': the kit page never loads
    time.sleep(0.5)
    assert len(builds.jobs) == before, "a page of another origin started a build"


def test_a_rebound_name_gets_nothing(browser, victim) -> None:
    tab = browser.new_page()
    for path in ("/kit", "/api/data", "/play/PAL-5J93-Q1MY-400002", "/static/kit.js"):
        response = tab.goto(f"http://rebind.test:{victim.port}{path}")
        assert response is not None and response.status == 421, path
        assert "does not answer for 'rebind.test'" in tab.content()
    # a script on that origin (the rebinding page itself) reads nothing either
    status = tab.evaluate("fetch('/api/data').then((r) => r.status)")
    assert status == 421
    tab.close()
