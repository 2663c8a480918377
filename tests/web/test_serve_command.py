"""dinokit serve: loopback by default, a warning when told to listen wider."""

from __future__ import annotations

import pytest
from web_fixtures import *  # noqa: F403  (the fixtures: app, client, cli)

from dinokit.cli.serve import is_loopback


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.8.0.1", True), ("::1", True), ("[::1]", True),
     ("localhost", True), ("0.0.0.0", False), ("::", False), ("192.168.1.20", False),
     ("example.org", False)],
)  # fmt: skip
def test_loopback_hosts(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_serve_warns_when_listening_wider(monkeypatch, cli, host: str, warned: bool) -> None:
    import uvicorn

    import dinokit.web.app as web_app

    seen: dict[str, object] = {}
    monkeypatch.setattr(web_app, "create_app", lambda data_dir: "app")
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    result = cli("serve", "--host", host, "--port", "8123")
    assert result.exit_code == 0, result.output
    assert seen["app"] == "app" and seen["host"] == host and seen["port"] == 8123
    assert ("warning: listening on 0.0.0.0" in result.output) is warned
    assert f"http://{host}:8123/" in result.output


def test_serve_refuses_a_bad_port(cli) -> None:
    result = cli("serve", "--port", "70000")
    assert result.exit_code == 2 and "70000" in result.output
