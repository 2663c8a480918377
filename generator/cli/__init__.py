"""Stage 7, the command line: thin Click commands that parse options and call one function.

One module per command group; each imports the heavy stages (fonts, layout, render)
only inside the command that needs them, so ``dinokit --help`` starts at once.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import click

from .. import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="dinokit")
def main() -> None:
    """Print-and-play kits for Digging for Dinos and Paleontologists."""


#: Modules of this package that hold no commands.
_HELPERS = frozenset({"common", "entry", "folders"})


def _commands() -> list[click.Command]:
    """Every command of the package: each command module lists its own in ``COMMANDS``."""
    found: list[click.Command] = []
    # the folder listed directly (pkgutil would add importlib.util to every start-up);
    # importlib.resources only when the package runs from a zip
    here = Path(__file__).parent
    if here.is_dir():
        names = [path.name for path in here.iterdir()]
    else:
        from importlib import resources

        names = [entry.name for entry in resources.files(__name__).iterdir()]
    for module in sorted(n.removesuffix(".py") for n in names if n.endswith(".py")):
        if module not in _HELPERS and module != "__init__":
            found.extend(importlib.import_module(f"{__name__}.{module}").COMMANDS)
    return found


for command in _commands():
    main.add_command(command)


def run() -> None:
    """The ``dinokit`` console command."""
    from .entry import run as run_process

    run_process(main)


__all__ = ["main", "run"]
