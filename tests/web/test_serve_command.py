"""dinokit serve: loopback by default, a warning when told to listen wider."""

from __future__ import annotations

import socket

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


def _free_port(family: int = socket.AF_INET, host: str = "127.0.0.1") -> int:
    with socket.socket(family) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


@pytest.fixture()
def served(monkeypatch):
    """What serve hands to uvicorn (the app, the bound sockets), without serving."""
    import uvicorn

    import dinokit.web.app as web_app

    seen: dict[str, object] = {}
    monkeypatch.setattr(web_app, "create_app", lambda data, hosts=(), warm=False: ("app", hosts))

    def run(self, sockets=None):
        seen.update(app=self.config.app, sockets=[s.getsockname() for s in sockets or []])

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return seen


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("0.0.0.0", True)])
def test_serve_warns_when_listening_wider(served, cli, host: str, warned: bool) -> None:
    port = _free_port()
    result = cli("serve", "--host", host, "--port", str(port), "--allow-host", "Table.local")
    assert result.exit_code == 0, result.output
    assert served["app"] == ("app", ("Table.local",))
    assert served["sockets"][0][:2] == (host, port)
    assert ("warning: listening on 0.0.0.0" in result.output) is warned
    assert f"serving on http://127.0.0.1:{port}/" in result.output
    assert "0.0.0.0:" not in result.output.replace("listening on 0.0.0.0:", "")


def test_a_wildcard_host_prints_the_lan_addresses(served, cli, monkeypatch) -> None:
    from dinokit.cli import serve as serve_module

    monkeypatch.setattr(serve_module, "lan_addresses", lambda: ["192.168.1.20", "fd00::5"])
    port = _free_port()
    result = cli("serve", "--host", "0.0.0.0", "--port", str(port))
    assert result.exit_code == 0, result.output
    assert f"from a phone on the same network: http://192.168.1.20:{port}/" in result.output
    assert "fd00::5" not in result.output  # an IPv4 socket: no IPv6 address to offer


def test_an_ipv6_loopback_in_brackets_is_served(served, cli) -> None:
    if not socket.has_ipv6:
        pytest.skip("no IPv6 on this machine")
    try:
        port = _free_port(socket.AF_INET6, "::1")
    except OSError:
        pytest.skip("no ::1 on this machine")
    result = cli("serve", "--host", "[::1]", "--port", str(port))
    assert result.exit_code == 0, result.output
    assert served["sockets"][0][:2] == ("::1", port)
    assert f"serving on http://[::1]:{port}/" in result.output


def test_a_port_in_use_is_a_clear_error_before_serving(served, cli) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = cli("serve", "--port", str(port))
    assert result.exit_code == 1
    assert f"port {port} on 127.0.0.1 is already in use" in result.output
    assert "serving on" not in result.output and "Traceback" not in result.output
    assert "app" not in served


@pytest.mark.parametrize("name", ["evil host", "a/b", "x" * 300, ""])
def test_a_bad_allowed_host_is_a_usage_error(cli, name: str) -> None:
    result = cli("serve", "--allow-host", name)
    assert result.exit_code == 2 and "--allow-host" in result.output


def test_serve_refuses_a_bad_port(cli) -> None:
    result = cli("serve", "--port", "70000")
    assert result.exit_code == 2 and "70000" in result.output
