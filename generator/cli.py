"""The `dinokit` command line: thin commands that parse options and call one function."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from . import __version__
from .data import DEFAULT_DATA_DIR, ComponentData, load_data
from .diagnostics import Diagnostics, Severity, display_path, to_json
from .output import OutputError, atomic_write, sha256


def data_option(func: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--data",
        "data_dir",
        type=click.Path(path_type=Path, file_okay=True, dir_okay=True),
        default=DEFAULT_DATA_DIR,
        show_default="the project's data/",
        help="Folder of YAML component data.",
    )(func)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dinokit")
def main() -> None:
    """Print-and-play kits for Digging for Dinos and Paleontologists."""


def _summary(diags: Diagnostics, strict: bool) -> str:
    errors, warnings = len(diags.errors), len(diags.warnings)
    text = f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    return text + (" (--strict: warnings count as errors)" if strict and warnings else "")


def _failed(diags: Diagnostics, strict: bool) -> bool:
    return bool(diags.errors) or (strict and bool(diags.warnings))


def _print_diagnostics(diags: Diagnostics) -> None:
    for diagnostic in diags.sorted():
        colour = "red" if diagnostic.severity is Severity.ERROR else "yellow"
        click.echo(click.style(diagnostic.format(), fg=colour))


@main.command()
@data_option
@click.option("--strict", is_flag=True, help="Treat warnings as errors.")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one line per problem; json: a list of objects.",
)
def validate(data_dir: Path, strict: bool, fmt: str) -> None:
    """Check the component data and report every problem with its file and line.

    Exits 1 when there is any error (or any warning with --strict), else 0.

    Example: dinokit validate --data data/ --format json
    """
    _, diags = load_data(data_dir)
    if fmt == "json":
        click.echo(to_json(diags.sorted()))
    else:
        _print_diagnostics(diags)
        click.echo(f"{display_path(data_dir)}: {_summary(diags, strict)}", err=True)
    sys.exit(1 if _failed(diags, strict) else 0)


def load_or_exit(data_dir: Path) -> ComponentData:
    """Load the data for a build; on any error print the problems and exit 1."""
    data, diags = load_data(data_dir)
    if diags.errors:
        _print_diagnostics(diags)
        raise click.ClickException(
            f"the data in {display_path(data_dir)} has {_summary(diags, False)}; "
            "nothing was built (run 'dinokit validate' for details)"
        )
    return data


@main.command()
@data_option
@click.option(
    "--out",
    "out_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("output"),
    show_default=True,
    help="Folder to write the kit into.",
)
def build(data_dir: Path, out_dir: Path) -> None:
    """Validate the data and build the whole kit into --out, with a manifest.

    Example: dinokit build --out output/
    """
    data = load_or_exit(data_dir)
    files: list[dict[str, Any]] = []
    manifest = {
        "dinokit": __version__,
        "languages": [lang.code for lang in data.languages],
        "files": files,
    }
    content = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    try:
        path = atomic_write(out_dir / "manifest.json", content)
    except OutputError as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"wrote {display_path(path)} ({len(files)} files, sha256 {sha256(content)[:12]})")


if __name__ == "__main__":  # pragma: no cover
    main()
