"""dinokit serve: the kit, the data's problems and Paleontologists in a web browser."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import click

from ..source.diagnostics import display_path
from .common import data_option, number_option


def is_loopback(host: str) -> bool:
    """True for an address only this machine can reach (127.0.0.0/8, ::1, localhost)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on; anything but loopback lets other machines in.",
)
@number_option("--port", 1, 65535, 8000, "Port to listen on.")
@data_option
def serve(host: str, port: int, data_dir: Path) -> None:
    """A local web app: build any part of the kit, see the data's problems, play a dig site.

    Open http://127.0.0.1:8000/ (the kit), /play (Paleontologists), /data (the data).
    Everyone who opens the same /play/<CODE> link gets the same sheet and rolls.

    Example: dinokit serve --port 8080
    """
    import uvicorn

    from ..web.app import create_app

    if not is_loopback(host):
        click.echo(
            click.style(
                f"warning: listening on {host}: every machine that can reach it can use this "
                "server (build files, read the data's findings). Use --host 127.0.0.1 to keep "
                "it to this machine.",
                fg="yellow",
            ),
            err=True,
        )
    click.echo(f"loading and checking {display_path(data_dir)} ...", err=True)
    app = create_app(data_dir)
    shown = f"[{host}]" if ":" in host else host
    state = getattr(getattr(app, "state", None), "dinokit", None)  # AppState, web/common.py
    if state is not None and state.data is None:
        _warn_data_errors(data_dir, f"http://{shown}:{port}/data")
    click.echo(f"dinokit serving on http://{shown}:{port}/  (Ctrl-C stops)", err=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", server_header=False)


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
