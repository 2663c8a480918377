"""dinokit serve: the kit, the data's problems and Paleontologists in a web browser."""

from __future__ import annotations

import contextlib
import errno
from pathlib import Path
from typing import TYPE_CHECKING

import click

from ..source.diagnostics import display_path
from .common import data_option, number_option

if TYPE_CHECKING:  # socket and ipaddress load when serve runs, not at every start-up
    import socket


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port (IPv6 for an IPv6 address); a clear error (exit 1)
    when the address is not this machine's or the port is taken."""
    import socket

    address = host.strip("[]")
    try:
        infos = socket.getaddrinfo(address, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        raise click.ClickException(f"cannot listen on {host!r}: {exc}") from None
    family, kind, proto, _, where = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6 and address in ("::", ""):
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)  # IPv4 phones too
        sock.bind(where)
        sock.listen(2048)  # as uvicorn would: a crowd of phones at once waits, not fails
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise click.ClickException(
                f"port {port} on {host} is already in use (another dinokit serve?): "
                f"stop it, or pick another port with --port"
            ) from None
        raise click.ClickException(
            f"cannot listen on {host} port {port}: {exc.strerror or exc}"
        ) from None
    sock.set_inheritable(True)
    return sock


def lan_addresses() -> list[str]:
    """This machine's addresses other machines may reach (not loopback, not link-local):
    from its host name and from the routes to the internet's test networks (a UDP
    socket "connected" sends nothing)."""
    import ipaddress
    import socket

    found: list[str] = []

    def add(text: str) -> None:
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            return
        usable = not (address.is_loopback or address.is_link_local or address.is_unspecified)
        if usable and str(address) not in found:
            found.append(str(address))

    with contextlib.suppress(OSError, UnicodeError):
        for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM):
            add(str(info[4][0]))
    for family, target in ((socket.AF_INET, "192.0.2.1"), (socket.AF_INET6, "2001:db8::1")):
        with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((target, 9))
            add(str(probe.getsockname()[0]))
    return sorted(found, key=lambda a: (":" in a, a))


def urls(host: str, port: int) -> list[str]:
    """The addresses to open: the machine's LAN addresses for a wildcard host."""
    address = host.strip("[]")
    shown = [address]
    if address in ("0.0.0.0", "::", ""):
        shown = [a for a in lan_addresses() if ":" not in a or address == "::"] or ["127.0.0.1"]
        shown = ["127.0.0.1", *shown] if "127.0.0.1" not in shown else shown
    return [f"http://[{a}]:{port}/" if ":" in a else f"http://{a}:{port}/" for a in shown]


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on: 0.0.0.0 (or ::) lets the phones of the same network in; "
    "anything but loopback lets other machines in.",
)
@number_option("--port", 1, 65535, 8000, "Port to listen on.")
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    default=(),
    metavar="NAME",
    help="Also answer requests for this host name (e.g. mylaptop.local); repeatable. "
    "Loopback and the address a client connects to are always answered, other names "
    "get 421.",
)
@data_option
def serve(host: str, port: int, allow_hosts: tuple[str, ...], data_dir: Path) -> None:
    """A local web app: build any part of the kit, see the data's problems, play a dig site.

    Open http://127.0.0.1:8000/ (the kit), /play (Paleontologists), /data (the data).
    Everyone who opens the same /play/<CODE> link gets the same sheet and rolls.

    Example: dinokit serve --port 8080
    """
    import uvicorn

    from ..web.app import create_app
    from ..web.guard import check_allowed_host

    for name in allow_hosts:
        try:
            check_allowed_host(name)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--allow-host'") from None
    if not is_loopback(host):
        click.echo(
            click.style(
                f"warning: listening on {host}: every machine that can reach it can use this "
                "server (build files, play, read the data's findings). Use --host 127.0.0.1 "
                "to keep it to this machine.",
                fg="yellow",
            ),
            err=True,
        )
    sock = _bind(host, port)
    try:
        click.echo(f"loading and checking {display_path(data_dir)} ...", err=True)
        app = create_app(data_dir, allow_hosts, warm=True)
        state = getattr(getattr(app, "state", None), "dinokit", None)  # AppState, web/common.py
        if state is not None and state.data is None:
            _warn_data_errors(data_dir, urls(host, port)[0] + "data")
        shown = urls(host, port)
        click.echo(f"dinokit serving on {shown[0]}  (Ctrl-C stops)", err=True)
        for other in shown[1:]:
            click.echo(f"  from a phone on the same network: {other}", err=True)
        config = uvicorn.Config(app, log_level="warning", server_header=False)
        uvicorn.Server(config).run(sockets=[sock])
    finally:
        sock.close()


def _warn_data_errors(data_dir: Path, data_page: str) -> None:
    """The data's errors on the console: until they are fixed (and the server started
    again), the kit and play pages answer 503; the data page lists every problem."""
    from ..games.data import load_games
    from ..source.diagnostics import Diagnostics, Severity

    diags = Diagnostics()
    load_games(data_dir, diags)  # again, only to show what the app found
    shown = diags.sorted()
    for diagnostic in shown[:10]:
        colour = "red" if diagnostic.severity is Severity.ERROR else "yellow"
        click.echo(click.style(diagnostic.format(), fg=colour), err=True)
    if len(shown) > 10:
        click.echo(f"... and {len(shown) - 10} more", err=True)
    errors = len(diags.errors)
    click.echo(
        click.style(
            f"warning: the data in {display_path(data_dir)} has {errors} "
            f"error{'s' * (errors != 1)}: the kit and play pages answer 503 (service "
            f"unavailable) until they are fixed and the server is started again; {data_page} "
            "lists every problem (or run 'dinokit validate')",
            fg="yellow",
        ),
        err=True,
    )


COMMANDS = (serve,)
