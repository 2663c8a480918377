"""dinokit init: a copy of the shipped data and templates to edit (never site-packages)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..source import DEFAULT_DATA_DIR, TEMPLATES_DIR
from ..source.diagnostics import display_path

#: What ``init`` copies: the folder name in ``DIR``, and the shipped folder.
FOLDERS = (("data", DEFAULT_DATA_DIR), ("templates", TEMPLATES_DIR))


def _copy_tree(source: Path, target: Path) -> int:
    """Copy the YAML files under ``source`` into the new folder ``target``; how many."""
    import shutil

    copied = 0
    target.mkdir()
    for item in sorted(source.iterdir()):
        if item.is_dir() and not item.name.startswith((".", "__")):
            copied += _copy_tree(item, target / item.name)
        elif item.is_file() and item.suffix == ".yaml":
            shutil.copyfile(item, target / item.name)  # the user's mode, not site-packages'
            copied += 1
    return copied


def copy_shipped(folder: Path) -> int:
    """``folder/data`` and ``folder/templates`` as shipped; both or neither is written."""
    import shutil
    import tempfile

    taken = [folder / name for name, _ in FOLDERS if os.path.lexists(folder / name)]
    if taken:
        raise click.ClickException(
            f"{display_path(taken[0])} already exists: dinokit init never overwrites; "
            "choose a new folder (or move that one away)"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".dinokit-init-", dir=folder))
    except OSError as exc:
        raise click.ClickException(
            f"cannot write into {display_path(folder)}: {exc.strerror}"
        ) from None
    moved: list[Path] = []
    try:
        copied = sum(_copy_tree(shipped, staging / name) for name, shipped in FOLDERS)
        for name, _ in FOLDERS:
            os.rename(staging / name, folder / name)  # fails on a folder made meanwhile
            moved.append(folder / name)
    except OSError as exc:
        for done in moved:
            shutil.rmtree(done, ignore_errors=True)
        raise click.ClickException(
            f"cannot write into {display_path(folder)}: {exc.strerror}; nothing was left there"
        ) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return copied


def _named(ctx: click.Context, param: click.Parameter, value: str) -> Path:
    if not value.strip():
        raise click.BadParameter("an empty name; expected the folder to copy into")
    return Path(value)


@click.command()
@click.argument("folder", type=click.Path(file_okay=False), callback=_named)
def init(folder: Path) -> None:
    """Copy the shipped data and templates into FOLDER, to edit and build from.

    Writes FOLDER/data (the games' components and the languages) and FOLDER/templates
    (sheet layouts, booklet texts, the font catalogue); refuses if either exists. Then
    give every command --data FOLDER/data --templates FOLDER/templates.

    Example: dinokit init my-dinos
    """
    copied = copy_shipped(folder)
    data, templates = (display_path(folder / name) for name, _ in FOLDERS)
    click.echo(f"copied {copied} files into {data} and {templates}")
    click.echo("edit them, check them and build from them with:")
    click.echo(f"  dinokit validate --data {data} --templates {templates}")
    click.echo(f"  dinokit build --data {data} --templates {templates} --out output/")


COMMANDS = [init]
