"""The server's door (web/guard.py and the pools of web/common.py): only its own names,
no cross-site or non-JSON state changes, safety headers on every answer, no folder of
the machine in any answer, heavy work capped per client, bodies that stall or stop."""

from __future__ import annotations

import json
import logging
import os
import shutil
import socket
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)
from web_fixtures import BASE, CODE, Server

import dinokit.web.common as common
from dinokit.source import DEFAULT_DATA_DIR
from dinokit.web.app import create_app
from dinokit.web.guard import CSP, host_name

JSON = {"content-type": "application/json"}
BUILD = {"game": "digging-for-dinos", "product": "aid"}


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "127.0.0.1.nip.io:8000", "10.9.9.9:8000",
             "localhost.evil.example", "[::2]:8000", "bad host", "[::1"],
)  # fmt: skip
@pytest.mark.parametrize("path", ["/api/data", "/kit", "/static/play.js", "/api/choices"])
def test_only_the_names_it_serves(client, host: str, path: str) -> None:
    response = client.get(path, headers={"host": host})
    assert response.status_code in (400, 421)
    assert "data" not in response.text.lower() or "error" in response.text.lower()
    assert response.headers["content-security-policy"] == CSP


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost:8000", "127.3.4.5", "[::1]:8000",
                                  "LOCALHOST"])  # fmt: skip
def test_loopback_names_are_served(client, host: str) -> None:
    assert client.get("/api/choices", headers={"host": host}).status_code == 200


def test_the_address_connected_to_and_allowed_names_are_served() -> None:
    app = create_app(DEFAULT_DATA_DIR, ["Table.local"])
    with TestClient(app, base_url="http://192.168.1.20:8000") as lan:  # the server's address
        assert lan.get("/api/choices").status_code == 200
        assert lan.get("/api/choices", headers={"host": "table.local:8000"}).status_code == 200
        assert lan.get("/api/choices", headers={"host": "192.168.1.21:8000"}).status_code == 421
        assert lan.get("/api/choices", headers={"host": "other.local"}).status_code == 421


def test_host_names_are_read_strictly() -> None:
    assert host_name("Example.org:80") == "example.org"
    assert host_name("[::1]:8000") == "::1"
    assert host_name("[::1]x") is None and host_name("a:b") is None and host_name("") is None


@pytest.mark.parametrize(
    "headers",
    [{"origin": "http://evil.example"}, {"origin": "http://127.0.0.1:9999"}, {"origin": "null"},
     {"sec-fetch-site": "cross-site"}, {"sec-fetch-site": "same-site"}],
)  # fmt: skip
def test_state_changes_from_elsewhere_are_refused(client, app, headers: dict) -> None:
    jobs = len(app.state.dinokit.builds.jobs)
    for method, path, body in [("POST", "/api/kit/build", BUILD), ("POST", "/api/kit/preview", {}),
                               ("POST", f"/api/par/{CODE}", {}), ("POST", "/api/play", {}),
                               ("DELETE", "/api/jobs/0123456789abcdef", None)]:  # fmt: skip
        response = client.request(method, path, headers=headers,
                                  content=None if body is None else json.dumps(body))  # fmt: skip
        assert response.status_code == 403, (method, path, headers)
        assert "own pages" in response.json()["error"]
    assert len(app.state.dinokit.builds.jobs) == jobs


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])  # fmt: skip
def test_a_body_that_is_not_said_to_be_json_is_refused(client, app, kind: str | None) -> None:
    jobs = len(app.state.dinokit.builds.jobs)
    headers = {"content-type": kind} if kind else {"content-type": ""}
    response = client.post("/api/kit/build", content=json.dumps(BUILD), headers=headers)
    assert response.status_code == 415
    assert "application/json" in response.json()["error"]
    assert len(app.state.dinokit.builds.jobs) == jobs


def test_the_own_origin_may_change_things(client) -> None:
    headers = {"origin": BASE, "sec-fetch-site": "same-origin"}
    response = client.post("/api/play", json={"code": CODE}, headers=headers)
    assert response.status_code == 200
    assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("path", ["/kit", "/play", f"/play/{CODE}", "/static/style.css",
                                  "/api/choices", "/nowhere", "/api/pads/PAL-0000"])  # fmt: skip
def test_every_answer_carries_the_safety_headers(client, path: str) -> None:
    headers = client.get(path).headers
    assert headers["content-security-policy"] == CSP
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert "frame-ancestors 'none'" in CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


def test_no_answer_names_a_folder_of_the_machine(tmp_path: Path) -> None:
    broken = tmp_path / "secret-place" / "data"
    shutil.copytree(DEFAULT_DATA_DIR, broken)
    dice = broken / "paleontologists" / "dice.yaml"
    dice.write_text(dice.read_text(encoding="utf-8").replace("hatch", "lava", 1), "utf-8")
    with TestClient(create_app(broken), base_url=BASE, headers=JSON) as client:
        data = client.get("/api/data")
        assert data.status_code == 200 and data.json()["errors"] >= 1
        assert data.json()["folder"] == "data"
        assert any(f["file"] == "paleontologists/dice.yaml" for f in data.json()["findings"])
        for response in (data, client.get("/play"), client.get("/api/choices")):
            for spelled in {str(tmp_path), os.path.realpath(tmp_path), str(Path.home())}:
                assert spelled not in response.text
            assert "secret-place" not in response.text


def test_heavy_work_is_capped_per_client(client, monkeypatch) -> None:
    monkeypatch.setitem(common._heavy_by_client, "testclient", common.HEAVY_PER_CLIENT)
    for method, path in [("POST", f"/api/par/{CODE}"), ("POST", "/api/kit/preview"),
                         ("GET", "/play/new"), ("GET", "/api/data")]:  # fmt: skip
        response = client.request(method, path, content="{}" if method == "POST" else None)
        assert response.status_code == 429, path
        assert response.headers["retry-after"] == "1"
    # the players' requests never wait for heavy work
    assert client.post("/api/play", json={"code": CODE}).status_code == 200
    assert client.post("/api/legal", json={"code": CODE, "draft": {}}).status_code in (200, 422)


def test_heavy_work_is_capped_for_everyone(client, monkeypatch) -> None:
    others = {f"10.0.0.{n}": 1 for n in range(common.HEAVY_WAITING)}
    monkeypatch.setattr(common, "_heavy_by_client", others)
    response = client.post(f"/api/par/{CODE}", content="{}")
    assert response.status_code == 429 and "busy" in response.json()["error"]


# ---------------------------------------------------------------- a real server


def _raw(server: Server, data: bytes) -> socket.socket:
    """A connection to ``server`` that has sent ``data`` (and nothing more, yet)."""
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
    sock.sendall(data)
    return sock


@pytest.fixture(scope="module")
def real(app):
    running = Server(app, log_config=None)  # the test's caplog sees its records
    yield running
    running.stop()


def _head(port: int, length: int) -> bytes:
    return (f"POST /api/play HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: "
            f"application/json\r\nContent-Length: {length}\r\n\r\n").encode()  # fmt: skip


def test_a_body_shorter_than_it_says_times_out(real, monkeypatch) -> None:
    monkeypatch.setattr(common, "BODY_TIMEOUT", 1.0)
    sock = _raw(real, _head(real.port, 100) + b'{"code":')
    start = time.monotonic()
    answer = sock.recv(4096)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 408")
    assert time.monotonic() - start < 5


def test_a_client_gone_mid_body_is_one_quiet_line(real, caplog) -> None:
    caplog.set_level(logging.INFO)
    sock = _raw(real, _head(real.port, 100) + b'{"code":')
    time.sleep(0.3)
    sock.close()
    time.sleep(0.5)
    records = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in records] == [
        "/api/play: the client went away before its request body ended"
    ]
    assert not any(r.exc_info for r in caplog.records)
    # and the server goes on
    sock = _raw(real, _head(real.port, 2) + b"{}")
    assert sock.recv(4096).startswith(b"HTTP/1.1 400")
    sock.close()


@pytest.mark.parametrize(
    ("lang", "words"),
    [("pl", "Nie ma tu takiej strony"), ("ja", "見つかりません"), ("en", "no such page")],
)
def test_error_pages_are_in_the_pages_language(client, lang: str, words: str) -> None:
    for path in ("/play/PAL-ZZZZ", "/nowhere"):
        response = client.get(f"{path}?lang={lang}")
        assert response.status_code == 404
        assert f'<html lang="{lang}">' in response.text and words in response.text
        assert f'href="/play?lang={lang}"' in response.text
    unknown = client.get("/play?lang=xx")  # the error is the language itself: English
    assert unknown.status_code == 400 and '<html lang="en">' in unknown.text
