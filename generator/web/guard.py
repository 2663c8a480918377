"""The server's door: which requests reach the app at all, and the headers of every answer.

``dinokit serve --host 0.0.0.0`` puts the app on a shared network, where two kinds of
visitor are not players: another machine on the Wi-Fi, and a web page of another site
open in a player's own browser. :class:`Guard`, a plain ASGI middleware in front of
the app, keeps to what the OWASP guidance asks of a local web app:

- **Only the names it serves** (against DNS rebinding): the Host header must name a
  loopback address or ``localhost``, the very address the client connected to (an
  IP literal a phone types), or a name given with ``--allow-host``. Anything else is
  421 (Misdirected Request); no Host at all is 400.
- **No cross-site requests that change anything**: every method but GET and HEAD
  must come from the page's own origin (an ``Origin`` header, when sent, equal to
  ``http://<Host>``; ``Sec-Fetch-Site``, when sent, ``same-origin`` or ``none``)
  or it is 403, and a request with a body must say ``Content-Type:
  application/json`` or it is 415, so neither a plain HTML form nor a "simple"
  cross-site ``fetch`` can start work.
- **Headers on every answer**: a Content-Security-Policy with no inline script and
  ``frame-ancestors 'none'``, ``X-Content-Type-Options: nosniff``, a
  ``Referrer-Policy``, and Cross-Origin-Resource/Opener-Policy ``same-origin`` (no
  other origin can embed what the API answers). API answers are not cached.

The refusals are answered here, before the app, as JSON under /api/ and as plain text
elsewhere (the page language is the app's business: these are for programs and
attackers, and name what to do).
"""

from __future__ import annotations

import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

log = logging.getLogger("dinokit.web")

#: What every page may load: its own scripts, styles, fonts and images (and the
#: preview's blob: image), nothing inline, nothing from elsewhere, never in a frame.
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
    "font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
SAFE_METHODS = frozenset({"GET", "HEAD"})
LOOPBACK_NAMES = frozenset({"localhost", "localhost."})
MAX_ALLOWED_NAME = 253  # characters of a DNS name


def host_name(header: str) -> str | None:
    """The name or address of a Host header, lower case, without its port and the
    brackets of an IPv6 literal; None when it is not a host at all."""
    value = header.strip().lower()
    if not value or len(value) > MAX_ALLOWED_NAME + 8:
        return None
    if value.startswith("["):
        end = value.find("]")
        if end < 0 or (value[end + 1 :] and not value[end + 1 :].startswith(":")):
            return None
        return value[1:end] or None
    name, _, port = value.partition(":")
    if port and not port.isdigit():
        return None
    return name or None


def _address(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name.split("%", 1)[0])
    except ValueError:
        return None


def check_allowed_host(name: str) -> str:
    """A name given with --allow-host, lower case; ValueError saying what is wrong."""
    value = name.strip().lower().strip("[]")
    if not value or len(value) > MAX_ALLOWED_NAME:
        raise ValueError(f"{name[:60]!r} is not a host name (1 to {MAX_ALLOWED_NAME} characters)")
    if _address(value) is None and not all(
        part and len(part) <= 63 and part.replace("-", "").isalnum() and part.isascii()
        for part in value.rstrip(".").split(".")
    ):
        raise ValueError(
            f"{name[:60]!r} is not a host name: expected letters, digits, '-' and dots "
            "(e.g. mylaptop.local) or an IP address"
        )
    return value


class Guard:
    """The middleware: refuses what is not for this server, adds the safety headers."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(check_allowed_host(h) for h in allowed_hosts)

    def host_allowed(self, name: str, server: tuple[str, int] | None) -> bool:
        """True for loopback, the address the client reached us on, and allowed names."""
        if name in LOOPBACK_NAMES or name in self.allowed:
            return True
        address = _address(name)
        if address is None:
            return False
        if address.is_loopback:
            return True
        local = _address(str(server[0])) if server else None
        return local is not None and local == address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")
        refusal = self.refusal(scope)
        if refusal is not None:
            status, message = refusal
            log.info("refused %s %s: %s", scope.get("method"), scope.get("path"), message)
            await _answer(send, status, message, api)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in
                           {name for name, _ in HEADERS}]  # fmt: skip
                headers += HEADERS
                if api:
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """(status, why) for a request that must not reach the app, else None."""
        headers = _headers(scope)
        host = headers.get("host")
        if host is None:
            return 400, "the request has no Host header"
        name = host_name(host)
        if name is None:
            return 400, "the Host header is not a host name"
        if not self.host_allowed(name, scope.get("server")):
            return 421, (
                f"this server does not answer for {name[:60]!r}: open it by its address "
                "(start it with --allow-host NAME to use a name)"
            )
        if scope.get("method", "GET") in SAFE_METHODS:
            return None
        origin = headers.get("origin")
        own = {f"{scheme}://{host.strip().lower()}" for scheme in ("http", "https")}
        if origin is not None and origin.lower().rstrip("/") not in own:
            return 403, "requests that change anything must come from this server's own pages"
        fetch_site = headers.get("sec-fetch-site")
        if fetch_site is not None and fetch_site.lower() not in ("same-origin", "none"):
            return 403, "requests that change anything must come from this server's own pages"
        length = headers.get("content-length", "0").strip()
        has_body = length != "0" or "transfer-encoding" in headers
        kind = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if has_body and kind != "application/json":
            return 415, "the request body must be JSON, sent with Content-Type: application/json"
        return None


def _headers(scope: Scope) -> dict[str, str]:
    found: dict[str, str] = {}
    for key, value in scope.get("headers", []):
        name = key.decode("latin-1").lower()
        if name not in found:  # the first of a repeated header
            found[name] = value.decode("latin-1")
    return found


async def _answer(send: Send, status: int, message: str, api: bool) -> None:
    if api:
        body, kind = json.dumps({"error": message}).encode(), b"application/json"
    else:
        body, kind = (message + "\n").encode(), b"text/plain; charset=utf-8"
    headers = [(b"content-type", kind), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-store"), *HEADERS]  # fmt: skip
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
